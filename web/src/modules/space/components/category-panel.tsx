import {
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  FolderOpenOutlined,
  FolderOutlined,
  MoreOutlined,
  PlusOutlined,
  ReloadOutlined,
  UpOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, type MenuProps, Spin, Tag, Tooltip, Tree, type TreeDataNode } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../core/crud/parts';
import type { CategoryNode, CategoryRow } from '../category-tree';
import { FILES_KEY, TYPES_KEY, useSpacePerms } from '../hooks/use-space';
import { CategoryDelete } from './category-delete';
import { type CategoryDraft, CategoryForm } from './category-form';

/** The tree's key for "every file". */
const ALL = 'all';

type Item = TreeDataNode & { node?: CategoryNode; children?: Item[] };

const toItems = (tree: readonly CategoryNode[]): Item[] =>
  tree.map((node) => ({
    key: node.id,
    title: node.name,
    icon: <FolderOutlined />,
    node,
    children: toItems(node.children),
  }));

type Props = {
  rows: readonly CategoryRow[];
  tree: readonly CategoryNode[];
  loading: boolean;
  error: Error | null;
  /** The chosen category; null for all files. */
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  /** Phones: the tree folds away above the files and closes after a choice. */
  compact: boolean;
  /** Category management (add, rename, delete) is offered; the picker only browses. */
  manage: boolean;
};

/**
 * The category tree beside the files: "All files" and the categories, nested. Each category's menu
 * (right click or ⋯) adds a sub-category, renames or deletes it; what the user may not do is not offered.
 */
export function CategoryPanel({ rows, tree, loading, error, selectedId, onSelect, compact, manage }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const perms = useSpacePerms();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<CategoryDraft | null>(null);
  const [deleting, setDeleting] = useState<CategoryRow | null>(null);
  const [expanded, setExpanded] = useState<Key[] | undefined>(undefined);

  const items = useMemo(
    (): Item[] => [
      {
        key: ALL,
        title: t('space.allFiles'),
        icon: <FolderOpenOutlined />,
        children: toItems(tree),
      },
    ],
    [tree, t],
  );
  // Everything starts open; the user's own folding is kept from then on.
  const allKeys = useMemo(() => [ALL, ...rows.map((r) => r.id)], [rows]);
  const selected = selectedId === null ? undefined : rows.find((r) => r.id === selectedId);

  const canAdd = manage && perms.addType;
  const canUpdate = manage && perms.updateType;
  const canDelete = manage && perms.removeType;
  const hasActions = canAdd || canUpdate || canDelete;

  const reload = () => queryClient.invalidateQueries({ queryKey: TYPES_KEY });

  const actionsOf = (): MenuProps['items'] => [
    ...(canAdd ? [{ key: 'add', icon: <PlusOutlined />, label: t('space.addSubCategory') }] : []),
    ...(canUpdate ? [{ key: 'edit', icon: <EditOutlined />, label: t('space.rename') }] : []),
    ...(canDelete ? [{ key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('space.delete') }] : []),
  ];

  const handleAction = (node: CategoryNode, key: string) => {
    if (key === 'add') setDraft({ name: '', parentId: node.id });
    else if (key === 'edit') setDraft({ id: node.id, name: node.name, parentId: node.parentId });
    else if (key === 'delete') setDeleting(node);
  };

  const renderTitle = (item: Item) => {
    const node = item.node;
    const name = <span className="space-node-name">{String(item.title)}</span>;
    if (!node || !hasActions) {
      return (
        <span className="space-node" title={String(item.title)}>
          {name}
        </span>
      );
    }
    const menu: MenuProps = {
      items: actionsOf(),
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        handleAction(node, key);
      },
    };
    return (
      <Dropdown menu={menu} trigger={['contextMenu']}>
        <span className="space-node" title={node.name}>
          {name}
          <Dropdown menu={menu} trigger={['click']}>
            <Button
              type="text"
              size="small"
              className="space-node-more"
              icon={<MoreOutlined />}
              aria-label={t('space.more', { name: node.name })}
              onClick={(e) => e.stopPropagation()}
            />
          </Dropdown>
        </span>
      </Dropdown>
    );
  };

  const handleSelect = (keys: Key[]) => {
    const [key] = keys;
    // Clicking the chosen node again keeps it chosen rather than choosing nothing.
    if (key === undefined) return;
    onSelect(key === ALL ? null : Number(key));
    if (compact) setOpen(false);
  };

  const handleSaved = (parentId: number | null) => {
    setDraft(null);
    if (parentId !== null && expanded) setExpanded([...expanded, parentId]);
    void reload();
  };

  const handleDeleted = (ids: number[]) => {
    setDeleting(null);
    if (selectedId !== null && ids.includes(selectedId)) onSelect(null);
    void reload();
    void queryClient.invalidateQueries({ queryKey: FILES_KEY });
  };

  const shown = !compact || open;
  return (
    <section className={`space-panel${compact ? ' compact' : ''}`} aria-label={t('space.categories')}>
      <div className="space-panel-head">
        <FolderOutlined />
        <span className="space-panel-title">{t('space.categories')}</span>
        {compact && <Tag className="space-panel-current">{selected ? selected.name : t('space.allFiles')}</Tag>}
        <span className="space-panel-tools">
          <Tooltip title={t('crud.refresh')}>
            <Button
              type="text"
              size="small"
              icon={<ReloadOutlined />}
              aria-label={t('crud.refresh')}
              onClick={() => void reload()}
            />
          </Tooltip>
          {canAdd && (
            <Tooltip title={t('space.addCategory')}>
              <Button
                type="text"
                size="small"
                icon={<PlusOutlined />}
                aria-label={t('space.addCategory')}
                data-testid="space-add-category"
                onClick={() => setDraft({ name: '', parentId: selectedId })}
              />
            </Tooltip>
          )}
          {compact && (
            <Button
              type="text"
              size="small"
              icon={open ? <UpOutlined /> : <DownOutlined />}
              aria-expanded={open}
              aria-label={open ? t('space.hideCategories') : t('space.showCategories')}
              onClick={() => setOpen(!open)}
            />
          )}
        </span>
      </div>
      {shown && (
        <div className="space-panel-body">
          {error && rows.length === 0 ? (
            <LoadError error={error} onRetry={() => void reload()} />
          ) : loading && rows.length === 0 ? (
            <div className="space-panel-empty">
              <Spin />
            </div>
          ) : (
            <Tree<Item>
              blockNode
              showIcon
              treeData={items}
              titleRender={renderTitle}
              selectedKeys={[selectedId ?? ALL]}
              onSelect={handleSelect}
              expandedKeys={expanded ?? allKeys}
              onExpand={(keys) => setExpanded(keys)}
            />
          )}
        </div>
      )}
      {manage && (
        <>
          <CategoryForm draft={draft} tree={tree} onClose={() => setDraft(null)} onSaved={handleSaved} />
          <CategoryDelete category={deleting} rows={rows} onClose={() => setDeleting(null)} onDeleted={handleDeleted} />
        </>
      )}
    </section>
  );
}
