import { HistoryOutlined } from '@ant-design/icons';
import { Button, type TableColumnType } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import './pinned-columns.css';
import { RowActions, RowMenu } from '../../ui/row-actions';
import { useScreen } from '../screen';
import { fitHeader } from './column-settings';
import type { CrudRow, SettledCrudProps } from './crud-types';
import type { CrudPageState } from './use-crud-page';

/*
 * Pinned columns are CSS sticky cells (pinned-columns.css), not antd's `fixed`: antd measures
 * every column and the box's scroll width in script on each render to place its fixed cells,
 * forcing two or three layouts while a list opens (53–81 ms of the user, customer and activity
 * lists' main-thread CPU, measured in turns with `fixed`: docs/benchmarks.md, "First opens"). The browser
 * places sticky cells in its own layout.
 */
const PIN_START = 'crud-pin crud-pin-start';
const PIN_END = 'crud-pin crud-pin-end';
/** On a phone the actions column holds the row menu's one small button (24 px) and its cell's padding. */
const PHONE_ACTIONS_WIDTH = 40;

/**
 * The first column, pinned: its text is cut inside a span of its own, so the cell itself can let
 * the edge's shadow show beyond it (an ellipsis cell clips what overflows it).
 */
function pinnedStart(column: TableColumnType<CrudRow>): TableColumnType<CrudRow> {
  const { render, ellipsis, title } = column;
  if (!ellipsis) return { ...column, className: PIN_START };
  return {
    ...column,
    className: PIN_START,
    title: <span className="crud-pin-text">{title as ReactNode}</span>,
    // antd's ellipsis shows a plain value's whole text on hover; the span keeps that.
    render: (value: unknown, row: CrudRow, index: number) => {
      const shown = render ? render(value, row, index) : (value as ReactNode);
      const whole = typeof shown === 'string' || typeof shown === 'number' ? String(shown) : undefined;
      return (
        <span className="crud-pin-text" title={whole}>
          {shown as ReactNode}
        </span>
      );
    },
  };
}

/**
 * The table's columns from the screen's column list: the shown ones, titled by the declaration,
 * orderable where the server allows it, and the row actions last.
 */
export function useCrudColumns(
  props: SettledCrudProps,
  state: CrudPageState,
  onHistory?: (row: CrudRow) => void,
): TableColumnType<CrudRow>[] {
  const { t } = useTranslation();
  const { entity } = props;
  const { can, hiddenColumns, sorter, labelOf, openEdit, remove, locale, thing, recordName } = state;
  // On a phone the row actions stay in view and the rest scrolls; on wider screens the first column
  // (what the row is) stays too.
  const phone = useScreen() === 'xs';
  const pinFirst = !phone;
  // On a phone, a screen that says which columns matter shows those alone, sharing the width.
  const phoneView = phone && props.columns.some((c) => c.onPhone);

  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when what the columns show changes; the handlers they call are stable in effect.
  return useMemo(() => {
    const list: TableColumnType<CrudRow>[] = props.columns
      .filter((c) => (phoneView ? c.onPhone : !hiddenColumns.has(c.key)))
      .map((c, i) => {
        const title = c.title ?? labelOf(c.key);
        // A masked column is no sort key (the server refuses it to readers without reveal: rows in
        // its order would tell the hidden digits), so no header offers it.
        const sortable = c.sortable ?? (entity.orderable.has(c.key) && !entity.columns[c.key]?.sensitive);
        const column = {
          key: c.key,
          dataIndex: c.key,
          title,
          width: phoneView ? c.phoneWidth : fitHeader(c.width, title, sortable),
          ellipsis: c.ellipsis ?? true,
          sorter: sortable ? true : undefined,
          sortOrder: sorter.order === c.key ? (sorter.sort === 'asc' ? 'ascend' : 'descend') : null,
          render: c.render ? (value: unknown, row: CrudRow) => c.render?.(value, row) : undefined,
        } satisfies TableColumnType<CrudRow>;
        return pinFirst && i === 0 ? pinnedStart(column) : column;
      });
    if (can.update || can.delete || props.rowActions || onHistory) {
      const actionsOf = (row: CrudRow) => (
        <RowActions
          wrap={!phoneView}
          vertical={phoneView}
          edit={can.update ? { label: t('crud.edit'), onClick: () => void openEdit(row) } : undefined}
          remove={
            can.delete && (props.rowDeletable?.(row) ?? true)
              ? {
                  label: t('crud.delete'),
                  confirm: {
                    title: t('crud.confirmDeleteThing', { thing, name: recordName(row) }),
                    okText: t('crud.delete'),
                    cancelText: t('common.cancel'),
                    danger: true,
                  },
                  onConfirm: () => remove.mutateAsync([row.id]),
                }
              : undefined
          }
          extra={
            <>
              {props.rowActions?.(row)}
              {onHistory && (
                <Button
                  type="link"
                  size="small"
                  icon={<HistoryOutlined />}
                  aria-label={`${t('crud.history.action')}: ${recordName(row)}`}
                  onClick={() => onHistory(row)}
                >
                  {t('crud.history.action')}
                </Button>
              )}
            </>
          }
        />
      );
      list.push({
        key: '__actions',
        // On a phone the column is one button wide: its header says it to a reader only.
        title: phoneView ? <span className="sr-only">{t('crud.actions')}</span> : t('crud.actions'),
        className: PIN_END,
        width: phoneView ? PHONE_ACTIONS_WIDTH : 160,
        render: (_: unknown, row: CrudRow) =>
          phoneView ? (
            <RowMenu label={t('crud.actions')} name={recordName(row)}>
              {actionsOf(row)}
            </RowMenu>
          ) : (
            actionsOf(row)
          ),
      });
    }
    return list;
  }, [
    props.columns,
    hiddenColumns,
    sorter,
    can.update,
    can.delete,
    props.rowActions,
    onHistory,
    props.rowDeletable,
    props.recordName,
    t,
    locale,
    pinFirst,
    phoneView,
  ]);
}
