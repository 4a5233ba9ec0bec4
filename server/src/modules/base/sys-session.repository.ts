import {
  IDLE_SIGN_OUT_PARAM,
  type IdleSignOut,
  readIdleSignOut,
  SESSION_LIMIT_PARAM,
  type SessionEndReason,
} from '@backroom/contract';
import type { Db } from '../../core/db/index.js';

export type SessionInsert = {
  sid: string;
  userId: number;
  device: string | null;
  browser: string | null;
  ip: string | null;
  expireAt: number;
  now: string;
};

export async function insertSession(db: Db, row: SessionInsert) {
  const { now, ...values } = row;
  await db
    .insertInto('base_sys_session')
    .values({ ...values, lastSeen: now, createTime: now, updateTime: now })
    .execute();
}

/** A refresh keeps the session: it lasts as long as its newest refresh token. */
export async function extendSession(db: Db, sid: string, expireAt: number, now: string) {
  await db
    .updateTable('base_sys_session')
    .set({ expireAt, lastSeen: now, updateTime: now })
    .where('sid', '=', sid)
    .where('endTime', 'is', null)
    .execute();
}

export async function touchSession(db: Db, sid: string, now: string) {
  await db.updateTable('base_sys_session').set({ lastSeen: now }).where('sid', '=', sid).execute();
}

/** A user's sessions that have not ended, the oldest first. */
export function liveSessionsOf(db: Db, userId: number, nowSeconds: number) {
  return db
    .selectFrom('base_sys_session')
    .select(['id', 'sid', 'userId', 'device', 'browser', 'ip', 'createTime', 'lastSeen', 'expireAt'])
    .where('userId', '=', userId)
    .where('endTime', 'is', null)
    .where('expireAt', '>', nowSeconds)
    .orderBy('createTime')
    .orderBy('id')
    .execute();
}

export function findLiveSession(db: Db, id: number, nowSeconds: number) {
  return db
    .selectFrom('base_sys_session')
    .select(['id', 'sid', 'userId', 'expireAt'])
    .where('id', '=', id)
    .where('endTime', 'is', null)
    .where('expireAt', '>', nowSeconds)
    .executeTakeFirst();
}

export type SessionEnd = { reason: SessionEndReason; endedBy: number | null; now: string };

/** Marks sessions ended; the ones it marked (those that had not ended already). */
export async function endSessions(db: Db, where: { sids: readonly string[] } | { userId: number }, end: SessionEnd) {
  const base = db.selectFrom('base_sys_session').select(['sid', 'expireAt']).where('endTime', 'is', null);
  const open = await ('sids' in where
    ? where.sids.length === 0
      ? Promise.resolve([])
      : base.where('sid', 'in', [...where.sids]).execute()
    : base.where('userId', '=', where.userId).execute());
  if (open.length === 0) return [];
  await db
    .updateTable('base_sys_session')
    .set({ endTime: end.now, endedBy: end.endedBy, reason: end.reason, updateTime: end.now })
    .where(
      'sid',
      'in',
      open.map((s) => s.sid),
    )
    .where('endTime', 'is', null)
    .execute();
  return open.map((s) => ({ sid: s.sid, expireAt: Number(s.expireAt) }));
}

/** Sessions whose last refresh token has run out are over: marked so, so the online list shows only live ones. */
export async function expireSessions(db: Db, nowSeconds: number, now: string) {
  await db
    .updateTable('base_sys_session')
    .set({ endTime: now, reason: 'expired', updateTime: now })
    .where('endTime', 'is', null)
    .where('expireAt', '<=', nowSeconds)
    .execute();
}

export async function readSessionLimit(db: Db): Promise<number> {
  const row = await db
    .selectFrom('base_sys_param')
    .select('data')
    .where('keyName', '=', SESSION_LIMIT_PARAM)
    .executeTakeFirst();
  const value = Number(String(row?.data ?? '0').trim());
  return Number.isInteger(value) && value > 0 ? value : 0;
}

/** The idle sign-out setting (`idleSignOutMinutes`, docs/architecture.md "Sessions"); the default's where missing. */
export async function readIdleSetting(db: Db): Promise<IdleSignOut> {
  const row = await db
    .selectFrom('base_sys_param')
    .select('data')
    .where('keyName', '=', IDLE_SIGN_OUT_PARAM)
    .executeTakeFirst();
  return readIdleSignOut(row?.data);
}

/** The labels of these roles (the idle setting names roles by label). */
export async function roleLabelsOf(db: Db, roleIds: readonly number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('base_sys_role')
    .select('label')
    .where('id', 'in', [...roleIds])
    .execute();
  return rows.map((r) => String(r.label));
}

/** A live session's last seen time (`YYYY-MM-DD HH:mm:ss`), or undefined when it has ended or never was. */
export async function lastSeenOf(db: Db, sid: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('base_sys_session')
    .select('lastSeen')
    .where('sid', '=', sid)
    .where('endTime', 'is', null)
    .executeTakeFirst();
  return row ? String(row.lastSeen) : undefined;
}
