import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, skipPasswordChange, startApps, type TestApp, testTargets } from '../../testing/harness.js';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('[integration] skipped: two instances sharing Redis (TEST_REDIS_URL is not set)');

// On PostgreSQL when it is there (the realistic shared database), else on one SQLite file.
const target = testTargets().find((t) => t.name === 'postgres') ?? testTargets()[0];

async function eventually(check: () => Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe.skipIf(!redisUrl || !target)('two instances sharing a database and Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = {
      REDIS_URL: redisUrl as string,
      REDIS_PREFIX: `br-test:${randomBytes(4).toString('hex')}:`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      CAPTCHA: 'on',
    };
    [a, b] = (await startApps(target as NonNullable<typeof target>, 2, env)) as [TestApp, TestApp];
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
  });

  async function login(app: TestApp, via: TestApp, username: string, password: string) {
    // The captcha is made on one instance and answered on the other: the cache is shared.
    const captcha = dataOf(await app.get<{ captchaId: string }>('/admin/base/open/captcha'));
    const verifyCode = await app.ctx.captcha.peek(captcha.captchaId);
    return via.post<{ token: string; refreshToken: string }>('/admin/base/open/login', {
      username,
      password,
      captchaId: captcha.captchaId,
      verifyCode,
    });
  }

  it('a token from one instance works on the other, and a captcha made on one is answered on the other', async () => {
    const pair = dataOf(await login(a, b, 'admin', '123456'));
    expect((await a.get('/admin/base/comm/person', {}, pair.token)).status).toBe(200);
    expect((await b.get('/admin/base/comm/person', {}, pair.token)).status).toBe(200);
  });

  it('a logout on one instance ends the session on the other at once', async () => {
    const pair = dataOf(await login(a, a, 'admin', '123456'));
    expect((await b.get('/admin/base/comm/person', {}, pair.token)).status).toBe(200);
    dataOf(await a.post('/admin/base/comm/logout', {}, pair.token));
    expect(await eventually(async () => (await b.get('/admin/base/comm/person', {}, pair.token)).status === 401)).toBe(
      true,
    );
  });

  it('a refresh token rotated on one instance is reuse on the other, which ends the session on both', async () => {
    type Pair = { token: string; refreshToken: string };
    const first = dataOf(await login(a, a, 'admin', '123456'));
    const next = dataOf(await a.get<Pair>('/admin/base/open/refreshToken', { refreshToken: first.refreshToken }));
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect((await b.get('/admin/base/open/refreshToken', { refreshToken: first.refreshToken })).status).toBe(401);
    expect((await b.get('/admin/base/comm/person', {}, next.token)).status).toBe(401);
    expect(await eventually(async () => (await a.get('/admin/base/comm/person', {}, next.token)).status === 401)).toBe(
      true,
    );
    expect((await a.get('/admin/base/open/refreshToken', { refreshToken: next.refreshToken })).status).toBe(401);
  });

  it('disabling a user on one instance ends its session on the other at once', async () => {
    const admin = dataOf(await login(a, a, 'admin', '123456'));
    const id = dataOf(
      await a.post<{ id: number }>(
        '/admin/base/sys/user/add',
        { username: 'scaled', password: 'outward-pass1', departmentId: 1 },
        admin.token,
      ),
    ).id;
    const user = dataOf(await login(b, b, 'scaled', 'outward-pass1'));
    await skipPasswordChange(b, 'scaled');
    expect((await b.get('/admin/base/comm/person', {}, user.token)).status).toBe(200);
    dataOf(await a.post('/admin/base/sys/user/update', { id, status: 0 }, admin.token));
    expect(await eventually(async () => (await b.get('/admin/base/comm/person', {}, user.token)).status === 401)).toBe(
      true,
    );
  });

  it('a session ended on one instance is refused on the other at once', async () => {
    const admin = dataOf(await login(a, a, 'admin', '123456'));
    dataOf(
      await a.post(
        '/admin/base/sys/user/add',
        { username: 'roaming', password: 'far-away-1', departmentId: 1 },
        admin.token,
      ),
    );
    // The operator set the password; the forced change is not what this test is about.
    await skipPasswordChange(a, 'roaming');
    const here = dataOf(await login(a, a, 'roaming', 'far-away-1'));
    const there = dataOf(await login(b, b, 'roaming', 'far-away-1'));
    // The user ends, from instance a, the session they use on b.
    const sessions = dataOf(
      await a.get<Array<{ id: number; current: boolean }>>('/admin/base/comm/sessions', {}, here.token),
    );
    const other = sessions.find((s) => !s.current);
    dataOf(await a.post('/admin/base/comm/sessionEnd', { id: other?.id }, here.token));
    expect(await eventually(async () => (await b.get('/admin/base/comm/person', {}, there.token)).status === 401)).toBe(
      true,
    );
    // An operator's force logout on b ends, on a, the session signed in on a.
    const mine = dataOf(await b.get<Array<{ id: number }>>('/admin/base/comm/sessions', {}, here.token));
    dataOf(await b.post('/admin/base/sys/session/end', { id: mine[0]?.id }, admin.token));
    expect(await eventually(async () => (await a.get('/admin/base/comm/person', {}, here.token)).status === 401)).toBe(
      true,
    );
  });

  it('failed logins on both instances count toward one lock, which an unlock on either clears', async () => {
    const admin = dataOf(await login(a, a, 'admin', '123456'));
    const { id } = dataOf(await a.get<{ id: number }>('/admin/base/comm/person', {}, admin.token));
    for (const app of [a, b, a, b, a]) {
      expect((await login(app, app, 'admin', 'wrong-password')).status).toBe(400);
    }
    expect((await login(b, b, 'admin', '123456')).status).toBe(429);
    expect((await login(a, a, 'admin', '123456')).status).toBe(429);
    const locks = dataOf(
      await b.get<Array<{ username: string; failures: number }>>('/admin/base/sys/user/locks', {}, admin.token),
    );
    expect(locks).toEqual([expect.objectContaining({ username: 'admin', failures: 5 })]);
    dataOf(await b.post('/admin/base/sys/user/unlock', { id }, admin.token));
    expect((await login(a, a, 'admin', '123456')).status).toBe(200);
  });
});
