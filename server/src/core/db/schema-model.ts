import type { Column, ColumnKind, TableDecl } from '@backroom/contract';

/**
 * A database schema as plain data, the same on every dialect: what the declarations ask for
 * (declaredSchema), what the migrations have made (foldChanges over their recorded changes) and
 * what a live database holds (introspect.ts) are all read into this form and compared in it.
 */
export type SqlType = 'integer' | 'bigint' | 'boolean' | 'text' | 'decimal(14, 2)' | `varchar(${number})`;

export type ColumnModel = {
  readonly name: string;
  readonly type: SqlType;
  readonly nullable: boolean;
  /** The default as a value; absent when the column has none. */
  readonly default?: string | number | boolean;
  /**
   * The table's key: `auto` an auto-increment integer id, `rowid` the same without SQLite's
   * AUTOINCREMENT (TableDecl.rowid; elsewhere held as `auto`, see heldBy), `plain` a key the
   * application fills.
   */
  readonly primaryKey?: 'auto' | 'rowid' | 'plain';
};

export type IndexModel = {
  /** Null for a unique constraint written inside the table (its name is the database's choice). */
  readonly name: string | null;
  readonly columns: readonly string[];
  readonly unique: boolean;
  /** IndexDecl.covering: after `columns` on SQLite, absent elsewhere (heldBy). */
  readonly covering?: readonly string[];
};

/**
 * Columns searched for any part of their text through one index: on SQLite the FTS5 table `name`
 * (trigram tokenizer, the table as its external content, kept by three triggers), on PostgreSQL
 * pg_trgm GIN indexes (see `form`); MySQL/MariaDB hold none (see heldBy).
 */
export type TextIndexModel = {
  readonly name: string;
  readonly columns: readonly string[];
  /**
   * How PostgreSQL holds it. Absent: the first form (migration 20261125041000), a GIN index per
   * column named `<name>_<column>`, which the planner passed over for a backward walk of the
   * primary key. `document`: one GIN index over the columns' texts together, which the keyword
   * query is spelt to use. SQLite and MySQL hold both forms alike.
   */
  readonly form?: 'document';
  /**
   * Columns held apart from the trigram index (codes, phone numbers): every piece of
   * GRAM_LENGTH characters of their lower-cased text, and the shorter pieces at its end, in the
   * table `<name>_grams` (gram, id) with a B-tree on both, kept by triggers. Absent: none.
   */
  readonly identifiers?: readonly string[];
  /**
   * Columns of the trigram index also kept as pieces of PAIR_LENGTH characters, by the same rule
   * as the identifiers' (every position of the lower-cased text, one character at the end), in the
   * table `<name>_pairs` (gram, id): what a keyword too short for a trigram is looked up in.
   * Absent: none.
   */
  readonly pairs?: readonly string[];
};

/** The length of an identifier column's pieces (TextIndexModel.identifiers). */
export const GRAM_LENGTH = 6;

/** The length of the pieces of TextIndexModel.pairs: a keyword shorter than a trigram. */
export const PAIR_LENGTH = 2;

/** The table that holds a text index's identifier pieces. */
export const gramTableName = (index: Pick<TextIndexModel, 'name'>) => `${index.name}_grams`;

/** The table that holds a text index's pairs (TextIndexModel.pairs). */
export const pairTableName = (index: Pick<TextIndexModel, 'name'>) => `${index.name}_pairs`;

export type TableModel = {
  readonly name: string;
  readonly columns: readonly ColumnModel[];
  readonly indexes: readonly IndexModel[];
  readonly textIndex?: TextIndexModel;
};

export type SchemaModel = Readonly<Record<string, TableModel>>;

/** One step of a migration, as recorded in it (the structured twin of its literal SQL). */
export type SchemaChange =
  | { readonly op: 'createTable'; readonly table: TableModel }
  | { readonly op: 'dropTable'; readonly table: string }
  | { readonly op: 'addColumn'; readonly table: string; readonly column: ColumnModel }
  | { readonly op: 'dropColumn'; readonly table: string; readonly column: string }
  | { readonly op: 'alterColumn'; readonly table: string; readonly column: ColumnModel }
  | { readonly op: 'createIndex'; readonly table: string; readonly index: IndexModel }
  | { readonly op: 'dropIndex'; readonly table: string; readonly index: IndexModel }
  | { readonly op: 'createTextIndex'; readonly table: string; readonly index: TextIndexModel }
  | { readonly op: 'dropTextIndex'; readonly table: string; readonly index: TextIndexModel };

/** The name of a table's text index: its FTS5 table on SQLite, its GIN index on PostgreSQL. */
export const textIndexName = (table: string) => `${table}_fts`;

function sqlTypeOf(column: Column): SqlType {
  const kind: ColumnKind = column.kind;
  switch (kind) {
    case 'int':
      return 'integer';
    case 'bigint':
      return 'bigint';
    case 'string':
      return `varchar(${column.length ?? 255})`;
    case 'datetime':
      return 'varchar(19)';
    case 'text':
    case 'json':
      return 'text';
    case 'bool':
      return 'boolean';
    case 'decimal':
      return 'decimal(14, 2)';
  }
}

/** The default a column is created with: none for text and JSON (MySQL gives TEXT no default). */
function defaultOf(column: Column): ColumnModel['default'] {
  const value = column.defaultValue;
  if (value === undefined || value === null || column.kind === 'json' || column.kind === 'text') return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  throw new Error(`a default of kind ${column.kind} cannot be written as SQL`);
}

const TIME: Omit<ColumnModel, 'name'> = { type: 'varchar(19)', nullable: false };

/** The table a declaration asks for. */
export function declaredTable(decl: TableDecl): TableModel {
  const columns: ColumnModel[] = [];
  if (decl.base !== 'none')
    columns.push({ name: 'id', type: 'integer', nullable: false, primaryKey: decl.rowid ? 'rowid' : 'auto' });
  if (decl.base === 'entity') columns.push({ name: 'createTime', ...TIME }, { name: 'updateTime', ...TIME });
  const indexes: IndexModel[] = [];
  for (const [name, column] of Object.entries(decl.columns)) {
    const key = decl.primaryKey === name;
    const model: ColumnModel = { name, type: sqlTypeOf(column), nullable: key ? false : column.nullable };
    const value = defaultOf(column);
    columns.push({
      ...model,
      ...(value !== undefined ? { default: value } : {}),
      ...(key ? { primaryKey: 'plain' } : {}),
    });
    if (column.unique) indexes.push({ name: `uq_${decl.table}_${name}`, columns: [name], unique: true });
    else if (column.index) indexes.push({ name: `idx_${decl.table}_${name}`, columns: [name], unique: false });
  }
  for (const index of decl.indexes) {
    const unique = index.unique ?? false;
    const name = index.name ?? `${unique ? 'uq' : 'idx'}_${decl.table}_${index.columns.join('_')}`;
    const covering = index.covering ?? [];
    // SQLite's index is made on them all: a unique one would then hold only its columns and these together unique.
    if (unique && covering.length)
      throw new Error(`${decl.table}: the unique index ${name} cannot have covering columns`);
    indexes.push({
      name,
      columns: [...index.columns],
      unique,
      ...(covering.length ? { covering: [...covering] } : {}),
    });
  }
  for (const index of indexes) {
    for (const name of [...index.columns, ...(index.covering ?? [])]) {
      if (!columns.some((c) => c.name === name))
        throw new Error(`${decl.table}: index ${index.name} names ${name}, no column`);
    }
  }
  const identifiers = decl.textIdentifiers ?? [];
  const pairs = decl.textPairs ?? [];
  const textIndex: TextIndexModel | null = decl.textIndex?.length
    ? {
        name: textIndexName(decl.table),
        columns: [...decl.textIndex],
        form: 'document',
        ...(identifiers.length > 0 ? { identifiers: [...identifiers] } : {}),
        ...(pairs.length > 0 ? { pairs: [...pairs] } : {}),
      }
    : null;
  for (const name of textIndex?.columns ?? []) {
    const column = columns.find((c) => c.name === name);
    if (!column || !(column.type === 'text' || column.type.startsWith('varchar'))) {
      throw new Error(`${decl.table}: the text index covers ${name}, which is not a text column`);
    }
  }
  for (const name of textIndex?.identifiers ?? []) {
    // Pieces are made by position, up to the column's length: it must have one.
    if (!columns.find((c) => c.name === name)?.type.startsWith('varchar')) {
      throw new Error(`${decl.table}: the text index identifier ${name} is not a varchar column`);
    }
  }
  for (const name of textIndex?.pairs ?? []) {
    if (!textIndex?.columns.includes(name))
      throw new Error(`${decl.table}: the text index does not cover ${name}, named in its pairs`);
    // SQLite's triggers make pieces by position, up to the column's length (text-index-ddl.ts): it must have one.
    if (!columns.find((c) => c.name === name)?.type.startsWith('varchar')) {
      throw new Error(`${decl.table}: the text index pairs ${name}, which is not a varchar column`);
    }
  }
  return { name: decl.table, columns, indexes, ...(textIndex ? { textIndex } : {}) };
}

/** Every declared table, by name. */
export function declaredSchema(decls: readonly TableDecl[]): SchemaModel {
  const schema: Record<string, TableModel> = {};
  for (const decl of decls) {
    if (schema[decl.table]) throw new Error(`table ${decl.table} is declared twice`);
    schema[decl.table] = declaredTable(decl);
  }
  return schema;
}

/** What makes two indexes the same for the application: their columns and uniqueness, not their names. */
export const indexSignature = (index: Pick<IndexModel, 'columns' | 'unique' | 'covering'>) =>
  `${index.unique ? 'unique' : 'index'}(${index.columns.join(',')})${index.covering?.length ? ` covering(${index.covering.join(',')})` : ''}`;

/** The columns a dialect's index is made on: SQLite's holds the covering ones after its own (IndexDecl.covering). */
export const indexColumnsOn = (
  kind: 'sqlite' | 'postgres' | 'mysql',
  index: Pick<IndexModel, 'columns' | 'covering'>,
) => (kind === 'sqlite' ? [...index.columns, ...(index.covering ?? [])] : index.columns);

/** What makes two text indexes the same: their name, columns, form, identifiers and pairs. */
export const textIndexSignature = (index: TextIndexModel | undefined) =>
  index
    ? `text ${index.name}(${index.columns.join(',')})${index.form ? ` as ${index.form}` : ''}${
        index.identifiers?.length ? ` + grams(${index.identifiers.join(',')})` : ''
      }${index.pairs?.length ? ` + pairs(${index.pairs.join(',')})` : ''}`
    : '';

/**
 * The parts a text index is made of, each made and dropped on its own (text-index-ddl.ts): the trigram index
 * over `columns`, the identifiers' pieces and the pairs.
 */
export type TextIndexPart = 'trigrams' | 'grams' | 'pairs';

/**
 * The parts in which two text indexes of the same name differ on a dialect (PostgreSQL alone holds
 * the two forms differently); all of them for two of different names.
 */
export function textIndexPartsChanged(
  kind: 'sqlite' | 'postgres' | 'mysql',
  a: TextIndexModel,
  b: TextIndexModel,
): Set<TextIndexPart> {
  if (a.name !== b.name) return new Set(['trigrams', 'grams', 'pairs']);
  const changed = new Set<TextIndexPart>();
  if (a.columns.join(',') !== b.columns.join(',') || (kind === 'postgres' && a.form !== b.form))
    changed.add('trigrams');
  if ((a.identifiers ?? []).join(',') !== (b.identifiers ?? []).join(',')) changed.add('grams');
  if ((a.pairs ?? []).join(',') !== (b.pairs ?? []).join(',')) changed.add('pairs');
  return changed;
}

/**
 * The schema as one dialect holds it: MySQL/MariaDB have no substring index (FULLTEXT finds whole
 * words, and only MySQL's ngram parser splits text without spaces), so there a text index is not
 * made and the keyword stays a LIKE scan; an index's covering columns are SQLite's alone
 * (indexColumnsOn). What the drift test compares a live database with.
 */
export function heldBy(kind: 'sqlite' | 'postgres' | 'mysql', schema: SchemaModel): SchemaModel {
  const out: Record<string, TableModel> = {};
  for (const [name, table] of Object.entries(schema)) {
    const { textIndex, ...rest } = table;
    const indexes = table.indexes.map(({ covering, ...index }) => ({
      ...index,
      columns: indexColumnsOn(kind, { columns: index.columns, covering }),
    }));
    // A rowid key is SQLite's alone: PostgreSQL and MySQL hold their usual auto-increment id.
    const columns =
      kind === 'sqlite'
        ? rest.columns
        : rest.columns.map((c) => (c.primaryKey === 'rowid' ? { ...c, primaryKey: 'auto' as const } : c));
    out[name] = { ...rest, columns, indexes, ...(textIndex && kind !== 'mysql' ? { textIndex } : {}) };
  }
  return out;
}

const sameColumn = (a: ColumnModel, b: ColumnModel) =>
  a.type === b.type && a.nullable === b.nullable && a.default === b.default && a.primaryKey === b.primaryKey;

function requireTable(schema: Record<string, TableModel>, name: string): TableModel {
  const table = schema[name];
  if (!table) throw new Error(`no table ${name} in the schema the migrations made`);
  return table;
}

/** The schema after one change; refuses a change that does not fit the schema it starts from. */
export function applyChange(schema: SchemaModel, change: SchemaChange): SchemaModel {
  const next: Record<string, TableModel> = { ...schema };
  if (change.op === 'createTable') {
    if (next[change.table.name]) throw new Error(`table ${change.table.name} is created twice`);
    next[change.table.name] = change.table;
    return next;
  }
  const table = requireTable(next, change.table);
  switch (change.op) {
    case 'dropTable':
      delete next[change.table];
      break;
    case 'addColumn':
      next[change.table] = { ...table, columns: [...table.columns, change.column] };
      break;
    case 'dropColumn':
      next[change.table] = { ...table, columns: table.columns.filter((c) => c.name !== change.column) };
      break;
    case 'alterColumn':
      next[change.table] = {
        ...table,
        columns: table.columns.map((c) => (c.name === change.column.name ? change.column : c)),
      };
      break;
    case 'createIndex':
      next[change.table] = { ...table, indexes: [...table.indexes, change.index] };
      break;
    case 'dropIndex': {
      const signature = indexSignature(change.index);
      next[change.table] = { ...table, indexes: table.indexes.filter((i) => indexSignature(i) !== signature) };
      break;
    }
    case 'createTextIndex':
      if (table.textIndex) throw new Error(`table ${change.table} has a text index already`);
      next[change.table] = { ...table, textIndex: change.index };
      break;
    case 'dropTextIndex': {
      const { textIndex: _dropped, ...rest } = table;
      next[change.table] = rest;
      break;
    }
  }
  return next;
}

/** The schema after the changes, in order: how the recorded migrations add up. */
export function foldChanges(start: SchemaModel, changes: readonly SchemaChange[]): SchemaModel {
  return changes.reduce(applyChange, start);
}

/**
 * The changes that turn `from` into `to`, in an order every dialect can run: indexes go before the
 * columns they cover, new columns come before the indexes on them. Renames are not guessed: a
 * renamed column reads as one dropped and one added, for the author to see and rewrite.
 */
export function diffSchemas(from: SchemaModel, to: SchemaModel): SchemaChange[] {
  const changes: SchemaChange[] = [];
  for (const [name, target] of Object.entries(to)) {
    const current = from[name];
    if (!current) {
      changes.push({ op: 'createTable', table: target });
      continue;
    }
    const targetIndexes = new Set(target.indexes.map(indexSignature));
    const currentIndexes = new Set(current.indexes.map(indexSignature));
    const targetColumns = new Map(target.columns.map((c) => [c.name, c]));
    const currentColumns = new Map(current.columns.map((c) => [c.name, c]));
    // A text index goes first when it or one of its columns changes, and is made again last.
    const textChanged =
      textIndexSignature(current.textIndex) !== textIndexSignature(target.textIndex) ||
      [...(current.textIndex?.columns ?? []), ...(current.textIndex?.identifiers ?? [])].some((c) => {
        const next = targetColumns.get(c);
        const now = currentColumns.get(c);
        return !next || (now !== undefined && !sameColumn(now, next));
      });
    if (textChanged && current.textIndex) changes.push({ op: 'dropTextIndex', table: name, index: current.textIndex });
    for (const index of current.indexes) {
      const gone = !targetIndexes.has(indexSignature(index));
      const onAltered = index.columns.some((c) => {
        const next = targetColumns.get(c);
        const now = currentColumns.get(c);
        return !next || (now !== undefined && !sameColumn(now, next));
      });
      if (gone || onAltered) changes.push({ op: 'dropIndex', table: name, index });
    }
    for (const column of current.columns) {
      if (!targetColumns.has(column.name)) changes.push({ op: 'dropColumn', table: name, column: column.name });
    }
    for (const column of target.columns) {
      const now = currentColumns.get(column.name);
      if (!now) changes.push({ op: 'addColumn', table: name, column });
      else if (!sameColumn(now, column)) changes.push({ op: 'alterColumn', table: name, column });
    }
    const dropped = new Set<string>();
    for (const c of changes) if (c.op === 'dropIndex' && c.table === name) dropped.add(indexSignature(c.index));
    for (const index of target.indexes) {
      const signature = indexSignature(index);
      if (!currentIndexes.has(signature) || dropped.has(signature))
        changes.push({ op: 'createIndex', table: name, index });
    }
    if (textChanged && target.textIndex) changes.push({ op: 'createTextIndex', table: name, index: target.textIndex });
  }
  for (const name of Object.keys(from)) {
    if (!to[name]) changes.push({ op: 'dropTable', table: name });
  }
  return changes;
}

/** Differences between two schemas as lines a person reads: what the drift test and the generator print. */
export function describeDifferences(actual: SchemaModel, expected: SchemaModel): string[] {
  return diffSchemas(actual, expected).map((change) => describeChange(change, actual));
}

function describeChange(change: SchemaChange, actual: SchemaModel): string {
  switch (change.op) {
    case 'createTable':
      return `table ${change.table.name} is missing`;
    case 'dropTable':
      return `table ${change.table} is not declared`;
    case 'addColumn':
      return `${change.table}.${change.column.name} is missing (declared ${describeColumn(change.column)})`;
    case 'dropColumn':
      return `${change.table}.${change.column} is not declared`;
    case 'alterColumn': {
      const now = actual[change.table]?.columns.find((c) => c.name === change.column.name);
      return `${change.table}.${change.column.name} is ${now ? describeColumn(now) : '?'}, declared ${describeColumn(change.column)}`;
    }
    case 'createIndex':
      return `${change.table}: index ${indexSignature(change.index)} is missing`;
    case 'dropIndex':
      return `${change.table}: index ${indexSignature(change.index)} (${change.index.name ?? 'constraint'}) is not declared or its column changes`;
    case 'createTextIndex':
      return `${change.table}: ${textIndexSignature(change.index)} is missing`;
    case 'dropTextIndex':
      return `${change.table}: ${textIndexSignature(change.index)} is not declared or its columns change`;
  }
}

export function describeColumn(column: ColumnModel): string {
  const parts: string[] = [column.type, column.nullable ? 'null' : 'not null'];
  if (column.default !== undefined) parts.push(`default ${JSON.stringify(column.default)}`);
  if (column.primaryKey) parts.push(`primary key (${column.primaryKey})`);
  return parts.join(' ');
}
