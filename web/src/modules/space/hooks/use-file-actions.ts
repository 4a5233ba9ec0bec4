import { type SpaceInfo, spaceInfo } from '@backroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { call } from '../../../core/request';
import type { FileAction } from '../components/file-card';
import type { FileSelection } from './use-file-selection';
import { FILES_KEY } from './use-space';

/**
 * What the file screen does with files: preview, copy the link, rename, move and delete (after a
 * confirmation; the page steps back when its last files went). `listed` are the files on show.
 */
export function useFileActions(
  selection: FileSelection,
  listed: readonly SpaceInfo[],
  page: number,
  setPage: (page: number) => void,
) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const [previewing, setPreviewing] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<SpaceInfo | null>(null);
  const [moving, setMoving] = useState<SpaceInfo[] | null>(null);
  /** The file whose history is open. */
  const [history, setHistory] = useState<{ id: number; name: string } | null>(null);

  const remove = useMutation({
    mutationFn: (ids: number[]) => call(spaceInfo.api.delete, { ids }),
    onSuccess: async (_data, ids) => {
      void message.success(t('space.deleted'));
      selection.setSelection(selection.selection.filter((f) => !ids.includes(f.id)));
      if (page > 1 && listed.every((f) => ids.includes(f.id))) setPage(page - 1);
      await queryClient.invalidateQueries({ queryKey: FILES_KEY });
    },
  });

  const confirmDelete = (targets: SpaceInfo[]) => {
    modal.confirm({
      title:
        targets.length === 1
          ? t('space.deleteFile', { name: targets[0]?.name ?? '' })
          : t('space.deleteFiles', { count: targets.length }),
      content: t('space.deleteHint'),
      okText: t('space.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(targets.map((f) => f.id)),
    });
  };

  const copyLink = async (file: SpaceInfo) => {
    const url = new URL(file.url, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      void message.success(t('space.copied'));
    } catch {
      void message.info(t('space.copyFailed', { url }));
    }
  };

  const handleAction = (action: FileAction, file: SpaceInfo) => {
    switch (action) {
      case 'preview':
        if (file.type === 'image') setPreviewing(file.url);
        else window.open(file.url, '_blank', 'noopener,noreferrer');
        return;
      case 'copy':
        void copyLink(file);
        return;
      case 'rename':
        setRenaming(file);
        return;
      case 'move':
        setMoving([file]);
        return;
      case 'delete':
        confirmDelete([file]);
        return;
      case 'history':
        setHistory({ id: file.id, name: file.name });
        return;
    }
  };

  return {
    handleAction,
    confirmDelete,
    previewing,
    setPreviewing,
    renaming,
    setRenaming,
    moving,
    setMoving,
    history,
    setHistory,
  };
}
