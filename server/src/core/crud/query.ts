import {
  type Column,
  type Columns,
  type Entity,
  isPhoneColumn,
  normalisePhone,
  phoneSearchForms,
  type RowOf,
  type SensitiveKind,
} from '@backroom/contract';
import {
  type AliasedRawBuilder,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Session } from '../auth/principal.js';
import type { DbKind, LooseDb } from '../db/index.js';
import { likeOperator, likePattern } from '../db/index.js';
import { GRAM_LENGTH, gramTableName, PAIR_LENGTH, pairTableName, textIndexName } from '../db/schema-model.js';
import { trigramDocument } from '../db/text-index-ddl.js';
import { badRequest, refused } from '../errors.js';
import type { MessageParam } from '../i18n.js';
import { maskedKeywordExpression, wholeValueExpression } from './masked-keyword.js';
import {
  MASKED_EQ_MAX,
  type MaskedColumns,
  NOTHING_MASKED,
  type Revealer,
  wholeValuesOf,
  withoutSeparators,
} from './masking.js';

/** The main table's alias in every generated query; joins use other aliases. */
export const MAIN = 'a';

// biome-ignore lint/suspicious/noExplicitAny: a query over a table named at run time.
export type AnySelect = SelectQueryBuilder<any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: the expressions of a query over a table named at run time.
type AnyExpressions = ExpressionBuilder<any, any>;

export type ListInput = Record<string, unknown> & {
  keyWord?: string;
  order?: string;
  sort?: 'asc' | 'desc';
};

/** `ref LIKE '%text%'` with the text taken literally and without regard to case. */
export function likeExpression(kind: DbKind, ref: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(ref)} ${sql.raw(likeOperator(kind, text))} ${likePattern(text)} escape '!'`;
}

/** Converts stored values to their wire form: 0/1 to booleans, JSON text to values, numeric text to numbers. */
export function createRowMapper<C extends Columns>(columns: C): (row: Record<string, unknown>) => RowOf<C> {
  const converters: Array<[string, (value: unknown) => unknown]> = [];
  const hidden: string[] = [];
  for (const [name, column] of Object.entries(columns)) {
    if (column.hidden) hidden.push(name);
    else if (column.kind === 'bool')
      converters.push([name, (v) => (v === null || v === undefined ? v : Boolean(Number(v)))]);
    else if (column.kind === 'json') converters.push([name, parseJsonValue]);
    else if (column.kind === 'decimal' || column.kind === 'int' || column.kind === 'bigint') {
      converters.push([name, (v) => (typeof v === 'string' ? Number(v) : typeof v === 'bigint' ? Number(v) : v)]);
    }
  }
  return (row) => {
    for (const [name, convert] of converters) {
      if (name in row) row[name] = convert(row[name]);
    }
    for (const name of hidden) delete row[name];
    // Each column is now in its wire form, and the hidden ones are gone: the row is a RowOf<C>.
    return row as RowOf<C>;
  };
}

function parseJsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Values as they are stored: JSON as text, booleans as the dialect keeps them. */
export function toStored(kind: DbKind, columns: Columns, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    const column = columns[name];
    if (!column || value === undefined) continue;
    if (value === null) out[name] = null;
    else if (column.kind === 'json') out[name] = JSON.stringify(value);
    else if (column.kind === 'bool') out[name] = kind === 'postgres' ? Boolean(value) : value ? 1 : 0;
    else out[name] = value;
  }
  return out;
}

export type FilterSpec = {
  entity: Entity;
  kind: DbKind;
  /** Extra keyword refs over joined tables (`u.name`), searched with the entity's own fields. */
  keywordRefs?: readonly string[];
  /**
   * What decides the keyword: by default the text index narrows and the LIKEs decide. `likes`:
   * the LIKEs alone, for a walk of the newest rows (a common keyword's page is found sooner than
   * through the index's long list) or where the rows come joined to the index's list already.
   * `index`: the index alone, only where it answers exactly what the LIKEs would
   * (textIndexDecides), so a count need not read each row for them (totals.ts).
   */
  keywordBy?: 'likes' | 'index';
  /**
   * The sensitive columns this reader may match only as whole values (no reveal permission:
   * masking.ts, MaskedColumns). A keyword then never counts by the text index alone, which holds
   * every piece of them.
   */
  masked?: MaskedColumns;
  /** Of the masked columns' rows, those this reader may reveal, searched by every character (masked-keyword.ts). */
  ownRows?: Revealer['ownRows'];
};

/** Trigrams: a keyword shorter than this has none, and SQLite's text index cannot look it up. */
const TRIGRAM = 3;

/** The keyword's lower-cased text as a text index's pieces are kept (text-index-ddl.ts, pieceIndexSql). */
const lowered = (kind: DbKind, keyWord: string) =>
  kind === 'postgres' ? sql`(lower(cast(${keyWord} as text)) collate "C")` : sql`lower(cast(${keyWord} as text))`;

/**
 * The rows whose identifier columns may hold the keyword, by their pieces (TextIndexModel.identifiers):
 * a keyword of GRAM_LENGTH characters or more is in a text that has both its first and its last
 * piece; a shorter one begins a piece (a B-tree range from the keyword to the keyword followed by
 * the highest character, as many times as a piece is long). PostgreSQL's lower() may change the
 * length of a keyword that is not keepsLength's, so there the database decides which of the two
 * applies: one select each.
 */
function gramRows(entity: Entity, kind: DbKind, keyWord: string): RawBuilder<unknown>[] {
  const grams = sql.table(gramTableName({ name: textIndexName(entity.table) }));
  const key = lowered(kind, keyWord);
  const n = sql.raw(String(GRAM_LENGTH));
  const top =
    kind === 'postgres'
      ? sql`repeat(chr(1114111), ${n})`
      : sql`char(${sql.raw(Array(GRAM_LENGTH).fill('1114111').join(', '))})`;
  const first = sql`substr(${key}, 1, ${n})`;
  const last = kind === 'postgres' ? sql`right(${key}, ${n})` : sql`substr(${key}, -${n})`;
  // The last piece leads: identifiers share their beginnings (codes in sequence, phones' carrier
  // and area digits), so it names fewer rows (a code at 1M customers: 1 against 1,000).
  const both = sql`select g1.id from ${grams} g1 join ${grams} g2 on g2.gram = ${first} and g2.id = g1.id where g1.gram = ${last}`;
  const begins = sql`select g.id from ${grams} g where g.gram >= ${key} and g.gram <= ${key} || ${top}`;
  if (kind !== 'postgres' || keepsLength(keyWord)) return [[...keyWord].length >= GRAM_LENGTH ? both : begins];
  return [sql`${both} and length(${key}) >= ${n}`, sql`${begins} and length(${key}) < ${n}`];
}

/**
 * The rows whose pairs (TextIndexModel.pairs) may hold a keyword of one or two characters: one of
 * two characters is a pair of the text (a B-tree lookup of it), one of one character begins one (a
 * range from the keyword to the keyword followed by the highest character). PostgreSQL's lower()
 * may change the length of a keyword that is not keepsLength's, so there the database decides
 * which applies (one select each), and a keyword longer once lowered is looked up by its first pair.
 */
function pairRows(entity: Entity, kind: DbKind, keyWord: string): RawBuilder<unknown>[] {
  const pairs = sql.table(pairTableName({ name: textIndexName(entity.table) }));
  const key = lowered(kind, keyWord);
  const n = sql.raw(String(PAIR_LENGTH));
  const top = kind === 'postgres' ? sql`chr(1114111)` : sql`char(1114111)`;
  const begins = sql`select p.id from ${pairs} p where p.gram >= ${key} and p.gram <= ${key} || ${top}`;
  if (kind !== 'postgres' || keepsLength(keyWord)) {
    return [[...keyWord].length >= PAIR_LENGTH ? sql`select p.id from ${pairs} p where p.gram = ${key}` : begins];
  }
  return [
    sql`select p.id from ${pairs} p where p.gram = left(${key}, ${n}) and length(${key}) >= ${n}`,
    sql`${begins} and length(${key}) < ${n}`,
  ];
}

/**
 * The selects of ids, one per index, whose union holds every row the entity's text index says may
 * hold the keyword: on SQLite the FTS5 trigram table matching it (the keyword quoted as one FTS
 * string, so nothing a user types is read as FTS syntax), on PostgreSQL an ILIKE over the columns'
 * texts together, spelt as the pg_trgm GIN index is (text-index-ddl.ts); with identifier columns the rows
 * their pieces name (gramRows). A keyword of one or two characters has no trigram: the rows the
 * pairs name (pairRows) take the trigram index's place, when every column of it has pairs. Null
 * where the keyword goes by LIKE alone: no text index, MySQL/MariaDB (none there), or a keyword too
 * short for a trigram without the pairs of every column.
 */
function textIndexSources(entity: Entity, kind: DbKind, keyWord: string): RawBuilder<unknown>[] | null {
  const index = entity.query.textIndex;
  if (kind === 'mysql' || !index) return null;
  const identifiers: readonly string[] = entity.textIdentifiers ?? [];
  const words = entity.query.keyWordLikeFields.filter((f) => !identifiers.includes(f));
  const grams = identifiers.length === 0 ? [] : gramRows(entity, kind, keyWord);
  if ([...keyWord].length < TRIGRAM) {
    const pairs = entity.textPairs ?? [];
    if (!words.every((f) => pairs.includes(f))) return null;
    return [...pairRows(entity, kind, keyWord), ...grams];
  }
  const fts = textIndexName(entity.table);
  const phrase = `"${keyWord.replaceAll('"', '""')}"`;
  const wordRows =
    kind === 'postgres'
      ? sql`select w.id from ${sql.table(entity.table)} w where ${sql.raw(trigramDocument(words.map((f) => `"w"."${f}"`)))} ilike ${likePattern(keyWord)} escape '!'`
      : sql`select rowid from ${sql.table(fts)} where ${sql.ref(fts)} match ${phrase}`;
  return [wordRows, ...grams];
}

/**
 * What narrows the rows to those the entity's text index says may hold the keyword:
 * `a.id IN (<the union of textIndexSources>)` — one list, because an OR of two conditions would
 * keep PostgreSQL from starting at either index. PostgreSQL without identifier columns has the
 * ILIKE over the document on the main table instead, for its planner to weigh against the order.
 */
function textIndexCandidates(entity: Entity, kind: DbKind, keyWord: string): Expression<SqlBool> | null {
  const sources = textIndexSources(entity, kind, keyWord);
  if (sources === null) return null;
  if (searchesDocument(entity, kind, keyWord)) {
    const document = trigramDocument(entity.query.keyWordLikeFields.map((f) => `"${MAIN}"."${f}"`));
    return sql<SqlBool>`${sql.raw(document)} ilike ${likePattern(keyWord)} escape '!'`;
  }
  return sql<SqlBool>`${sql.ref(`${MAIN}.id`)} in (${sql.join(sources, sql` union `)})`;
}

/** PostgreSQL without identifier columns: a keyword of three characters or more is an ILIKE over the document on the main table, not a list of ids. */
const searchesDocument = (entity: Entity, kind: DbKind, keyWord: string) =>
  kind === 'postgres' && (entity.textIdentifiers ?? []).length === 0 && [...keyWord].length >= TRIGRAM;

/**
 * PostgreSQL: the rows the text index names for the keyword, as a table `c (id)` in the page's
 * order by id, for the page to be read by joining it (`from <this> c join <table> a on a.id =
 * c.id`). The planner then reads rows in that order and stops at a full page: the newest 20 of a
 * two-character keyword's 484 rows at a million are 20 row reads instead of 484 (a nested loop over
 * `a.id IN (…)` reads every row the index names before it sorts them; 3.3 against 0.5 ms). SQLite
 * plans `a.id IN (…)` better than this join (0.26 against 0.76 ms), so it keeps that. Null where
 * the keyword has no such list (textIndexSources).
 */
export function textIndexOrderedRows(
  entity: Entity,
  kind: DbKind,
  keyWord: string,
  sort: 'asc' | 'desc',
): AliasedRawBuilder<{ id: number }, 'c'> | null {
  if (kind !== 'postgres' || searchesDocument(entity, kind, keyWord)) return null;
  const sources = textIndexSources(entity, kind, keyWord);
  if (sources === null) return null;
  return sql<{ id: number }>`(select u.id from (${distinctIds(sources)}) u order by u.id ${sql.raw(sort)})`.as('c');
}

/** The ids of some selects, each once: a union holds each id once; a single select (a range of pieces) may hold one many times. */
function distinctIds(sources: readonly RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sources.length === 1 ? sql`select distinct s.id from (${sources[0]}) s` : sql.join(sources, sql` union `);
}

/**
 * Whether the text index alone answers what the keyword's LIKEs would, so that a count need not
 * read the rows: a keyword of one or two characters, looked up in the pairs and the identifiers'
 * pieces, which hold every position of every keyword field's lower-cased text, each field apart
 * (text-index-ddl.ts, pieceIndexSql). SQLite's LIKE ignores the case of ASCII letters alone, as its lower()
 * lowers them alone; PostgreSQL's ILIKE compares the texts lower()ed, as the pieces are. A letter
 * whose case is not plain ASCII ('İ' lowers to two characters, 'ß' has none of its own) keeps the
 * LIKEs, as does a keyword over joined fields (`keywordRefs`), which the index does not hold.
 */
export function textIndexDecides(entity: Entity, kind: DbKind, keyWord: string, keywordRefs: readonly string[] = []) {
  if ([...keyWord].length >= TRIGRAM || keywordRefs.length > 0) return false;
  return keepsLength(keyWord) && textIndexSources(entity, kind, keyWord) !== null;
}

/**
 * Whether every character of the keyword is an ASCII one or one without case (Chinese, digits,
 * punctuation): lower() then changes no character's count, in any database or locale (Turkish
 * lowers 'I' to 'ı', still one), and lowers only what LIKE compares without case. PostgreSQL's
 * pieces are then looked up as SQLite's are, the keyword's length known here, without a select
 * for each length the lowered keyword might have (a 2-character search at 1M customers: four
 * selects with one-time filters, planned at every bind in 0.7 ms by EXPLAIN's count, against
 * two in 0.35–0.55 ms).
 */
function keepsLength(keyWord: string): boolean {
  for (const c of keyWord) if (c.charCodeAt(0) >= 128 && (c.toLowerCase() !== c || c.toUpperCase() !== c)) return false;
  return true;
}

/**
 * The number of rows the text index names for the keyword, from the index alone: what a count of
 * the keyword is when nothing else limits the rows and the index decides (textIndexDecides).
 */
export function textIndexCount(db: LooseDb, entity: Entity, kind: DbKind, keyWord: string): AnySelect {
  const sources = textIndexSources(entity, kind, keyWord) ?? [];
  return db.selectNoFrom([sql<number>`(select count(*) from (${distinctIds(sources)}) c)`.as('total')]);
}

/**
 * How many rows the entity's text index names for the keyword, counted up to `limit` in each of
 * its indexes (so a common keyword costs no more than `limit` index entries each): `select n`, or
 * null where the keyword goes by LIKE alone. What decides a page's plan (keyword-plan.ts, `walksFirst`).
 */
export function textIndexEstimate(
  db: LooseDb,
  entity: Entity,
  kind: DbKind,
  keyWord: string,
  limit: number,
): AnySelect | null {
  const sources = textIndexSources(entity, kind, keyWord);
  if (sources === null) return null;
  const counts = sources.map((rows) => sql`(select count(*) from (${rows} limit ${limit}) e)`);
  return db.selectNoFrom([sql<number>`${sql.join(counts, sql` + `)}`.as('n')]);
}

/** The keyword a list input searches for, trimmed; '' for none. */
export const keywordOf = (input: ListInput) => (typeof input.keyWord === 'string' ? input.keyWord.trim() : '');

/**
 * The texts a keyword searches for: itself, a number typed in groups without its spaces and dashes
 * too (`139 1234 5678` finds 13912345678, for every reader), and a phone number in its stored
 * spelling (`+86 139-1234-5678`, `0139…` find 13912345678: phone.ts); none for no keyword.
 */
export function keywordsOf(input: ListInput): string[] {
  const keyWord = keywordOf(input);
  if (keyWord === '') return [];
  const out = new Set([keyWord]);
  const joined = withoutSeparators(keyWord);
  if (joined !== undefined) out.add(joined);
  const phone = normalisePhone(keyWord);
  if (phone !== null) out.add(phone);
  return [...out];
}

/**
 * The values an equality filter on a column compares with: a phone column's every stored spelling
 * of the number (phone.ts, phoneSearchForms) besides the text as sent, so `+86 139 1234 5678`
 * finds the 13912345678 a row keeps; other columns the value alone.
 */
function equalValues(column: Column | undefined, value: unknown): unknown[] {
  if (!column || !isPhoneColumn(column) || typeof value !== 'string') return [value];
  return [...new Set([value, ...phoneSearchForms(value)])];
}

/** Whether a masked column is among the keyword's fields: its text index then narrows but never decides. */
export const masksKeyword = (entity: Entity, masked: MaskedColumns = NOTHING_MASKED) =>
  entity.query.keyWordLikeFields.some((f) => masked.has(f));

/** One keyword text over the entity's own fields (a masked one by its whole value) and the joined ones. */
function keywordCondition(eb: AnyExpressions, spec: FilterSpec, keyWord: string): Expression<SqlBool> {
  const { entity, kind } = spec;
  const masked = spec.masked ?? NOTHING_MASKED;
  const own = entity.query.keyWordLikeFields.map((f) => {
    const sensitive = masked.get(f);
    return sensitive
      ? maskedKeywordExpression(kind, `${MAIN}.${f}`, sensitive, keyWord, spec.ownRows ?? null, MAIN)
      : likeExpression(kind, `${MAIN}.${f}`, keyWord);
  });
  const joined = (spec.keywordRefs ?? []).map((ref) => likeExpression(kind, ref, keyWord));
  const candidates = spec.keywordBy === 'likes' ? null : textIndexCandidates(entity, kind, keyWord);
  // The index narrows the rows; the LIKEs still decide, so the answer is the same as without it.
  // The index alone decides only where it answers what they would: never beside a masked column.
  const byIndex = spec.keywordBy === 'index' && candidates !== null && !masksKeyword(entity, masked);
  const likes = byIndex ? [] : [eb.or(own)];
  const mine = own.length === 0 ? [] : candidates ? [eb.and([candidates, ...likes])] : own;
  return eb.or([...mine, ...joined]);
}

/** keyWord, equality and like filters of the entity's pageQueryOp, on the main table. */
export function applyFilters(qb: AnySelect, spec: FilterSpec, input: ListInput): AnySelect {
  const { entity, kind } = spec;
  const masked = spec.masked ?? NOTHING_MASKED;
  let q = qb;
  const keyWords = keywordsOf(input);
  if (keyWords.length > 0 && entity.query.keyWordLikeFields.length + (spec.keywordRefs ?? []).length > 0) {
    q = q.where((eb) => eb.or(keyWords.map((keyWord) => keywordCondition(eb, spec, keyWord))));
  }
  for (const field of entity.query.fieldEq) {
    const value = input[field];
    if (value === undefined) continue;
    const column = entity.columns[field];
    const sensitive = masked.get(field);
    if (sensitive) {
      q = q.where(maskedEquality(field, column?.label ?? field, sensitive, value));
      continue;
    }
    const stored = (v: unknown) => (column?.kind === 'bool' && kind !== 'postgres' ? (v ? 1 : 0) : v);
    const values = (Array.isArray(value) ? value : [value]).flatMap((v) => equalValues(column, v));
    if (Array.isArray(value) || values.length > 1) {
      q = values.length === 0 ? q.where(sql<SqlBool>`1 = 0`) : q.where(`${MAIN}.${field}`, 'in', values.map(stored));
    } else {
      q = q.where(`${MAIN}.${field}`, '=', stored(value));
    }
  }
  for (const field of entity.query.fieldLike) {
    const value = input[field];
    if (typeof value !== 'string' || value.trim() === '') continue;
    const sensitive = masked.get(field);
    const column = entity.columns[field];
    // A phone in another spelling finds the number as stored, as the keyword does.
    const phone = column && isPhoneColumn(column) ? normalisePhone(value) : null;
    const likes = [...new Set([value.trim(), ...(phone === null ? [] : [phone])])];
    q = q.where((eb) =>
      sensitive
        ? wholeValueExpression(`${MAIN}.${field}`, wholeValuesOf(sensitive, value))
        : eb.or(likes.map((text) => likeExpression(kind, `${MAIN}.${field}`, text))),
    );
  }
  return q;
}

/**
 * An equality filter on a masked column: whole values, at most MASKED_EQ_MAX of them (a thousand
 * guesses a call would walk the hidden digits in a few calls); more is refused, not cut.
 */
function maskedEquality(
  field: string,
  label: MessageParam,
  sensitive: SensitiveKind,
  value: unknown,
): Expression<SqlBool> {
  const values = Array.isArray(value) ? value : [value];
  if (values.length > MASKED_EQ_MAX) throw refused('masking.tooManyValues', { field: label, max: MASKED_EQ_MAX });
  const texts = values.filter((v) => v !== null && v !== undefined).map((v) => String(v));
  const whole = [...new Set(texts.flatMap((v) => wholeValuesOf(sensitive, v)))];
  return whole.length === 0 ? sql<SqlBool>`1 = 0` : wholeValueExpression(`${MAIN}.${field}`, whole);
}

/** ORDER BY a column the entity has (never a client's raw text), with id as the tie-breaker. */
export function applyOrder(
  qb: AnySelect,
  entity: Entity,
  input: ListInput,
  extraOrderable: ReadonlySet<string>,
  masked: MaskedColumns = NOTHING_MASKED,
): AnySelect {
  const sort = input.sort ?? entity.defaultOrder.sort;
  if (input.order !== undefined) {
    // Rows in the order of a hidden value tell it, a neighbour at a time.
    if (masked.has(input.order)) {
      throw refused('masking.noSort', { field: entity.columns[input.order]?.label ?? input.order });
    }
    if (entity.orderable.has(input.order)) {
      return qb.orderBy(`${MAIN}.${input.order}`, sort).orderBy(`${MAIN}.id`, sort);
    }
    if (extraOrderable.has(input.order)) return qb.orderBy(input.order, sort).orderBy(`${MAIN}.id`, sort);
    throw badRequest('validation.order', { field: input.order });
  }
  const column = entity.defaultOrder.column;
  const q = qb.orderBy(`${MAIN}.${column}`, input.sort ?? entity.defaultOrder.sort);
  return column === 'id' ? q : q.orderBy(`${MAIN}.id`, column === 'orderNum' ? 'asc' : sort);
}

/** Rows of departments the session may see; a superuser sees all. Reused by every owned entity. */
export function applyDepartmentScope(qb: AnySelect, ref: string, session: Pick<Session, 'departmentIds'>): AnySelect {
  const ids = session.departmentIds;
  if (ids === null) return qb;
  if (ids.size === 0) return qb.where(sql<SqlBool>`1 = 0`);
  return qb.where(ref, 'in', [...ids]);
}

export function selectColumns(entity: Entity): string[] {
  const cols = ['id', 'createTime', 'updateTime'];
  for (const [name, column] of Object.entries(entity.columns)) if (!column.hidden) cols.push(name);
  return cols.map((c) => `${MAIN}.${c}`);
}

export function baseQuery(db: LooseDb, entity: Entity): AnySelect {
  return db.selectFrom(`${entity.table} as ${MAIN}`);
}
