import type { CreateOf, Entity, EntityRowOf, ListOf, PageResult } from '@backroom/contract';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { Callable } from '../request';

/*
 * The CRUD page's types. A screen names its entity (`<CrudPage entity={sysParam} … />`) and every
 * key it writes is checked against that declaration: a column's key against the row the page
 * returns, a field's name against what add and update accept, a filter against the page's
 * filters, and render, when, rowActions, defaults and beforeSubmit get the typed row or values.
 * Inside, the kit serves any entity: it reads rows as `CrudRow` and values as `CrudValues`.
 */

/** A record as the kit's machinery reads any entity's rows. */
export type CrudRow = Record<string, unknown> & { id: number };
/** Form values as the kit's machinery reads them. */
export type CrudValues = Record<string, unknown>;

/** A row of the entity as page and info return it: visible columns, joined and read fields, id and times. */
export type CrudRowOf<E> = EntityRowOf<E>;

/** What the add and update forms edit: the entity's visible columns and its declared write fields. */
export type FormValuesOf<E> =
  E extends Entity<infer C, infer _X, infer _S, infer _Q, infer _J, infer W> ? Partial<CreateOf<C, W>> : never;

/** What the page call filters by besides keyword and order: the declared equality, like and extra filters. */
export type PageParamsOf<E> =
  E extends Entity<infer C, infer _X, infer _S, infer Q, infer _J, infer _W, infer F>
    ? Partial<Omit<ListOf<C, Q, F>, 'keyWord' | 'order' | 'sort'>>
    : never;

type KeyOf<T> = Extract<keyof T, string>;

type ColumnSpecFor<Row, K extends keyof Row> = {
  key: K;
  /** Defaults to the column's label in the declaration. */
  title?: ReactNode;
  width?: number;
  render?: (value: Row[K], row: Row) => ReactNode;
  /** Orderable on the server; defaults to whether the declaration allows ordering by it. */
  sortable?: boolean;
  /** Hidden until the user shows it in the column settings. */
  hidden?: boolean;
  ellipsis?: boolean;
  /**
   * Shown on a phone too (what the row is: a name, a phone, a status). Where a screen marks any,
   * a phone shows those alone, with the row's actions in one menu, and nothing scrolls sideways.
   */
  onPhone?: true;
  /**
   * Its width where a phone shows the phone columns alone (the others share what is left): for a
   * column whose content has a least width, a masked phone and its show button on one line.
   */
  phoneWidth?: number;
};

/** A table column: one per key of the row, so `render` gets that key's value type. */
export type ColumnSpec<Row = CrudRow> = { [K in KeyOf<Row>]: ColumnSpecFor<Row, K> }[KeyOf<Row>];

type FieldSpecFor<Values, K extends keyof Values> = {
  name: K;
  label?: ReactNode;
  /** The input; a text input when absent. */
  input?: ReactNode;
  /** Full width (24) or half (12, the default on wide screens). */
  span?: 12 | 24;
  /** Shown only when this returns true for the form's current values. */
  when?: (values: Values) => boolean;
  /** Only on add, or only on edit. */
  only?: 'add' | 'edit';
  extraRules?: Rule[];
  /**
   * False: the schema's own rule is left out, for a field whose extra rules say all there is to say
   * about its value and say more than the schema (a password under the server's policy): one rule, one message.
   */
  schemaRule?: false;
  /** Required in this form even where the schema lets the field be absent (a new user's password). */
  required?: boolean;
  valuePropName?: string;
  tooltip?: ReactNode;
  /**
   * Where the input holds the value in another form than the body carries it (a json column edited
   * as text): `format` turns the record's value into the input's, `parse` the input's back into
   * the body's and throws, with the message to show, on what it cannot read.
   */
  format?: (value: Values[K]) => unknown;
  parse?: (input: unknown) => Values[K];
};

/** A form field: one per key of the add/update body. */
export type FieldSpec<Values = CrudValues> = { [K in KeyOf<Values>]: FieldSpecFor<Values, K> }[KeyOf<Values>];

export type FilterOption = { label: ReactNode; value: string | number | boolean };

/**
 * A filter above the table: a choice among `options`, or (`text`) a text the page's like filter
 * (the declaration's fieldLike) matches anywhere in the column.
 */
export type FilterSpec<Name extends string = string> = {
  name: Name;
  label: ReactNode;
} & ({ options: FilterOption[]; text?: undefined } | { text: true; options?: undefined });

type FieldChange<Values, K extends keyof Values> = Omit<Partial<FieldSpecFor<Values, K>>, 'name'>;

/**
 * Changes to one key of a derived screen, leaving the rest as the declaration gives it: `title`
 * for both the column and the field, `column` and `field` for either alone (false leaves it out;
 * a list of field changes makes variants of the field, each shown by its `when`), `filter` for
 * its filter.
 */
export type Override<Row, Values, K extends string> = {
  title?: ReactNode;
  column?: K extends keyof Row ? false | Omit<Partial<ColumnSpecFor<Row, K>>, 'key'> : never;
  field?: K extends keyof Values ? false | FieldChange<Values, K> | FieldChange<Values, K>[] : never;
  filter?: false | Partial<Omit<FilterSpec, 'name'>>;
};
export type Overrides<Row, Values> = { [K in KeyOf<Row> | KeyOf<Values>]?: Override<Row, Values, K> };

export type CrudProps<E, Row, Values, Params> = {
  entity: E;
  /** The table's columns; derived from the declaration when absent (see crud-defaults). */
  columns?: ColumnSpec<Row>[];
  /** The add/edit form's fields; derived from the declaration when absent. */
  fields?: FieldSpec<Values>[];
  /** Choices above the table; on a derived screen, one per enum, bool or dict equality filter when absent. */
  filters?: FilterSpec<Extract<keyof Params, string>>[];
  /** Changes to the derived columns, fields and filters, key by key. */
  overrides?: Overrides<Row, Values>;
  /** Extra page parameters (the user page's departmentIds). */
  params?: Params;
  /** Values a new record starts with (on a derived screen, the declaration's defaults come first). */
  defaults?: Values;
  /** Reads the full record (info) before editing, for fields the page does not carry (roleIdList…). */
  editWithInfo?: boolean;
  /** The screen changes rows its own way (a switch, a dialog of its own): no derived edit form. */
  noEditForm?: boolean;
  /**
   * The screen removes rows its own way (a plugin is uninstalled, with words and a confirmation of
   * its own): no delete button, batch delete or row selection from the kit.
   */
  noDelete?: boolean;
  /** Adjusts the values before they are sent. */
  beforeSubmit?: (values: Values, mode: 'add' | 'edit') => Values;
  /**
   * Adds through another call than the standard add (a create verb with checks of its own), under
   * that call's permission; a rejected `send` keeps the dialog open. Offers add even where the
   * entity serves no standard add.
   */
  addWith?: { perm: string; send: (values: Values) => Promise<unknown> };
  /** Deletes through another call than the standard delete (a batch delete verb), under that call's permission. */
  removeWith?: { perm: string; send: (ids: number[]) => Promise<unknown> };
  toolbar?: ReactNode;
  /** A line above the toolbar: what a link's URL filters the list by (core/crud/url-filters.tsx). */
  banner?: ReactNode;
  rowActions?: (row: Row) => ReactNode;
  /** Each row offers its History (who changed what, base/sys/audit record) in a drawer. */
  history?: boolean;
  /**
   * The record's name in the edit dialog's title and the delete confirmation ("Edit user: alice");
   * the declaration's naming column when absent (core/crud/record-name.ts).
   */
  recordName?: (row: Row) => string;
  /** Whether a row offers delete (a locked superuser role does not); every row when absent. */
  rowDeletable?: (row: Row) => boolean;
  /** Called after any successful change. */
  onChanged?: () => void;
  formWidth?: number;
  /** Selection across pages is reported here (move users…). */
  onSelect?: (ids: number[]) => void;
  /** Whether a row can be picked for the screen's own batch action (a restored record cannot); every row when absent. */
  rowSelectable?: (row: Row) => boolean;
  /** The selection, when the screen holds it (to clear it after its own action); otherwise kept inside. */
  selectedIds?: number[];
  title?: ReactNode;
  /** The keyword box's placeholder, naming what it searches; "Search" when absent. */
  keywordPlaceholder?: string;
  /** A line under the toolbar about the keyword searched now (what it cannot find); nothing when absent or null. */
  searchNote?: (keyWord: string) => ReactNode;
};

/** A CrudPage's props, typed by its entity. */
export type CrudPageProps<E extends Entity> = CrudProps<E, CrudRowOf<E>, FormValuesOf<E>, PageParamsOf<E>>;

/** The props as the kit's machinery reads them, for any entity. */
export type LooseCrudProps = CrudProps<Entity, CrudRow, CrudValues, CrudValues>;
/** The same with the columns and fields settled (given by the screen, or derived). */
export type SettledCrudProps = LooseCrudProps & { columns: ColumnSpec[]; fields: FieldSpec[] };

/** Columns and fields of a screen that names its entity: `const fields: FieldOf<typeof sysUser>[]`. */
export type ColumnOf<E> = ColumnSpec<CrudRowOf<E>>;
export type FieldOf<E> = FieldSpec<FormValuesOf<E>>;

/** A row being edited, or a new one being added. */
export type Editing = { mode: 'add' | 'edit'; row?: CrudRow };

/**
 * The standard calls as the kit makes them for any entity. Each is the entity's own declared
 * endpoint; the kit reads its rows as CrudRow (every row has an id), the screen's props having
 * been checked against the declaration's own types.
 */
export type CrudApi = {
  page: Callable<z.ZodType, PageResult<CrudRow>>;
  info: Callable<z.ZodType, CrudRow>;
  add: Callable<z.ZodType, unknown>;
  update: Callable<z.ZodType, unknown>;
  delete: Callable<z.ZodType, unknown>;
};

export function crudApi(entity: Entity): CrudApi {
  return entity.api as unknown as CrudApi;
}
