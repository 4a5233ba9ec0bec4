import { type DictInfo, descendantsOf, dictInfo, type TableNode } from '@backroom/contract';
import { type TableColumnType, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../core/i18n';
import { OrderCell } from '../../../ui/order-cell';
import { RowActions } from '../../../ui/row-actions';

export type ItemRow = TableNode<DictInfo>;

type Options = {
  rows: readonly DictInfo[];
  can: { add: boolean; update: boolean; delete: boolean };
  /** Phones: fewer, narrower columns. */
  compact: boolean;
  /** Below the widest screens the row actions are icons. */
  iconOnly: boolean;
  onAddChild: (row: ItemRow) => void;
  onEdit: (row: ItemRow) => void;
  onDelete: (row: ItemRow) => Promise<void>;
  onOrder: (row: ItemRow, orderNum: number) => Promise<void>;
};

/** The item table's columns: name, value (the id where it has none), order, remark and time, actions. */
export function useItemColumns({ rows, can, compact, iconOnly, onAddChild, onEdit, onDelete, onOrder }: Options) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const label = (key: keyof typeof dictInfo.columns) => dictInfo.columns[key].label[locale];

  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language through t.
  return useMemo(() => {
    const list: TableColumnType<ItemRow>[] = [
      {
        key: 'name',
        dataIndex: 'name',
        title: label('name'),
        width: compact ? 140 : 200,
        fixed: compact ? undefined : 'left',
        ellipsis: true,
      },
      {
        key: 'value',
        dataIndex: 'value',
        title: label('value'),
        width: compact ? 110 : 160,
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
      {
        key: 'orderNum',
        dataIndex: 'orderNum',
        title: (
          <Tooltip title={t('dict.orderHint')}>
            <span>{label('orderNum')}</span>
          </Tooltip>
        ),
        width: compact ? 70 : 80,
        render: (value: number, row) => (
          <OrderCell
            key={`${row.id}-${value}`}
            value={value}
            editable={can.update}
            onSave={(next) => onOrder(row, next)}
            hint={t('dict.orderHint')}
            buttonLabel={`${t('dict.orderEdit')}: ${row.name} (${value})`}
            inputLabel={`${t('dict.orderEdit')}: ${row.name}`}
          />
        ),
      },
      // A phone shows what identifies and orders an item; remark and time wait for a wider screen.
      ...(compact
        ? []
        : [
            // No width: the remark takes what the others leave.
            { key: 'remark', dataIndex: 'remark', title: label('remark'), ellipsis: true },
            { key: 'updateTime', dataIndex: 'updateTime', title: t('crud.updateTime'), width: 170 },
          ]),
    ];
    if (can.add || can.update || can.delete) {
      list.push({
        key: '__actions',
        title: t('crud.actions'),
        // Kept in view on every screen: the other columns scroll beneath it.
        fixed: 'right',
        width: iconOnly ? 112 : 250,
        render: (_: unknown, row) => {
          const below = descendantsOf(rows, row.id).size;
          return (
            <RowActions
              name={row.name}
              iconOnly={iconOnly}
              add={can.add ? { label: t('dict.addChild'), onClick: () => onAddChild(row) } : undefined}
              edit={can.update ? { label: t('crud.edit'), onClick: () => onEdit(row) } : undefined}
              remove={
                can.delete
                  ? {
                      label: t('crud.delete'),
                      confirm: {
                        placement: 'left',
                        title: t('dict.deleteItemConfirm', { name: row.name }),
                        description: (
                          <div className="dict-confirm">
                            {below > 0 && <div>{t('dict.deleteChildren', { count: below })}</div>}
                            <div className="dict-muted">{t('dict.recycleHint')}</div>
                          </div>
                        ),
                        okText: t('crud.delete'),
                        cancelText: t('common.cancel'),
                        danger: true,
                      },
                      onConfirm: () => onDelete(row),
                    }
                  : undefined
              }
            />
          );
        },
      });
    }
    return list;
  }, [rows, can.add, can.update, can.delete, compact, iconOnly, t, locale]);
}
