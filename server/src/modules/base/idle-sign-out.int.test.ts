import { IDLE_SIGN_OUT_PARAM, type Person, type UserLevel } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../core/db/index.js';
import {
  dataOf,
  expectRefused,
  skipPasswordChange,
  startApp,
  type TestApp,
  testTargets,
} from '../../testing/harness.js';

// A shared counter PC (issue 37): `idleSignOutMinutes` (30 for the store staff by default, per role
// by label, 0 = never) ends a session idle that long at its next refresh, so its 15-day refresh
// token cannot carry the PC over to the next person; person tells the browser its minutes.

const PASSWORD = 'Idle-pass1';
type Pair = { token: string; refreshToken: string };

describe.each(testTargets())('idle sign-out on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let seq = 0;

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** A user of this level with a role of its own (labelled as the username), signed in. */
  async function signedIn(userLevel: UserLevel): Promise<Pair & { username: string; sid: string }> {
    seq += 1;
    const username = `idle-${userLevel}-${seq}`;
    const role = dataOf(
      await t.post<{ id: number }>(
        '/admin/base/sys/role/add',
        { name: username, label: username, menuIdList: [], departmentIdList: [1], relevance: true },
        admin,
      ),
    );
    dataOf(
      await t.post(
        '/admin/base/sys/user/add',
        { username, password: PASSWORD, departmentId: 1, roleIdList: [role.id], name: username, userLevel },
        admin,
      ),
    );
    await skipPasswordChange(t, username);
    const pair = await t.login(username, PASSWORD);
    const row = await t.ctx.db.db
      .selectFrom('base_sys_session as s')
      .innerJoin('base_sys_user as u', 'u.id', 's.userId')
      .select('s.sid')
      .where('u.username', '=', username)
      .executeTakeFirstOrThrow();
    return { ...pair, username, sid: row.sid };
  }

  /** The session was last seen this many minutes ago. */
  const idleFor = (sid: string, minutes: number) =>
    t.ctx.db.db
      .updateTable('base_sys_session')
      .set({ lastSeen: formatTime(new Date(Date.now() - minutes * 60_000)) })
      .where('sid', '=', sid)
      .execute();
  const refresh = (refreshToken: string) =>
    t.get<Pair>('/admin/base/open/refreshToken', { refreshToken }, undefined, { language: 'en' });
  const setParam = (data: string) =>
    t.ctx.db.db.updateTable('base_sys_param').set({ data }).where('keyName', '=', IDLE_SIGN_OUT_PARAM).execute();
  const seeded = '{"default":0,"store":30,"roles":{}}';

  it('is seeded: 30 minutes for the store staff, never for the others; person tells the browser', async () => {
    const row = await t.ctx.db.db
      .selectFrom('base_sys_param')
      .select('data')
      .where('keyName', '=', IDLE_SIGN_OUT_PARAM)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(row.data))).toEqual({ default: 0, store: 30, roles: {} });
    const clerk = await signedIn('clerk');
    const hr = await signedIn('hr');
    const minutes = async (token: string) =>
      dataOf(await t.get<Person>('/admin/base/comm/person', {}, token)).idleSignOutMinutes;
    expect(await minutes(clerk.token)).toBe(30);
    expect(await minutes(hr.token)).toBe(0);
  });

  it("refuses a store clerk's refresh after 30 minutes without use, and ends that session", async () => {
    const clerk = await signedIn('clerk');
    await idleFor(clerk.sid, 20);
    const fresh = dataOf(await refresh(clerk.refreshToken));
    await idleFor(clerk.sid, 45);
    const refused = await refresh(fresh.refreshToken);
    expectRefused(refused, 401);
    expect(refused.body.message).toBe('Signed out after a while without use: please sign in again');
    const row = await t.ctx.db.db
      .selectFrom('base_sys_session')
      .select(['endTime', 'reason'])
      .where('sid', '=', clerk.sid)
      .executeTakeFirstOrThrow();
    expect(row.reason).toBe('idle');
    expect(row.endTime).not.toBeNull();
    // The session is over: its access token is refused too.
    expectRefused(await t.get('/admin/base/comm/person', {}, fresh.token), 401);
  });

  it('keeps the others signed in by default, and takes a role override by label (the shortest wins)', async () => {
    const hr = await signedIn('hr');
    await idleFor(hr.sid, 600);
    const kept = dataOf(await refresh(hr.refreshToken));
    await setParam(JSON.stringify({ default: 0, store: 30, roles: { [hr.username]: 10, other: 5 } }));
    try {
      await idleFor(hr.sid, 5);
      const again = dataOf(await refresh(kept.refreshToken));
      await idleFor(hr.sid, 15);
      expectRefused(await refresh(again.refreshToken), 401);
      // 0 for a clerk's own role: never, whatever `store` says.
      const clerk = await signedIn('clerk');
      await setParam(JSON.stringify({ store: 30, roles: { [clerk.username]: 0 } }));
      await idleFor(clerk.sid, 600);
      expect((await refresh(clerk.refreshToken)).status).toBe(200);
    } finally {
      await setParam(seeded);
    }
  });

  it('takes a bare number for every session, and keeps the default for a value it cannot read', async () => {
    try {
      await setParam('5');
      const hr = await signedIn('hr');
      await idleFor(hr.sid, 8);
      expectRefused(await refresh(hr.refreshToken), 401);
      await setParam('soon');
      const clerk = await signedIn('clerk');
      await idleFor(clerk.sid, 8);
      expect((await refresh(clerk.refreshToken)).status).toBe(200);
    } finally {
      await setParam(seeded);
    }
  });
});
