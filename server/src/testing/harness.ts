import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { type App, buildApp } from '../app.js';
import { type Config, loadConfig } from '../core/config.js';
import { openDatabase, toDbBool } from '../core/db/index.js';

export type DbName = 'sqlite' | 'postgres' | 'mysql';

export type Target = { name: DbName; create(): Promise<{ db: Config['db']; drop(): Promise<void> }> };

function serverUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Makes a fresh, empty database on a server, so test files never see each other's rows. */
function serverTarget(name: 'postgres' | 'mysql', base: string): Target {
  return {
    name,
    async create() {
      const database = `br_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
      const admin = await openDatabase({ kind: name, url: base }, { poolSize: 1 });
      await sql.raw(`create database ${database}`).execute(admin.db);
      await admin.close();
      return {
        db: { kind: name, url: serverUrl(base, database) },
        async drop() {
          const again = await openDatabase({ kind: name, url: base }, { poolSize: 1 });
          const force = name === 'postgres' ? ' with (force)' : '';
          await sql.raw(`drop database if exists ${database}${force}`).execute(again.db);
          await again.close();
        },
      };
    },
  };
}

/** SQLite in a fresh temporary directory: always a target. */
const SQLITE: Target = {
  name: 'sqlite',
  async create() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'br-sqlite-'));
    return {
      db: { kind: 'sqlite', file: path.join(dir, 'test.sqlite') },
      async drop() {
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

let announced = false;

/**
 * The databases integration tests run on: SQLite always, PostgreSQL and MariaDB when
 * TEST_PG_URL / TEST_MYSQL_URL name a server (CI sets both). What is skipped is said once.
 */
export function testTargets(): Target[] {
  const targets: Target[] = [SQLITE];
  const pg = process.env.TEST_PG_URL;
  const mysql = process.env.TEST_MYSQL_URL;
  if (pg) targets.push(serverTarget('postgres', pg));
  if (mysql) targets.push(serverTarget('mysql', mysql));
  if (!announced) {
    announced = true;
    const skipped = [
      pg ? null : 'PostgreSQL (TEST_PG_URL is not set)',
      mysql ? null : 'MariaDB/MySQL (TEST_MYSQL_URL is not set)',
    ].filter(Boolean);
    if (skipped.length > 0) console.warn(`[integration] skipped databases: ${skipped.join('; ')}`);
  }
  return targets;
}

export type Reply<T = unknown> = {
  status: number;
  body: { code: number; message: string; data?: T };
  raw: string;
  headers: Record<string, unknown>;
};

export type TestApp = App & {
  dbName: DbName;
  dataDir: string;
  post<T = unknown>(url: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<Reply<T>>;
  get<T = unknown>(
    url: string,
    query?: Record<string, string | number>,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<Reply<T>>;
  login(username?: string, password?: string): Promise<{ token: string; refreshToken: string }>;
  stop(): Promise<void>;
};

function toReply<T>(response: { statusCode: number; body: string; headers: Record<string, unknown> }): Reply<T> {
  let body: Reply<T>['body'];
  try {
    body = JSON.parse(response.body);
  } catch {
    body = { code: 0, message: '' };
  }
  return { status: response.statusCode, body, raw: response.body, headers: response.headers };
}

/**
 * A database made by an earlier release, from its committed fixture (server/test-fixtures/upgrade):
 * the SQLite file copied, or the PostgreSQL or MariaDB dump loaded into a fresh database.
 */
export async function restoreRelease(
  target: Target,
  release: string,
): Promise<{ db: Config['db']; drop(): Promise<void> }> {
  const dir = path.resolve(import.meta.dirname, '../../test-fixtures/upgrade', release);
  const created = await target.create();
  const { db } = created;
  if (db.kind === 'sqlite') {
    fs.copyFileSync(path.join(dir, 'backroom.sqlite'), db.file);
  } else if (db.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query(fs.readFileSync(path.join(dir, 'postgres.sql'), 'utf8'));
    } finally {
      await client.end();
    }
  } else {
    const { createConnection } = await import('mysql2/promise');
    const connection = await createConnection({ uri: db.url, multipleStatements: true, charset: 'utf8mb4' });
    try {
      await connection.query(fs.readFileSync(path.join(dir, 'mysql.sql'), 'utf8'));
    } finally {
      await connection.end();
    }
  }
  return created;
}

/** Starts the real app on a database that already exists (a restored release, one shared by instances). */
export function startAppOn(
  name: DbName,
  db: Config['db'],
  drop: () => Promise<void>,
  env: Record<string, string> = {},
): Promise<TestApp> {
  return startOn(name, db, drop, env);
}

/** Starts the real app on a fresh database of the target, seeded as a first start would. */
export async function startApp(
  target: Target,
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestApp> {
  const { db, drop } = await target.create();
  return startOn(target.name, db, drop, env, options);
}

/**
 * Starts the real app on a fresh SQLite database: for tests whose subject does not depend on the
 * database (HTTP bounds, file sizes, quotas, captchas), run once rather than on every target.
 */
export function startSqliteApp(env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestApp> {
  return startApp(SQLITE, env, options);
}

/**
 * Several instances of the app on one database, as behind a load balancer (give them the same
 * JWT_SECRET and REDIS_URL in env). The database goes when the last one stops.
 */
export async function startApps(target: Target, count: number, env: Record<string, string>): Promise<TestApp[]> {
  const { db, drop } = await target.create();
  let running = count;
  const dropLast = async () => {
    running -= 1;
    if (running === 0) await drop();
  };
  const apps: TestApp[] = [];
  for (let i = 0; i < count; i += 1) apps.push(await startOn(target.name, db, dropLast, env));
  return apps;
}

/** Another instance on the database of a running one (a restart beside it); it leaves the database to its first. */
export async function startBeside(app: TestApp, env: Record<string, string>): Promise<TestApp> {
  return startOn(app.dbName, app.ctx.config.db, async () => undefined, env);
}

/**
 * Test-only: the user's forced password change counts as done, written straight into the test
 * database (nothing in the app can do this). The seeded admin and every user a test adds with a
 * password would otherwise owe the change, and most tests are about something else; the tests of
 * the change itself sign in with a plain login call, or start with `keepFirstSignIn`.
 */
export async function skipPasswordChange(app: App, username: string): Promise<void> {
  const { db, kind } = app.ctx.db;
  const changed = await db
    .updateTable('base_sys_user')
    .set({ passwordChangeRequired: toDbBool(kind, false) })
    .where('username', '=', username)
    .where('passwordChangeRequired', '=', toDbBool(kind, true))
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) > 0) app.ctx.gate.invalidate();
}

export type StartOptions = {
  /** Leave the seeded admin's forced password change in place (tests of the change itself). */
  keepFirstSignIn?: boolean;
};

async function startOn(
  name: DbName,
  db: Config['db'],
  drop: () => Promise<void>,
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'br-data-'));
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      CAPTCHA: 'off',
      LOG_LEVEL: 'silent',
      LOG_FLUSH_MS: '50',
      // The suites exercise the demos too; first-start.int.test.ts starts without them.
      DEMO_MENUS: 'on',
      // Tests install many packages from one address; the install throttle's own test sets it low.
      PLUGIN_INSTALLS_PER_IP: '100000',
      ...env,
    }),
    db,
  };
  const built = await buildApp(config);
  const { app } = built;
  if (!options.keepFirstSignIn) await skipPasswordChange(built, 'admin');
  const inject = async <T>(
    method: 'GET' | 'POST',
    url: string,
    payload: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ) => {
    const response = await app.inject({
      method,
      url,
      ...(method === 'POST' ? { payload: payload as Record<string, unknown> } : {}),
      headers: { ...(token ? { authorization: token } : {}), ...headers },
    });
    return toReply<T>(response as unknown as { statusCode: number; body: string; headers: Record<string, unknown> });
  };
  const testApp: TestApp = {
    ...built,
    dbName: name,
    dataDir,
    post: (url, body = {}, token, headers) => inject('POST', `/api${url}`, body, token, headers),
    get: (url, query = {}, token, headers) => {
      const qs = new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
      return inject('GET', `/api${url}${qs ? `?${qs}` : ''}`, undefined, token, headers);
    },
    async login(username = 'admin', password = '123456') {
      const reply = await testApp.post<{ token: string; refreshToken: string }>('/admin/base/open/login', {
        username,
        password,
      });
      if (reply.status !== 200 || !reply.body.data) throw new Error(`login ${username} failed: ${reply.raw}`);
      await skipPasswordChange(built, username);
      return reply.body.data;
    },
    async stop() {
      await built.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/** How many rows a table holds now, read straight from the app's database. */
export async function rowCount(t: TestApp, table: string): Promise<number> {
  const row = await t.ctx.db.loose
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The stored rows of a table with these ids, by id (as stored: nothing masked). */
export async function rowsById<T>(t: TestApp, table: string, ids: readonly number[]): Promise<Map<number, T>> {
  const rows = (await t.ctx.db.loose
    .selectFrom(table)
    .selectAll()
    .where('id', 'in', [...ids])
    .execute()) as Array<T & { id: number | string }>;
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** The data of a successful reply, or a failure that shows what came back. */
export function dataOf<T>(reply: Reply<T>): T {
  if (reply.status !== 200 || reply.body.code !== 1000) {
    throw new Error(`expected success, got HTTP ${reply.status}: ${reply.raw.slice(0, 500)}`);
  }
  return reply.body.data as T;
}

/** The request was refused with this status and a failure envelope. */
export function expectRefused(reply: Reply, status: number) {
  expect(reply.status, reply.raw).toBe(status);
  expect(reply.body.code).not.toBe(1000);
}

/**
 * A rule refused the change (scope, superuser only, a grant not held): 400 with code 1001 and a
 * message, never a 403 (clients send every 403 to their not-authorized page, docs/spec.md §8).
 */
export function expectRuleRefusal(reply: Reply) {
  expect(reply.status, reply.raw).toBe(400);
  expect(reply.body.code).toBe(1001);
  expect(reply.body.message.length).toBeGreaterThan(0);
}

/** The id of a (seeded) department by its name, as the department list shows it to this token. */
export async function departmentIds(t: TestApp, token: string): Promise<(name: string) => number> {
  const departments = dataOf(
    await t.post<Array<{ id: number; name: string }>>('/admin/base/sys/department/list', {}, token),
  );
  return (name) => {
    const found = departments.find((d) => d.name === name);
    if (!found) throw new Error(`no department ${name}`);
    return found.id;
  };
}
