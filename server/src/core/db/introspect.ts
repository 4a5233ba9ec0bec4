import { sql } from 'kysely';
import type { DbHandle } from './index.js';
import {
  type ColumnModel,
  gramTableName,
  type IndexModel,
  pairTableName,
  type SchemaModel,
  type SqlType,
  type TableModel,
  type TextIndexModel,
} from './schema-model.js';
import { pieceTrigger, TEXT_INDEX_TRIGGERS, textIndexTrigger } from './text-index-ddl.js';

/** Tables the migration runner keeps for itself (and Kysely's lock table, left by release 0.1.0). */
export const RUNNER_TABLES: ReadonlySet<string> = new Set(['kysely_migration', 'kysely_migration_lock']);

type Raw = Record<string, unknown>;

async function rows(handle: Pick<DbHandle, 'db'>, query: ReturnType<typeof sql>): Promise<Raw[]> {
  return (await query.execute(handle.db)).rows as Raw[];
}

/** A database's own spelling of a type, read as ours; an unknown one is kept as it is, to show in a difference. */
function normaliseType(raw: string): SqlType {
  const type = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  if (/^(integer|int|int4|int\(\d+\))$/.test(type)) return 'integer';
  if (/^(bigint|int8|bigint\(\d+\))$/.test(type)) return 'bigint';
  if (/^(boolean|bool|tinyint\(1\))$/.test(type)) return 'boolean';
  if (/^(text|mediumtext)$/.test(type)) return 'text';
  const decimal = /^(?:decimal|numeric)\((\d+), ?(\d+)\)$/.exec(type);
  if (decimal) return `decimal(${decimal[1]}, ${decimal[2]})` as SqlType;
  const varchar = /^(?:varchar|character varying)\((\d+)\)$/.exec(type);
  if (varchar) return `varchar(${Number(varchar[1])})`;
  return type as SqlType;
}

/** A default as the database reports it (`'clerk'::character varying`, `'1'`, `false`), read as a value. */
function normaliseDefault(raw: unknown, type: SqlType): ColumnModel['default'] {
  if (raw === null || raw === undefined) return undefined;
  let text = String(raw).trim();
  if (text.toUpperCase() === 'NULL') return undefined;
  text = text.replace(/::[a-z ]+(\(\d+\))?$/i, '');
  if (/^'.*'$/s.test(text)) text = text.slice(1, -1).replace(/''/g, "'");
  if (type === 'boolean') return text === 'true' || text === '1';
  if (type === 'integer' || type === 'bigint' || type.startsWith('decimal')) {
    const value = Number(text);
    return Number.isFinite(value) ? value : text;
  }
  return text;
}

const byName = (a: { name: string | null }, b: { name: string | null }) => (a.name ?? '').localeCompare(b.name ?? '');

/** The tables an FTS5 table keeps its index in (`<name>_data`…), part of it and not tables of the schema. */
const FTS5_SHADOWS = ['data', 'idx', 'docsize', 'config', 'content'];

/** The arguments of `create virtual table … using fts5(…)`: its columns and its options (`content='…'`). */
export function fts5Arguments(createSql: string): { columns: string[]; options: Record<string, string> } {
  const open = createSql.indexOf('(');
  const body = createSql.slice(open + 1, createSql.lastIndexOf(')'));
  const parts: string[] = [];
  let current = '';
  let quoteChar: string | null = null;
  for (const ch of body) {
    if (quoteChar) {
      if (ch === quoteChar) quoteChar = null;
    } else if (ch === '"' || ch === "'" || ch === '`') quoteChar = ch;
    else if (ch === ',') {
      parts.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim() !== '') parts.push(current.trim());
  const unquote = (text: string) => {
    const t = text.trim();
    const q = t[0];
    return (q === '"' || q === "'" || q === '`') && t.endsWith(q) ? t.slice(1, -1).replaceAll(q + q, q) : t;
  };
  const columns: string[] = [];
  const options: Record<string, string> = {};
  for (const part of parts) {
    const eq = /^([a-z_]+)\s*=\s*(.*)$/is.exec(part);
    if (eq) options[(eq[1] as string).toLowerCase()] = unquote(eq[2] as string);
    else columns.push(unquote(part));
  }
  return { columns, options };
}

/**
 * SQLite's text indexes, read back: each FTS5 table over a table's rows, as that table's text
 * index. What differs from how the migrations make one (another tokenizer, no own content, a
 * trigger gone) is written into its name, so the drift test shows it.
 */
async function sqliteTextIndexes(handle: DbHandle, schema: Record<string, TableModel>): Promise<Set<string>> {
  const virtual = await rows(
    handle,
    sql`select name, sql from sqlite_master where type = 'table' and sql like 'create virtual table%' order by name`,
  );
  const triggerSql = new Map(
    (await rows(handle, sql`select name, tbl_name, sql from sqlite_master where type = 'trigger'`)).map((t) => [
      `${t.tbl_name}.${t.name}`,
      String(t.sql),
    ]),
  );
  const triggers = new Set(triggerSql.keys());
  const skip = new Set<string>();
  for (const table of virtual) {
    const name = String(table.name);
    skip.add(name);
    for (const shadow of FTS5_SHADOWS) skip.add(`${name}_${shadow}`);
    const { columns, options } = fts5Arguments(String(table.sql));
    const owner = options.content ? schema[options.content] : undefined;
    if (!owner || !/\busing fts5\b/i.test(String(table.sql))) {
      skip.delete(name);
      schema[name] = { name, columns: [], indexes: [] };
      continue;
    }
    const flaws: string[] = [];
    if (options.tokenize !== 'trigram') flaws.push(`tokenize ${options.tokenize ?? 'unicode61'}`);
    if (options.content_rowid !== 'id') flaws.push(`content_rowid ${options.content_rowid ?? 'rowid'}`);
    const index: TextIndexModel = { name, columns };
    for (const event of TEXT_INDEX_TRIGGERS) {
      if (!triggers.has(`${owner.name}.${textIndexTrigger(index, event)}`)) flaws.push(`no ${event} trigger`);
    }
    // The tables of pieces beside it (text-index-ddl.ts, pieceIndexSql): their columns are those their insert trigger names.
    const pieces = (what: 'grams' | 'pairs', table: string): string[] => {
      if (!schema[table]) return [];
      skip.add(table);
      for (const event of TEXT_INDEX_TRIGGERS) {
        if (!triggers.has(`${owner.name}.${pieceTrigger(table, event)}`)) flaws.push(`no ${what} ${event} trigger`);
      }
      return pieceColumns(triggerSql.get(`${owner.name}.${pieceTrigger(table, 'insert')}`) ?? '');
    };
    const identifiers = pieces('grams', gramTableName(index));
    const pairs = pieces('pairs', pairTableName(index));
    const described = flaws.length === 0 ? name : `${name} (${flaws.join(', ')})`;
    // SQLite holds every form alike (only PostgreSQL's differ): it reads as the current one.
    schema[owner.name] = {
      ...owner,
      textIndex: {
        name: described,
        columns,
        form: 'document',
        ...(identifiers.length ? { identifiers } : {}),
        ...(pairs.length ? { pairs } : {}),
      },
    };
  }
  return skip;
}

async function sqliteSchema(handle: DbHandle): Promise<SchemaModel> {
  const tables = await rows(
    handle,
    sql`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%'
          and sql not like 'create virtual table%' order by name`,
  );
  const schema: Record<string, TableModel> = {};
  for (const table of tables) {
    const name = String(table.name);
    if (RUNNER_TABLES.has(name)) continue;
    const autoincrement = /autoincrement/i.test(String(table.sql));
    const info = await rows(handle, sql`select * from pragma_table_info(${name}) order by cid`);
    const columns: ColumnModel[] = info.map((c) => {
      const type = normaliseType(String(c.type));
      const value = normaliseDefault(c.dflt_value, type);
      const key = Number(c.pk) > 0;
      return {
        name: String(c.name),
        type,
        // SQLite lets a non-integer key hold null unless told otherwise; a key never does here.
        nullable: key ? false : Number(c.notnull) === 0,
        ...(value !== undefined ? { default: value } : {}),
        // An integer key without AUTOINCREMENT is the rowid itself (TableDecl.rowid).
        ...(key
          ? {
              primaryKey:
                type === 'integer' ? (autoincrement ? ('auto' as const) : ('rowid' as const)) : ('plain' as const),
            }
          : {}),
      };
    });
    const indexes: IndexModel[] = [];
    for (const index of await rows(handle, sql`select * from pragma_index_list(${name})`)) {
      if (index.origin === 'pk') continue;
      const parts = await rows(handle, sql`select name from pragma_index_info(${String(index.name)}) order by seqno`);
      indexes.push({
        name: index.origin === 'u' ? null : String(index.name),
        columns: parts.map((p) => String(p.name)),
        unique: Number(index.unique) === 1,
      });
    }
    schema[name] = { name, columns, indexes: indexes.sort(byName) };
  }
  const textTables = await sqliteTextIndexes(handle, schema);
  for (const name of textTables) delete schema[name];
  return schema;
}

/**
 * The columns a trigger keeps pieces of (text-index-ddl.ts, pieceIndexSql), read from its SQL or its
 * function's source: the new row's columns it names, in their order, but the id.
 */
export function pieceColumns(source: string): string[] {
  const names = [...source.matchAll(/new\.("(?:[^"]|"")+"|[a-z_][a-z0-9_]*)/gi)].map((m) => {
    const name = m[1] as string;
    return name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name;
  });
  return [...new Set(names.filter((n) => n !== 'id'))];
}

/**
 * PostgreSQL's tables of pieces (text-index-ddl.ts, pieceIndexSql): the identifiers' `<name>_grams` and the
 * pairs `<name>_pairs`, each kept by the trigger `<table>_keep` on the owner, read as parts of the
 * owner's text index.
 */
async function addPostgresPieces(
  handle: DbHandle,
  schema: Record<string, { name: string; textIndex?: TextIndexModel }>,
): Promise<void> {
  const triggers = await rows(
    handle,
    sql`select c.relname as table_name, t.tgname as trigger_name, p.prosrc as source from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_proc p on p.oid = t.tgfoid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and not t.tgisinternal`,
  );
  for (const table of Object.values(schema)) {
    const index = table.textIndex;
    if (!index) continue;
    const flaws: string[] = [];
    const pieces = (what: 'grams' | 'pairs', name: string): string[] => {
      if (!schema[name]) return [];
      delete schema[name];
      const keep = triggers.find((t) => t.table_name === table.name && t.trigger_name === pieceTrigger(name, 'keep'));
      if (!keep) flaws.push(`no ${what} trigger`);
      return pieceColumns(String(keep?.source ?? ''));
    };
    const identifiers = pieces('grams', gramTableName(index));
    const pairs = pieces('pairs', pairTableName(index));
    table.textIndex = {
      ...index,
      ...(flaws.length ? { name: `${index.name} (${flaws.join(', ')})` } : {}),
      ...(identifiers.length ? { identifiers } : {}),
      ...(pairs.length ? { pairs } : {}),
    };
  }
}

/**
 * PostgreSQL's text index: a pg_trgm GIN index over its columns' texts together (text-index-ddl.ts,
 * trigramDocument), read back with the columns its expression names, in their order.
 */
export function trigramColumns(indexDef: string): string[] {
  return [...indexDef.matchAll(/COALESCE\(("(?:[^"]|"")+"|[a-z_][a-z0-9_]*)/gi)].map((m) => {
    const name = m[1] as string;
    return name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name;
  });
}

/**
 * A pg_trgm index, read as the table's text index: one over the columns' texts together is the
 * `document` form; those of the first form, one per column named `<name>_<column>`, are gathered
 * into one, in the order they were made.
 */
function addTrigramIndex(
  table: { textIndex?: TextIndexModel },
  indexName: string,
  definition: string,
  column: string,
): void {
  const together = trigramColumns(definition);
  if (together.length > 0) {
    table.textIndex = { name: indexName, columns: together, form: 'document' };
    return;
  }
  const name = indexName.endsWith(`_${column}`) ? indexName.slice(0, -column.length - 1) : indexName;
  const current = table.textIndex;
  table.textIndex =
    current && current.name === name && !current.form
      ? { name, columns: [...current.columns, column] }
      : { name, columns: [column] };
}

async function postgresSchema(handle: DbHandle): Promise<SchemaModel> {
  const columns = await rows(
    handle,
    sql`select c.table_name, c.column_name, c.data_type, c.character_maximum_length, c.numeric_precision,
          c.numeric_scale, c.is_nullable, c.column_default
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
  );
  const keys = await rows(
    handle,
    sql`select tc.table_name, kcu.column_name from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu
          on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        where tc.table_schema = current_schema() and tc.constraint_type = 'PRIMARY KEY'`,
  );
  const indexes = await rows(
    handle,
    sql`select t.relname as table_name, i.relname as index_name, ix.indisunique as is_unique,
          exists (select 1 from pg_constraint k where k.conindid = ix.indexrelid and k.contype = 'u') as is_constraint,
          exists (select 1 from unnest(ix.indclass) as c(oid) join pg_opclass o on o.oid = c.oid
            where o.opcname = 'gin_trgm_ops') as is_trigram, pg_get_indexdef(ix.indexrelid) as definition,
          array_to_string(array(select a.attname from unnest(ix.indkey) with ordinality as k(attnum, ord)
            join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.ord), ',') as column_names
        from pg_index ix
        join pg_class t on t.oid = ix.indrelid
        join pg_class i on i.oid = ix.indexrelid
        join pg_namespace n on n.oid = t.relnamespace
        where n.nspname = current_schema() and not ix.indisprimary
        order by i.oid`,
  );
  const keySet = new Set(keys.map((k) => `${k.table_name}.${k.column_name}`));
  const schema: Record<
    string,
    { name: string; columns: ColumnModel[]; indexes: IndexModel[]; textIndex?: TextIndexModel }
  > = {};
  for (const c of columns) {
    const tableName = String(c.table_name);
    if (RUNNER_TABLES.has(tableName)) continue;
    const table = schema[tableName] ?? { name: tableName, columns: [], indexes: [] };
    schema[tableName] = table;
    const dataType = String(c.data_type);
    const raw =
      dataType === 'character varying'
        ? `varchar(${c.character_maximum_length})`
        : dataType === 'numeric'
          ? `decimal(${c.numeric_precision}, ${c.numeric_scale})`
          : dataType;
    const type = normaliseType(raw);
    const key = keySet.has(`${tableName}.${c.column_name}`);
    const serial = typeof c.column_default === 'string' && c.column_default.startsWith('nextval(');
    const value = serial ? undefined : normaliseDefault(c.column_default, type);
    table.columns.push({
      name: String(c.column_name),
      type,
      nullable: c.is_nullable === 'YES',
      ...(value !== undefined ? { default: value } : {}),
      ...(key ? { primaryKey: serial ? ('auto' as const) : ('plain' as const) } : {}),
    });
  }
  for (const index of indexes) {
    const table = schema[String(index.table_name)];
    if (!table) continue;
    if (index.is_trigram) {
      addTrigramIndex(table, String(index.index_name), String(index.definition), String(index.column_names));
      continue;
    }
    table.indexes.push({
      name: index.is_constraint ? null : String(index.index_name),
      columns: String(index.column_names).split(','),
      unique: Boolean(index.is_unique),
    });
  }
  for (const table of Object.values(schema)) table.indexes.sort(byName);
  await addPostgresPieces(handle, schema);
  return schema;
}

async function mysqlSchema(handle: DbHandle): Promise<SchemaModel> {
  const columns = await rows(
    handle,
    sql`select c.TABLE_NAME as table_name, c.COLUMN_NAME as column_name, c.COLUMN_TYPE as column_type,
          c.IS_NULLABLE as is_nullable, c.COLUMN_DEFAULT as column_default, c.COLUMN_KEY as column_key,
          c.EXTRA as extra
        from information_schema.COLUMNS c
        join information_schema.TABLES t on t.TABLE_SCHEMA = c.TABLE_SCHEMA and t.TABLE_NAME = c.TABLE_NAME
        where c.TABLE_SCHEMA = database() and t.TABLE_TYPE = 'BASE TABLE'
        order by c.TABLE_NAME, c.ORDINAL_POSITION`,
  );
  const stats = await rows(
    handle,
    sql`select TABLE_NAME as table_name, INDEX_NAME as index_name, NON_UNIQUE as non_unique, COLUMN_NAME as column_name
        from information_schema.STATISTICS
        where TABLE_SCHEMA = database() and INDEX_NAME <> 'PRIMARY'
        order by TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
  );
  const schema: Record<string, { name: string; columns: ColumnModel[]; indexes: IndexModel[] }> = {};
  for (const c of columns) {
    const tableName = String(c.table_name);
    if (RUNNER_TABLES.has(tableName)) continue;
    const table = schema[tableName] ?? { name: tableName, columns: [], indexes: [] };
    schema[tableName] = table;
    const type = normaliseType(String(c.column_type));
    const key = c.column_key === 'PRI';
    const auto = String(c.extra).includes('auto_increment');
    const value = normaliseDefault(c.column_default, type);
    table.columns.push({
      name: String(c.column_name),
      type,
      nullable: c.is_nullable === 'YES',
      ...(value !== undefined ? { default: value } : {}),
      ...(key ? { primaryKey: auto ? ('auto' as const) : ('plain' as const) } : {}),
    });
  }
  const grouped = new Map<string, { table: string; index: IndexModel & { columns: string[] } }>();
  for (const s of stats) {
    const id = `${s.table_name}.${s.index_name}`;
    let entry = grouped.get(id);
    if (!entry) {
      const tableName = String(s.table_name);
      const indexName = String(s.index_name);
      // An inline `unique` column constraint gets the column's name as its index name.
      const inline = Number(s.non_unique) === 0 && indexName === String(s.column_name);
      entry = {
        table: tableName,
        index: { name: inline ? null : indexName, columns: [], unique: Number(s.non_unique) === 0 },
      };
      grouped.set(id, entry);
    }
    entry.index.columns.push(String(s.column_name));
  }
  for (const { table, index } of grouped.values()) schema[table]?.indexes.push(index);
  for (const table of Object.values(schema)) table.indexes.sort(byName);
  return schema;
}

/** The schema a live database holds, in the model's terms, without the migration runner's own tables. */
export function introspect(handle: DbHandle): Promise<SchemaModel> {
  switch (handle.kind) {
    case 'sqlite':
      return sqliteSchema(handle);
    case 'postgres':
      return postgresSchema(handle);
    case 'mysql':
      return mysqlSchema(handle);
  }
}
