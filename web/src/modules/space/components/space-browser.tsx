import { CloudUploadOutlined, DeleteOutlined, DragOutlined } from '@ant-design/icons';
import '../space.css';
import {
  ALLOWED_EXTENSIONS,
  buildTree,
  FILE_TYPE_GROUPS,
  type FileTypeGroup,
  type SpaceInfo,
  spaceInfo,
  UPLOAD_DEFAULTS,
  UPLOAD_EXTENSIONS,
  withDescendants,
} from '@backroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Image, Input, Pagination, Result, Select, Space, Spin } from 'antd';
import { type DragEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { LoadError, RefreshButton } from '../../../core/crud/parts';
import { api } from '../../../core/request';
import { useScreen } from '../../../core/screen';
import { FILES_KEY, useCategories, useFiles, useSpacePerms } from '../hooks/use-space';
import { type UploadRules, useUploads } from '../hooks/use-uploads';
import { CategoryPanel } from './category-panel';
import { type FileAction, FileCard } from './file-card';
import { MoveFiles, RenameFile } from './file-dialogs';
import { UploadQueue } from './upload-queue';

export type SpaceBrowserProps = UploadRules & {
  /** manage: the /space/list screen; pick: inside the file picker. */
  mode: 'manage' | 'pick';
  /** pick: how many files may be chosen at once. */
  limit?: number;
  /** pick: the chosen files, held by the picker. */
  selection?: readonly SpaceInfo[];
  onSelectionChange?: (files: SpaceInfo[]) => void;
};

/**
 * Categories on the left, files on the right: filter by type and name, upload (button or drag and
 * drop) into the chosen category with a progress bar per file, and, on the screen itself, rename,
 * move, copy the link of and delete files. The file picker shows the same with choosing instead.
 */
export function SpaceBrowser(props: SpaceBrowserProps) {
  const { mode, limit = 1, accept, maxSize } = props;
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const compact = useScreen() === 'xs';
  const perms = useSpacePerms();
  const categories = useCategories();
  const tree = useMemo(() => buildTree(categories.rows), [categories.rows]);

  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [type, setType] = useState<FileTypeGroup | undefined>(accept && accept.length === 1 ? accept[0] : undefined);
  const [keyWord, setKeyWord] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const size = mode === 'pick' ? 24 : 40;
  const [ownSelection, setOwnSelection] = useState<SpaceInfo[]>([]);
  const selection = props.selection ?? ownSelection;
  const setSelection = (files: SpaceInfo[]) => {
    if (props.onSelectionChange) props.onSelectionChange(files);
    else setOwnSelection(files);
  };
  const [previewing, setPreviewing] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<SpaceInfo | null>(null);
  const [moving, setMoving] = useState<SpaceInfo[] | null>(null);
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
  const input = useRef<HTMLInputElement>(null);

  const classifyIds = categoryId === null ? undefined : [...withDescendants(categories.rows, [categoryId])];
  const files = useFiles({ page, size, classifyIds, type, keyWord: search || undefined });
  const categoryName =
    categoryId === null ? t('space.allFiles') : (categories.rows.find((r) => r.id === categoryId)?.name ?? '');

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

  const uploads = useUploads({ accept, maxSize, sizeMessage: props.sizeMessage }, (file) => {
    // In the picker, what was just uploaded is what the user wants: choose it while there is room.
    if (mode !== 'pick' || unavailable(file)) return;
    if (limit === 1) setSelection([file]);
    else {
      // The selection may have moved on meanwhile; read it at the time of the upload's end.
      const current = props.selection ?? ownSelection;
      if (current.length < limit && !current.some((f) => f.id === file.id)) setSelection([...current, file]);
    }
  });

  const remove = useMutation({
    mutationFn: (ids: number[]) => api.post(`${spaceInfo.prefix}/delete`, { ids }),
    onSuccess: async (_data, ids) => {
      void message.success(t('space.deleted'));
      setSelection(selection.filter((f) => !ids.includes(f.id)));
      const list = files.query.data?.list ?? [];
      if (page > 1 && list.every((f) => ids.includes(f.id))) setPage(page - 1);
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
    }
  };

  const actions: FileAction[] =
    mode === 'manage'
      ? [
          'preview',
          'copy',
          ...(perms.update ? (['rename', 'move'] as const) : []),
          ...(perms.remove ? (['delete'] as const) : []),
        ]
      : ['preview'];

  const canUpload = perms.upload;
  const handleFiles = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    uploads.add([...list], categoryId);
  };
  const dragHandlers = canUpload
    ? {
        onDragEnter: (e: DragEvent) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          dragDepth.current += 1;
          setDragging(true);
        },
        onDragOver: (e: DragEvent) => {
          if (e.dataTransfer.types.includes('Files')) e.preventDefault();
        },
        onDragLeave: () => {
          dragDepth.current = Math.max(0, dragDepth.current - 1);
          if (dragDepth.current === 0) setDragging(false);
        },
        onDrop: (e: DragEvent) => {
          e.preventDefault();
          dragDepth.current = 0;
          setDragging(false);
          handleFiles(e.dataTransfer.files);
        },
      }
    : {};

  const acceptAttr = (accept ? accept.flatMap((g) => UPLOAD_EXTENSIONS[g]) : ALLOWED_EXTENSIONS)
    .map((ext) => `.${ext}`)
    .join(',');
  const typeOptions = [
    { value: '', label: t('space.types.all') },
    ...FILE_TYPE_GROUPS.filter((g) => !accept || accept.includes(g)).map((g) => ({
      value: g,
      label: t(`space.types.${g}`),
    })),
  ];
  const list = files.query.data?.list ?? [];
  const total = files.query.data?.pagination.total ?? 0;
  const filtered = !!search || type !== undefined;

  const grid = () => {
    if (!files.canList) return <Result status="403" subTitle={t('error.403')} />;
    if (files.query.isError && !files.query.data) {
      return <LoadError error={files.query.error} onRetry={() => void files.query.refetch()} />;
    }
    if (list.length === 0) {
      return (
        <div className="space-empty">
          {files.query.isLoading ? (
            <Spin />
          ) : (
            <Empty
              description={
                <>
                  <div>{filtered ? t('space.emptyFiltered') : t('space.empty')}</div>
                  {canUpload && !filtered && (
                    <div className="space-empty-hint">
                      {t('space.dropHint', { limit: UPLOAD_DEFAULTS.maxFiles, size: UPLOAD_DEFAULTS.maxSizeMb })}
                    </div>
                  )}
                </>
              }
            />
          )}
        </div>
      );
    }
    return (
      <Spin spinning={files.query.isFetching && !files.query.isLoading} delay={200}>
        <div className="space-grid" data-testid="space-grid">
          {list.map((file) => (
            <FileCard
              key={file.id}
              file={file}
              mode={mode}
              selected={selection.some((f) => f.id === file.id)}
              unavailable={unavailable(file)}
              actions={actions}
              onToggle={toggle}
              onAction={handleAction}
            />
          ))}
        </div>
      </Spin>
    );
  };

  return (
    <div className={`tree-panel-layout space-browser ${mode}${compact ? ' compact' : ''}`}>
      <CategoryPanel
        rows={categories.rows}
        tree={tree}
        loading={categories.query.isFetching}
        error={categories.query.error}
        selectedId={categoryId}
        onSelect={(id) => {
          setCategoryId(id);
          setPage(1);
        }}
        compact={compact}
        manage={mode === 'manage'}
      />
      <section className={`space-files${dragging ? ' dragging' : ''}`} aria-label={categoryName} {...dragHandlers}>
        <div className="space-toolbar">
          <Space wrap>
            {canUpload && (
              <Button
                type="primary"
                icon={<CloudUploadOutlined />}
                onClick={() => input.current?.click()}
                data-testid="space-upload"
              >
                {t('space.upload')}
              </Button>
            )}
            {mode === 'manage' && <RefreshButton onRefresh={() => void files.query.refetch()} />}
            {mode === 'manage' && selection.length > 0 && (
              <>
                <span className="space-selected">{t('space.selected', { count: selection.length })}</span>
                {perms.update && (
                  <Button icon={<DragOutlined />} onClick={() => setMoving([...selection])}>
                    {t('space.move')}
                  </Button>
                )}
                {perms.remove && (
                  <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete([...selection])}>
                    {t('space.delete')}
                  </Button>
                )}
                <Button type="link" onClick={() => setSelection([])}>
                  {t('space.clearSelection')}
                </Button>
              </>
            )}
          </Space>
          <Space wrap className="space-search">
            <Select
              value={type ?? ''}
              options={typeOptions}
              aria-label={t('space.types.all')}
              style={{ minWidth: 130 }}
              onChange={(value) => {
                setType(value === '' ? undefined : (value as FileTypeGroup));
                setPage(1);
              }}
            />
            <Input.Search
              allowClear
              value={keyWord}
              maxLength={100}
              placeholder={t('space.search')}
              aria-label={t('space.search')}
              onChange={(e) => setKeyWord(e.target.value)}
              onSearch={(value) => {
                setSearch(value.trim());
                setPage(1);
              }}
              style={{ width: compact ? '100%' : 200 }}
            />
          </Space>
        </div>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={acceptAttr}
          data-testid="space-file-input"
          onChange={(e) => {
            handleFiles(e.target.files);
            // The same file can be chosen again after a failure.
            e.target.value = '';
          }}
        />
        <UploadQueue
          items={uploads.items}
          onRetry={uploads.retry}
          onRemove={uploads.remove}
          onClear={uploads.clearFinished}
        />
        <div className="space-files-body">
          {grid()}
          {dragging && (
            <div className="space-drop" aria-hidden>
              <CloudUploadOutlined />
              <span>{t('space.dropHere', { name: categoryName })}</span>
            </div>
          )}
        </div>
        {total > size && (
          <Pagination
            className="space-pagination"
            size="small"
            current={page}
            pageSize={size}
            total={total}
            showSizeChanger={false}
            showTotal={(n) => t('crud.total', { total: n })}
            onChange={setPage}
          />
        )}
      </section>
      <Image
        style={{ display: 'none' }}
        src={previewing ?? undefined}
        preview={{
          open: previewing !== null,
          src: previewing ?? undefined,
          onOpenChange: (open) => !open && setPreviewing(null),
        }}
      />
      {mode === 'manage' && (
        <>
          <RenameFile file={renaming} onClose={() => setRenaming(null)} />
          <MoveFiles
            files={moving}
            tree={tree}
            onClose={() => setMoving(null)}
            onMoved={() => {
              setMoving(null);
              setSelection([]);
            }}
          />
        </>
      )}
    </div>
  );
}
