import { CloudUploadOutlined } from '@ant-design/icons';
import '../space.css';
import {
  ALLOWED_EXTENSIONS,
  buildTree,
  type FileTypeGroup,
  type SpaceInfo,
  spaceInfo,
  UPLOAD_EXTENSIONS,
  withDescendants,
} from '@backroom/contract';
import { Image, Pagination } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredDialog } from '../../../core/lazy';
import { NoPermission } from '../../../core/no-permission';
import { useScreen } from '../../../core/screen';
import { useFileActions } from '../hooks/use-file-actions';
import { useFileDrop } from '../hooks/use-file-drop';
import { useFileSelection } from '../hooks/use-file-selection';
import { useCategories, useFiles, useSpacePerms } from '../hooks/use-space';
import { type UploadRules, useUploads } from '../hooks/use-uploads';
import { CategoryPanel } from './category-panel';
import type { FileAction } from './file-card';
import { MoveFiles, RenameFile } from './file-dialogs';
import { FileGrid } from './file-grid';
import { SpaceToolbar } from './space-toolbar';
import { UploadQueue } from './upload-queue';

// A file's history (core/crud/history.tsx) loads the first time someone opens one.
const HistoryDrawer = deferredDialog(
  () => import('../../../core/crud/history').then((m) => m.HistoryDrawer),
  (props) => props.record !== null,
);

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
  const { mode, accept, maxSize } = props;
  const { t } = useTranslation();
  const compact = useScreen() === 'xs';
  const perms = useSpacePerms();
  const categories = useCategories();
  const tree = useMemo(() => buildTree(categories.rows), [categories.rows]);

  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [type, setType] = useState<FileTypeGroup | undefined>(accept && accept.length === 1 ? accept[0] : undefined);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const size = mode === 'pick' ? 24 : 40;
  const input = useRef<HTMLInputElement>(null);

  const classifyIds = categoryId === null ? undefined : [...withDescendants(categories.rows, [categoryId])];
  const files = useFiles({ page, size, classifyIds, type, keyWord: search || undefined });
  const list = files.query.data?.list ?? [];
  const total = files.query.data?.pagination.total ?? 0;
  const categoryName =
    categoryId === null ? t('space.allFiles') : (categories.rows.find((r) => r.id === categoryId)?.name ?? '');

  const selection = useFileSelection(props);
  const act = useFileActions(selection, list, page, setPage);
  const uploads = useUploads({ accept, maxSize, sizeMessage: props.sizeMessage }, selection.chooseUploaded);
  const handleFiles = (chosen: FileList | null) => {
    if (!chosen || chosen.length === 0) return;
    uploads.add([...chosen], categoryId);
  };
  const drop = useFileDrop(perms.upload, handleFiles);

  const actions: FileAction[] =
    mode === 'manage'
      ? [
          'preview',
          'copy',
          ...(perms.update ? (['rename', 'move'] as const) : []),
          ...(perms.remove ? (['delete'] as const) : []),
          'history',
        ]
      : ['preview'];
  const acceptAttr = (accept ? accept.flatMap((g) => UPLOAD_EXTENSIONS[g]) : ALLOWED_EXTENSIONS)
    .map((ext) => `.${ext}`)
    .join(',');
  const chosen = selection.selection;

  // Without the right to list files there is nothing here to browse: no tree, no filters, just
  // the shell's no-permission state (the picker, inside a dialog, offers no way home).
  if (!files.canList) return <NoPermission home={mode === 'manage'} />;

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
      <section
        className={`space-files${drop.dragging ? ' dragging' : ''}`}
        aria-label={categoryName}
        {...drop.handlers}
      >
        <SpaceToolbar
          mode={mode}
          compact={compact}
          accept={accept}
          type={type}
          onType={(next) => {
            setType(next);
            setPage(1);
          }}
          onSearch={(keyWord) => {
            setSearch(keyWord);
            setPage(1);
          }}
          onUpload={perms.upload ? () => input.current?.click() : undefined}
          onRefresh={() => void files.query.refetch()}
          selection={chosen}
          onMove={perms.update ? () => act.setMoving([...chosen]) : undefined}
          onDelete={perms.remove ? () => act.confirmDelete([...chosen]) : undefined}
          onClearSelection={() => selection.setSelection([])}
        />
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
          <FileGrid
            query={files.query}
            mode={mode}
            filtered={!!search || type !== undefined}
            canUpload={perms.upload}
            isSelected={(file) => chosen.some((f) => f.id === file.id)}
            unavailable={selection.unavailable}
            actions={actions}
            onToggle={selection.toggle}
            onAction={act.handleAction}
          />
          {drop.dragging && (
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
      {/* Only the preview is shown (it opens in a layer of its own): the image itself is not on the page. */}
      <div hidden>
        <Image
          src={act.previewing ?? undefined}
          preview={{
            open: act.previewing !== null,
            src: act.previewing ?? undefined,
            onOpenChange: (open) => !open && act.setPreviewing(null),
          }}
        />
      </div>
      {mode === 'manage' && (
        <>
          <RenameFile file={act.renaming} onClose={() => act.setRenaming(null)} />
          <HistoryDrawer entity={spaceInfo} record={act.history} onClose={() => act.setHistory(null)} />
          <MoveFiles
            files={act.moving}
            tree={tree}
            onClose={() => act.setMoving(null)}
            onMoved={() => {
              act.setMoving(null);
              selection.setSelection([]);
            }}
          />
        </>
      )}
    </div>
  );
}
