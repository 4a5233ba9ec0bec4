import { EventEmitter } from 'node:events';
import type { MysqlPoolConnection } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  isConnectionError,
  isDatabaseUnavailable,
  isRetryable,
  mysqlPoolForKysely,
  pgPoolForKysely,
} from './connections.js';

/** An error as a driver throws it: a message and the driver's fields. */
const driverError = (message: string, fields: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), fields);

describe('connection-class errors', () => {
  it('knows the server ending or refusing a session, on either driver', () => {
    const gone = [
      driverError('terminating connection due to administrator command', { code: '57P01' }),
      driverError('the database system is starting up', { code: '57P03' }),
      driverError('connection failure', { code: '08006' }),
      driverError('Connection terminated unexpectedly'),
      driverError('Client has encountered a connection error and is not queryable'),
      driverError('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }),
      driverError('read ECONNRESET', { code: 'ECONNRESET' }),
      driverError('Connection lost: The server closed the connection.', { code: 'PROTOCOL_CONNECTION_LOST' }),
      driverError("Can't add new command when connection is in closed state", { fatal: true }),
      driverError('Connection was killed', { code: 'ER_CONNECTION_KILLED', errno: 1927 }),
    ];
    for (const error of gone) expect(isConnectionError(error), error.message).toBe(true);
  });

  it('leaves the statement’s own errors alone', () => {
    const wrong = [
      driverError('duplicate key value violates unique constraint', { code: '23505' }),
      driverError('syntax error at or near "selec"', { code: '42601' }),
      driverError("Duplicate entry 'a' for key 'key'", { code: 'ER_DUP_ENTRY', errno: 1062, fatal: false }),
      driverError('canceling statement due to statement timeout', { code: '57014' }),
      new Error('something else'),
      'a string',
      null,
    ];
    for (const error of wrong) expect(isConnectionError(error), String(error)).toBe(false);
  });

  it('answers 503 only for what the database says, or what came through its connections', () => {
    expect(isDatabaseUnavailable(driverError('terminating connection', { code: '57P01' }))).toBe(true);
    // A socket error of something else (a storage bucket, a provider) is not the database's.
    expect(isDatabaseUnavailable(driverError('read ECONNRESET', { code: 'ECONNRESET' }))).toBe(false);
    expect(
      isDatabaseUnavailable(new Error('wrapped', { cause: driverError('admin shutdown', { code: '57P01' }) })),
    ).toBe(true);
  });
});

describe('statements a checkout may run again on another connection', () => {
  it('are reads and what opens a transaction', () => {
    for (const sql of ['select 1', '  SELECT * from "t"', 'begin', 'start transaction read only', 'show tables'])
      expect(isRetryable(sql), sql).toBe(true);
  });

  it('are never writes, nor a read that may hide one', () => {
    for (const sql of [
      'insert into t values (1)',
      'update t set a = 1',
      'delete from t',
      'commit',
      'with gone as (delete from t returning id) select * from gone',
      'selector',
    ])
      expect(isRetryable(sql), sql).toBe(false);
  });
});

const terminated = () => driverError('terminating connection due to administrator command', { code: '57P01' });
const selected = { command: 'SELECT', rowCount: 1, rows: [{ x: 1 }] };

/** A pg client as the pool hands it out: it answers what it is given, in order, and notes its releases. */
class FakePgClient extends EventEmitter {
  readonly sent: string[] = [];
  readonly released: unknown[] = [];
  constructor(private readonly answers: unknown[] = []) {
    super();
  }
  async query(sql: string | { text: string }) {
    this.sent.push(typeof sql === 'string' ? sql : sql.text);
    const answer = this.answers.shift() ?? selected;
    if (answer instanceof Error) throw answer;
    return answer;
  }
  release(error?: unknown) {
    this.released.push(error ?? null);
  }
}

/** pg-pool as far as the wrapper uses it: clients handed out in order, then a refusal. */
class FakePgPool extends EventEmitter {
  readonly options = { max: 3 };
  constructor(private readonly clients: FakePgClient[]) {
    super();
  }
  async connect() {
    const client = this.clients.shift();
    if (!client) throw driverError('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' });
    this.emit('connect', client);
    return client;
  }
  async end() {}
}

const wrapPg = (pool: FakePgPool) => pgPoolForKysely(pool as unknown as Parameters<typeof pgPoolForKysely>[0]);

describe('the pg pool as Kysely gets it', () => {
  it('runs a first read again on another client when its client was already ended, and drops that one', async () => {
    const dead = new FakePgClient([terminated()]);
    const live = new FakePgClient();
    const checkout = await wrapPg(new FakePgPool([dead, live])).connect();
    await expect(checkout.query('select 1', [])).resolves.toMatchObject({ rows: [{ x: 1 }] });
    checkout.release();
    expect(dead.released).toHaveLength(1);
    expect(dead.released[0]).toBeInstanceOf(Error);
    expect(live.released).toEqual([null]);
  });

  it('never runs a write again: it fails as the database being unreachable, its client dropped', async () => {
    const dead = new FakePgClient([terminated()]);
    const spare = new FakePgClient();
    const checkout = await wrapPg(new FakePgPool([dead, spare])).connect();
    const failed = await checkout.query('insert into t values (1)', []).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    checkout.release();
    expect(spare.sent).toEqual([]);
    expect(dead.released[0]).toBeInstanceOf(Error);
  });

  it('never runs a transaction’s later statement again, nor its rollback elsewhere', async () => {
    const client = new FakePgClient([
      selected,
      terminated(),
      driverError('Client has encountered a connection error and is not queryable'),
    ]);
    const spare = new FakePgClient();
    const checkout = await wrapPg(new FakePgPool([client, spare])).connect();
    await checkout.query('begin', []);
    await expect(checkout.query('select * from t', [])).rejects.toThrow(/administrator command/);
    await expect(checkout.query('rollback', [])).rejects.toThrow(/not queryable/);
    checkout.release();
    expect(spare.sent).toEqual([]);
    expect(client.released).toHaveLength(1);
    expect(client.released[0]).toBeInstanceOf(Error);
  });

  it('lets go of a broken client once, even when no other can be had', async () => {
    const dead = new FakePgClient([terminated()]);
    const checkout = await wrapPg(new FakePgPool([dead])).connect();
    const failed = await checkout.query('select 1', []).catch((error: unknown) => error);
    expect((failed as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(failed)).toBe(true);
    // Kysely's rollback and release after that: an unreachable database again, and no second release.
    await expect(checkout.query('rollback', [])).rejects.toThrow(/lost its connection/);
    checkout.release();
    expect(dead.released).toHaveLength(1);
  });

  it('keeps a checked-out client’s error event from ending the process, and drops that client', async () => {
    const client = new FakePgClient();
    const checkout = await wrapPg(new FakePgPool([client])).connect();
    expect(() => client.emit('error', terminated())).not.toThrow();
    checkout.release();
    expect(client.released[0]).toBeInstanceOf(Error);
  });
});

/** A mysql2 pool connection: answers in order, notes whether it was released or destroyed. */
class FakeMysqlConnection extends EventEmitter {
  readonly sent: string[] = [];
  released = 0;
  destroyed = 0;
  constructor(private readonly answers: unknown[] = []) {
    super();
  }
  query(sql: string, _parameters: unknown[], callback: (error: unknown, result?: unknown) => void) {
    this.sent.push(sql);
    const answer = this.answers.shift() ?? [{ x: 1 }];
    setImmediate(() => (answer instanceof Error ? callback(answer) : callback(null, answer)));
  }
  release() {
    this.released += 1;
  }
  destroy() {
    this.destroyed += 1;
  }
}

class FakeMysqlPool extends EventEmitter {
  readonly config = { connectionLimit: 3 };
  constructor(private readonly connections: FakeMysqlConnection[]) {
    super();
  }
  getConnection(callback: (error: unknown, connection?: FakeMysqlConnection) => void) {
    const connection = this.connections.shift();
    setImmediate(() =>
      connection ? callback(null, connection) : callback(driverError('connect ECONNREFUSED', { code: 'ECONNREFUSED' })),
    );
  }
  end(callback: (error: unknown) => void) {
    callback(null);
  }
}

const lost = () =>
  driverError('Connection lost: The server closed the connection.', { code: 'PROTOCOL_CONNECTION_LOST', fatal: true });

async function mysqlCheckout(pool: FakeMysqlPool) {
  const wrapped = mysqlPoolForKysely(pool as unknown as Parameters<typeof mysqlPoolForKysely>[0]);
  const connection = await new Promise<MysqlPoolConnection>((resolve, reject) =>
    wrapped.getConnection((error, c) => (error ? reject(error) : resolve(c))),
  );
  const query = (sql: string) =>
    new Promise((resolve, reject) =>
      connection.query(sql, [], (error, result) => (error ? reject(error) : resolve(result))),
    );
  return { connection, query };
}

describe('the mysql2 pool as Kysely gets it', () => {
  it('runs a first read again on another connection, the dead one destroyed', async () => {
    const dead = new FakeMysqlConnection([lost()]);
    const live = new FakeMysqlConnection();
    const { connection, query } = await mysqlCheckout(new FakeMysqlPool([dead, live]));
    await expect(query('select 1')).resolves.toEqual([{ x: 1 }]);
    connection.release();
    expect({ dead: dead.destroyed, live: live.released }).toEqual({ dead: 1, live: 1 });
  });

  it('never runs a write again, and destroys its connection at release', async () => {
    const dead = new FakeMysqlConnection([lost()]);
    const spare = new FakeMysqlConnection();
    const { connection, query } = await mysqlCheckout(new FakeMysqlPool([dead, spare]));
    const failed = await query('update t set a = 1').catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    connection.release();
    expect(spare.sent).toEqual([]);
    expect({ destroyed: dead.destroyed, released: dead.released }).toEqual({ destroyed: 1, released: 0 });
  });

  it('answers a lost connection, never hangs, once it could get no other', async () => {
    const dead = new FakeMysqlConnection([lost()]);
    const { connection, query } = await mysqlCheckout(new FakeMysqlPool([dead]));
    const failed = await query('begin').catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    await expect(query('rollback')).rejects.toThrow(/lost its connection/);
    connection.release();
    expect(dead.destroyed).toBe(1);
  });
});
