import type { Entity } from '@backroom/contract';
import { Table } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferred, deferredDialog } from '../lazy';
import { useScreen } from '../screen';
import { useCrudColumns } from './crud-columns';
import { CrudToolbar } from './crud-toolbar';
import type { CrudPageProps, CrudRow, LooseCrudProps, SettledCrudProps } from './crud-types';
import { loadFieldKinds } from './field-kinds';
import { LoadError, serverPaging } from './parts';
import { ScrollCue } from './scroll-cue';
import { plannedWidth } from './table-width';
import { useCrudPage } from './use-crud-page';

export type {
  ColumnOf,
  ColumnSpec,
  CrudPageProps,
  CrudRow,
  CrudRowOf,
  Editing,
  FieldOf,
  FieldSpec,
  FilterSpec,
  FormValuesOf,
  Overrides,
} from './crud-types';

// Defined beside the page's state (which reads it) and offered here with the rest of the page's API.
export { crudQueryKey } from './use-crud-page';

// A record's history loads the first time someone opens one.
const HistoryDrawer = deferredDialog(
  () => import('./history').then((m) => m.HistoryDrawer),
  (props) => props.record !== null,
);

// The add/edit dialog (antd's Form, the zod rules) loads the first time someone adds or edits.
const CrudForm = deferredDialog(
  () => import('./crud-form').then((m) => m.CrudForm),
  (props) => props.editing !== null,
);

/*
 * A screen that leaves its columns or fields to the declaration loads the code that derives them
 * (and the inputs it picks) with it: screens that list their own never download it.
 */
// With the modules' field kinds (the file space's picture inputs, the rich-text editor), which load
// with it rather than at start (field-kinds.ts).
const DerivedCrudPage = deferred(() =>
  Promise.all([import('./crud-defaults'), loadFieldKinds()]).then(([m]) => m.DerivedCrudPage),
);

/** The checkbox column's width (antd's own, 32 px), so the planned width and the pinning add up. */
const SELECTION_WIDTH = 32;

/**
 * The custom properties the pinned cells and the sideways scroll read (pinned-columns.css): the
 * table's planned width (or its content's), and where the first column sticks.
 */
function tableWidth(width: number | undefined, selection: boolean): CSSProperties {
  return {
    '--crud-table-width': width === undefined ? 'max-content' : `${width}px`,
    '--crud-pin-offset': selection ? `${SELECTION_WIDTH}px` : '0px',
  } as CSSProperties;
}

/**
 * A whole management screen from an entity declaration: keyword search, filters, server-side
 * sorting and paging, column settings, refresh, add/edit forms validated by the declaration's own
 * zod schemas, delete and batch delete with confirmation. Buttons the user may not use are hidden.
 *
 * `<CrudPage entity={x} />` alone derives the columns, filters and form from the declaration
 * (crud-defaults.tsx); `overrides` changes them key by key, and `columns`, `fields` and `filters`
 * replace them. Every key is typed by the entity: a misspelt column or field does not compile.
 */
export function CrudPage<E extends Entity>(props: CrudPageProps<E>) {
  // The kit serves any entity; the screen's keys, rows and values were checked against E above.
  const loose = props as unknown as LooseCrudProps;
  const { columns, fields } = loose;
  if (columns && fields) return <CrudView {...loose} columns={columns} fields={fields} />;
  return <DerivedCrudPage {...loose} />;
}

/**
 * The screen once its columns and fields are settled. The state lives in useCrudPage; the
 * toolbar, the columns and the dialog are parts of their own.
 */
export function CrudView(props: SettledCrudProps) {
  const { t } = useTranslation();
  const state = useCrudPage(props);
  // A record's History opens in a drawer of its own (history.tsx).
  const [history, setHistory] = useState<{ id: number; name: string } | null>(null);
  const columns = useCrudColumns(
    props,
    state,
    props.history ? (row) => setHistory({ id: row.id, name: state.recordName(row) }) : undefined,
  );
  const { query, can, selected, page, size } = state;
  // On a phone the checkboxes scroll with the rows; on wider screens they stay with the first column.
  const phone = useScreen() === 'xs';
  const pinFirst = !phone;
  // A phone showing the screen's phone columns alone: they share the width, nothing scrolls sideways.
  const phoneView = phone && props.columns.some((c) => c.onPhone);
  const selectable = Boolean(can.delete || props.onSelect);
  const width = plannedWidth(columns, selectable ? SELECTION_WIDTH : 0);

  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <div className="crud">
      {props.banner}
      <CrudToolbar props={props} state={state} />
      {state.search !== '' && props.searchNote?.(state.search)}
      <ScrollCue>
        <Table<CrudRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isFetching}
          // The table keeps its planned width and its own box scrolls sideways (pinned-columns.css);
          // a phone view fits its box.
          tableLayout={phoneView || width !== undefined ? 'fixed' : 'auto'}
          className={
            phoneView ? 'crud-table crud-table-phone' : pinFirst ? 'crud-table crud-table-pin-first' : 'crud-table'
          }
          style={phoneView ? undefined : tableWidth(width, selectable)}
          rowSelection={
            selectable
              ? {
                  columnWidth: SELECTION_WIDTH,
                  selectedRowKeys: selected,
                  onChange: (keys) => state.setSelected(keys.map(Number)),
                  // Rows that cannot be deleted are not picked for a batch delete; a screen that selects
                  // for its own action says which rows it takes.
                  getCheckboxProps: (row) => ({
                    disabled: props.onSelect
                      ? props.rowSelectable !== undefined && !props.rowSelectable(row)
                      : props.rowDeletable !== undefined && !props.rowDeletable(row),
                  }),
                }
              : undefined
          }
          onChange={(pagination, _filters, sort) => {
            const s = (Array.isArray(sort) ? sort[0] : sort) as SorterResult<CrudRow> | undefined;
            const order = s?.order ? String(s.columnKey) : undefined;
            state.handleTableChange({
              page: pagination.current,
              size: pagination.pageSize,
              sorter: order ? { order, sort: s?.order === 'ascend' ? 'asc' : 'desc' } : {},
            });
          }}
          pagination={serverPaging(t, page, size, query.data?.pagination.total ?? 0)}
        />
      </ScrollCue>
      <CrudForm
        entity={props.entity}
        fields={props.fields}
        editing={state.editing}
        defaults={props.defaults}
        beforeSubmit={props.beforeSubmit}
        add={props.addWith?.send}
        width={props.formWidth}
        recordName={state.recordName}
        labelOf={state.labelOf}
        onClose={() => state.setEditing(null)}
        onSaved={state.changed}
      />
      {props.history && <HistoryDrawer entity={props.entity} record={history} onClose={() => setHistory(null)} />}
    </div>
  );
}
