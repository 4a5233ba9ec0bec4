import type { OwnSession, SysSession } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  dataOf,
  expectRefused,
  skipPasswordChange,
  startApp,
  type TestApp,
  testTargets,
} from '../../testing/harness.js';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
const PASSWORD = 'session-pass';

type Pair = { token: string; refreshToken: string };

describe.each(testTargets())('sessions on $name', (target) => {
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

  async function signIn(username: string, ip = '10.1.0.1', userAgent = CHROME_ON_WINDOWS): Promise<Pair> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/base/open/login',
      payload: { username, password: PASSWORD },
      remoteAddress: ip,
      headers: { 'user-agent': userAgent },
    });
    const body = response.json() as { data?: Pair };
    if (response.statusCode !== 200 || !body.data) throw new Error(`login ${username}: ${response.body}`);
    return body.data;
  }

  /** A user whose role holds the seeded menu rows carrying these permissions, and no others. */
  async function addUser(prefix: string, perms: string[] = []) {
    seq += 1;
    const username = `${prefix}-${seq}`;
    const menus = dataOf(
      await t.post<Array<{ id: number; perms: string | null }>>('/admin/base/sys/menu/list', {}, admin),
    );
    const menuIdList = menus.filter((m) => perms.some((p) => (m.perms ?? '').split(',').includes(p))).map((m) => m.id);
    const role = dataOf(
      await t.post<{ id: number }>(
        '/admin/base/sys/role/add',
        { name: username, label: username, menuIdList, departmentIdList: [1], relevance: true },
        admin,
      ),
    );
    const { id } = dataOf(
      await t.post<{ id: number }>(
        '/admin/base/sys/user/add',
        { username, password: PASSWORD, departmentId: 1, roleIdList: [role.id], name: `Name ${username}` },
        admin,
      ),
    );
    // The operator set the password; the first sign-in's forced change is not what these tests are about.
    await skipPasswordChange(t, username);
    return { id, username };
  }

  const mine = async (token: string) => dataOf(await t.get<OwnSession[]>('/admin/base/comm/sessions', {}, token));
  const alive = async (token: string) => (await t.get('/admin/base/comm/person', {}, token)).status === 200;
  const rowOf = (id: number) =>
    t.ctx.db.db.selectFrom('base_sys_session').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('every sign-in is a session: device, browser, IP, signed in and last seen; refresh keeps it', async () => {
    const user = await addUser('own');
    const first = await signIn(user.username, '10.1.0.7', CHROME_ON_WINDOWS);
    const second = await signIn(user.username, '10.1.0.8', FIREFOX_ON_LINUX);
    const list = await mine(first.token);
    expect(list).toHaveLength(2);
    // The newest first; the asking one marked.
    expect(list[0]).toMatchObject({ device: 'Linux', browser: 'Firefox 121', ip: '10.1.0.8', current: false });
    expect(list[1]).toMatchObject({ device: 'Windows', browser: 'Chrome 120', ip: '10.1.0.7', current: true });
    expect(list[1]?.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(list[1]?.lastSeen).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const next = dataOf(await t.get<Pair>('/admin/base/open/refreshToken', { refreshToken: second.refreshToken }));
    const after = await mine(next.token);
    expect(after.map((s) => s.id)).toEqual(list.map((s) => s.id));
    expect(after[0]?.current).toBe(true);
    // The used-up refresh token again: the session ends, and its row says why.
    expectRefused(await t.get('/admin/base/open/refreshToken', { refreshToken: second.refreshToken }), 401);
    expect(await alive(next.token)).toBe(false);
    expect((await rowOf(list[0]?.id as number)).reason).toBe('replayed');
  });

  it('a user ends another of their sessions: its tokens stop at once; ending the current one signs out', async () => {
    const user = await addUser('end');
    const here = await signIn(user.username);
    const there = await signIn(user.username, '10.1.0.9');
    const other = (await mine(here.token)).find((s) => !s.current);
    dataOf(await t.post('/admin/base/comm/sessionEnd', { id: other?.id }, here.token));
    expect(await alive(there.token)).toBe(false);
    expectRefused(await t.get('/admin/base/open/refreshToken', { refreshToken: there.refreshToken }), 401);
    expect(await alive(here.token)).toBe(true);
    expect(await rowOf(other?.id as number)).toMatchObject({ reason: 'ended', endedBy: user.id });
    expect((await rowOf(other?.id as number)).endTime).not.toBeNull();
    // Ending it again: it is gone.
    expectRefused(await t.post('/admin/base/comm/sessionEnd', { id: other?.id }, here.token), 404);
    const current = (await mine(here.token)).find((s) => s.current);
    dataOf(await t.post('/admin/base/comm/sessionEnd', { id: current?.id }, here.token));
    expect(await alive(here.token)).toBe(false);
  });

  it("the own-session call does not reach another user's session (404), and needs a session", async () => {
    const a = await addUser('mine');
    const b = await addUser('theirs');
    const aPair = await signIn(a.username);
    const bPair = await signIn(b.username);
    const bSession = (await mine(bPair.token))[0];
    const reply = await t.post('/admin/base/comm/sessionEnd', { id: bSession?.id }, aPair.token);
    expectRefused(reply, 404);
    expect(await alive(bPair.token)).toBe(true);
    expectRefused(await t.get('/admin/base/comm/sessions'), 401);
    expectRefused(await t.post('/admin/base/comm/sessionEnd', { id: 'x' }, aPair.token), 400);
  });

  it('an operator with the permission sees everyone online and forces a logout; without it, a 403', async () => {
    const operator = await addUser('operator', ['base:sys:session:page', 'base:sys:session:end']);
    const viewer = await addUser('viewer', ['base:sys:session:page']);
    const target = await addUser('target');
    const opToken = (await signIn(operator.username)).token;
    const viewerToken = (await signIn(viewer.username)).token;
    const victim = await signIn(target.username, '10.1.0.33');

    const page = dataOf(
      await t.post<{ list: SysSession[] }>('/admin/base/sys/session/page', { keyWord: target.username }, opToken),
    );
    expect(page.list).toHaveLength(1);
    const row = page.list[0] as SysSession;
    expect(row).toMatchObject({ username: target.username, name: `Name ${target.username}`, ip: '10.1.0.33' });
    // Filter by user.
    const byUser = dataOf(
      await t.post<{ list: SysSession[] }>('/admin/base/sys/session/page', { userId: target.id }, opToken),
    );
    expect(byUser.list.map((s) => s.id)).toEqual([row.id]);

    expectRefused(await t.post('/admin/base/sys/session/end', { id: row.id }, viewerToken), 403);
    expect(await alive(victim.token)).toBe(true);
    expectRefused(await t.post('/admin/base/sys/session/page', {}, (await signIn(target.username)).token), 403);

    dataOf(await t.post('/admin/base/sys/session/end', { id: row.id }, opToken));
    expect(await alive(victim.token)).toBe(false);
    expect(await rowOf(row.id)).toMatchObject({ reason: 'forced', endedBy: operator.id });
    // No longer online, and ending it again is a 404.
    const again = dataOf(
      await t.post<{ list: SysSession[] }>('/admin/base/sys/session/page', { userId: target.id }, opToken),
    );
    expect(again.list.map((s) => s.id)).not.toContain(row.id);
    expectRefused(await t.post('/admin/base/sys/session/end', { id: row.id }, opToken), 404);
    // The request log keeps who ended which.
    await new Promise((r) => setTimeout(r, 120));
    const log = dataOf(
      await t.post<{ list: Array<{ userId: number; params: unknown }> }>(
        '/admin/base/sys/log/page',
        { keyWord: '/base/sys/session/end' },
        admin,
      ),
    );
    expect(log.list.some((l) => l.userId === operator.id && JSON.stringify(l.params) === `{"id":${row.id}}`)).toBe(
      true,
    );
    // Only a superuser ends a superuser's session.
    await t.login();
    const adminRow = dataOf(
      await t.post<{ list: SysSession[] }>('/admin/base/sys/session/page', { keyWord: 'admin', size: 1 }, opToken),
    ).list[0];
    expectRefused(await t.post('/admin/base/sys/session/end', { id: adminRow?.id }, opToken), 400);
  });

  it('a sign-in past the session limit ends the oldest session of that user', async () => {
    const user = await addUser('limit');
    await t.ctx.db.db.updateTable('base_sys_param').set({ data: '2' }).where('keyName', '=', 'sessionLimit').execute();
    try {
      const first = await signIn(user.username, '10.1.1.1');
      const second = await signIn(user.username, '10.1.1.2');
      expect((await mine(second.token)).length).toBe(2);
      const third = await signIn(user.username, '10.1.1.3');
      expect(await alive(first.token)).toBe(false);
      expect(await alive(second.token)).toBe(true);
      expect(await alive(third.token)).toBe(true);
      expect((await mine(third.token)).map((s) => s.ip)).toEqual(['10.1.1.3', '10.1.1.2']);
      const ended = await t.ctx.db.db
        .selectFrom('base_sys_session')
        .select(['ip', 'reason'])
        .where('userId', '=', user.id)
        .where('endTime', 'is not', null)
        .execute();
      expect(ended).toEqual([{ ip: '10.1.1.1', reason: 'limit' }]);
    } finally {
      await t.ctx.db.db
        .updateTable('base_sys_param')
        .set({ data: '0' })
        .where('keyName', '=', 'sessionLimit')
        .execute();
    }
    // The parameter is seeded, unlimited.
    const seeded = await t.ctx.db.db
      .selectFrom('base_sys_param')
      .select('data')
      .where('keyName', '=', 'sessionLimit')
      .executeTakeFirst();
    expect(seeded?.data).toBe('0');
  });

  it('the session a password change creates is listed, limited by sessionLimit and endable; the old one leaves', async () => {
    const user = await addUser('change');
    const other = await signIn(user.username, '10.1.2.1');
    const here = await signIn(user.username, '10.1.2.2');
    const hereId = (await mine(here.token))[0]?.id as number;
    const changed = dataOf(
      await t.post<Pair>(
        '/admin/base/comm/passwordChange',
        { originalPassword: PASSWORD, password: 'Changed-pass9' },
        here.token,
        { 'user-agent': FIREFOX_ON_LINUX },
      ),
    );
    expect(await alive(other.token)).toBe(false);
    const list = await mine(changed.token);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ device: 'Linux', browser: 'Firefox 121', current: true });
    expect(list[0]?.id).not.toBe(hereId);
    expect((await rowOf(hereId)).reason).toBe('password');

    await t.ctx.db.db.updateTable('base_sys_param').set({ data: '2' }).where('keyName', '=', 'sessionLimit').execute();
    try {
      const signInWith = async (password: string, ip: string) => {
        const reply = await t.app.inject({
          method: 'POST',
          url: '/api/admin/base/open/login',
          payload: { username: user.username, password },
          remoteAddress: ip,
        });
        return (reply.json() as { data: Pair }).data;
      };
      const second = await signInWith('Changed-pass9', '10.1.2.3');
      expect((await mine(second.token)).map((s) => s.id)).toContain(list[0]?.id);
      // The changed session can be ended like any other…
      dataOf(await t.post('/admin/base/comm/sessionEnd', { id: list[0]?.id }, second.token));
      expect(await alive(changed.token)).toBe(false);
      // …and counts for the limit: a password change, then two sign-ins, end the change's session.
      const again = dataOf(
        await t.post<Pair>(
          '/admin/base/comm/passwordChange',
          { originalPassword: 'Changed-pass9', password: 'Changed-pass10' },
          second.token,
        ),
      );
      const againId = (await mine(again.token))[0]?.id as number;
      await signInWith('Changed-pass10', '10.1.2.4');
      expect(await alive(again.token)).toBe(true);
      await signInWith('Changed-pass10', '10.1.2.5');
      expect(await alive(again.token)).toBe(false);
      expect((await rowOf(againId)).reason).toBe('limit');
    } finally {
      await t.ctx.db.db
        .updateTable('base_sys_param')
        .set({ data: '0' })
        .where('keyName', '=', 'sessionLimit')
        .execute();
    }
  });

  it('logout, a password change and a disabled account mark the sessions ended', async () => {
    const user = await addUser('marks');
    const out = await signIn(user.username);
    const outId = (await mine(out.token))[0]?.id as number;
    dataOf(await t.post('/admin/base/comm/logout', {}, out.token));
    expect((await rowOf(outId)).reason).toBe('logout');

    const a = await signIn(user.username);
    const aId = (await mine(a.token))[0]?.id as number;
    dataOf(await t.post('/admin/base/sys/user/update', { id: user.id, password: 'changed-pass' }, admin));
    expect(await alive(a.token)).toBe(false);
    expect((await rowOf(aId)).reason).toBe('password');

    dataOf(await t.post('/admin/base/sys/user/update', { id: user.id, password: PASSWORD }, admin));
    await skipPasswordChange(t, user.username);
    const b = await signIn(user.username);
    const bId = (await mine(b.token))[0]?.id as number;
    dataOf(await t.post('/admin/base/sys/user/update', { id: user.id, status: 0 }, admin));
    expect(await alive(b.token)).toBe(false);
    expect(await rowOf(bId)).toMatchObject({ reason: 'disabled', endedBy: expect.any(Number) });
  });

  it('writes last seen at most once a minute per session, not on every request', async () => {
    const user = await addUser('seen');
    const pair = await signIn(user.username);
    const id = (await mine(pair.token))[0]?.id as number;
    const old = '2000-01-01 00:00:00';
    await t.ctx.db.db.updateTable('base_sys_session').set({ lastSeen: old }).where('id', '=', id).execute();
    for (let i = 0; i < 5; i += 1) expect(await alive(pair.token)).toBe(true);
    expect((await rowOf(id)).lastSeen).toBe(old);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      expect(await alive(pair.token)).toBe(true);
      await vi.waitFor(async () => expect((await rowOf(id)).lastSeen).not.toBe(old));
    } finally {
      vi.useRealTimers();
    }
  });
});
