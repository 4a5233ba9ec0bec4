import type { Column, ColumnFlags, ColumnKind, TableBase, TableDecl, Tables } from '@backroom/contract';
import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * The database's row types, derived from the table declarations (packages/contract): the one
 * source of what a table holds. A column's stored type is its wire type, except that JSON is kept
 * as text and a bool as the dialect keeps it; a column with a default or null may be left out of
 * an insert.
 */

/** Bool columns read back as 0/1 on SQLite and MySQL and as booleans on PostgreSQL. */
export type DbBool = boolean | number;

type Stored<T, K extends ColumnKind> = K extends 'json'
  ? null extends T
    ? string | null
    : string
  : K extends 'bool'
    ? null extends T
      ? DbBool | null
      : DbBool
    : T;

type StoredColumn<C> =
  C extends Column<infer T, infer K, infer F extends ColumnFlags>
    ? F['optional'] extends true
      ? ColumnType<Stored<T, K>, Stored<T, K> | undefined, Stored<T, K>>
      : Stored<T, K>
    : never;

type BaseColumns<B extends TableBase> = B extends 'entity'
  ? { id: Generated<number>; createTime: string; updateTime: string }
  : B extends 'id'
    ? { id: Generated<number> }
    : unknown;

/** The Kysely table type of one declaration. */
export type TableOf<D extends TableDecl> = BaseColumns<D['base']> & {
  [K in keyof D['columns']]: StoredColumn<D['columns'][K]>;
};

/** Every table, by name, as Kysely sees it. */
export type Database = { [N in keyof Tables]: TableOf<Tables[N]> };

/** A row of a table as a select reads it. */
export type TableRow<N extends keyof Database> = Selectable<Database[N]>;
