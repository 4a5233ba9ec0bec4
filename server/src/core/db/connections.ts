import type { MysqlPool, MysqlPoolConnection, MysqlQueryResult, PostgresPool, PostgresPoolClient } from 'kysely';
import type { PoolConnection as MysqlDriverConnection, Pool as MysqlDriverPool } from 'mysql2';
import type { PoolClient as PgClient, Pool as PgDriverPool, QueryConfig, QueryResult } from 'pg';

/**
 * A database server's connections end under a running instance: a restart, a failover, an
 * administrator's `pg_terminate_backend` or `KILL`, a network cut. None of that may end the
 * process, and a broken connection must never be handed out again. This file is where the pools
 * of pg and mysql2 are wrapped for Kysely so that:
 *
 * - every connection, idle or checked out, has an 'error' listener (pg-pool listens only while a
 *   client is idle; an 'error' event with no listener ends the process);
 * - a connection whose statement failed on a connection-class error is released as broken, so the
 *   pool destroys it rather than keeping it;
 * - the first statement of a checkout that fails on a connection-class error is run again on
 *   another connection when running it cannot have changed anything: a read, or the statement that
 *   opens a transaction. Nothing else is retried: a write whose answer was lost may have been applied.
 * - the error that reaches the error handler is recognised as "the database is not reachable"
 *   (`isDatabaseUnavailable`), answered 503 there and nowhere else.
 */

/** pg's SQLSTATEs of a session the server ended or would not start, besides class 08 (connection exception). */
const PG_UNAVAILABLE = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
]);

/** mysql2's codes of a lost or refused connection. */
const MYSQL_UNAVAILABLE = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CONNECTION_KILLED',
  'ER_SERVER_SHUTDOWN',
  'ER_NORMAL_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_CLIENT_INTERACTION_TIMEOUT',
  'ER_NET_READ_ERROR',
  'ER_NET_READ_INTERRUPTED',
  'ER_NET_WRITE_INTERRUPTED',
]);

/** The socket's own errors. */
const SOCKET_ERRORS = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What the drivers say, without a code, of a connection that is gone or of a pool that could give none. */
const DRIVER_TEXTS = [
  /^Connection terminated/, // pg: the socket ended (unexpectedly, or by a connection timeout)
  /is not queryable$/, // pg: a query on a client whose connection broke or ended
  /^timeout exceeded when trying to connect$/, // pg-pool: connectionTimeoutMillis
  /^Cannot use a pool after calling end on the pool$/, // pg-pool, while the instance stops
  /in closed state$/, // mysql2: "Can't add new command when connection is in closed state", "Can't write in closed state"
  /^Connection lost/, // mysql2
  /^Pool is closed\.$/, // mysql2, while the instance stops
];

type ErrorLike = { code?: unknown; errno?: unknown; message?: unknown; fatal?: unknown; cause?: unknown };

/**
 * Whether an error of pg or mysql2 says the connection (or the server) is gone, rather than that
 * the statement was wrong: the statement may succeed on another connection, now or shortly.
 */
export function isConnectionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, fatal } = error as ErrorLike;
  if (typeof code === 'string') {
    if (/^08[0-9A-Z]{3}$/.test(code) || PG_UNAVAILABLE.has(code)) return true;
    if (MYSQL_UNAVAILABLE.has(code) || SOCKET_ERRORS.has(code)) return true;
  }
  // mysql2 marks an error after which its connection cannot be used again.
  if (fatal === true) return true;
  return typeof message === 'string' && DRIVER_TEXTS.some((text) => text.test(message));
}

/** Errors that came through the database's connections (the wrappers below) as connection-class. */
const unavailable = new WeakSet<object>();

function markUnavailable(error: unknown): void {
  if (typeof error === 'object' && error !== null) unavailable.add(error);
}

/**
 * The error handler's question: did this request fail because the database is not reachable? An
 * error the database layer marked, or one whose SQLSTATE can only be the database's; a socket
 * error of anything else (a storage bucket, a remote provider) is not the database's.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth += 1) {
    if (unavailable.has(e)) return true;
    const code = (e as ErrorLike).code;
    if (typeof code === 'string' && (/^08[0-9A-Z]{3}$/.test(code) || PG_UNAVAILABLE.has(code))) return true;
    e = (e as ErrorLike).cause;
  }
  return false;
}

/**
 * Statements that change nothing if they ran and their answer was lost: a read, or what opens a
 * transaction. Only the first statement of a checkout is ever retried, so no transaction's earlier
 * statements are lost with the connection.
 */
const RETRYABLE = /^\s*(select|begin|start transaction|set transaction|show)\b/i;

export const isRetryable = (sql: string) => RETRYABLE.test(sql);

/** Why a client goes back to pg-pool as broken (the pool then destroys it). */
const BROKEN = new Error('the connection broke');

/** The connection one checkout holds: none once it let go of a broken one and could get no other. */
type Held<C> = { client: C | undefined };

/** What a checkout without a connection answers (a rollback after its connection was lost). */
function lostConnection(): Error {
  const error = new Error('Connection terminated: this checkout has lost its connection');
  markUnavailable(error);
  return error;
}

export type PgPoolForKysely = PostgresPool & {
  /** One statement on a connection of its own (named prepared statements): a read, retried as a checkout's first. */
  read<R>(config: QueryConfig): Promise<QueryResult<R & Record<string, unknown>>>;
};

/**
 * pg's pool as Kysely's PostgresDialect takes it, with the guarantees above. `onLost` hears of
 * each connection that broke (for a warning in the server log).
 */
export function pgPoolForKysely(pool: PgDriverPool, onLost: (error: Error) => void = () => undefined): PgPoolForKysely {
  const broken = new WeakSet<PgClient>();
  // An idle client's error: pg-pool removes the client and emits it here.
  pool.on('error', onLost);
  // A checked-out client's error: pg-pool has no listener on it then.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      broken.add(client);
      onLost(error);
    });
  });
  const release = (client: PgClient) => client.release(broken.has(client) ? BROKEN : undefined);
  const checkout = async (): Promise<PgClient> => {
    try {
      return await pool.connect();
    } catch (error) {
      if (isConnectionError(error)) markUnavailable(error);
      throw error;
    }
  };
  /**
   * Runs `run` on the checkout's client; on a connection-class failure of a statement that may be
   * repeated, again on another client, as long as the pool hands out clients that were already
   * broken (at most the pool's size). A checkout that let go of its broken client and found no
   * other holds none: what it is asked after that fails as a lost connection.
   */
  async function runOn<T>(held: Held<PgClient>, retryable: boolean, run: (c: PgClient) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const client = held.client;
      if (!client) throw lostConnection();
      try {
        return await run(client);
      } catch (error) {
        if (!isConnectionError(error)) throw error;
        markUnavailable(error);
        broken.add(client);
        if (!retryable || attempt >= pool.options.max) throw error;
        release(client);
        held.client = undefined;
        held.client = await checkout();
      }
    }
  }
  const letGo = (held: Held<PgClient>) => {
    if (held.client) release(held.client);
    held.client = undefined;
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      const held: Held<PgClient> = { client: await checkout() };
      let first = true;
      const query = async (sql: unknown, parameters: ReadonlyArray<unknown>) => {
        // Kysely passes a cursor only when the dialect is given one; this one is not.
        if (typeof sql !== 'string') throw new Error('cursors are not configured');
        const retryable = first && isRetryable(sql);
        first = false;
        return runOn(held, retryable, (c) => c.query(sql, [...parameters]));
      };
      return {
        // The interface's second overload (cursors) is refused above.
        query: query as unknown as PostgresPoolClient['query'],
        release: () => letGo(held),
      };
    },
    async read<R>(config: QueryConfig) {
      const held: Held<PgClient> = { client: await checkout() };
      try {
        return await runOn(held, true, (c) => c.query<R & Record<string, unknown>>(config));
      } finally {
        letGo(held);
      }
    },
    end: () => pool.end(),
  };
}

type MysqlCallback = (error: unknown, result: MysqlQueryResult) => void;

/** mysql2's pool as Kysely's MysqlDialect takes it, with the guarantees above. */
export function mysqlPoolForKysely(pool: MysqlDriverPool, onLost: (error: Error) => void = () => undefined): MysqlPool {
  // mysql2 removes a connection from its pool on its first 'error' or 'end' (a `once` listener);
  // a second error (a write on the closed socket) would then have no listener left.
  pool.on('connection', (connection) => connection.on('error', onLost));
  const checkout = (callback: (error: unknown, connection?: MysqlDriverConnection) => void) =>
    pool.getConnection((error, connection) => {
      if (error) {
        if (isConnectionError(error)) markUnavailable(error);
        callback(error);
      } else callback(null, connection);
    });
  return {
    getConnection(callback) {
      checkout((error, connection) => {
        if (error || !connection) return callback(error, undefined as unknown as MysqlPoolConnection);
        callback(null, checkoutOf(connection));
      });
    },
    end: (callback) => pool.end(callback),
  };

  function checkoutOf(connection: MysqlDriverConnection): MysqlPoolConnection {
    const held: Held<MysqlDriverConnection> = { client: connection };
    let first = true;
    let broken = false;
    const fail = (callback: MysqlCallback, error: unknown) => callback(error, undefined as unknown as MysqlQueryResult);
    const run = (sql: string, parameters: unknown[], retryable: boolean, attempt: number, callback: MysqlCallback) => {
      const current = held.client;
      if (!current) return fail(callback, lostConnection());
      current.query(sql, parameters, (error: unknown, result: unknown) => {
        if (!error) return callback(null, result as MysqlQueryResult);
        if (!isConnectionError(error)) return fail(callback, error);
        markUnavailable(error);
        broken = true;
        if (!retryable || attempt >= (pool.config.connectionLimit ?? 10)) return fail(callback, error);
        // Out of the pool for good, and another one for the same statement.
        current.destroy();
        held.client = undefined;
        checkout((again, fresh) => {
          if (again || !fresh) return fail(callback, again);
          held.client = fresh;
          broken = false;
          run(sql, parameters, retryable, attempt + 1, callback);
        });
      });
    };
    function query(sql: string, parameters: unknown[], callback?: MysqlCallback) {
      const retryable = first && isRetryable(sql);
      first = false;
      if (!callback) {
        // A streamed query (Kysely's stream()) goes straight to the connection and is never retried.
        if (!held.client) throw lostConnection();
        return held.client.query(sql, parameters);
      }
      run(sql, parameters, retryable, 0, callback);
    }
    return {
      // Both of the interface's overloads are served by the one function above.
      query: query as MysqlPoolConnection['query'],
      release() {
        const current = held.client;
        held.client = undefined;
        if (!current) return;
        if (broken) current.destroy();
        else current.release();
      },
    };
  }
}
