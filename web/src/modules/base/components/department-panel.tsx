import {
  ApartmentOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  MoreOutlined,
  PlusOutlined,
  ReloadOutlined,
  UpOutlined,
} from '@ant-design/icons';
import { flattenTree, sysDepartment } from '@backroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Dropdown,
  Empty,
  type MenuProps,
  Spin,
  Tag,
  Tooltip,
  Tree,
  type TreeDataNode,
  type TreeProps,
} from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { deferredDialog } from '../../../core/lazy';
import { usePerm } from '../../../core/permission';
import { api } from '../../../core/request';
import { DEPARTMENTS_KEY } from '../hooks/use-departments';
import type { DepartmentDraft } from './department-form';
import {
  changedPlaces,
  type DepartmentNode,
  type DepartmentPlace,
  type DepartmentRow,
  type DropPlace,
  findDepartment,
  moveDepartment,
  topDepartmentId,
} from './department-tree';

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
  tree.map((node) => ({ key: node.id, title: node.name, node, children: toItems(node.children) }));

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
  const { message } = useFeedback();
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

  const shown = !compact || open;
  const items = useMemo(() => toItems(tree), [tree]);
  const topId = topDepartmentId(rows);
  const topName = rows.find((r) => r.id === topId)?.name;
  const selected = selectedId === undefined ? undefined : findDepartment(tree, selectedId);
  // Every department starts open; the ones the user folds stay folded.
  const expandedKeys = useMemo(() => {
    return flattenTree(tree)
      .filter(({ node }) => node.children.length > 0 && !collapsed.has(node.id))
      .map(({ node }) => node.id);
  }, [tree, collapsed]);

  const reload = () => queryClient.invalidateQueries({ queryKey: DEPARTMENTS_KEY });

  const order = useMutation({
    mutationFn: (places: DepartmentPlace[]) => api.post(`${sysDepartment.prefix}/order`, places),
    onSuccess: () => void message.success(t('base.user.ordered')),
    // Refused or not, the server's order is the one to show.
    onSettled: () => reload(),
  });

  const handleDrop: TreeProps<Item>['onDrop'] = (info) => {
    const dragId = Number(info.dragNode.key);
    const targetId = Number(info.node.key);
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    const target = findDepartment(tree, targetId);
    const firstChild = relative === 1 && info.node.expanded && (target?.children.length ?? 0) > 0;
    const place: DropPlace = !info.dropToGap || firstChild ? 'inside' : relative === -1 ? 'before' : 'after';
    const next = moveDepartment(tree, dragId, targetId, place);
    const places = changedPlaces(next, rows);
    if (places.length === 0) return;
    const moved = new Map(places.map((p) => [p.id, p]));
    queryClient.setQueryData<DepartmentRow[]>(DEPARTMENTS_KEY, (old) =>
      old?.map((row) => {
        const p = moved.get(row.id);
        return p ? { ...row, parentId: p.parentId, orderNum: p.orderNum } : row;
      }),
    );
    if (place === 'inside') setCollapsed((c) => new Set([...c].filter((id) => id !== targetId)));
    order.mutate(places);
  };

  const handleSaved = (parentId: number | null) => {
    const edited = draft?.id !== undefined;
    setDraft(null);
    // Open the parent so the new department shows.
    if (parentId !== null) setCollapsed((c) => new Set([...c].filter((k) => k !== parentId)));
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

  const actionsOf = (node: DepartmentNode): MenuProps['items'] => {
    const list: NonNullable<MenuProps['items']> = [];
    if (canAdd) list.push({ key: 'add', icon: <PlusOutlined />, label: t('base.user.addSubDepartment') });
    if (canUpdate) list.push({ key: 'edit', icon: <EditOutlined />, label: t('base.user.editDepartment') });
    if (canDelete) {
      const isTop = node.id === topId;
      list.push({
        key: 'delete',
        icon: <DeleteOutlined />,
        danger: !isTop,
        disabled: isTop,
        label: isTop ? t('base.user.topUndeletable') : t('base.user.deleteDepartment'),
      });
    }
    return list;
  };

  const handleAction = (node: DepartmentNode, key: string) => {
    if (key === 'add') setDraft({ name: '', parentId: node.id, orderNum: node.children.length });
    else if (key === 'edit') {
      setDraft({
        id: node.id,
        name: node.name,
        parentId: node.parentId,
        parentName: node.parentName,
        orderNum: node.orderNum,
      });
    } else if (key === 'delete') setDeleting(node);
  };

  const hasActions = canAdd || canUpdate || canDelete;

  const renderTitle = (item: Item) => {
    const menu: MenuProps = {
      items: actionsOf(item.node),
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        handleAction(item.node, key);
      },
    };
    const title = <span className="dept-node-name">{item.node.name}</span>;
    if (!hasActions) return <span className="dept-node">{title}</span>;
    return (
      <Dropdown menu={menu} trigger={['contextMenu']}>
        <span className="dept-node">
          {title}
          <Dropdown menu={menu} trigger={['click']}>
            <Button
              type="text"
              size="small"
              className="dept-node-more"
              icon={<MoreOutlined />}
              aria-label={t('base.user.nodeActions', { name: item.node.name })}
              onClick={(e) => e.stopPropagation()}
            />
          </Dropdown>
        </span>
      </Dropdown>
    );
  };

  const handleSelect = (keys: Key[]) => {
    const [key] = keys;
    onSelect(key === undefined ? undefined : Number(key));
    if (compact && key !== undefined) setOpen(false);
  };

  return (
    <section className={`dept-panel${compact ? ' compact' : ''}`} aria-label={t('base.user.departments')}>
      <div className="dept-panel-head">
        <ApartmentOutlined />
        <span className="dept-panel-title">{t('base.user.departments')}</span>
        {compact && selected && (
          <Tag className="dept-panel-current" closable onClose={() => onSelect(undefined)}>
            {selected.name}
          </Tag>
        )}
        <span className="dept-panel-tools">
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
            <Tooltip title={t('base.user.addDepartment')}>
              <Button
                type="text"
                size="small"
                icon={<PlusOutlined />}
                aria-label={t('base.user.addDepartment')}
                onClick={() => {
                  const parent = selected ?? (topId === undefined ? undefined : findDepartment(tree, topId));
                  setDraft({ name: '', parentId: parent?.id ?? null, orderNum: parent?.children.length ?? 0 });
                }}
              />
            </Tooltip>
          )}
          {compact && (
            <Button
              type="text"
              size="small"
              icon={open ? <UpOutlined /> : <DownOutlined />}
              aria-expanded={open}
              aria-label={open ? t('base.user.hideTree') : t('base.user.showTree')}
              onClick={() => setOpen(!open)}
            />
          )}
        </span>
      </div>
      {shown && (
        <div className="dept-panel-body">
          {!compact && selected && (
            <div className="dept-panel-filter">
              <span>{t('base.user.showing')}</span>
              <Tag closable onClose={() => onSelect(undefined)}>
                {selected.name}
              </Tag>
            </div>
          )}
          {loading && items.length === 0 ? (
            <div className="dept-panel-empty">
              <Spin />
            </div>
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
              onExpand={(_keys, { expanded, node }) => {
                const id = Number(node.key);
                setCollapsed((c) => {
                  const next = new Set(c);
                  if (expanded) next.delete(id);
                  else next.add(id);
                  return next;
                });
              }}
              draggable={canOrder ? { icon: false } : false}
              onDrop={handleDrop}
            />
          )}
          {canOrder && rows.length > 1 && !compact && <p className="dept-panel-hint">{t('base.user.dragHint')}</p>}
        </div>
      )}
      <DepartmentForm draft={draft} tree={tree} onClose={() => setDraft(null)} onSaved={handleSaved} />
      <DepartmentDelete
        department={deleting}
        topName={topName}
        onClose={() => setDeleting(null)}
        onDeleted={handleDeleted}
      />
    </section>
  );
}
