import type { StoredChange, SysAuditRow } from '@backroom/contract';
import { expect } from 'vitest';
import { dataOf, startApp, type Target, type TestApp } from '../testing/harness.js';
import type { Db } from './db/index.js';

/*
 * What the history tests share (issue 39): an app signed in as admin, and base_sys_audit read as
 * it stands once SQLite's inbox is moved into it (core/history.ts `settle`), as every reader of
 * the server reads it.
 */

/** The app's database, after the events waiting in SQLite's inbox are moved into base_sys_audit. */
export async function settled(t: TestApp): Promise<Db> {
  await t.ctx.history.settle(t.ctx.db.db);
  return t.ctx.db.db;
}

/** The stored events of one record, oldest first. */
export async function eventsOf(t: TestApp, entity: string, recordId: number): Promise<SysAuditRow[]> {
  const db = await settled(t);
  const rows = await db
    .selectFrom('base_sys_audit')
    .selectAll()
    .where('entity', '=', entity)
    .where('recordId', '=', recordId)
    .orderBy('id')
    .execute();
  return rows as unknown as SysAuditRow[];
}

/** How many events base_sys_audit holds. */
export async function allEvents(t: TestApp): Promise<number> {
  const db = await settled(t);
  const row = await db
    .selectFrom('base_sys_audit')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n);
}

/** An event's stored changes. */
export const changesOf = (event: { changes: string | null } | undefined): StoredChange[] =>
  JSON.parse(event?.changes ?? '[]') as StoredChange[];

/** An app with the admin signed in: its token and id, and a POST of the admin's that must answer 200. */
export type AdminApp = {
  t: TestApp;
  admin: string;
  adminId: number;
  post<T = unknown>(path: string, body: unknown): Promise<T>;
};

export async function startAsAdmin(target: Target, env: Record<string, string> = {}): Promise<AdminApp> {
  const t = await startApp(target, env);
  const { token: admin } = await t.login();
  const row = await t.ctx.db.db
    .selectFrom('base_sys_user')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirst();
  return {
    t,
    admin,
    adminId: Number(row?.id),
    async post<T = unknown>(path: string, body: unknown): Promise<T> {
      const reply = await t.post<T>(path, body, admin);
      expect(reply.status, reply.raw).toBe(200);
      return dataOf(reply);
    },
  };
}
