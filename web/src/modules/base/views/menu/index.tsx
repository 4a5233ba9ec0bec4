import {
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  NodeCollapseOutlined,
  NodeExpandOutlined,
  PlusOutlined,
  SafetyOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { descendantsOf, filterTree, flattenTree, type MenuNode, type SysMenu, sysMenu } from '@backroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Space, Table, type TableColumnType, Tag, Tooltip } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { events } from '../../../../core/events';
import { type Locale, menuName } from '../../../../core/i18n';
import { usePerm } from '../../../../core/permission';
import { api } from '../../../../core/request';
import { useScreen } from '../../../../core/screen';
import { MenuIcon } from '../../../../ui/icons';
import { OrderCell } from '../../../../ui/order-cell';
import { buildMenuRows, countNodes, exportFileName, type MenuRow, splitPerms } from '../../components/menu-data';
import { type MenuEditing, MenuForm } from '../../components/menu-form';
import { MenuImport } from '../../components/menu-import';
import { MenuPermQuickAdd } from '../../components/menu-perm-quick-add';
import { MenuTypeTag } from '../../components/menu-type-tag';
import '../../components/menu.css';
import { useFeedback } from '../../../../core/app-feedback';
import { LoadError, RefreshButton } from '../../../../core/crud/parts';

const LIST_KEY = ['base', 'menu', 'list'] as const;

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Flag({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return on ? (
    <CheckOutlined className="menu-flag-on" aria-label={yes} title={yes} />
  ) : (
    <CloseOutlined className="menu-flag-off" aria-label={no} title={no} />
  );
}

/**
 * Menu management: every directory, menu and permission as a tree; add (also below a row), edit,
 * delete with everything below, order in place, export the chosen menus, import a file, and a
 * quick-add for permissions read from EPS. Every change reloads the sidebar.
 */
export default function MenuList() {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const screen = useScreen();
  const narrow = screen === 'xs';
  // Action buttons keep their words where there is room; elsewhere icons with tooltips.
  const compact = screen !== 'xl';
  const locale = i18n.language as Locale;
  const canAdd = usePerm(sysMenu.perms.add);
  const canUpdate = usePerm(sysMenu.perms.update);
  const canDelete = usePerm(sysMenu.perms.delete);
  const canExport = usePerm(sysMenu.perms.export);
  const canImport = usePerm(sysMenu.perms.import);

  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<MenuEditing | null>(null);
  const [quickAdd, setQuickAdd] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const query = useQuery({
    queryKey: LIST_KEY,
    queryFn: () => api.post<SysMenu[]>(`${sysMenu.prefix}/list`, {}),
  });
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const tree = useMemo(() => buildMenuRows(rows), [rows]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: translated names follow the language.
  const shown = useMemo(() => {
    const word = keyword.trim().toLowerCase();
    if (!word) return tree;
    // A matching directory shows with everything in it.
    return filterTree(
      tree,
      (r) => [r.name, menuName(r.name), r.router, r.perms, r.viewPath].some((v) => v?.toLowerCase().includes(word)),
      'all',
    );
  }, [tree, keyword, i18n.language]);

  const parentIds = useMemo(() => rows.filter((r) => rows.some((c) => c.parentId === r.id)).map((r) => r.id), [rows]);
  // Until the user opens or closes rows, directories start open: the pages show, their permissions do not.
  const expandedKeys = expanded ?? rows.filter((r) => r.type === 0).map((r) => r.id);
  const allExpanded = parentIds.length > 0 && parentIds.every((id) => expandedKeys.includes(id));

  const changed = async () => {
    events.emit('menu:reload', undefined);
    await queryClient.invalidateQueries({ queryKey: LIST_KEY });
  };

  const handleDelete = async (row: MenuRow) => {
    await api.post(`${sysMenu.prefix}/delete`, { ids: [row.id] });
    void message.success(t('crud.deleted'));
    setSelected((keys) => keys.filter((k) => rows.some((r) => r.id === k && r.id !== row.id)));
    await changed();
  };

  const handleOrder = async (row: MenuRow, orderNum: number) => {
    await api.post(`${sysMenu.prefix}/update`, { id: row.id, orderNum });
    void message.success(t('crud.saved'));
    await changed();
  };

  const handleExport = async () => {
    if (selected.length === 0) {
      void message.warning(t('base.menu.export.choose'));
      return;
    }
    setExporting(true);
    try {
      const nodes = await api.post<MenuNode[]>(`${sysMenu.prefix}/export`, { ids: selected.map(Number) });
      download(exportFileName(new Date()), `${JSON.stringify(nodes, null, 2)}\n`);
      void message.success(t('base.menu.export.done', { count: countNodes(nodes) }));
    } finally {
      setExporting(false);
    }
  };

  const label = (key: keyof typeof sysMenu.columns) => sysMenu.columns[key].label[locale];

  // biome-ignore lint/correctness/useExhaustiveDependencies: labels and names follow the language through t.
  const columns = useMemo(() => {
    const list: TableColumnType<MenuRow>[] = [
      {
        key: 'name',
        dataIndex: 'name',
        title: label('name'),
        width: 190,
        fixed: narrow ? undefined : 'left',
        render: (name: string) => {
          const shownName = menuName(name);
          return (
            <span className="menu-name" title={shownName === name ? undefined : name}>
              <span>{shownName}</span>
            </span>
          );
        },
      },
      {
        key: 'icon',
        dataIndex: 'icon',
        title: label('icon'),
        width: 64,
        align: 'center',
        render: (icon: string | null, row) =>
          row.type === 2 || !icon ? (
            <span className="menu-muted">—</span>
          ) : (
            <Tooltip title={icon}>
              <span role="img" aria-label={icon}>
                <MenuIcon name={icon} />
              </span>
            </Tooltip>
          ),
      },
      {
        key: 'type',
        dataIndex: 'type',
        title: label('type'),
        width: 88,
        render: (_: unknown, row) => <MenuTypeTag type={row.type} />,
      },
      {
        // Router and view path share a column (the view below the router) so the tree fits a laptop screen.
        key: 'router',
        dataIndex: 'router',
        title: `${label('router')} / ${label('viewPath')}`,
        width: 220,
        ellipsis: { showTitle: false },
        render: (router: string | null, row) =>
          router || row.viewPath ? (
            <div className="menu-route">
              {router && <span className="menu-code">{router}</span>}
              {row.viewPath && (
                <Tooltip title={row.viewPath} placement="topLeft">
                  <span className="menu-code menu-muted">{row.viewPath}</span>
                </Tooltip>
              )}
            </div>
          ) : null,
      },
      {
        key: 'perms',
        dataIndex: 'perms',
        title: label('perms'),
        width: 180,
        render: (v: string | null) =>
          splitPerms(v).map((p) => (
            <Tag key={p} className="menu-perm-tag">
              {p}
            </Tag>
          )),
      },
      {
        key: 'orderNum',
        dataIndex: 'orderNum',
        title: label('orderNum'),
        width: 80,
        render: (v: number, row) => (
          <OrderCell
            key={`${row.id}-${v}`}
            value={v}
            editable={canUpdate}
            onSave={(value) => handleOrder(row, value)}
            hint={t('base.menu.orderEdit')}
            buttonLabel={`${t('base.menu.orderEdit')}: ${v}`}
            inputLabel={t('base.menu.orderEdit')}
          />
        ),
      },
      {
        key: 'keepAlive',
        dataIndex: 'keepAlive',
        title: label('keepAlive'),
        width: 88,
        align: 'center',
        render: (v: boolean, row) =>
          row.type === 1 ? (
            <Flag on={v} yes={t('crud.yes')} no={t('crud.no')} />
          ) : (
            <span className="menu-muted">—</span>
          ),
      },
      {
        key: 'isShow',
        dataIndex: 'isShow',
        title: label('isShow'),
        width: 80,
        align: 'center',
        render: (v: boolean) => <Flag on={v} yes={t('crud.yes')} no={t('crud.no')} />,
      },
    ];
    if (canAdd || canUpdate || canDelete) {
      list.push({
        key: '__actions',
        title: t('crud.actions'),
        fixed: 'right',
        width: compact ? 112 : 240,
        render: (_: unknown, row) => {
          const below = descendantsOf(rows, row.id).size;
          const name = menuName(row.name);
          return (
            <Space size={0}>
              {canAdd && row.type !== 2 && (
                <Tooltip title={compact ? t('base.menu.addChild') : undefined}>
                  <Button
                    type="link"
                    size="small"
                    icon={<PlusOutlined />}
                    aria-label={`${t('base.menu.addChild')}: ${name}`}
                    onClick={() => setEditing({ mode: 'add', parentId: row.id })}
                  >
                    {compact ? null : t('base.menu.addChild')}
                  </Button>
                </Tooltip>
              )}
              {canUpdate && (
                <Tooltip title={compact ? t('crud.edit') : undefined}>
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`${t('crud.edit')}: ${name}`}
                    onClick={() => setEditing({ mode: 'edit', row })}
                  >
                    {compact ? null : t('crud.edit')}
                  </Button>
                </Tooltip>
              )}
              {canDelete && (
                <Popconfirm
                  placement="left"
                  title={t('base.menu.deleteConfirm', { name })}
                  description={below > 0 ? t('base.menu.deleteChildren', { count: below }) : undefined}
                  okText={t('crud.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common.cancel')}
                  onConfirm={() => handleDelete(row)}
                >
                  <span>
                    <Tooltip title={compact ? t('crud.delete') : undefined}>
                      <Button
                        type="link"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('crud.delete')}: ${name}`}
                      >
                        {compact ? null : t('crud.delete')}
                      </Button>
                    </Tooltip>
                  </span>
                </Popconfirm>
              )}
            </Space>
          );
        },
      });
    }
    return list;
  }, [rows, canAdd, canUpdate, canDelete, narrow, compact, t, locale]);

  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <div className="crud menu-page">
      <div className="crud-toolbar">
        <Space wrap>
          <RefreshButton onRefresh={() => void query.refetch()} />
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add', parentId: null })}>
              {t('crud.add')}
            </Button>
          )}
          {canAdd && (
            <Button icon={<SafetyOutlined />} onClick={() => setQuickAdd(true)}>
              {t('base.menu.quick.button')}
            </Button>
          )}
          {canExport && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void handleExport()}>
              {selected.length > 0
                ? t('base.menu.export.buttonCount', { count: selected.length })
                : t('base.menu.export.button')}
            </Button>
          )}
          {canImport && (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('base.menu.import.button')}
            </Button>
          )}
        </Space>
        <Space wrap className="crud-search">
          <Input.Search
            allowClear
            placeholder={t('base.menu.search')}
            aria-label={t('base.menu.search')}
            value={keyword}
            maxLength={100}
            onChange={(e) => {
              const word = e.target.value;
              setKeyword(word);
              // A search opens every row, so the matches show wherever they sit.
              setExpanded(word.trim() ? flattenTree(tree).map(({ node }) => node.id) : null);
            }}
            style={{ width: 240 }}
          />
          <Tooltip title={allExpanded ? t('base.menu.collapseAll') : t('base.menu.expandAll')}>
            <Button
              icon={allExpanded ? <NodeCollapseOutlined /> : <NodeExpandOutlined />}
              aria-label={allExpanded ? t('base.menu.collapseAll') : t('base.menu.expandAll')}
              onClick={() => setExpanded(allExpanded ? [] : parentIds)}
            />
          </Tooltip>
        </Space>
      </div>
      <Table<MenuRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={shown}
        loading={query.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: [...expandedKeys],
          onExpandedRowsChange: (keys) => setExpanded(keys),
          indentSize: 20,
        }}
        rowSelection={
          canExport
            ? {
                selectedRowKeys: selected,
                checkStrictly: false,
                onChange: (keys) => setSelected(keys),
                columnWidth: 40,
              }
            : undefined
        }
        footer={() => (
          <span className="menu-muted">
            {t('base.menu.total', { count: rows.length })}
            {selected.length > 0 && ` · ${t('crud.selected', { count: selected.length })}`}
          </span>
        )}
      />
      <MenuForm
        editing={editing}
        rows={rows}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void changed();
        }}
      />
      <MenuPermQuickAdd
        open={quickAdd}
        rows={rows}
        onClose={() => setQuickAdd(false)}
        onSaved={() => {
          setQuickAdd(false);
          void changed();
        }}
      />
      <MenuImport
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => {
          setImporting(false);
          void changed();
        }}
      />
    </div>
  );
}
