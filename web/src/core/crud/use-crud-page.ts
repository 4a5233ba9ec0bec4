import type { Entity, StandardAction } from '@backroom/contract';
import { keepPreviousData, useMutation, usePrefetchQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../app-feedback';
import type { Locale } from '../i18n';
import { usePerm } from '../permission';
import { call } from '../request';
import { useColumnSettings } from './column-settings';
import { type CrudRow, crudApi, type Editing, type SettledCrudProps } from './crud-types';
import { recordNameOf, thingOf } from './record-name';

/** The key of an entity's table data: invalidate it to reload the table after a change made elsewhere. */
export const crudQueryKey = (entity: Entity) => ['crud', entity.prefix] as const;

/** The server-side order of the table: a column and a direction, or none. */
export type Sorter = { order?: string; sort?: 'asc' | 'desc' };

const BASE_LABELS: Record<string, string> = {
  id: 'crud.id',
  createTime: 'crud.createTime',
  updateTime: 'crud.updateTime',
};

/**
 * What a CrudPage knows and does: which actions the user may use, the page request (keyword,
 * filters, order, paging) and its answer, the selection, the hidden columns, the record in the
 * dialog, and delete.
 */
export function useCrudPage(props: SettledCrudProps) {
  const { entity } = props;
  const api = crudApi(entity);
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const locale = i18n.language as Locale;
  // An action shows only when the entity serves it (a read-only log declares just 'page') and the user may use it.
  const serves = (action: StandardAction) => entity.standard.includes(action);
  // A screen that adds or deletes through a verb of its own asks for that verb's permission instead.
  const canAddStandard = usePerm(entity.perms.add ?? '\u0000') && serves('add');
  const canAddWith = usePerm(props.addWith?.perm ?? '\u0000');
  const canAdd = props.addWith ? canAddWith : canAddStandard;
  const canUpdate = usePerm(entity.perms.update ?? '\u0000') && serves('update') && props.noEditForm !== true;
  const canDeleteStandard = usePerm(entity.perms.delete ?? '\u0000') && serves('delete');
  const canDeleteWith = usePerm(props.removeWith?.perm ?? '\u0000');
  const canDelete = props.noDelete !== true && (props.removeWith ? canDeleteWith : canDeleteStandard);
  const canInfo = usePerm(entity.perms.info ?? '\u0000') && serves('info');
  // Excel export and import show when the entity declares them and the user holds their permissions.
  const perms = entity.perms as Readonly<Record<string, string | undefined>>;
  const canExport = usePerm(perms.export ?? '\u0000') && entity.excel !== null;
  const canImport =
    usePerm({ and: [perms.import ?? '\u0000', perms.importCheck ?? '\u0000', perms.importCommit ?? '\u0000'] }) &&
    entity.excel !== null;

  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [sorter, setSorter] = useState<Sorter>({});
  const [ownSelected, setOwnSelected] = useState<number[]>([]);
  const selected = props.selectedIds ?? ownSelected;
  const setSelected = (ids: number[]) => {
    setOwnSelected(ids);
    props.onSelect?.(ids);
  };
  const { hiddenColumns, toggleColumn, resetColumns } = useColumnSettings(entity.prefix, props.columns);
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

  /** What the screen lists ("user") and a record's name ("alice"), for titles and confirmations. */
  const thing = thingOf(entity, locale);
  const recordName = (row: CrudRow) => props.recordName?.(row) ?? recordNameOf(entity, row);

  const pageRequest = {
    queryKey: [...crudQueryKey(entity), { page, size, search, filters, sorter, params: props.params }],
    queryFn: () =>
      call(api.page, {
        page,
        size,
        ...(search ? { keyWord: search } : {}),
        ...filters,
        ...sorter,
        ...props.params,
      }),
  };
  // Asked for while the screen renders, not after it has been drawn: on a first open the rows then
  // arrive while the empty table is still being laid out (bench/browser.mjs).
  usePrefetchQuery(pageRequest);
  const query = useQuery({ ...pageRequest, placeholderData: keepPreviousData });

  const refresh = () => queryClient.invalidateQueries({ queryKey: crudQueryKey(entity) });
  const changed = async () => {
    await refresh();
    props.onChanged?.();
  };

  const remove = useMutation({
    mutationFn: (ids: number[]) => (props.removeWith ? props.removeWith.send(ids) : call(api.delete, { ids })),
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
    if (props.editWithInfo && canInfo) full = await call(api.info, { id: row.id });
    setEditing({ mode: 'edit', row: full });
  };

  /** A new search or filter starts from the first page. */
  const handleSearch = (value: string) => {
    setPage(1);
    setSearch(value.trim());
  };
  const handleFilter = (name: string, value: unknown) => {
    setPage(1);
    setFilters((current) => ({ ...current, [name]: value ?? undefined }));
  };
  /** The table's paging and ordering; another page size starts from the first page. */
  const handleTableChange = (next: { page?: number; size?: number; sorter: Sorter }) => {
    setSorter(next.sorter);
    if (next.page) setPage(next.page);
    if (next.size && next.size !== size) {
      setSize(next.size);
      setPage(1);
    }
  };

  return {
    can: { add: canAdd, update: canUpdate, delete: canDelete, export: canExport, import: canImport },
    /** The list filters the table shows now (keyword, filters, order, the screen's params): what an export takes. */
    listFilters: { ...(search ? { keyWord: search } : {}), ...filters, ...sorter, ...props.params },
    /** The keyword the list is searched by now ('' for none). */
    search,
    locale,
    labelOf,
    thing,
    recordName,
    query,
    page,
    size,
    filters,
    sorter,
    selected,
    setSelected,
    hiddenColumns,
    toggleColumn,
    resetColumns,
    editing,
    setEditing,
    openEdit,
    remove,
    refresh,
    changed,
    handleSearch,
    handleFilter,
    handleTableChange,
  };
}

export type CrudPageState = ReturnType<typeof useCrudPage>;
