import { randomBytes } from 'node:crypto';
import type { UserLock } from '@backroom/contract';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataOf,
  expectRefused,
  startApp,
  startSqliteApp,
  type Target,
  type TestApp,
  testTargets,
} from '../../testing/harness.js';

type Pair = { token: string; expire: number; refreshToken: string; refreshExpire: number };
const SECRET = 'open-int-test-secret-0123456789abcdef0123456789';

describe.each(testTargets())('sign-in on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(target, { JWT_SECRET: SECRET });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('logs in and answers person with the Authorization header raw or with Bearer', async () => {
    const pair = dataOf(await t.post<Pair>('/admin/base/open/login', { username: 'admin', password: '123456' }));
    expect(pair.expire).toBe(7200);
    expect(pair.refreshExpire).toBe(1_296_000);
    const raw = dataOf(await t.get<{ username: string; password?: string }>('/admin/base/comm/person', {}, pair.token));
    expect(raw.username).toBe('admin');
    expect(raw).not.toHaveProperty('password');
    const bearer = await t.get('/admin/base/comm/person', {}, `Bearer ${pair.token}`);
    expect(bearer.status).toBe(200);
  });

  it('refuses a wrong password with a clear message in the asked language', async () => {
    const zh = await t.post('/admin/base/open/login', { username: 'admin', password: 'wrong-one' });
    expect(zh.status).toBe(400);
    expect(zh.body).toEqual({ code: 1001, message: '账户或密码不正确' });
    const en = await t.post('/admin/base/open/login', { username: 'nobody', password: 'x' }, undefined, {
      language: 'en',
    });
    expect(en.body.message).toBe('Incorrect username or password');
  });

  it('tells the login page, without a session, that no captcha is asked for with CAPTCHA=off', async () => {
    const reply = await t.get('/admin/base/open/loginOptions');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ code: 1000, message: 'success', data: { captcha: false, enterpriseWeChat: false } });
    // Asked for an account (after a refused sign-in), the answer is the same while nothing escalates it.
    const forAdmin = await t.get('/admin/base/open/loginOptions', { username: 'admin' });
    expect(forAdmin.body).toEqual({
      code: 1000,
      message: 'success',
      data: { captcha: false, enterpriseWeChat: false },
    });
  });

  it('requires username and password', async () => {
    const reply = await t.post('/admin/base/open/login', { password: 'x' }, undefined, { language: 'en' });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(1002);
    expect(reply.body.message).toBe('username is required');
  });

  it('refresh gives a new pair, and the refresh token is never accepted as an access token', async () => {
    const first = await t.login();
    const asAccess = await t.get('/admin/base/comm/person', {}, first.refreshToken);
    expect(asAccess.status).toBe(401);
    await new Promise((r) => setTimeout(r, 1100)); // a new iat makes a different token
    const next = dataOf(await t.get<Pair>('/admin/base/open/refreshToken', { refreshToken: first.refreshToken }));
    expect(next.token).not.toBe(first.token);
    expect((await t.get('/admin/base/comm/person', {}, next.token)).status).toBe(200);
    const misuse = await t.get('/admin/base/open/refreshToken', { refreshToken: first.token });
    expect(misuse.status).toBe(401);
  });

  it('refuses a token signed with the server secret but without an expiry', async () => {
    const pair = await t.login();
    const [, body] = pair.token.split('.') as [string, string];
    const { exp: _exp, iat: _iat, ...claims } = JSON.parse(Buffer.from(body, 'base64url').toString());
    const sign = createSigner({ key: SECRET, algorithm: 'HS256' });
    expect((await t.get('/admin/base/comm/person', {}, sign(claims))).status).toBe(401);
    const refresh = sign({ ...claims, isRefresh: true });
    expect((await t.get('/admin/base/open/refreshToken', { refreshToken: refresh })).status).toBe(401);
    // The same claims with an expiry are accepted: only the missing expiry was refused.
    const timed = createSigner({ key: SECRET, algorithm: 'HS256', expiresIn: 60_000 });
    expect((await t.get('/admin/base/comm/person', {}, timed(claims))).status).toBe(200);
  });

  it('rotates the refresh token: every refresh answers a new one, with the same four fields', async () => {
    const first = await t.login();
    const second = await t.get<Pair>('/admin/base/open/refreshToken', { refreshToken: first.refreshToken });
    const pair = dataOf(second);
    expect(Object.keys(pair).sort()).toEqual(['expire', 'refreshExpire', 'refreshToken', 'token']);
    expect(pair.refreshToken).not.toBe(first.refreshToken);
    const third = dataOf(await t.get<Pair>('/admin/base/open/refreshToken', { refreshToken: pair.refreshToken }));
    expect(third.refreshToken).not.toBe(pair.refreshToken);
    expect((await t.get('/admin/base/comm/person', {}, third.token)).status).toBe(200);
  });

  it('reuse of a rotated refresh token ends that session, and only that one', async () => {
    const other = await t.login();
    const first = await t.login();
    const next = dataOf(await t.get<Pair>('/admin/base/open/refreshToken', { refreshToken: first.refreshToken }));
    // The old refresh token again: stolen, or replayed. The session's current tokens stop working.
    const replay = await t.get('/admin/base/open/refreshToken', { refreshToken: first.refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe(1001);
    expect((await t.get('/admin/base/comm/person', {}, next.token)).status).toBe(401);
    expect((await t.get('/admin/base/comm/person', {}, first.token)).status).toBe(401);
    expect((await t.get('/admin/base/open/refreshToken', { refreshToken: next.refreshToken })).status).toBe(401);
    // Another login of the same user is another session.
    expect((await t.get('/admin/base/comm/person', {}, other.token)).status).toBe(200);
    expect((await t.get('/admin/base/open/refreshToken', { refreshToken: other.refreshToken })).status).toBe(200);
  });

  it('takes a refresh token issued before rotation (no jti) once, then counts it as reuse', async () => {
    const pair = await t.login();
    const [, body] = pair.refreshToken.split('.') as [string, string];
    const { exp: _exp, iat: _iat, jti: _jti, ...claims } = JSON.parse(Buffer.from(body, 'base64url').toString());
    const legacy = createSigner({ key: SECRET, algorithm: 'HS256', expiresIn: 600_000 })({
      ...claims,
      sid: 'legacy-1',
    });
    const next = dataOf(await t.get<Pair>('/admin/base/open/refreshToken', { refreshToken: legacy }));
    expect((await t.get('/admin/base/comm/person', {}, next.token)).status).toBe(200);
    expect((await t.get('/admin/base/open/refreshToken', { refreshToken: legacy })).status).toBe(401);
    expect((await t.get('/admin/base/comm/person', {}, next.token)).status).toBe(401);
  });

  it('takes a jti-less refresh token once, in no other spelling of its signature', async () => {
    const pair = await t.login();
    const [, body] = pair.refreshToken.split('.') as [string, string];
    const { exp: _exp, iat: _iat, jti: _jti, ...claims } = JSON.parse(Buffer.from(body, 'base64url').toString());
    const legacy = createSigner({ key: SECRET, algorithm: 'HS256', expiresIn: 600_000 })({
      ...claims,
      sid: 'legacy-variants',
    });
    const signature = legacy.slice(legacy.lastIndexOf('.') + 1);
    const bytes = Buffer.from(signature, 'base64url');
    const spellings = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_']
      .map((c) => `${legacy.slice(0, -1)}${c}`)
      .filter((token) => Buffer.from(token.slice(token.lastIndexOf('.') + 1), 'base64url').equals(bytes));
    expect(spellings).toHaveLength(4);
    const statuses = [];
    for (const refreshToken of spellings) {
      statuses.push((await t.get('/admin/base/open/refreshToken', { refreshToken })).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  });

  it('two refreshes with the same token at once: one wins, the other counts as reuse', async () => {
    const pair = await t.login();
    const replies = await Promise.all(
      [1, 2, 3].map(() => t.get<Pair>('/admin/base/open/refreshToken', { refreshToken: pair.refreshToken })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 401, 401]);
    const won = replies.find((r) => r.status === 200)?.body.data as Pair;
    expect((await t.get('/admin/base/comm/person', {}, won.token)).status).toBe(401);
  });

  it('logout revokes the session: its access and refresh tokens stop working', async () => {
    const pair = await t.login();
    expect((await t.post('/admin/base/comm/logout', {}, pair.token)).status).toBe(200);
    expect((await t.get('/admin/base/comm/person', {}, pair.token)).status).toBe(401);
    expect((await t.get('/admin/base/open/refreshToken', { refreshToken: pair.refreshToken })).status).toBe(401);
  });

  it('a password change ends older sessions, and refresh re-reads the user', async () => {
    const admin = await t.login();
    const id = dataOf(
      await t.post<{ id: number }>(
        '/admin/base/sys/user/add',
        { username: 'pwchange', password: 'first-pass', name: 'P', departmentId: 1 },
        admin.token,
      ),
    ).id;
    const old = await t.login('pwchange', 'first-pass');
    dataOf(await t.post('/admin/base/sys/user/update', { id, password: 'second-pass' }, admin.token));
    expect((await t.get('/admin/base/comm/person', {}, old.token)).status).toBe(401);
    expect((await t.get('/admin/base/open/refreshToken', { refreshToken: old.refreshToken })).status).toBe(401);
    const fresh = await t.login('pwchange', 'second-pass');
    dataOf(await t.post('/admin/base/sys/user/update', { id, status: 0 }, admin.token));
    expect((await t.get('/admin/base/comm/person', {}, fresh.token)).status).toBe(401);
    expect((await t.get('/admin/base/open/refreshToken', { refreshToken: fresh.refreshToken })).status).toBe(401);
    const disabled = await t.post('/admin/base/open/login', { username: 'pwchange', password: 'second-pass' });
    expect(disabled.status).toBe(400);
  });

  it('stores passwords as salted scrypt hashes', async () => {
    const rows = await t.ctx.db.db.selectFrom('base_sys_user').select(['username', 'password']).execute();
    for (const row of rows) {
      expect(row.password).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      expect(row.password).not.toContain('123456');
    }
  });

  it('serves the EPS without a token, listing each declared api', async () => {
    const eps = dataOf(
      await t.get<Record<string, Array<{ prefix: string; api: Array<{ path: string; ignoreToken: boolean }> }>>>(
        '/admin/base/open/eps',
      ),
    );
    const open = eps.base?.find((e) => e.prefix === '/admin/base/open');
    expect(open?.api.map((a) => a.path).sort()).toEqual([
      '/appLogin',
      '/appSmsCode',
      '/captcha',
      '/enterpriseWeChatLoginAccessToken',
      '/enterpriseWeChatLoginUrl',
      '/eps',
      '/html',
      '/login',
      '/loginOptions',
      '/refreshToken',
    ]);
    expect(open?.api.every((a) => a.ignoreToken)).toBe(true);
  });

  it("lists the staff's calls only in the admin EPS, and the app's only at the app's EPS", async () => {
    type Entries = Record<string, Array<{ prefix: string; api: Array<{ path: string }> }>>;
    const prefixesOf = (eps: Entries) => Object.values(eps).flatMap((list) => list.map((e) => e.prefix));
    const admin = prefixesOf(dataOf(await t.get<Entries>('/admin/base/open/eps')));
    expect(admin.length).toBeGreaterThan(10);
    expect(admin.filter((prefix) => !prefix.startsWith('/admin/'))).toEqual([]);
    const appEps = dataOf(await t.get<Entries>('/app/base/comm/eps', {}, undefined, { language: 'en' }));
    const app = prefixesOf(appEps);
    expect(app.filter((prefix) => !prefix.startsWith('/app/'))).toEqual([]);
    expect(app).toEqual(expect.arrayContaining(['/app/user/info', '/app/user/address', '/app/base/comm']));
    const info = appEps.user?.find((e) => e.prefix === '/app/user/info');
    expect(info?.api.map((a) => a.path).sort()).toEqual(['/logout', '/person', '/refreshToken', '/updatePerson']);
  });

  it('tells in the EPS which permission gates each call, and which need only a session', async () => {
    type Api = { path: string; auth: string; perm: string | null };
    const eps = dataOf(await t.get<Record<string, Array<{ prefix: string; api: Api[] }>>>('/admin/base/open/eps'));
    const comm = eps.base?.find((e) => e.prefix === '/admin/base/comm');
    expect(comm?.api.find((a) => a.path === '/person')).toMatchObject({ auth: 'login', perm: null });
    const users = eps.base?.find((e) => e.prefix === '/admin/base/sys/user');
    expect(users?.api.find((a) => a.path === '/move')).toMatchObject({ auth: 'perm', perm: 'base:sys:user:move' });
  });
});

describe('captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startSqliteApp({ CAPTCHA: 'on' });
  });
  afterAll(async () => {
    await t?.stop();
  });

  async function answerOf(captchaId: string): Promise<string> {
    const answer = await t.ctx.captcha.peek(captchaId);
    if (!answer) throw new Error('captcha answer missing');
    return answer;
  }

  it('is an SVG data URL, and its answer works once only', async () => {
    const captcha = dataOf(
      await t.get<{ captchaId: string; data: string }>('/admin/base/open/captcha', { width: 150, height: 45 }),
    );
    expect(captcha.data.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const verifyCode = await answerOf(captcha.captchaId);
    const body = { username: 'admin', password: '123456', captchaId: captcha.captchaId, verifyCode };
    expect((await t.post('/admin/base/open/login', body)).status).toBe(200);
    const again = await t.post('/admin/base/open/login', body, undefined, { language: 'en' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('The verification code is wrong or has expired');
  });

  it('the login page is told to show it when on', async () => {
    expect(dataOf(await t.get<{ captcha: boolean }>('/admin/base/open/loginOptions'))).toEqual({
      captcha: true,
      enterpriseWeChat: false,
    });
  });

  it('is required when on', async () => {
    const reply = await t.post('/admin/base/open/login', { username: 'admin', password: '123456' });
    expect(reply.status).toBe(400);
  });

  it('a missing or wrong captcha checks no password, so it counts against neither the account nor the IP', async () => {
    for (let i = 0; i < 25; i += 1) {
      const body = i % 2 === 0 ? {} : { captchaId: 'no-such-captcha', verifyCode: '0000' };
      expect(
        (await t.post('/admin/base/open/login', { username: 'admin', password: `bad-${i}`, ...body })).status,
      ).toBe(400);
    }
    const captcha = dataOf(await t.get<{ captchaId: string }>('/admin/base/open/captcha'));
    const verifyCode = await answerOf(captcha.captchaId);
    const body = { username: 'admin', password: '123456', captchaId: captcha.captchaId, verifyCode };
    expect((await t.post('/admin/base/open/login', body)).status).toBe(200);
  });

  it('a wrong answer burns the captcha', async () => {
    const captcha = dataOf(await t.get<{ captchaId: string }>('/admin/base/open/captcha'));
    const right = await answerOf(captcha.captchaId);
    const wrong = right === '0000' ? '1111' : '0000';
    expect(
      (
        await t.post('/admin/base/open/login', {
          username: 'admin',
          password: '123456',
          captchaId: captcha.captchaId,
          verifyCode: wrong,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.post('/admin/base/open/login', {
          username: 'admin',
          password: '123456',
          captchaId: captcha.captchaId,
          verifyCode: right,
        })
      ).status,
    ).toBe(400);
  });
});

describe('a captcha flood (embedded mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A small bound, so 2,000 captchas are a flood for it.
    t = await startSqliteApp({ CACHE_MAX_ENTRIES: '500' });
  });
  afterAll(async () => {
    await t?.stop();
  });

  function captchaFrom(ip: string) {
    return t.app.inject({ method: 'GET', url: '/api/admin/base/open/captcha', remoteAddress: ip });
  }

  /** 2,000 captchas from 100 addresses, 20 each; the ids in the order they were made. */
  async function flood(): Promise<string[]> {
    const ids: string[] = [];
    for (let round = 0; round < 20; round += 1) {
      const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => captchaFrom(`10.9.${round}.${i}`)));
      for (const reply of replies) {
        expect(reply.statusCode).toBe(200);
        ids.push((reply.json() as { data: { captchaId: string } }).data.captchaId);
      }
    }
    return ids;
  }

  it('leaves a lock and the rest of the cache alone', async () => {
    const admin = await t.login();
    dataOf(
      await t.post(
        '/admin/base/sys/user/add',
        { username: 'flooded', password: 'right-pass', departmentId: 1 },
        admin.token,
      ),
    );
    for (let i = 0; i < 5; i += 1) {
      expect((await t.post('/admin/base/open/login', { username: 'flooded', password: `bad-${i}` })).status).toBe(400);
    }
    await t.ctx.cache.set('kept', 'yes', 600);
    await flood();
    expect((await t.post('/admin/base/open/login', { username: 'flooded', password: 'right-pass' })).status).toBe(429);
    expect(await t.ctx.cache.get('kept')).toBe('yes');
  });

  it('keeps captchas up to the bound, dropping the oldest first', async () => {
    const ids = await flood();
    expect(await t.ctx.captcha.peek(ids[0] as string)).toBeUndefined();
    expect(await t.ctx.captcha.peek(ids[ids.length - 1] as string)).toMatch(/^\d{4}$/);
  });

  it('gives one IP 60 captchas a minute, then refuses with a clear message', async () => {
    for (let i = 0; i < 60; i += 1) expect((await captchaFrom('10.8.0.1')).statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/base/open/captcha',
      remoteAddress: '10.8.0.1',
      headers: { language: 'en' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 1001,
      message: 'Too many verification codes requested, please try again in a minute',
    });
    expect((await captchaFrom('10.8.0.2')).statusCode).toBe(200);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('[integration] skipped: login throttling on Redis (TEST_REDIS_URL is not set)');

// The throttle in this process on every database, and on Redis (the scaled-out mode) once.
const throttleSetups: Array<{ name: string; target: Target; env: Record<string, string> }> = [
  ...testTargets().map((target) => ({ name: `${target.name}, counters in memory`, target, env: {} })),
  ...(redisUrl
    ? [
        {
          name: 'sqlite, counters on Redis',
          target: testTargets()[0] as Target,
          env: { REDIS_URL: redisUrl, REDIS_PREFIX: `br-test:${randomBytes(4).toString('hex')}:` },
        },
      ]
    : []),
];

describe.each(throttleSetups)('login throttling ($name)', ({ target, env }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(target, env);
  });
  afterAll(async () => {
    await t?.stop();
  });

  async function loginFrom(
    ip: string,
    username: string,
    password: string,
    language = 'zh-cn',
    captcha: { captchaId: string; verifyCode: string | undefined } | Record<string, never> = {},
  ) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/base/open/login',
      payload: { username, password, ...captcha },
      remoteAddress: ip,
      headers: { language },
    });
    return { status: response.statusCode, body: response.json() as { code: number; message: string } };
  }

  /** A fresh captcha and its answer, as a person reading it would give it. */
  async function captchaFor(ip: string) {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/base/open/captcha', remoteAddress: ip });
    const { captchaId } = (response.json() as { data: { captchaId: string } }).data;
    return { captchaId, verifyCode: await t.ctx.captcha.peek(captchaId) };
  }

  async function addUser(username: string, password: string) {
    dataOf(await t.post('/admin/base/sys/user/add', { username, password, departmentId: 1 }, (await t.login()).token));
  }

  /** A user whose role holds the seeded menu rows carrying these permissions, and no others. */
  async function userHolding(username: string, perms: string[], departmentIdList = [1]) {
    const admin = (await t.login()).token;
    const menus = dataOf(
      await t.post<Array<{ id: number; perms: string | null }>>('/admin/base/sys/menu/list', {}, admin),
    );
    const menuIdList = menus.filter((m) => perms.some((p) => (m.perms ?? '').split(',').includes(p))).map((m) => m.id);
    const role = dataOf(
      await t.post<{ id: number }>(
        '/admin/base/sys/role/add',
        { name: username, label: username, menuIdList, departmentIdList, relevance: true },
        admin,
      ),
    );
    dataOf(
      await t.post(
        '/admin/base/sys/user/add',
        { username, password: 'right-pass', departmentId: 1, roleIdList: [role.id] },
        admin,
      ),
    );
    return (await t.login(username, 'right-pass')).token;
  }

  const ESCALATED = 'Too many failed sign-ins on this account: enter the new verification code to try again';

  it('locks the account and address pair after five failures, even for the right password', async () => {
    await addUser('victim', 'right-pass');
    for (let i = 0; i < 5; i += 1) {
      expect((await loginFrom('10.0.1.1', 'victim', `bad-${i}`)).status).toBe(400);
    }
    const locked = await loginFrom('10.0.1.1', 'victim', 'right-pass', 'en');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many failed attempts, please try again in 15 minutes');
    // Even with a captcha: the pair's lock is hard.
    expect((await loginFrom('10.0.1.1', 'victim', 'right-pass', 'en', await captchaFor('10.0.1.1'))).status).toBe(429);
  });

  it('guesses sprayed from many addresses escalate the account instead of locking its owner out', async () => {
    await addUser('sprayed', 'right-pass');
    const options = async (query: string) =>
      dataOf(await t.get<{ captcha: boolean }>(`/admin/base/open/loginOptions${query}`));
    expect(await options('?username=sprayed')).toEqual({ captcha: false, enterpriseWeChat: false });
    for (let i = 0; i < 5; i += 1) expect((await loginFrom(`10.0.5.${i}`, 'sprayed', `bad-${i}`)).status).toBe(400);
    // The login page, asking about this account, is told to show a captcha; about no account or
    // another one, not (CAPTCHA is off here).
    expect(await options('?username=sprayed')).toEqual({ captcha: true, enterpriseWeChat: false });
    expect(await options('?username=%20Sprayed%20')).toEqual({ captcha: true, enterpriseWeChat: false });
    expect(await options('')).toEqual({ captcha: false, enterpriseWeChat: false });
    expect(await options('?username=someone-else')).toEqual({ captcha: false, enterpriseWeChat: false });
    // From the owner's own address: no refusal, but a captcha is asked for (CAPTCHA is off here)...
    const asked = await loginFrom('10.0.5.200', 'sprayed', 'right-pass', 'en');
    expect(asked).toEqual({ status: 400, body: { code: 1001, message: ESCALATED } });
    const zh = await loginFrom('10.0.5.200', 'sprayed', 'right-pass', 'zh-tw');
    expect(zh.body.message).toBe('該帳戶登入失敗次數過多，請輸入新的驗證碼後再試');
    // ...and a wrong one does not do.
    const wrong = await loginFrom('10.0.5.200', 'sprayed', 'right-pass', 'en', {
      captchaId: (await captchaFor('10.0.5.200')).captchaId,
      verifyCode: 'x',
    });
    expect(wrong.body.message).toBe('The verification code is wrong or has expired');
    // With a fresh captcha the owner signs in, after the delay.
    const started = Date.now();
    const ok = await loginFrom('10.0.5.200', 'sprayed', 'right-pass', 'en', await captchaFor('10.0.5.200'));
    expect(ok.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    // A right password starts the account over: no captcha, no delay.
    expect((await loginFrom('10.0.5.200', 'sprayed', 'right-pass')).status).toBe(200);
  });

  it('escalated guesses each need a fresh captcha and wait longer each time', async () => {
    await addUser('slowed', 'right-pass');
    for (let i = 0; i < 5; i += 1) expect((await loginFrom(`10.0.6.${i}`, 'slowed', `bad-${i}`)).status).toBe(400);
    const timed = async (ip: string) => {
      const started = Date.now();
      const reply = await loginFrom(ip, 'slowed', 'bad-again', 'en', await captchaFor(ip));
      return { status: reply.status, ms: Date.now() - started };
    };
    const sixth = await timed('10.0.6.10');
    const seventh = await timed('10.0.6.11');
    expect(sixth.status).toBe(400);
    expect(seventh.status).toBe(400);
    expect(sixth.ms).toBeGreaterThanOrEqual(950);
    expect(seventh.ms).toBeGreaterThanOrEqual(1950);
  });

  it('a burst of 50 parallel wrong guesses on one account checks five passwords, then asks for captchas', async () => {
    await addUser('burst', 'right-pass');
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => loginFrom(`10.0.2.${i}`, 'burst', `bad-${i}`, 'en')),
    );
    // Every guess that was not asked for a captcha had its password checked.
    const checked = replies.filter((r) => r.body.message !== ESCALATED);
    expect(checked.length).toBe(5);
    expect(checked.every((r) => r.body.message === 'Incorrect username or password')).toBe(true);
    expect((await loginFrom('10.0.2.99', 'burst', 'right-pass', 'en')).body.message).toBe(ESCALATED);
  });

  it('a burst of 60 parallel guesses on 60 accounts from one IP checks twenty, then locks the IP', async () => {
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => loginFrom('10.0.3.1', `spray-${i}`, 'guess-1')),
    );
    expect(replies.filter((r) => r.status !== 429).length).toBe(20);
    expect((await loginFrom('10.0.3.1', 'admin', '123456')).status).toBe(429);
    // Another IP is not held back by it.
    expect((await loginFrom('10.0.3.2', 'admin', '123456')).status).toBe(200);
  });

  it('a right password gives the IP its attempt back, so sign-ins from one office never lock it', async () => {
    for (let i = 0; i < 25; i += 1) expect((await loginFrom('10.0.4.1', 'admin', '123456')).status).toBe(200);
    expect((await loginFrom('10.0.4.1', 'nobody', 'guess')).status).toBe(400);
  });

  it('an operator with the permission sees why an account is locked and unlocks it; others get a 403', async () => {
    await addUser('locked-out', 'right-pass');
    for (let i = 0; i < 5; i += 1) expect((await loginFrom('10.0.7.1', 'locked-out', `bad-${i}`)).status).toBe(400);
    expect((await loginFrom('10.0.7.1', 'locked-out', 'right-pass')).status).toBe(429);

    const viewer = await userHolding('lock-viewer', ['base:sys:user:page']);
    const unlocker = await userHolding('lock-operator', ['base:sys:user:page', 'base:sys:user:unlock']);
    const admin = (await t.login()).token;
    const users = dataOf(
      await t.post<{ list: Array<{ id: number }> }>('/admin/base/sys/user/page', { keyWord: 'locked-out' }, admin),
    );
    const id = users.list[0]?.id as number;
    expectRefused(await t.get('/admin/base/sys/user/locks', {}, viewer), 403);
    expectRefused(await t.post('/admin/base/sys/user/unlock', { id }, viewer), 403);

    const locks = dataOf(await t.get<UserLock[]>('/admin/base/sys/user/locks', {}, unlocker));
    const lock = locks.find((l) => l.username === 'locked-out');
    expect(lock).toMatchObject({ failures: 5, lastIp: '10.0.7.1', escalated: true, lockedIps: ['10.0.7.1'] });
    expect(lock?.since).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(lock && lock.until > lock.since).toBe(true);
    // An unknown username tried is not listed.
    expect((await loginFrom('10.0.7.2', 'no-such-user', 'x')).status).toBe(400);
    expect(
      dataOf(await t.get<UserLock[]>('/admin/base/sys/user/locks', {}, unlocker)).some(
        (l) => l.username === 'no-such-user',
      ),
    ).toBe(false);

    // An operator whose data scope does not reach the user neither sees the lock nor lifts it.
    const elsewhere = await userHolding('lock-elsewhere', ['base:sys:user:page', 'base:sys:user:unlock'], [2]);
    const theirs = dataOf(await t.get<UserLock[]>('/admin/base/sys/user/locks', {}, elsewhere));
    expect(theirs.some((l) => l.username === 'locked-out')).toBe(false);
    // Out of scope reads as absent (404), as every id outside a scope does (server/src/hidden-ids.int.test.ts).
    expectRefused(await t.post('/admin/base/sys/user/unlock', { id }, elsewhere), 404);
    expect((await loginFrom('10.0.7.1', 'locked-out', 'right-pass')).status).toBe(429);

    dataOf(await t.post('/admin/base/sys/user/unlock', { id }, unlocker));
    expect(
      dataOf(await t.get<UserLock[]>('/admin/base/sys/user/locks', {}, unlocker)).some(
        (l) => l.username === 'locked-out',
      ),
    ).toBe(false);
    // From the same address, with no captcha: the account and the pair start over.
    expect((await loginFrom('10.0.7.1', 'locked-out', 'right-pass')).status).toBe(200);
    expectRefused(await t.post('/admin/base/sys/user/unlock', { id: 999_999 }, unlocker), 404);
  });
});

describe('CORS', () => {
  it('is off by default and on only for the listed origins', async () => {
    const closed = await startSqliteApp();
    try {
      const reply = await closed.app.inject({
        method: 'OPTIONS',
        url: '/api/admin/base/open/eps',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      });
      expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await closed.stop();
    }
    const open = await startSqliteApp({ CORS_ORIGINS: 'https://shop.example' });
    try {
      const allowed = await open.app.inject({
        method: 'GET',
        url: '/api/admin/base/open/eps',
        headers: { origin: 'https://shop.example' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example');
      const other = await open.app.inject({
        method: 'GET',
        url: '/api/admin/base/open/eps',
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.stop();
    }
  });
});
