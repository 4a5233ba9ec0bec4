import {
  addedId,
  baseComm,
  extensionOf,
  type FileTypeGroup,
  fileTypeOf,
  groupOfExtension,
  type SpaceInfo,
  spaceInfo,
  UPLOAD_DEFAULTS,
} from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { call, upload } from '../../../core/request';
import { FILES_KEY } from './use-space';

/** Files sent at the same time; the rest wait their turn. */
const CONCURRENCY = 3;
/** How long a finished upload stays in the list. */
const DONE_LINGER_MS = 2500;

export type UploadStatus = 'waiting' | 'uploading' | 'saving' | 'done' | 'error';

export type UploadItem = {
  id: string;
  name: string;
  size: number;
  status: UploadStatus;
  /** 0-100, of the bytes sent. */
  percent: number;
  error?: string;
  file: File;
  classifyId: number | null;
  /** The stored address, once the upload itself went through (a retry then only saves the record). */
  url?: string;
  result?: SpaceInfo;
};

export type UploadRules = {
  /** Bytes per file: the spec's default of 100 MB (docs/spec.md §9), or less (the avatar's 100 KB). */
  maxSize?: number;
  /** The message for a file over maxSize; the spec's 'Uploaded file size cannot exceed {n}MB' (docs/spec.md §8) when absent. */
  sizeMessage?: string;
  /** Type groups accepted here (the avatar takes images only). */
  accept?: readonly FileTypeGroup[];
};

const newId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(16).slice(2)}`;

/** The stored object's path, kept as the record's key the way the family keeps it (`/upload/20240101/a.png`). */
function keyOf(url: string): string {
  try {
    return new URL(url, window.location.origin).pathname.slice(0, 500);
  } catch {
    return url.slice(0, 500);
  }
}

/**
 * The upload queue: checks each chosen file (count, extension, type, size), uploads through the
 * request layer with per-file progress, then records it in the file space (space/info/add) under
 * the category it was dropped on.
 */
export function useUploads(rules: UploadRules, onUploaded?: (file: SpaceInfo) => void) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const list = useRef<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const running = useRef(0);
  const [, render] = useReducer((n: number) => n + 1, 0);
  const uploadedRef = useRef(onUploaded);
  uploadedRef.current = onUploaded;

  const maxSize = rules.maxSize ?? UPLOAD_DEFAULTS.maxSizeMb * 1024 * 1024;

  const patch = useCallback((id: string, change: Partial<UploadItem>) => {
    list.current = list.current.map((item) => (item.id === id ? { ...item, ...change } : item));
    render();
  }, []);
  const drop = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    list.current = list.current.filter((item) => item.id !== id);
    render();
  }, []);

  const run = useCallback(
    async (item: UploadItem) => {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      try {
        let url = item.url;
        if (!url) {
          const form = new FormData();
          form.append('file', item.file, item.name);
          const stored = await upload(baseComm.api.upload, form, {
            signal: controller.signal,
            silent: true,
            onProgress: (fraction) => patch(item.id, { percent: Math.min(99, Math.round(fraction * 100)) }),
          });
          url = Array.isArray(stored) ? (stored[0] as string) : stored;
          patch(item.id, { url, status: 'saving', percent: 100 });
        } else {
          patch(item.id, { status: 'saving', percent: 100 });
        }
        const record = {
          url,
          type: fileTypeOf(item.name),
          classifyId: item.classifyId,
          fileId: newId(),
          name: item.name.slice(0, 255),
          size: item.size,
          key: keyOf(url),
        };
        const id = addedId(await call(spaceInfo.api.add, record, { silent: true }));
        const result = { ...record, id, version: 1, createTime: '', updateTime: '' } as SpaceInfo;
        patch(item.id, { status: 'done', result });
        uploadedRef.current?.(result);
        void queryClient.invalidateQueries({ queryKey: FILES_KEY });
        setTimeout(() => {
          if (list.current.some((i) => i.id === item.id && i.status === 'done')) drop(item.id);
        }, DONE_LINGER_MS);
      } catch (error) {
        if (controller.signal.aborted) return;
        patch(item.id, { status: 'error', error: error instanceof Error ? error.message : String(error) });
      } finally {
        controllers.current.delete(item.id);
      }
    },
    [patch, drop, queryClient],
  );

  const pump = useCallback(() => {
    while (running.current < CONCURRENCY) {
      const next = list.current.find((item) => item.status === 'waiting');
      if (!next) return;
      running.current += 1;
      patch(next.id, { status: 'uploading', percent: 0 });
      void run(next).finally(() => {
        running.current -= 1;
        pump();
      });
    }
  }, [patch, run]);

  /** Why a file is refused before it is sent, or undefined when it may go. */
  const refusal = (file: File): string | undefined => {
    const ext = extensionOf(file.name);
    if (!ext) return t('space.noExtension');
    const group = groupOfExtension(ext);
    if (!group) return t('space.notAllowed', { ext });
    if (rules.accept && !rules.accept.includes(group)) {
      return t('space.picker.wrongType', { types: rules.accept.map((g) => t(`space.types.${g}`)).join(', ') });
    }
    if (file.size > maxSize) return rules.sizeMessage ?? t('space.tooLarge', { n: Math.floor(maxSize / 1048576) });
    return undefined;
  };

  /** Queues a selection; more than the count limit is refused whole, with the spec's message (docs/spec.md §5). */
  const add = (files: readonly File[], classifyId: number | null) => {
    if (files.length === 0) return;
    if (files.length > UPLOAD_DEFAULTS.maxFiles) {
      void message.warning(t('space.tooMany', { limit: UPLOAD_DEFAULTS.maxFiles }));
      return;
    }
    const refusals = new Set<string>();
    const items = files.map((file): UploadItem => {
      const error = refusal(file);
      if (error) refusals.add(error);
      return {
        id: newId(),
        name: file.name,
        size: file.size,
        status: error ? 'error' : 'waiting',
        percent: 0,
        error,
        file,
        classifyId,
      };
    });
    for (const text of refusals) void message.error(text);
    list.current = [...list.current, ...items];
    render();
    pump();
  };

  const retry = (id: string) => {
    const item = list.current.find((i) => i.id === id);
    // Only failures of the transfer or the record go again; a refused file would only be refused again.
    if (item?.status !== 'error' || refusal(item.file)) return;
    patch(id, { status: 'waiting', error: undefined, percent: 0 });
    pump();
  };

  const clearFinished = () => {
    list.current = list.current.filter((i) => i.status !== 'done' && i.status !== 'error');
    render();
  };

  useEffect(
    () => () => {
      for (const controller of controllers.current.values()) controller.abort();
    },
    [],
  );

  return { items: list.current, add, retry, remove: drop, clearFinished };
}
