import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  Kysely,
  MysqlDialect,
  PostgresDialect,
  type QueryResult,
  SqliteDialect,
  sql,
} from 'kysely';
import type { Config, DbKind } from '../config.js';
import { mysqlPoolForKysely, type PgPoolForKysely, pgPoolForKysely } from './connections.js';
import type { Database } from './schema.js';

export type { DbKind };
export type Db = Kysely<Database>;

/**
 * A database whose tables are named at run time (the CRUD factory serves many tables through one
 * code path). Only core/crud and core/db use it; module repositories use the typed `Db`.
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely types a table-agnostic query builder only through any.
export type LooseDb = Kysely<any>;

/** The same connection or transaction, seen table-agnostically. */
export function asLoose(db: Db): LooseDb {
  return db as unknown as LooseDb;
}

export type DbHandle = {
  readonly db: Db;
  readonly kind: DbKind;
  readonly loose: LooseDb;
  /**
   * Runs a compiled read outside any transaction (the CRUD factory's page, list and count). On
   * SQLite it reads at once from the cached statement when no transaction holds the connection,
   * without the driver's queue of promises around each query; on PostgreSQL as a named prepared
   * statement (namedStatementReads); otherwise as `loose.executeQuery`.
   */
  read<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
  close(): Promise<void>;
};

/**
 * A function that turns one row as an array into an object with these keys, written as an object
 * literal: V8 gives such objects one fixed shape at once, so building them (and JSON.stringify of
 * them later) costs about half what better-sqlite3's own objects, built a key at a time, do. Keys
 * are JSON-quoted; a repeated name keeps its last value, as better-sqlite3's objects do.
 */
function rowBuilder(names: readonly string[]): (values: unknown[]) => Record<string, unknown> {
  const fields = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${fields} };`) as (values: unknown[]) => Record<string, unknown>;
}

/** What Kysely's SQLite driver uses of a statement. */
type DriverStatement = Pick<SQLite.Statement, 'reader' | 'all' | 'run' | 'iterate' | 'busy'>;

/** A reader statement that reads rows as arrays and builds them with rowBuilder. */
function withRowBuilder(statement: SQLite.Statement): DriverStatement {
  if (!statement.reader) return statement;
  const build = rowBuilder(statement.columns().map((c) => c.name));
  statement.raw(true);
  return {
    reader: true,
    get busy() {
      return statement.busy;
    },
    all: (...params: unknown[]) => (statement.all(...params) as unknown[][]).map(build),
    run: (...params: unknown[]) => statement.run(...params),
    *iterate(...params: unknown[]) {
      for (const values of statement.iterate(...params) as IterableIterator<unknown[]>) yield build(values);
    },
  } as DriverStatement;
}

/**
 * Kysely prepares every statement anew; better-sqlite3 statements are reusable, and preparing is
 * a tenth of a page request's time. The cache holds the most recent distinct SQL texts. A change
 * of the schema (by this connection or another process on the file) empties it: a kept statement
 * would still build its rows with the columns it had when prepared.
 */
function withStatementCache(sqlite: SQLite.Database, size = 200) {
  const cache = new Map<string, DriverStatement>();
  const prepare = (text: string) => withRowBuilder(sqlite.prepare(text));
  const schemaVersion = sqlite.prepare('pragma schema_version').pluck();
  let seenVersion: unknown;
  return {
    close: () => sqlite.close(),
    /** Whether a transaction holds the connection now (Kysely's, between its BEGIN and its end). */
    get inTransaction() {
      return sqlite.inTransaction;
    },
    prepare(text: string) {
      // Long texts are one-off shapes (a batch insert of N log rows): caching them would only
      // push the reused statements out.
      if (text.length > 2000) return prepare(text);
      const version = schemaVersion.get();
      if (version !== seenVersion) {
        cache.clear();
        seenVersion = version;
      }
      let statement = cache.get(text);
      // A statement still iterating cannot run again; give that caller a fresh one.
      if (statement?.busy) return prepare(text);
      if (statement) {
        // Refresh its place, so the least recently used goes first.
        cache.delete(text);
      } else {
        statement = prepare(text);
        if (cache.size >= size) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

/**
 * Opens the configured database. Drivers load only when used: the embedded default never pays
 * for pg or mysql2.
 */
export async function openDatabase(
  config: Config['db'],
  options: { poolSize?: number; onConnectionLost?: (error: Error) => void } = {},
): Promise<DbHandle> {
  let db: Db;
  let read: DbHandle['read'] | undefined;
  if (config.kind === 'sqlite') {
    if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = new SQLite(config.file);
    // First: instances starting together on a new file take turns to switch it to WAL.
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    // SQLite's default 2 MB page cache: the OS caches the file anyway, and a bigger cache only
    // adds to the server's resident memory (8 MB measured no faster at 1M log rows).
    sqlite.pragma('cache_size = -2000');
    const statements = withStatementCache(sqlite);
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
    const queued = db;
    // better-sqlite3 runs a statement synchronously: a read started while no transaction is open
    // sees only committed rows and cannot interleave with another statement. Inside a transaction
    // (another request's, awaiting between its statements) it waits its turn in Kysely's queue.
    read = async <R>(query: CompiledQuery<R>): Promise<QueryResult<R>> => {
      if (statements.inTransaction) return queued.executeQuery(query);
      const statement = statements.prepare(query.sql);
      if (!statement.reader) return queued.executeQuery(query);
      return { rows: statement.all(query.parameters) as R[] };
    };
  } else if (config.kind === 'postgres') {
    const { default: pg } = await import('pg');
    // PostgreSQL returns int8 and numeric as text; the wire contract wants numbers.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));
    // A client that loses its server (restart, failover), idle or checked out, must not end the
    // process, and goes out of the pool (connections.ts).
    const pool = pgPoolForKysely(
      new pg.Pool({ connectionString: config.url, max: options.poolSize ?? 10 }),
      options.onConnectionLost,
    );
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const unnamed = db;
    read = namedStatementReads(pool, (query) => unnamed.executeQuery(query));
  } else {
    const { createPool: createMysqlPool } = await import('mysql2');
    const pool = createMysqlPool({
      uri: config.url,
      connectionLimit: options.poolSize ?? 10,
      decimalNumbers: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
      dateStrings: true,
      charset: 'utf8mb4',
    });
    db = new Kysely<Database>({
      dialect: new MysqlDialect({ pool: mysqlPoolForKysely(pool, options.onConnectionLost) }),
    });
  }
  const queued = db;
  return {
    db,
    kind: config.kind,
    loose: db as LooseDb,
    read: read ?? ((query) => queued.executeQuery(query)),
    close: () => db.destroy(),
  };
}

/** Distinct query texts kept as named statements; others run unnamed (each connection keeps its own). */
const NAMED_STATEMENTS_MAX = 500;
/**
 * What PostgreSQL answers when a named statement cannot serve on this setup: it does not exist on
 * the connection, or exists already (a pooler such as PgBouncer in transaction mode hands the
 * statements of one client to other server connections).
 */
const NAMED_STATEMENTS_UNSERVED = new Set(['26000', '42P05']);
/** A named statement whose table changed its columns under it ("cached plan must not change result type"). */
const NAMED_STATEMENT_STALE = '0A000';

/**
 * PostgreSQL's compiled reads (the CRUD factory's page, list and count) as named prepared
 * statements: each connection parses a query's text once and PostgreSQL may keep its plan, instead
 * of parsing it on every request (a customer name search's page at 1M customers, one at a time:
 * 0.98 against 1.11 ms a query, server and round trip). Texts are few, since the factory
 * compiles each query shape once (CompiledQueries in core/crud/compiled-queries.ts).
 * A statement left behind by a change of columns (another instance's migration) is prepared anew
 * under a new name; if named statements cannot serve at all, reads run unnamed from then on.
 */
function namedStatementReads(pool: PgPoolForKysely, unnamed: DbHandle['read']): DbHandle['read'] {
  const names = new Map<string, string>();
  let generation = 0;
  let named = true;
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < NAMED_STATEMENTS_MAX) {
      name = `r${generation}_${createHash('sha1').update(text).digest('hex').slice(0, 28)}`;
      names.set(text, name);
    }
    return name;
  };
  const run = async <R>(query: CompiledQuery<R>, retried: boolean): Promise<QueryResult<R>> => {
    const name = named ? nameOf(query.sql) : undefined;
    if (name === undefined) return unnamed(query);
    try {
      return { rows: (await pool.read({ name, text: query.sql, values: [...query.parameters] })).rows as R[] };
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (NAMED_STATEMENTS_UNSERVED.has(code)) named = false;
      else if (code === NAMED_STATEMENT_STALE && !retried) {
        generation += 1;
        names.clear();
      } else throw error;
      return run(query, true);
    }
  };
  return (query) => run(query, false);
}

/** Checks the connection answers, so a wrong URL fails at start with one clear line. */
export async function pingDatabase(handle: DbHandle): Promise<void> {
  await sql`select 1`.execute(handle.db);
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `YYYY-MM-DD HH:mm:ss` in the server's time zone: the text form of every createTime/updateTime. */
export function formatTime(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

/**
 * Inserts one row and returns its id on every dialect: PostgreSQL and SQLite through RETURNING,
 * MySQL through the insert id of its result.
 */
export async function insertReturningId(
  db: LooseDb,
  kind: DbKind,
  table: string,
  values: Record<string, unknown>,
): Promise<number> {
  if (kind === 'mysql') {
    const result = await db.insertInto(table).values(values).executeTakeFirstOrThrow();
    return Number(result.insertId);
  }
  const row = await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow();
  return Number((row as { id: number }).id);
}

/** Most bound values one multi-row insert carries (SQLite allows 32,766 and PostgreSQL 65,535). */
const INSERT_PARAMS = 16_000;
/** Most rows one multi-row insert carries. */
const INSERT_ROWS = 500;

/**
 * Inserts rows and returns their ids in the rows' order. PostgreSQL and SQLite take them in
 * multi-row inserts (rows of the same columns together: SQLite's VALUES has no DEFAULT) with
 * RETURNING; neither promises RETURNING's order, but one statement numbers its rows in the order
 * of its VALUES (a sequence, or SQLite's next rowid, taken row after row), so the ids sorted are
 * the rows' ids in order. MySQL has no RETURNING (and its auto-increment values for one statement
 * are consecutive only under some lock modes), so it takes them one at a time.
 */
export async function insertManyReturningIds(
  db: LooseDb,
  kind: DbKind,
  table: string,
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<number[]> {
  const ids: number[] = new Array(rows.length);
  if (kind === 'mysql') {
    for (const [i, row] of rows.entries()) ids[i] = await insertReturningId(db, kind, table, row);
    return ids;
  }
  const byColumns = new Map<string, number[]>();
  for (const [i, row] of rows.entries()) {
    const columns = Object.keys(row)
      .filter((k) => row[k] !== undefined)
      .sort()
      .join('\u0000');
    const group = byColumns.get(columns);
    if (group) group.push(i);
    else byColumns.set(columns, [i]);
  }
  for (const [columns, indexes] of byColumns) {
    const width = Math.max(1, columns.split('\u0000').length);
    const step = Math.max(1, Math.min(INSERT_ROWS, Math.floor(INSERT_PARAMS / width)));
    for (let from = 0; from < indexes.length; from += step) {
      const slice = indexes.slice(from, from + step);
      const inserted = await db
        .insertInto(table)
        .values(slice.map((i) => rows[i] as Record<string, unknown>))
        .returning('id')
        .execute();
      const sorted = (inserted as Array<{ id: number | string }>).map((r) => Number(r.id)).sort((a, b) => a - b);
      if (sorted.length !== slice.length)
        throw new Error(`${table}: ${slice.length} rows inserted, ${sorted.length} ids`);
      slice.forEach((rowIndex, k) => {
        ids[rowIndex] = sorted[k] as number;
      });
    }
  }
  return ids;
}

/** `LIKE` with the user's text taken literally: % and _ in a keyword match themselves. */
export function likePattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/**
 * Text none of whose characters has a case: Chinese, Japanese kana, Korean, digits, punctuation,
 * spaces. (Symbols are left out: circled letters such as Ⓐ have a lower case.)
 */
const CASELESS = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Nd}\p{P}\s]+$/u;

/**
 * Case-insensitive LIKE on every dialect (PostgreSQL's LIKE is case-sensitive). PostgreSQL's
 * ILIKE lowers both texts at each comparison; for a `text` without case LIKE finds the same rows
 * without that (a scan of 1M customers for 明: 1.5 s against 0.25 s).
 */
export function likeOperator(kind: DbKind, text: string): 'like' | 'ilike' {
  return kind === 'postgres' && !CASELESS.test(text) ? 'ilike' : 'like';
}

/** Joins the texts of a subquery's rows with commas, in each dialect's spelling. */
export function stringAgg(kind: DbKind, column: string) {
  const ref = sql.ref(column);
  if (kind === 'postgres') return sql<string>`string_agg(${ref}, ',')`;
  if (kind === 'mysql') return sql<string>`group_concat(${ref} separator ',')`;
  return sql<string>`group_concat(${ref}, ',')`;
}

/** A bool column as stored: PostgreSQL has real booleans, SQLite and MySQL 0/1. */
export function toDbBool(kind: DbKind, value: boolean): boolean | number {
  return kind === 'postgres' ? value : value ? 1 : 0;
}

/**
 * Deletes the rows of `table` created before `before`, a slice at a time, so a big purge never
 * holds the table for long; a stopped run (`signal`) keeps what it removed and ends between
 * slices. Returns how many went. The retention tasks of the request log and the recycle bin use it.
 */
export async function deleteCreatedBefore(
  db: Db,
  table: 'base_sys_log' | 'recycle_data' | 'base_sys_audit',
  before: string,
  options: { batch?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const loose = asLoose(db);
  let total = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const rows = await loose
      .selectFrom(table)
      .select('id')
      .where('createTime', '<', before)
      .limit(options.batch ?? 1000)
      .execute();
    if (rows.length === 0) return total;
    await loose
      .deleteFrom(table)
      .where(
        'id',
        'in',
        rows.map((r) => Number(r.id)),
      )
      .execute();
    total += rows.length;
  }
}
