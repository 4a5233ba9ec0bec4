import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { DbKind } from '../config.js';
import type { Db, DbHandle } from './index.js';

/**
 * What runs under the schema lock (migrations, then seed steps): one connection, held by this
 * instance alone for the whole time, and transactions on it.
 */
export type SchemaSession = {
  readonly db: Db;
  readonly kind: DbKind;
  /** Runs `fn` atomically: a transaction on PostgreSQL and MySQL, a savepoint inside the lock's own on SQLite. */
  transaction<T>(fn: (trx: Db) => Promise<T>): Promise<T>;
};

/** PostgreSQL's advisory lock key for the schema: any number, the same in every instance ("brsc"). */
const PG_LOCK_KEY = 0x62727363;
/** How long an instance waits for another one's migrations and seeds before it gives up. */
const DEFAULT_WAIT_MS = 300_000;
/** What SQLite waits for a busy file during ordinary statements (core/db/index.ts sets the same). */
const SQLITE_BUSY_MS = 5000;

const isBusy = (error: unknown) =>
  typeof error === 'object' && error !== null && String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY');

/**
 * Runs `fn` while no other instance on the same database does: several instances may start at the
 * same moment, and each waits for the one migrating and seeding, then finds the work done.
 * PostgreSQL: a session advisory lock. MySQL/MariaDB: GET_LOCK on a name of this database. SQLite:
 * the file's own write lock, held by one `BEGIN IMMEDIATE` transaction for all of `fn` (so on
 * SQLite a failed start leaves nothing half-written at all).
 */
export async function withSchemaLock<T>(
  handle: DbHandle,
  fn: (session: SchemaSession) => Promise<T>,
  options: { waitMs?: number } = {},
): Promise<T> {
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  return handle.db.connection().execute(async (db) => {
    switch (handle.kind) {
      case 'postgres':
        return withPostgresLock(db, waitMs, fn);
      case 'mysql':
        return withMysqlLock(db, waitMs, fn);
      case 'sqlite':
        return withSqliteLock(db, waitMs, fn);
    }
  });
}

function serverSession(db: Db, kind: DbKind): SchemaSession {
  return { db, kind, transaction: (fn) => db.transaction().execute(fn) };
}

async function withPostgresLock<T>(db: Db, waitMs: number, fn: (s: SchemaSession) => Promise<T>): Promise<T> {
  const deadline = Date.now() + waitMs;
  // Try and wait in steps rather than block in the server, so a stuck holder ends in a clear error.
  for (;;) {
    const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_lock(${PG_LOCK_KEY}) as got`.execute(db);
    if (rows[0]?.got) break;
    if (Date.now() > deadline) throw lockTimeout(waitMs);
    await sleep(100);
  }
  try {
    return await fn(serverSession(db, 'postgres'));
  } finally {
    await sql`select pg_advisory_unlock(${PG_LOCK_KEY})`.execute(db);
  }
}

async function withMysqlLock<T>(db: Db, waitMs: number, fn: (s: SchemaSession) => Promise<T>): Promise<T> {
  // GET_LOCK names are server-wide: the database's name keeps two databases on one server apart.
  const name = sql`concat('backroom:schema:', database())`;
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const { rows } = await sql<{ got: number | null }>`select get_lock(${name}, ${seconds}) as got`.execute(db);
  if (Number(rows[0]?.got) !== 1) throw lockTimeout(waitMs);
  try {
    return await fn(serverSession(db, 'mysql'));
  } finally {
    await sql`select release_lock(${name})`.execute(db);
  }
}

async function withSqliteLock<T>(db: Db, waitMs: number, fn: (s: SchemaSession) => Promise<T>): Promise<T> {
  const deadline = Date.now() + waitMs;
  // better-sqlite3 waits for a busy file synchronously, stopping this process's event loop; wait
  // here in short asynchronous steps instead.
  await sql`pragma busy_timeout = 0`.execute(db);
  try {
    for (;;) {
      try {
        await sql`begin immediate`.execute(db);
        break;
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (Date.now() > deadline) throw lockTimeout(waitMs);
        await sleep(25 + Math.random() * 50);
      }
    }
  } finally {
    await sql.raw(`pragma busy_timeout = ${SQLITE_BUSY_MS}`).execute(db);
  }
  let savepoints = 0;
  const session: SchemaSession = {
    db,
    kind: 'sqlite',
    async transaction(inner) {
      savepoints += 1;
      const name = sql.raw(`"step_${savepoints}"`);
      await sql`savepoint ${name}`.execute(db);
      try {
        const out = await inner(db);
        await sql`release ${name}`.execute(db);
        return out;
      } catch (error) {
        await sql`rollback to ${name}`.execute(db);
        await sql`release ${name}`.execute(db);
        throw error;
      }
    },
  };
  try {
    const out = await fn(session);
    await sql`commit`.execute(db);
    return out;
  } catch (error) {
    await sql`rollback`.execute(db).catch(() => undefined);
    throw error;
  }
}

function lockTimeout(waitMs: number): Error {
  return new Error(
    `another instance has held the schema lock for over ${Math.round(waitMs / 1000)} s (migrating or seeding); ` +
      'if none is running, the lock is left from a killed process and ends with its database session',
  );
}
