import { sysMenu } from '@backroom/contract';
import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../core/crud/parts';
import { plannedWidth } from '../../../../core/crud/table-width';
import { menuName } from '../../../../core/i18n';
import { deferredDialog } from '../../../../core/lazy';
import { usePerm } from '../../../../core/permission';
import { useScreen } from '../../../../core/screen';
import { useMenuColumns } from '../../components/menu-columns';
import type { MenuRow } from '../../components/menu-data';
import { MenuEntityCreate } from '../../components/menu-entity-create';
import { type MenuEditing, MenuForm } from '../../components/menu-form';
import { MenuImport } from '../../components/menu-import';
import { MenuPermQuickAdd } from '../../components/menu-perm-quick-add';
import { MenuToolbar } from '../../components/menu-toolbar';
import { useMenuList } from '../../hooks/use-menu-list';
import '../../components/menu.css';

// A menu's history (core/crud/history.tsx) loads the first time someone opens one.
const HistoryDrawer = deferredDialog(
  () => import('../../../../core/crud/history').then((m) => m.HistoryDrawer),
  (props) => props.record !== null,
);

/**
 * Menu management: every directory, menu and permission as a tree; add (also below a row), edit,
 * delete with everything below, order in place, export the chosen menus, import a file, and a
 * quick-add for permissions read from EPS, and the screen of an entity with its permissions (parse, create), and each
 * row's History (its events, newest first). Every change reloads the sidebar.
 */
export default function MenuList() {
  const { t } = useTranslation();
  const screen = useScreen();
  const can = {
    add: usePerm(sysMenu.perms.add),
    update: usePerm(sysMenu.perms.update),
    delete: usePerm(sysMenu.perms.delete),
    export: usePerm(sysMenu.perms.export),
    import: usePerm(sysMenu.perms.import),
    create: usePerm(sysMenu.perms.create),
  };
  const list = useMenuList();
  const [editing, setEditing] = useState<MenuEditing | null>(null);
  const [quickAdd, setQuickAdd] = useState(false);
  const [importing, setImporting] = useState(false);
  const [entityCreate, setEntityCreate] = useState(false);
  const [history, setHistory] = useState<{ id: number; name: string } | null>(null);
  const columns = useMenuColumns({
    rows: list.rows,
    can,
    narrow: screen === 'xs',
    // Action buttons keep their words where there is room; elsewhere icons with tooltips.
    compact: screen !== 'xl',
    onAddChild: (row: MenuRow) => setEditing({ mode: 'add', parentId: row.id }),
    onEdit: (row: MenuRow) => setEditing({ mode: 'edit', row }),
    onDelete: list.remove,
    onOrder: list.order,
    onHistory: (row: MenuRow) => setHistory({ id: row.id, name: menuName(row.name) }),
  });
  const done = (close: () => void) => () => {
    close();
    void list.changed();
  };

  if (list.query.isError && !list.query.data) {
    return <LoadError error={list.query.error} onRetry={() => void list.query.refetch()} />;
  }

  return (
    <div className="crud menu-page">
      <MenuToolbar
        list={list}
        can={can}
        onAdd={() => setEditing({ mode: 'add', parentId: null })}
        onQuickAdd={() => setQuickAdd(true)}
        onEntityCreate={() => setEntityCreate(true)}
        onImport={() => setImporting(true)}
      />
      <Table<MenuRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.shown}
        loading={list.query.isFetching}
        pagination={false}
        // Planned widths, not the content's: a long view path ends in "…" instead of pushing the
        // last columns under the pinned actions.
        scroll={{ x: plannedWidth(columns, can.export ? 40 : 0) ?? 'max-content' }}
        expandable={{
          expandedRowKeys: [...list.expandedKeys],
          onExpandedRowsChange: (keys) => list.setExpanded(keys),
          indentSize: 20,
        }}
        rowSelection={
          can.export
            ? {
                selectedRowKeys: list.selected,
                checkStrictly: false,
                onChange: (keys) => list.setSelected(keys),
                columnWidth: 40,
              }
            : undefined
        }
        footer={() => (
          <span className="menu-muted">
            {t('base.menu.total', { count: list.rows.length })}
            {list.selected.length > 0 && ` · ${t('crud.selected', { count: list.selected.length })}`}
          </span>
        )}
      />
      <MenuForm
        editing={editing}
        rows={list.rows}
        onClose={() => setEditing(null)}
        onSaved={done(() => setEditing(null))}
      />
      <MenuPermQuickAdd
        open={quickAdd}
        rows={list.rows}
        onClose={() => setQuickAdd(false)}
        onSaved={done(() => setQuickAdd(false))}
      />
      <MenuEntityCreate
        open={entityCreate}
        rows={list.rows}
        onClose={() => setEntityCreate(false)}
        onSaved={done(() => setEntityCreate(false))}
      />
      <HistoryDrawer entity={sysMenu} record={history} onClose={() => setHistory(null)} />
      <MenuImport open={importing} onClose={() => setImporting(false)} onImported={done(() => setImporting(false))} />
    </div>
  );
}
