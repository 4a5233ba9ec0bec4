import { type DictInfo, dictInfo, dictItemLabel, type TableNode } from '@backroom/contract';
import { type TableColumnType, Tag, Tooltip } from 'antd';
import { type CSSProperties, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../core/i18n';
import { type TreeTableHandlers, treeActionsColumns, treeOrderColumn } from '../../../core/tree-table';

export type ItemRow = TableNode<DictInfo>;

type Options = TreeTableHandlers<ItemRow> & {
  rows: readonly DictInfo[];
  /** Phones: fewer, narrower columns. */
  compact: boolean;
  /** Below the widest screens the row actions are icons. */
  iconOnly: boolean;
};

/** The item table's columns: name, value (the id where it has none), order, remark and time, actions. */
export function useItemColumns({ rows, compact, iconOnly, ...handlers }: Options) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const label = (key: keyof typeof dictInfo.columns) => dictInfo.columns[key].label[locale];

  const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
  /** How deep an item sits: 0 at the top, 1 below a top-level item… */
  const depthOf = (row: DictInfo) => {
    let depth = 0;
    let up: number | null | undefined = row.parentId;
    // Bounded by the rows' count, should a parent chain ever loop.
    while (up !== null && up !== undefined && depth < rows.length) {
      depth += 1;
      up = parentOf.get(up);
    }
    return depth;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language through t.
  return useMemo(() => {
    const list: TableColumnType<ItemRow>[] = [
      {
        key: 'name',
        dataIndex: 'name',
        title: label('name'),
        // The widest column: a label reads whole ("Meat, poultry and eggs"); the remark takes what is left.
        width: compact ? 170 : 280,
        fixed: compact ? undefined : 'left',
        // On a phone a long label wraps to a second line rather than end in "…".
        ellipsis: !compact,
        // The label in the reader's language; the stored name where the item has none. On a phone it
        // wraps beside its indent and expand button (dict.css .dict-item-label).
        render: (_name: string, row) =>
          compact ? (
            <span className="dict-item-label" style={{ '--dict-depth': depthOf(row) } as CSSProperties}>
              {dictItemLabel(row, locale)}
            </span>
          ) : (
            dictItemLabel(row, locale)
          ),
      },
      {
        key: 'value',
        dataIndex: 'value',
        title: label('value'),
        width: compact ? 110 : 140,
        ellipsis: { showTitle: false },
        render: (value: string | null, row) =>
          value === null || value === '' ? (
            <span className="dict-muted" title={t('dict.valueIsIdTitle', { id: row.id })}>
              {row.id} <Tag className="dict-id-tag">{t('dict.valueIsId')}</Tag>
            </span>
          ) : (
            <Tooltip title={value} placement="topLeft">
              <span className="dict-code">{value}</span>
            </Tooltip>
          ),
      },
      treeOrderColumn(
        handlers,
        {
          title: (
            <Tooltip title={t('dict.orderHint')}>
              <span>{label('orderNum')}</span>
            </Tooltip>
          ),
          width: compact ? 70 : 80,
        },
        (row, value) => ({
          hint: t('dict.orderHint'),
          button: `${t('dict.orderEdit')}, ${row.name}: ${value}`,
          input: `${t('dict.orderEdit')}: ${row.name}`,
        }),
      ),
      // A phone shows what identifies and orders an item; remark and time wait for a wider screen.
      ...(compact
        ? []
        : [
            // No width: the remark takes what the others leave.
            { key: 'remark', dataIndex: 'remark', title: label('remark'), ellipsis: true },
            { key: 'updateTime', dataIndex: 'updateTime', title: t('crud.updateTime'), width: 170 },
          ]),
      ...treeActionsColumns(handlers, {
        t,
        rows,
        iconOnly,
        width: iconOnly ? 112 : 250,
        nameOf: (row) => row.name,
        addLabel: t('dict.addChild'),
        confirm: (row, below) => ({
          title: t('dict.deleteItemConfirm', { name: row.name }),
          description: (
            <div className="dict-confirm">
              {below > 0 && <div>{t('dict.deleteChildren', { count: below })}</div>}
              <div className="dict-muted">{t('dict.recycleHint')}</div>
            </div>
          ),
        }),
      }),
    ];
    return list;
  }, [rows, handlers.can.add, handlers.can.update, handlers.can.delete, compact, iconOnly, t, locale]);
}
