import { descendantsOf, type TreeRow } from '@backroom/contract';
import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { OrderCell } from '../ui/order-cell';
import { RowActions } from '../ui/row-actions';

/*
 * The columns every tree table of the product shares (menus, dictionary items): the order number,
 * edited in place, and the row actions (add below, edit, delete with everything below after a
 * confirmation). The screens keep their own columns and words.
 */

type OrderedRow = TreeRow & { orderNum: number };

/** What a tree table's rows may do and what doing it means, as the screen says it. */
export type TreeTableHandlers<R> = {
  can: { add: boolean; update: boolean; delete: boolean };
  onAddChild: (row: R) => void;
  onEdit: (row: R) => void;
  onDelete: (row: R) => Promise<void>;
  onOrder: (row: R, orderNum: number) => Promise<void>;
  /** Opens the row's history; no History button when absent. */
  onHistory?: (row: R) => void;
};

/** The order-number column: editable in place where the user may update. */
export function treeOrderColumn<R extends OrderedRow>(
  handlers: TreeTableHandlers<R>,
  column: Omit<TableColumnType<R>, 'render'>,
  /** The number's tooltip, and the accessible names of the number and of its field. */
  labels: (row: R, value: number) => { hint: string; button: string; input: string },
): TableColumnType<R> {
  return {
    key: 'orderNum',
    dataIndex: 'orderNum',
    ...column,
    render: (value: number, row: R) => {
      const { hint, button, input } = labels(row, value);
      return (
        <OrderCell
          // A saved number starts a fresh cell.
          key={`${row.id}-${value}`}
          value={value}
          editable={handlers.can.update}
          onSave={(next) => handlers.onOrder(row, next)}
          hint={hint}
          buttonLabel={button}
          inputLabel={input}
        />
      );
    },
  };
}

type ActionsOptions<R> = {
  t: TFunction;
  /** Every row of the tree (what a delete takes below a row). */
  rows: readonly TreeRow[];
  /** Icons with tooltips instead of words. */
  iconOnly: boolean;
  width: number;
  /** The row's name in the buttons' accessible names. */
  nameOf: (row: R) => string;
  addLabel: string;
  /** Whether a row takes children (a menu permission does not); every row when absent. */
  takesChildren?: (row: R) => boolean;
  /** The delete confirmation, told how many rows lie below. */
  confirm: (row: R, below: number) => { title: ReactNode; description?: ReactNode };
};

/** The row actions column, fixed on the right (with History when the screen offers it); none where the user may do nothing. */
export function treeActionsColumns<R extends TreeRow>(
  handlers: TreeTableHandlers<R>,
  { t, rows, iconOnly, width, nameOf, addLabel, takesChildren, confirm }: ActionsOptions<R>,
): TableColumnType<R>[] {
  const { can } = handlers;
  const { onHistory } = handlers;
  if (!can.add && !can.update && !can.delete && !onHistory) return [];
  return [
    {
      key: '__actions',
      title: t('crud.actions'),
      // Kept in view on every screen: the other columns scroll beneath it.
      fixed: 'right',
      width: width + (onHistory ? (iconOnly ? 28 : 72) : 0),
      render: (_: unknown, row: R) => (
        <RowActions
          name={nameOf(row)}
          iconOnly={iconOnly}
          add={
            can.add && (takesChildren?.(row) ?? true)
              ? { label: addLabel, onClick: () => handlers.onAddChild(row) }
              : undefined
          }
          edit={can.update ? { label: t('crud.edit'), onClick: () => handlers.onEdit(row) } : undefined}
          remove={
            can.delete
              ? {
                  label: t('crud.delete'),
                  confirm: {
                    ...confirm(row, descendantsOf(rows, row.id).size),
                    placement: 'left',
                    okText: t('crud.delete'),
                    cancelText: t('common.cancel'),
                    danger: true,
                  },
                  onConfirm: () => handlers.onDelete(row),
                }
              : undefined
          }
          history={onHistory ? { label: t('crud.history.action'), onClick: () => onHistory(row) } : undefined}
        />
      ),
    },
  ];
}
