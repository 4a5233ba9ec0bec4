import { describe, expect, it } from 'vitest';
import { isConnectionError, isDatabaseUnavailable, isRetryable } from './connections.js';

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
