import { ApartmentOutlined } from '@ant-design/icons';
import { flattenTree, mapTree, sysDepartment } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Empty, Tag, Tree, type TreeDataNode } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toggled } from '../../../core/crud/parts';
import { deferredDialog } from '../../../core/lazy';
import { usePerm } from '../../../core/permission';
import { nodeActionItems, nodeMenu, TreePanel, TreePanelLoading, TreePanelNode } from '../../../ui/tree-panel';
import { useDepartmentDrop } from '../hooks/use-department-drop';
import { DEPARTMENTS_KEY } from '../hooks/use-departments';
import type { DepartmentDraft } from './department-form';
import { type DepartmentNode, type DepartmentRow, findDepartment, topDepartmentId } from './department-tree';

// The add/edit and delete dialogs load when one first opens.
const DepartmentForm = deferredDialog(
  () => import('./department-form').then((m) => m.DepartmentForm),
  (props) => props.draft !== null,
);
const DepartmentDelete = deferredDialog(
  () => import('./department-delete').then((m) => m.DepartmentDelete),
  (props) => props.department !== null,
);

type Item = TreeDataNode & { node: DepartmentNode; children: Item[] };

const toItems = (tree: readonly DepartmentNode[]): Item[] =>
  mapTree<DepartmentNode, Item>(tree, (node, children) => ({ key: node.id, title: node.name, node, children }));

type Props = {
  rows: readonly DepartmentRow[];
  tree: readonly DepartmentNode[];
  loading: boolean;
  selectedId: number | undefined;
  onSelect: (id: number | undefined) => void;
  /** Phones: the tree folds away above the table and closes after a choice. */
  compact: boolean;
  /** Users changed with a department (deleted or moved to the top department). */
  onUsersChanged: () => void;
};

/**
 * The department tree beside the user table: choosing a department filters the users, dragging
 * reorders (department/order), and each node's menu (right click or the ⋯ button) adds a
 * sub-department, edits or deletes. What the user may not do is not offered.
 */
export function DepartmentPanel({ rows, tree, loading, selectedId, onSelect, compact, onUsersChanged }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canAdd = usePerm(sysDepartment.perms.add);
  const canUpdate = usePerm(sysDepartment.perms.update);
  const canDelete = usePerm(sysDepartment.perms.delete);
  const canOrder = usePerm(sysDepartment.perms.order);
  // Only phones fold the tree, and there it starts folded so the users show first.
  const [open, setOpen] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [draft, setDraft] = useState<DepartmentDraft | null>(null);
  const [deleting, setDeleting] = useState<DepartmentNode | null>(null);

  const items = useMemo(() => toItems(tree), [tree]);
  const topId = topDepartmentId(rows);
  const topName = rows.find((r) => r.id === topId)?.name;
  const selected = selectedId === undefined ? undefined : findDepartment(tree, selectedId);
  // Every department starts open; the ones the user folds stay folded.
  const expandedKeys = useMemo(
    () =>
      flattenTree(tree)
        .filter(({ node }) => node.children.length > 0 && !collapsed.has(node.id))
        .map(({ node }) => node.id),
    [tree, collapsed],
  );
  const expand = (id: number) => setCollapsed((c) => toggled(c, id, false));
  const handleDrop = useDepartmentDrop(rows, tree, expand);

  const reload = () => queryClient.invalidateQueries({ queryKey: DEPARTMENTS_KEY });

  const handleSaved = (parentId: number | null) => {
    const edited = draft?.id !== undefined;
    setDraft(null);
    // Open the parent so the new department shows.
    if (parentId !== null) expand(parentId);
    void reload();
    // A renamed department shows under its new name in the user table.
    if (edited) onUsersChanged();
  };

  const handleDeleted = (id: number) => {
    setDeleting(null);
    void reload();
    const gone = findDepartment(tree, id);
    if (gone && selectedId !== undefined && findDepartment([gone], selectedId)) onSelect(undefined);
    onUsersChanged();
  };

  const handleAction = (node: DepartmentNode, key: string) => {
    if (key === 'add') setDraft({ name: '', parentId: node.id, orderNum: node.children.length, isStore: false });
    else if (key === 'edit') {
      setDraft({
        id: node.id,
        name: node.name,
        parentId: node.parentId,
        parentName: node.parentName,
        orderNum: node.orderNum,
        isStore: node.isStore ?? false,
      });
    } else if (key === 'delete') setDeleting(node);
  };

  const renderTitle = (item: Item) => {
    const isTop = item.node.id === topId;
    const actions = nodeActionItems({
      add: canAdd ? t('base.user.addSubDepartment') : undefined,
      edit: canUpdate ? t('base.user.editDepartment') : undefined,
      remove: canDelete
        ? { label: isTop ? t('base.user.topUndeletable') : t('base.user.deleteDepartment'), disabled: isTop }
        : undefined,
    });
    return (
      <TreePanelNode
        name={
          item.node.isStore ? (
            <>
              {item.node.name}
              <Tag color="blue" bordered={false} className="dept-store-tag" data-testid="dept-store-tag">
                {t('base.user.store')}
              </Tag>
            </>
          ) : (
            item.node.name
          )
        }
        title={item.node.name}
        menu={actions.length > 0 ? nodeMenu(actions, (key) => handleAction(item.node, key)) : undefined}
        moreLabel={t('base.user.nodeActions', { name: item.node.name })}
      />
    );
  };

  const handleSelect = (keys: Key[]) => {
    const [key] = keys;
    onSelect(key === undefined ? undefined : Number(key));
    if (compact && key !== undefined) setOpen(false);
  };

  const handleAdd = () => {
    const parent = selected ?? (topId === undefined ? undefined : findDepartment(tree, topId));
    setDraft({ name: '', parentId: parent?.id ?? null, orderNum: parent?.children.length ?? 0, isStore: false });
  };

  return (
    <>
      <TreePanel
        className="dept-panel"
        icon={<ApartmentOutlined />}
        title={t('base.user.departments')}
        compact={compact}
        open={open}
        onOpenChange={setOpen}
        foldLabels={{ show: t('base.user.showTree'), hide: t('base.user.hideTree') }}
        current={selected && { name: selected.name, onClear: () => onSelect(undefined) }}
        refresh={{ label: t('crud.refresh'), onClick: () => void reload() }}
        add={canAdd ? { label: t('base.user.addDepartment'), onClick: handleAdd } : undefined}
      >
        {!compact && selected && (
          <div className="dept-panel-filter">
            <span>{t('base.user.showing')}</span>
            <Tag closable onClose={() => onSelect(undefined)}>
              {selected.name}
            </Tag>
          </div>
        )}
        {loading && items.length === 0 ? (
          <TreePanelLoading />
        ) : items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('base.user.noDepartments')} />
        ) : (
          <Tree<Item>
            blockNode
            showLine
            treeData={items}
            titleRender={renderTitle}
            selectedKeys={selectedId === undefined ? [] : [selectedId]}
            onSelect={handleSelect}
            expandedKeys={expandedKeys}
            onExpand={(_keys, { expanded, node }) => setCollapsed((c) => toggled(c, Number(node.key), !expanded))}
            draggable={canOrder ? { icon: false } : false}
            onDrop={handleDrop}
          />
        )}
        {canOrder && rows.length > 1 && !compact && <p className="dept-panel-hint">{t('base.user.dragHint')}</p>}
      </TreePanel>
      <DepartmentForm draft={draft} tree={tree} onClose={() => setDraft(null)} onSaved={handleSaved} />
      <DepartmentDelete
        department={deleting}
        topName={topName}
        onClose={() => setDeleting(null)}
        onDeleted={handleDeleted}
      />
    </>
  );
}
