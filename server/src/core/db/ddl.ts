import type { DbKind } from '../config.js';
import {
  applyChange,
  type ColumnModel,
  gramTableName,
  type IndexModel,
  indexColumnsOn,
  pairTableName,
  type SchemaChange,
  type SchemaModel,
  type TableModel,
  type TextIndexPart,
  textIndexPartsChanged,
} from './schema-model.js';
import { literal, quote } from './sql-literals.js';
import { createTextIndexSql, dropTextIndexSql } from './text-index-ddl.js';

/**
 * Writes schema changes as SQL text for one dialect. Only the migration generator calls it: a
 * migration keeps the text it wrote then, so a later change here never alters a migration that
 * has run somewhere (docs/architecture.md, "Migrations").
 */

/** MySQL tables hold any Unicode text and sort it by the Unicode Collation Algorithm. */
const MYSQL_TABLE_OPTIONS = 'engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_520_ci';

function typeSql(kind: DbKind, column: ColumnModel): string {
  // MySQL's TEXT stops at 64 KB; rich-text params and JSON lists can be larger.
  if (column.type === 'text' && kind === 'mysql') return 'mediumtext';
  return column.type;
}

/** One column as it is written inside `create table` and `add column`. */
export function columnSql(kind: DbKind, column: ColumnModel): string {
  const name = quote(kind, column.name);
  if (column.primaryKey === 'auto' || column.primaryKey === 'rowid') {
    if (kind === 'postgres') return `${name} serial primary key`;
    if (kind === 'mysql') return `${name} integer primary key auto_increment`;
    // `rowid`: SQLite's rowid itself, no sqlite_sequence row to write per insert (TableDecl.rowid).
    return column.primaryKey === 'rowid' ? `${name} integer primary key` : `${name} integer primary key autoincrement`;
  }
  const parts = [name, typeSql(kind, column)];
  if (column.primaryKey === 'plain') parts.push('primary key');
  if (column.default !== undefined) parts.push(`default ${literal(kind, column.default)}`);
  if (!column.nullable && column.primaryKey !== 'plain') parts.push('not null');
  return parts.join(' ');
}

export function createIndexSql(kind: DbKind, table: string, index: IndexModel): string {
  if (index.name === null) throw new Error(`${table}: a new index needs a name`);
  const columns = indexColumnsOn(kind, index)
    .map((c) => quote(kind, c))
    .join(', ');
  return `create ${index.unique ? 'unique ' : ''}index ${quote(kind, index.name)} on ${quote(kind, table)} (${columns})`;
}

function dropIndexSql(kind: DbKind, table: string, index: IndexModel): string {
  if (index.name === null) {
    throw new Error(`${table}: the unique constraint on (${index.columns.join(', ')}) has no name of ours to drop`);
  }
  return kind === 'mysql'
    ? `drop index ${quote(kind, index.name)} on ${quote(kind, table)}`
    : `drop index ${quote(kind, index.name)}`;
}

export function createTableSql(kind: DbKind, table: TableModel, name = table.name): string[] {
  const columns = table.columns.map((c) => columnSql(kind, c)).join(', ');
  const options = kind === 'mysql' ? ` ${MYSQL_TABLE_OPTIONS}` : '';
  return [
    `create table ${quote(kind, name)} (${columns})${options}`,
    ...table.indexes.map((index) => createIndexSql(kind, table.name, index)),
    ...(table.textIndex ? createTextIndexSql(kind, table, table.textIndex) : []),
  ];
}

/**
 * SQLite alters a column only by building the table anew: a copy with the new definition, the rows
 * moved over, the old table dropped and the copy renamed, then its indexes made again.
 */
function rebuildSqlite(table: TableModel, before: TableModel): string[] {
  const temporary = `${table.name}__rebuild`;
  const kept = table.columns
    .filter((c) => before.columns.some((b) => b.name === c.name))
    .map((c) => quote('sqlite', c.name));
  const [create] = createTableSql('sqlite', { ...table, indexes: [] }, temporary);
  return [
    create as string,
    `insert into ${quote('sqlite', temporary)} (${kept.join(', ')}) select ${kept.join(', ')} from ${quote('sqlite', table.name)}`,
    `drop table ${quote('sqlite', table.name)}`,
    `alter table ${quote('sqlite', temporary)} rename to ${quote('sqlite', table.name)}`,
    ...table.indexes.map((index) => createIndexSql('sqlite', table.name, index)),
    // The triggers went with the old table: the text index is made anew over the moved rows.
    ...(table.textIndex
      ? [
          `drop table if exists ${quote('sqlite', table.textIndex.name)}`,
          ...(table.textIndex.identifiers?.length
            ? [`drop table if exists ${quote('sqlite', gramTableName(table.textIndex))}`]
            : []),
          ...(table.textIndex.pairs?.length
            ? [`drop table if exists ${quote('sqlite', pairTableName(table.textIndex))}`]
            : []),
          ...createTextIndexSql('sqlite', table, table.textIndex),
        ]
      : []),
  ];
}

function alterColumnSql(kind: DbKind, table: string, column: ColumnModel, before: ColumnModel): string[] {
  const t = quote(kind, table);
  const c = quote(kind, column.name);
  if (kind === 'mysql') return [`alter table ${t} modify column ${columnSql(kind, column)}`];
  const out: string[] = [];
  if (column.type !== before.type) {
    out.push(`alter table ${t} alter column ${c} type ${typeSql(kind, column)} using ${c}::${typeSql(kind, column)}`);
  }
  if (column.default !== before.default) {
    out.push(
      column.default === undefined
        ? `alter table ${t} alter column ${c} drop default`
        : `alter table ${t} alter column ${c} set default ${literal(kind, column.default)}`,
    );
  }
  if (column.nullable !== before.nullable) {
    out.push(`alter table ${t} alter column ${c} ${column.nullable ? 'drop' : 'set'} not null`);
  }
  return out;
}

/**
 * The SQL of the changes, in order, on one dialect. `before` is the schema they start from: SQLite
 * rebuilds a table whose columns change, and needs the table as it will be.
 */
export function renderChanges(kind: DbKind, changes: readonly SchemaChange[], before: SchemaModel): string[] {
  const out: string[] = [];
  let schema = before;
  const rebuilt = new Set<string>();
  const reshaped = textIndexReshapes(kind, changes);
  for (const [i, change] of changes.entries()) {
    const after = applyChange(schema, change);
    const parts = reshaped.get(i);
    if (parts && (change.op === 'dropTextIndex' || change.op === 'createTextIndex')) {
      if (change.op === 'dropTextIndex') out.push(...dropTextIndexSql(kind, change.index, parts));
      else out.push(...createTextIndexSql(kind, after[change.table] as TableModel, change.index, parts));
      schema = after;
      continue;
    }
    // A table SQLite has rebuilt is already as the rest of this migration leaves it.
    if (kind === 'sqlite' && change.op !== 'createTable' && rebuilt.has(change.table)) {
      schema = after;
      continue;
    }
    switch (change.op) {
      case 'createTable':
        out.push(...createTableSql(kind, change.table));
        break;
      case 'dropTable': {
        // SQLite's text index is a table of its own.
        const textIndex = schema[change.table]?.textIndex;
        // PostgreSQL: the tables of pieces and their functions are not the table's either.
        if (textIndex && (kind === 'sqlite' || textIndex.identifiers?.length || textIndex.pairs?.length))
          out.push(...dropTextIndexSql(kind, textIndex));
        out.push(`drop table ${quote(kind, change.table)}`);
        break;
      }
      case 'addColumn':
        if (!change.column.nullable && change.column.default === undefined) {
          throw new Error(
            `${change.table}.${change.column.name}: a new NOT NULL column needs a default (rows already exist)`,
          );
        }
        if (change.column.primaryKey) throw new Error(`${change.table}.${change.column.name}: a key cannot be added`);
        out.push(`alter table ${quote(kind, change.table)} add column ${columnSql(kind, change.column)}`);
        break;
      case 'dropColumn':
        out.push(`alter table ${quote(kind, change.table)} drop column ${quote(kind, change.column)}`);
        break;
      case 'alterColumn': {
        const previous = schema[change.table]?.columns.find((c) => c.name === change.column.name);
        if (!previous) throw new Error(`${change.table}.${change.column.name} does not exist to alter`);
        if (kind !== 'sqlite') {
          out.push(...alterColumnSql(kind, change.table, change.column, previous));
          break;
        }
        // Once per table: the rebuild writes the table as it is after all of this migration's changes.
        rebuilt.add(change.table);
        const final = foldRest(after, changes.slice(i + 1), change.table);
        const original = schema[change.table] as TableModel;
        out.push(...rebuildSqlite(final, original));
        break;
      }
      case 'createIndex':
        out.push(createIndexSql(kind, change.table, change.index));
        break;
      case 'dropIndex':
        out.push(dropIndexSql(kind, change.table, change.index));
        break;
      case 'createTextIndex':
        out.push(...createTextIndexSql(kind, after[change.table] as TableModel, change.index));
        break;
      case 'dropTextIndex':
        out.push(...dropTextIndexSql(kind, change.index));
        break;
    }
    schema = after;
  }
  return out;
}

/**
 * A text index dropped and made again with the same name, nothing else on its table changing in
 * between: only the parts that differ on this dialect are dropped and made (PostgreSQL's form
 * alone leaves SQLite and MySQL as they are; pairs added leave the trigram index and the
 * identifiers' pieces standing). The parts to render, by the two changes' positions.
 */
function textIndexReshapes(kind: DbKind, changes: readonly SchemaChange[]): Map<number, ReadonlySet<TextIndexPart>> {
  const reshaped = new Map<number, ReadonlySet<TextIndexPart>>();
  for (const [i, drop] of changes.entries()) {
    if (drop.op !== 'dropTextIndex') continue;
    const j = changes.findIndex(
      (c, k) => k > i && c.op === 'createTextIndex' && c.table === drop.table && c.index.name === drop.index.name,
    );
    const create = changes[j];
    if (j < 0 || create?.op !== 'createTextIndex') continue;
    const between = changes.slice(i + 1, j);
    // A column of the table changing in between needs the index made anew (SQLite's rebuild does it).
    if (between.some((c) => c.op !== 'createTable' && c.table === drop.table)) continue;
    const parts = textIndexPartsChanged(kind, drop.index, create.index);
    reshaped.set(i, parts).set(j, parts);
  }
  return reshaped;
}

/** The table after the rest of the changes that touch it (for SQLite's one rebuild per table). */
function foldRest(schema: SchemaModel, rest: readonly SchemaChange[], table: string): TableModel {
  let current = schema;
  for (const change of rest) {
    const touched = change.op === 'createTable' ? change.table.name : change.table;
    if (touched === table) current = applyChange(current, change);
  }
  return current[table] as TableModel;
}
