import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_LINK_SCHEMES,
  RICH_TEXT_STYLES,
  RICH_TEXT_TAGS,
  richTextMediaAllowed,
  sysParam,
} from '@backroom/contract';
import type sanitizeHtml from 'sanitize-html';
import type { Config } from '../../core/config.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { badRequest, notFound } from '../../core/errors.js';
import { findParamByKey } from './sys-param.repository.js';

/**
 * The sanitiser for rich text, from the allow-list the web editor shares (packages/contract,
 * base/rich-text.ts): images and video only from `mediaBases` (and `/upload/…` of this origin).
 */
export function richTextSanitizer(mediaBases: readonly string[]) {
  const media = (frame: sanitizeHtml.IFrame) =>
    (frame.tag === 'img' || frame.tag === 'video' || frame.tag === 'source') &&
    !richTextMediaAllowed(frame.attribs.src ?? '', mediaBases);
  const options: sanitizeHtml.IOptions = {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: Object.fromEntries(
      Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
    ),
    allowedStyles: {
      '*': Object.fromEntries(Object.entries(RICH_TEXT_STYLES).map(([name, values]) => [name, [...values]])),
    },
    allowedClasses: {},
    allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
    allowedSchemesByTag: { img: ['http', 'https'], video: ['http', 'https'], source: ['http', 'https'] },
    allowProtocolRelative: false,
    exclusiveFilter: media,
  };
  /** Sanitised rich text; the sanitiser (and its HTML parser) loads on the first use. */
  return async (html: string): Promise<string> => {
    const { default: sanitize } = await import('sanitize-html');
    return sanitize(html, options);
  };
}

/** Where stored files are served from besides this origin's `/upload/…`: UPLOAD_BASE_URL, the S3 public address. */
export function mediaBasesOf(config: Pick<Config, 'upload' | 'storage'>): string[] {
  const bases: string[] = [];
  if (config.upload.baseUrl) bases.push(`${config.upload.baseUrl}/upload`);
  if (config.storage.kind === 's3') bases.push(config.storage.publicUrl);
  return bases;
}

/** A string setting that looks like JSON must be JSON: a broken `{…}` is a format error, not a silent string. */
function assertFormat(data: unknown, dataType: unknown) {
  if (typeof data !== 'string' || (dataType !== undefined && dataType !== 0)) return;
  const text = data.trim();
  if (!(text.startsWith('{') || text.startsWith('['))) return;
  try {
    JSON.parse(text);
  } catch {
    throw badRequest('param.format');
  }
}

export type SysParamService = CrudService & {
  /** The sanitised HTML of a parameter; `richOnly` serves only rich-text ones (the open, tokenless call). */
  html(key: string, richOnly: boolean): Promise<string>;
  /** Told after a parameter was added or saved on this instance (the reminder tasks follow their times). */
  onChange(listener: (keyName: string, data: string | null) => Promise<void> | void): void;
};

export function createSysParamService(ctx: AppContext): SysParamService {
  const crud = createCrud(ctx, sysParam, {
    beforeWrite(data, _input, { existing }) {
      assertFormat(data.data ?? existing?.data, data.dataType ?? existing?.dataType ?? 0);
      return data;
    },
  });
  const sanitizeRichText = richTextSanitizer(mediaBasesOf(ctx.config));
  const listeners: Array<(keyName: string, data: string | null) => Promise<void> | void> = [];
  async function changed(ids: readonly number[], session: Parameters<typeof crud.info>[1]) {
    if (listeners.length === 0) return;
    for (const id of ids) {
      const row = await crud.info(id, session);
      for (const listener of listeners) {
        await Promise.resolve(listener(String(row.keyName), (row.data as string | null) ?? null)).catch(
          (error: unknown) => ctx.log.warn({ err: error, key: row.keyName }, 'following a parameter change failed'),
        );
      }
    }
  }
  return {
    ...crud,
    async add(input, session) {
      const result = await crud.add(input, session);
      await changed('id' in result ? [result.id] : result.ids, session);
      return result;
    },
    async update(input, session) {
      await crud.update(input, session);
      await changed([input.id], session);
    },
    onChange(listener) {
      listeners.push(listener);
    },
    async html(key, richOnly) {
      const param = await findParamByKey(ctx.db.db, key);
      if (!param || (richOnly && param.dataType !== 1)) throw notFound();
      return await sanitizeRichText(param.data ?? '');
    },
  };
}
