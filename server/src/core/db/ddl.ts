import type { Column, Columns, Entity } from '@backroom/contract';
import { type ColumnDataType, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { DbKind } from '../config.js';

/** The SQL type of a declared column on one dialect. */
export function sqlType(kind: DbKind, column: Column<unknown>): ColumnDataType | ReturnType<typeof sql.raw> {
  switch (column.kind) {
    case 'int':
      return 'integer';
    case 'string':
      return `varchar(${column.length ?? 255})`;
    case 'datetime':
      return 'varchar(19)';
    case 'text':
    case 'json':
      // MySQL's TEXT stops at 64 KB; rich-text params and JSON lists can be larger.
      return kind === 'mysql' ? sql.raw('mediumtext') : 'text';
    case 'bool':
      return 'boolean';
    case 'decimal':
      return 'decimal(14, 2)';
  }
}

function defaultFor(kind: DbKind, column: Column<unknown>): unknown {
  const value = column.defaultValue;
  if (value === undefined || column.kind === 'json' || column.kind === 'text') return undefined;
  if (column.kind === 'bool' && kind !== 'postgres') return value ? 1 : 0;
  return value;
}

// biome-ignore lint/suspicious/noExplicitAny: the schema builder is table-agnostic here.
type AnyDb = Kysely<any>;

/** `id`, `createTime`, `updateTime`, as every table has them. */
export function withBaseColumns<T extends string, C extends string>(
  kind: DbKind,
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C | 'id' | 'createTime' | 'updateTime'> {
  const withId =
    kind === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return withId
    .addColumn('createTime', 'varchar(19)', (c) => c.notNull())
    .addColumn('updateTime', 'varchar(19)', (c) => c.notNull());
}

export function tableOptions<T extends string, C extends string>(
  kind: DbKind,
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C> {
  return kind === 'mysql'
    ? table.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci`)
    : table;
}

/**
 * Creates an entity's table from its columns as they are declared when the migration is written.
 * A later change to a declaration needs a migration of its own; the schema drift test fails until it has one.
 */
export async function createEntityTable(db: AnyDb, kind: DbKind, entity: Pick<Entity, 'table' | 'columns'>) {
  let builder = withBaseColumns(kind, db.schema.createTable(entity.table));
  const columns: Columns = entity.columns;
  for (const [name, column] of Object.entries(columns)) {
    builder = builder.addColumn(name, sqlType(kind, column) as ColumnDataType, (c) => {
      let def = column.nullable ? c : c.notNull();
      const value = defaultFor(kind, column);
      if (value !== undefined) def = def.defaultTo(value);
      return def;
    });
  }
  await tableOptions(kind, builder).execute();
  for (const [name, column] of Object.entries(columns)) {
    if (column.unique) {
      await db.schema.createIndex(`uq_${entity.table}_${name}`).on(entity.table).column(name).unique().execute();
    } else if (column.index) {
      await db.schema.createIndex(`idx_${entity.table}_${name}`).on(entity.table).column(name).execute();
    }
  }
  await db.schema.createIndex(`idx_${entity.table}_createTime`).on(entity.table).column('createTime').execute();
}
