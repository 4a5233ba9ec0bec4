import {
  DEFAULT_IDLE_SIGN_OUT,
  IDLE_SIGN_OUT_PARAM,
  idleMinutesOf,
  type Locale,
  label,
  type OwnSession,
  SESSION_LIMIT_PARAM,
  type SessionEndReason,
  sysSession,
  type TokenPair,
} from '@backroom/contract';
import type { Principal, Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { MAIN } from '../../core/crud/query.js';
import { type Db, formatTime } from '../../core/db/index.js';
import { paramSeed, type SeedStep } from '../../core/db/seeds.js';
import { notFound, refused, unauthorized } from '../../core/errors.js';
import {
  endSessions,
  expireSessions,
  extendSession,
  findLiveSession,
  insertSession,
  lastSeenOf,
  liveSessionsOf,
  readIdleSetting,
  readSessionLimit,
  roleLabelsOf,
  touchSession,
} from './sys-session.repository.js';
import { superUserIds } from './sys-user.repository.js';
import { describeUserAgent } from './user-agent.js';

/** A session's last-seen time is written at most this often (per instance): not on every request. */
const SEEN_EVERY_MS = 60_000;
/** Sessions whose last write this instance remembers; past it the memory starts over. */
const SEEN_MAX = 100_000;

export type SignInClient = { ip: string; userAgent: string | undefined };

export type SysSessionService = CrudService & {
  /** A sign-in: the tokens of a new session, recorded, with the user's oldest ended past the limit. */
  start(user: { id: number; username: string; passwordV: number }, client: SignInClient): Promise<TokenPair>;
  /** A refresh: the same session, lasting as long as its new refresh token. */
  extend(sid: string): Promise<void>;
  /** The signed-in user's live sessions, this one marked. */
  own(session: Session): Promise<OwnSession[]>;
  /** Ends one of the signed-in user's sessions; another user's is a 404. */
  endOwn(session: Session, id: number): Promise<void>;
  /** An operator's force logout. */
  endAny(session: Session, id: number): Promise<void>;
  /** Ends a session by its sid (logout, a reused refresh token). */
  endSid(sid: string, reason: SessionEndReason, endedBy: number | null): Promise<void>;
  /** Marks every live session of a user ended, in the caller's transaction (their tokens stop by other means). */
  markUserEnded(trx: Db, userId: number, reason: SessionEndReason, endedBy: number | null): Promise<void>;
  /** The minutes without input after which this user's sessions end (`idleSignOutMinutes`); 0 for never. */
  idleMinutes(principal: Principal): Promise<number>;
  /**
   * Refuses (401) a refresh of a session idle past its user's minutes, and ends it (reason
   * `idle`): a PC left signed in cannot be carried on by the next person with the refresh token.
   */
  assertNotIdle(session: Session): Promise<void>;
};

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function createSysSessionService(ctx: AppContext): SysSessionService {
  const crud = createCrud(ctx, sysSession, {
    join: (qb) =>
      qb.innerJoin('base_sys_user as u', 'u.id', `${MAIN}.userId`).select(['u.name as name', 'u.username as username']),
    keywordRefs: ['u.name', 'u.username'],
    joinedOrder: { name: 'u.name', username: 'u.username' },
    // The online list: sessions that have not ended (the expired ones are marked before each read).
    filter: (qb) => qb.where(`${MAIN}.endTime`, 'is', null),
  });
  const db = () => ctx.db.db;

  /** Ends sessions: marked in the database, their tokens refused at once on every instance. */
  async function end(
    sids: readonly string[],
    reason: SessionEndReason,
    endedBy: number | null,
    alongside?: (trx: Db) => Promise<void>,
  ) {
    // What the ending writes beside the sessions (a forced logout's audit event) commits with them.
    const ended = await db()
      .transaction()
      .execute(async (trx) => {
        const rows = await endSessions(trx, { sids }, { reason, endedBy, now: formatTime() });
        if (alongside && rows.length > 0) await alongside(trx);
        return rows;
      });
    await Promise.all(ended.map((s) => ctx.sessions.revoke(s.sid, Math.max(s.expireAt, nowSeconds() + 60))));
  }

  // Last seen: one write per session per minute on this instance, after the answer, never awaited.
  const lastWrite = new Map<string, number>();
  ctx.gate.onSeen((session) => {
    const now = Date.now();
    const last = lastWrite.get(session.sid);
    if (last !== undefined && now - last < SEEN_EVERY_MS) return;
    if (lastWrite.size >= SEEN_MAX) lastWrite.clear();
    lastWrite.set(session.sid, now);
    touchSession(db(), session.sid, formatTime(new Date(now))).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'session last-seen write failed'),
    );
  });

  async function idleMinutes(principal: Principal): Promise<number> {
    const [setting, roleLabels] = await Promise.all([readIdleSetting(db()), roleLabelsOf(db(), principal.roleIds)]);
    return idleMinutesOf(setting, { userLevel: principal.userLevel, roleLabels, isSuper: principal.isSuper });
  }

  return {
    ...crud,
    async page(input, session) {
      await expireSessions(db(), nowSeconds(), formatTime());
      return crud.page(input, session);
    },

    async start(user, client) {
      const { sid, ...pair } = ctx.tokens.issue(user);
      const now = formatTime();
      lastWrite.set(sid, Date.now());
      await insertSession(db(), {
        sid,
        userId: user.id,
        ...describeUserAgent(client.userAgent),
        ip: client.ip.slice(0, 64),
        expireAt: nowSeconds() + ctx.tokens.lifetimes.refresh,
        now,
      });
      const limit = await readSessionLimit(db());
      if (limit > 0) {
        const live = await liveSessionsOf(db(), user.id, nowSeconds());
        const over = live.filter((s) => s.sid !== sid).slice(0, Math.max(0, live.length - limit));
        await end(
          over.map((s) => s.sid),
          'limit',
          null,
        );
      }
      return pair;
    },

    async extend(sid) {
      lastWrite.set(sid, Date.now());
      await extendSession(db(), sid, nowSeconds() + ctx.tokens.lifetimes.refresh, formatTime());
    },

    async own(session) {
      const rows = await liveSessionsOf(db(), session.userId, nowSeconds());
      return rows
        .map((r) => ({
          id: r.id,
          device: r.device,
          browser: r.browser,
          ip: r.ip,
          createTime: r.createTime,
          lastSeen: r.lastSeen,
          current: r.sid === session.sid,
        }))
        .reverse();
    },

    async endOwn(session, id) {
      const row = await findLiveSession(db(), id, nowSeconds());
      // Another user's session is not one this call knows of.
      if (!row || row.userId !== session.userId) throw notFound();
      await end([row.sid], row.sid === session.sid ? 'logout' : 'ended', session.userId);
    },

    async endAny(session, id) {
      const row = await findLiveSession(db(), id, nowSeconds());
      if (!row) throw notFound();
      if (!session.isSuper && (await superUserIds(db(), [row.userId])).size > 0) throw refused('user.superOnly');
      await end([row.sid], 'forced', session.userId, (trx) =>
        ctx.history.record(trx, session, 'base/sys/user', [
          {
            recordId: row.userId,
            recordName: null,
            action: 'forceLogout',
            changes: [{ f: 'session', n: `#${row.id}` }],
          },
        ]),
      );
    },

    endSid: (sid, reason, endedBy) => end([sid], reason, endedBy),

    async markUserEnded(trx, userId, reason, endedBy) {
      await endSessions(trx, { userId }, { reason, endedBy, now: formatTime() });
    },

    idleMinutes,

    async assertNotIdle(session) {
      const minutes = await idleMinutes(session);
      if (minutes === 0) return;
      const lastSeen = await lastSeenOf(db(), session.sid);
      // Last seen is written at most a minute late (SEEN_EVERY_MS): a minute's grace. A session
      // signed in before sessions were recorded has no row to tell: its tokens go on as before.
      const cutoff = formatTime(new Date(Date.now() - (minutes + 1) * 60_000));
      if (lastSeen === undefined || lastSeen >= cutoff) return;
      await end([session.sid], 'idle', null);
      throw unauthorized('auth.idle');
    },
  };
}

/** The seed step that adds the session limit parameter where it is missing (0: no limit). */
export const sessionLimitSeed = (locale: Locale): SeedStep =>
  paramSeed(
    'base',
    'session-limit',
    {
      keyName: SESSION_LIMIT_PARAM,
      name: label('同时在线会话上限', '同時在線會話上限', 'Concurrent sessions per user'),
      dataType: 0,
      data: '0',
      remark: label(
        '每个用户同时保持的会话数，0 为不限；超出时结束最早的会话',
        '每個使用者同時保持的會話數，0 為不限；超出時結束最早的會話',
        'Sessions one user may keep at once, 0 for no limit; a sign-in beyond it ends the oldest',
      ),
    },
    locale,
  );

/** The seed step that adds the idle sign-out parameter where it is missing (30 minutes for the store staff). */
export const idleSignOutSeed = (locale: Locale): SeedStep =>
  paramSeed(
    'base',
    'idle-sign-out',
    {
      keyName: IDLE_SIGN_OUT_PARAM,
      name: label('无操作自动退出（分钟）', '無操作自動登出（分鐘）', 'Sign out after idle minutes'),
      dataType: 0,
      data: JSON.stringify(DEFAULT_IDLE_SIGN_OUT),
      remark: label(
        '多久无操作后自动退出，0 为不退出：default 为全部会话，store 为店员与店长，roles 按角色标识单独设置（取最短）',
        '多久無操作後自動登出，0 為不登出：default 為全部會話，store 為店員與店長，roles 依角色標識單獨設定（取最短）',
        'Minutes without input before a session signs out, 0 for never: default for everyone, store for clerks and store managers, roles by role label (the shortest wins)',
      ),
    },
    locale,
  );
