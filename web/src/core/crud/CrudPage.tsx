import { DeleteOutlined, EditOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import type { Entity, PageResult, StandardAction } from '@backroom/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Input, Popconfirm, Popover, Select, Space, Table, type TableColumnType } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../app-feedback';
import type { Locale } from '../i18n';
import { deferredDialog } from '../lazy';
import { usePerm } from '../permission';
import { api } from '../request';
import { useScreen } from '../screen';
import { LoadError, RefreshButton } from './parts';
import { ScrollCue } from './scroll-cue';

/** A record as the page and info calls return it. */
export type CrudRow = Record<string, unknown> & { id: number };

/** A row being edited, or a new one being added. */
export type Editing = { mode: 'add' | 'edit'; row?: CrudRow };

// The add/edit dialog (antd's Form, the zod rules) loads the first time someone adds or edits.
const CrudForm = deferredDialog(
  () => import('./crud-form').then((m) => m.CrudForm),
  (props) => props.editing !== null,
);

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

/** The key of an entity's table data: invalidate it to reload the table after a change made elsewhere. */
export const crudQueryKey = (entity: Entity) => ['crud', entity.prefix] as const;

const BASE_LABELS: Record<string, string> = {
  id: 'crud.id',
  createTime: 'crud.createTime',
  updateTime: 'crud.updateTime',
};

/**
 * A whole management screen from an entity declaration: keyword search, filters, server-side
 * sorting and paging, column settings, refresh, add/edit forms validated by the declaration's own
 * zod schemas, delete and batch delete with confirmation. Buttons the user may not use are hidden.
 */
export function CrudPage(props: CrudPageProps) {
  const { entity } = props;
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const locale = i18n.language as Locale;
  // On a phone the row actions stay in view and the rest scrolls; on wider screens the first column
  // (what the row is) stays too.
  const pinFirst = useScreen() !== 'xs';
  // An action shows only when the entity serves it (a read-only log declares just 'page') and the user may use it.
  const serves = (action: StandardAction) => entity.standard.includes(action);
  const canAdd = usePerm(entity.perms.add ?? '\u0000') && serves('add');
  const canUpdate = usePerm(entity.perms.update ?? '\u0000') && serves('update');
  const canDelete = usePerm(entity.perms.delete ?? '\u0000') && serves('delete');
  const canInfo = usePerm(entity.perms.info ?? '\u0000') && serves('info');

  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [keyWord, setKeyWord] = useState('');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [sorter, setSorter] = useState<{ order?: string; sort?: 'asc' | 'desc' }>({});
  const [ownSelected, setOwnSelected] = useState<number[]>([]);
  const selected = props.selectedIds ?? ownSelected;
  const setSelected = (ids: number[]) => {
    setOwnSelected(ids);
    props.onSelect?.(ids);
  };
  const [hiddenColumns, setHiddenColumns] = useState<Set<string>>(
    () => new Set(props.columns.filter((c) => c.hidden).map((c) => c.key)),
  );
  const [editing, setEditing] = useState<Editing | null>(null);

  // Other parameters (another department) start again from the first page.
  const paramsKey = JSON.stringify(props.params ?? {});
  const [pageParams, setPageParams] = useState(paramsKey);
  if (pageParams !== paramsKey) {
    setPageParams(paramsKey);
    setPage(1);
  }

  const labelOf = (key: string): string => {
    const column = entity.columns[key];
    if (column) return column.label[locale];
    const joined = entity.joined[key];
    if (joined) return joined.label[locale];
    return BASE_LABELS[key] ? t(BASE_LABELS[key]) : key;
  };

  const queryKey = [...crudQueryKey(entity), { page, size, search, filters, sorter, params: props.params }];
  const query = useQuery({
    queryKey,
    queryFn: () =>
      api.post<PageResult<CrudRow>>(`${entity.prefix}/page`, {
        page,
        size,
        ...(search ? { keyWord: search } : {}),
        ...filters,
        ...sorter,
        ...props.params,
      }),
    placeholderData: keepPreviousData,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: crudQueryKey(entity) });
  const changed = async () => {
    await refresh();
    props.onChanged?.();
  };

  const remove = useMutation({
    mutationFn: (ids: number[]) => api.post(`${entity.prefix}/delete`, { ids }),
    onSuccess: async (_data, ids) => {
      void message.success(t('crud.deleted'));
      setSelected(selected.filter((id) => !ids.includes(id)));
      // The last row of the last page went: step back a page.
      const list = query.data?.list ?? [];
      if (page > 1 && list.every((r) => ids.includes(r.id))) setPage(page - 1);
      await changed();
    },
  });

  const openEdit = async (row?: CrudRow) => {
    if (!row) {
      setEditing({ mode: 'add' });
      return;
    }
    let full = row;
    if (props.editWithInfo && canInfo) full = await api.get<CrudRow>(`${entity.prefix}/info`, { id: row.id });
    setEditing({ mode: 'edit', row: full });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when what the columns show changes; the handlers they call are stable in effect.
  const columns: TableColumnType<CrudRow>[] = useMemo(() => {
    const list: TableColumnType<CrudRow>[] = props.columns
      .filter((c) => !hiddenColumns.has(c.key))
      .map((c, i) => ({
        key: c.key,
        fixed: pinFirst && i === 0 ? 'left' : undefined,
        dataIndex: c.key,
        title: c.title ?? labelOf(c.key),
        width: c.width,
        ellipsis: c.ellipsis ?? true,
        sorter: (c.sortable ?? entity.orderable.has(c.key)) ? true : undefined,
        sortOrder: sorter.order === c.key ? (sorter.sort === 'asc' ? 'ascend' : 'descend') : null,
        render: c.render ? (value: unknown, row: CrudRow) => c.render?.(value, row) : undefined,
      }));
    if (canUpdate || canDelete || props.rowActions) {
      list.push({
        key: '__actions',
        title: t('crud.actions'),
        fixed: 'right',
        width: 160,
        render: (_: unknown, row: CrudRow) => (
          <Space size={0} wrap>
            {canUpdate && (
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void openEdit(row)}>
                {t('crud.edit')}
              </Button>
            )}
            {canDelete && (props.rowDeletable?.(row) ?? true) && (
              <Popconfirm
                title={t('crud.confirmDelete')}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => remove.mutateAsync([row.id])}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                  {t('crud.delete')}
                </Button>
              </Popconfirm>
            )}
            {props.rowActions?.(row)}
          </Space>
        ),
      });
    }
    return list;
  }, [
    props.columns,
    hiddenColumns,
    sorter,
    canUpdate,
    canDelete,
    props.rowActions,
    props.rowDeletable,
    t,
    locale,
    pinFirst,
  ]);

  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <div className="crud">
      <div className="crud-toolbar">
        <Space wrap>
          <RefreshButton onRefresh={() => void refresh()} />
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void openEdit()} data-testid="crud-add">
              {t('crud.add')}
            </Button>
          )}
          {canDelete && (
            <Popconfirm
              title={t('crud.confirmBatchDelete', { count: selected.length })}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              disabled={selected.length === 0}
              onConfirm={() => remove.mutateAsync(selected)}
            >
              <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0}>
                {t('crud.batchDelete')}
              </Button>
            </Popconfirm>
          )}
          {props.toolbar}
        </Space>
        <Space wrap className="crud-search">
          {props.filters?.map((f) => (
            <Select
              key={f.name}
              allowClear
              placeholder={f.label}
              aria-label={typeof f.label === 'string' ? f.label : f.name}
              style={{ minWidth: 120 }}
              options={f.options}
              value={filters[f.name] as string | number | undefined}
              onChange={(value) => {
                setPage(1);
                setFilters((current) => ({ ...current, [f.name]: value ?? undefined }));
              }}
            />
          ))}
          <Input.Search
            allowClear
            placeholder={props.keywordPlaceholder ?? t('crud.keyword')}
            aria-label={props.keywordPlaceholder ?? t('crud.keyword')}
            value={keyWord}
            maxLength={100}
            onChange={(e) => setKeyWord(e.target.value)}
            onSearch={(value) => {
              setPage(1);
              setSearch(value.trim());
            }}
            style={{ width: 220 }}
          />
          <Popover
            trigger="click"
            placement="bottomRight"
            title={t('crud.columns')}
            content={
              <div className="crud-columns">
                {props.columns.map((c) => (
                  <Checkbox
                    key={c.key}
                    checked={!hiddenColumns.has(c.key)}
                    onChange={(e) =>
                      setHiddenColumns((current) => {
                        const next = new Set(current);
                        if (e.target.checked) next.delete(c.key);
                        else next.add(c.key);
                        return next;
                      })
                    }
                  >
                    {c.title ?? labelOf(c.key)}
                  </Checkbox>
                ))}
              </div>
            }
          >
            <Button icon={<SettingOutlined />} aria-label={t('crud.columns')} />
          </Popover>
        </Space>
      </div>
      <ScrollCue>
        <Table<CrudRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          rowSelection={
            canDelete || props.onSelect
              ? {
                  fixed: pinFirst,
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
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
            setSorter(order ? { order, sort: s?.order === 'ascend' ? 'asc' : 'desc' } : {});
            if (pagination.current) setPage(pagination.current);
            if (pagination.pageSize && pagination.pageSize !== size) {
              setSize(pagination.pageSize);
              setPage(1);
            }
          }}
          pagination={{
            current: page,
            pageSize: size,
            total: query.data?.pagination.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('crud.total', { total }),
          }}
        />
      </ScrollCue>
      <CrudForm
        entity={entity}
        fields={props.fields}
        editing={editing}
        defaults={props.defaults}
        beforeSubmit={props.beforeSubmit}
        width={props.formWidth}
        labelOf={labelOf}
        onClose={() => setEditing(null)}
        onSaved={changed}
      />
    </div>
  );
}
