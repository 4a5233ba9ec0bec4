import { FolderOpenOutlined, FolderOutlined } from '@ant-design/icons';
import { mapTree } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Tree, type TreeDataNode } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../core/crud/parts';
import { nodeActionItems, nodeMenu, TreePanel, TreePanelLoading, TreePanelNode } from '../../../ui/tree-panel';
import type { CategoryNode, CategoryRow } from '../category-tree';
import { FILES_KEY, TYPES_KEY, useSpacePerms } from '../hooks/use-space';
import { CategoryDelete } from './category-delete';
import { type CategoryDraft, CategoryForm } from './category-form';

/** The tree's key for "every file". */
const ALL = 'all';

type Item = TreeDataNode & { node?: CategoryNode; children?: Item[] };

const toItems = (tree: readonly CategoryNode[]): Item[] =>
  mapTree<CategoryNode, Item>(tree, (node, children) => ({
    key: node.id,
    title: node.name,
    icon: <FolderOutlined />,
    node,
    children,
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
    (): Item[] => [{ key: ALL, title: t('space.allFiles'), icon: <FolderOpenOutlined />, children: toItems(tree) }],
    [tree, t],
  );
  // Everything starts open; the user's own folding is kept from then on.
  const allKeys = useMemo(() => [ALL, ...rows.map((r) => r.id)], [rows]);
  const selected = selectedId === null ? undefined : rows.find((r) => r.id === selectedId);

  const canAdd = manage && perms.addType;
  const actions = nodeActionItems({
    add: canAdd ? t('space.addSubCategory') : undefined,
    edit: manage && perms.updateType ? t('space.rename') : undefined,
    remove: manage && perms.removeType ? { label: t('space.delete') } : undefined,
  });

  const reload = () => queryClient.invalidateQueries({ queryKey: TYPES_KEY });

  const handleAction = (node: CategoryNode, key: string) => {
    if (key === 'add') setDraft({ name: '', parentId: node.id });
    else if (key === 'edit') setDraft({ id: node.id, name: node.name, parentId: node.parentId });
    else if (key === 'delete') setDeleting(node);
  };

  const renderTitle = (item: Item) => {
    const node = item.node;
    return (
      <TreePanelNode
        name={String(item.title)}
        title={String(item.title)}
        // "All files" has no actions.
        menu={node && actions.length > 0 ? nodeMenu(actions, (key) => handleAction(node, key)) : undefined}
        moreLabel={t('space.more', { name: String(item.title) })}
      />
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

  return (
    <>
      <TreePanel
        className="space-panel"
        icon={<FolderOutlined />}
        title={t('space.categories')}
        compact={compact}
        open={open}
        onOpenChange={setOpen}
        foldLabels={{ show: t('space.showCategories'), hide: t('space.hideCategories') }}
        current={{ name: selected ? selected.name : t('space.allFiles') }}
        refresh={{ label: t('crud.refresh'), onClick: () => void reload() }}
        add={
          canAdd
            ? {
                label: t('space.addCategory'),
                onClick: () => setDraft({ name: '', parentId: selectedId }),
                testId: 'space-add-category',
              }
            : undefined
        }
      >
        {error && rows.length === 0 ? (
          <LoadError error={error} onRetry={() => void reload()} />
        ) : loading && rows.length === 0 ? (
          <TreePanelLoading />
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
      </TreePanel>
      {manage && (
        <>
          <CategoryForm draft={draft} tree={tree} onClose={() => setDraft(null)} onSaved={handleSaved} />
          <CategoryDelete category={deleting} rows={rows} onClose={() => setDeleting(null)} onDeleted={handleDeleted} />
        </>
      )}
    </>
  );
}
