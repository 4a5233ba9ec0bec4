import type { Entity } from '@backroom/contract';
import { Table } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredDialog } from '../lazy';
import { useScreen } from '../screen';
import { useCrudColumns } from './crud-columns';
import { CrudToolbar } from './crud-toolbar';
import { LoadError, serverPaging } from './parts';
import { ScrollCue } from './scroll-cue';
import { useCrudPage } from './use-crud-page';

/** A record as the page and info calls return it. */
export type CrudRow = Record<string, unknown> & { id: number };

/** A row being edited, or a new one being added. */
export type Editing = { mode: 'add' | 'edit'; row?: CrudRow };

export type ColumnSpec = {
  key: string;
  /** Defaults to the column's label in the declaration. */
  title?: ReactNode;
  width?: number;
  render?: (value: unknown, row: CrudRow) => ReactNode;
  /** Orderable on the server; defaults to whether the declaration allows ordering by it. */
  sortable?: boolean;
  /** Hidden until the user shows it in the column settings. */
  hidden?: boolean;
  ellipsis?: boolean;
};

export type FieldSpec = {
  name: string;
  label?: ReactNode;
  /** The input; a text input when absent. */
  input?: ReactNode;
  /** Full width (24) or half (12, the default on wide screens). */
  span?: 12 | 24;
  /** Shown only when this returns true for the form's current values. */
  when?: (values: Record<string, unknown>) => boolean;
  /** Only on add, or only on edit. */
  only?: 'add' | 'edit';
  extraRules?: import('antd/es/form').Rule[];
  /** Required in this form even where the schema lets the field be absent (a new user's password). */
  required?: boolean;
  valuePropName?: string;
  tooltip?: ReactNode;
};

export type FilterSpec = {
  name: string;
  label: ReactNode;
  options: { label: ReactNode; value: string | number | boolean }[];
};

export type CrudPageProps = {
  entity: Entity;
  columns: ColumnSpec[];
  fields: FieldSpec[];
  filters?: FilterSpec[];
  /** Extra page parameters (the user page's departmentIds). */
  params?: Record<string, unknown>;
  /** Values a new record starts with. */
  defaults?: Record<string, unknown>;
  /** Reads the full record (info) before editing, for fields the page does not carry (roleIdList…). */
  editWithInfo?: boolean;
  /** Adjusts the values before they are sent. */
  beforeSubmit?: (values: Record<string, unknown>, mode: 'add' | 'edit') => Record<string, unknown>;
  toolbar?: ReactNode;
  rowActions?: (row: CrudRow) => ReactNode;
  /** Whether a row offers delete (a locked superuser role does not); every row when absent. */
  rowDeletable?: (row: CrudRow) => boolean;
  /** Called after any successful change. */
  onChanged?: () => void;
  formWidth?: number;
  /** Selection across pages is reported here (move users…). */
  onSelect?: (ids: number[]) => void;
  /** Whether a row can be picked for the screen's own batch action (a restored record cannot); every row when absent. */
  rowSelectable?: (row: CrudRow) => boolean;
  /** The selection, when the screen holds it (to clear it after its own action); otherwise kept inside. */
  selectedIds?: number[];
  title?: ReactNode;
  /** The keyword box's placeholder, naming what it searches; "Search" when absent. */
  keywordPlaceholder?: string;
};

// Defined beside the page's state (which reads it) and offered here with the rest of the page's API.
export { crudQueryKey } from './use-crud-page';

// The add/edit dialog (antd's Form, the zod rules) loads the first time someone adds or edits.
const CrudForm = deferredDialog(
  () => import('./crud-form').then((m) => m.CrudForm),
  (props) => props.editing !== null,
);

/**
 * A whole management screen from an entity declaration: keyword search, filters, server-side
 * sorting and paging, column settings, refresh, add/edit forms validated by the declaration's own
 * zod schemas, delete and batch delete with confirmation. Buttons the user may not use are hidden.
 * The state lives in useCrudPage; the toolbar, the columns and the dialog are parts of their own.
 */
export function CrudPage(props: CrudPageProps) {
  const { t } = useTranslation();
  const state = useCrudPage(props);
  const columns = useCrudColumns(props, state);
  const { query, can, selected, page, size } = state;
  // On a phone the checkboxes scroll with the rows; on wider screens they stay with the first column.
  const pinFirst = useScreen() !== 'xs';

  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <div className="crud">
      <CrudToolbar props={props} state={state} />
      <ScrollCue>
        <Table<CrudRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          rowSelection={
            can.delete || props.onSelect
              ? {
                  fixed: pinFirst,
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
        width={props.formWidth}
        labelOf={state.labelOf}
        onClose={() => state.setEditing(null)}
        onSaved={state.changed}
      />
    </div>
  );
}
