import type { FileTypeGroup, SpaceInfo } from '@backroom/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import type { SpaceBrowserProps } from '../components/space-browser';

/**
 * The chosen files: held by the picker when it passes them in, by the browser otherwise. In the
 * picker a file of the wrong type or size cannot be chosen, and no more than `limit` at once.
 */
export function useFileSelection(props: SpaceBrowserProps) {
  const { mode, limit = 1, accept, maxSize } = props;
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [own, setOwn] = useState<SpaceInfo[]>([]);
  const selection = props.selection ?? own;
  const setSelection = (files: SpaceInfo[]) => {
    if (props.onSelectionChange) props.onSelectionChange(files);
    else setOwn(files);
  };

  /** Why a file cannot be chosen in this picker. */
  const unavailable = (file: SpaceInfo): string | undefined => {
    if (mode !== 'pick') return undefined;
    if (accept && !accept.includes(file.type as FileTypeGroup)) {
      return t('space.picker.wrongType', { types: accept.map((g) => t(`space.types.${g}`)).join(', ') });
    }
    if (maxSize !== undefined && file.size > maxSize) {
      return props.sizeMessage ?? t('space.tooLarge', { n: Math.floor(maxSize / 1048576) });
    }
    return undefined;
  };

  const toggle = (file: SpaceInfo) => {
    const chosen = selection.some((f) => f.id === file.id);
    if (chosen) return setSelection(selection.filter((f) => f.id !== file.id));
    if (mode === 'pick' && limit === 1) return setSelection([file]);
    if (mode === 'pick' && selection.length >= limit) {
      void message.warning(t('space.tooMany', { limit }));
      return;
    }
    setSelection([...selection, file]);
  };

  /** In the picker, what was just uploaded is what the user wants: choose it while there is room. */
  const chooseUploaded = (file: SpaceInfo) => {
    if (mode !== 'pick' || unavailable(file)) return;
    if (limit === 1) setSelection([file]);
    else {
      // The selection may have moved on meanwhile; read it at the time of the upload's end.
      const current = props.selection ?? own;
      if (current.length < limit && !current.some((f) => f.id === file.id)) setSelection([...current, file]);
    }
  };

  return { selection, setSelection, unavailable, toggle, chooseUploaded };
}

export type FileSelection = ReturnType<typeof useFileSelection>;
