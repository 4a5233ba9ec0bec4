import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { type SysMenu, sysMenu } from '@backroom/contract';
import { type TableColumnType, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Locale, menuName } from '../../../core/i18n';
import { type TreeTableHandlers, treeActionsColumns, treeOrderColumn } from '../../../core/tree-table';
import { MenuIcon } from '../../../ui/icons';
import { type MenuRow, splitPerms } from './menu-data';
import { MenuTypeTag } from './menu-type-tag';

function Flag({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return on ? (
    <CheckOutlined className="menu-flag-on" aria-label={yes} title={yes} />
  ) : (
    <CloseOutlined className="menu-flag-off" aria-label={no} title={no} />
  );
}

type Options = TreeTableHandlers<MenuRow> & {
  rows: readonly SysMenu[];
  /** Phones: the name column scrolls with the rest. */
  narrow: boolean;
  /** Below the widest screens the row actions are icons. */
  compact: boolean;
};

/** The menu table's columns: what each entry is, where it leads, its permissions, order and flags, and its actions. */
export function useMenuColumns({ rows, narrow, compact, ...handlers }: Options) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const label = (key: keyof typeof sysMenu.columns) => sysMenu.columns[key].label[locale];
  const muted = <span className="menu-muted">—</span>;

  // biome-ignore lint/correctness/useExhaustiveDependencies: labels and names follow the language through t.
  return useMemo(() => {
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
            muted
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
        // 200, not more: with the History button the tree still fits 1440 px (e2e screens.spec.ts).
        width: 200,
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
      treeOrderColumn(handlers, { title: label('orderNum'), width: 80 }, (_row, value) => ({
        hint: t('base.menu.orderEdit'),
        button: `${t('base.menu.orderEdit')}: ${value}`,
        input: t('base.menu.orderEdit'),
      })),
      {
        key: 'keepAlive',
        dataIndex: 'keepAlive',
        title: label('keepAlive'),
        width: 88,
        align: 'center',
        render: (v: boolean, row) => (row.type === 1 ? <Flag on={v} yes={t('crud.yes')} no={t('crud.no')} /> : muted),
      },
      {
        key: 'isShow',
        dataIndex: 'isShow',
        title: label('isShow'),
        width: 80,
        align: 'center',
        render: (v: boolean) => <Flag on={v} yes={t('crud.yes')} no={t('crud.no')} />,
      },
      ...treeActionsColumns(handlers, {
        t,
        rows,
        iconOnly: compact,
        width: compact ? 112 : 240,
        nameOf: (row) => menuName(row.name),
        addLabel: t('base.menu.addChild'),
        // A permission has nothing below it.
        takesChildren: (row) => row.type !== 2,
        confirm: (row, below) => ({
          title: t('base.menu.deleteConfirm', { name: menuName(row.name) }),
          description: below > 0 ? t('base.menu.deleteChildren', { count: below }) : undefined,
        }),
      }),
    ];
    return list;
  }, [rows, handlers.can.add, handlers.can.update, handlers.can.delete, narrow, compact, t, locale]);
}
