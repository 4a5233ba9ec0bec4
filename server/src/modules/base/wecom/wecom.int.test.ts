import { randomBytes } from 'node:crypto';
import type { EnterpriseWeChatLoginUrl, OwnSession, SecondFactorChallenge, TokenPair } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt, stepAt } from '../../../core/auth/totp.js';
import { type FakeWecom, startFakeWecom } from '../../../testing/fake-wecom.js';
import {
  dataOf,
  expectRefused,
  type Reply,
  skipPasswordChange,
  startApp,
  startApps,
  startSqliteApp,
  type TestApp,
  testTargets,
} from '../../../testing/harness.js';
import { STATES_PER_ADDRESS } from './wecom.service.js';

type Id = { id: number };
type SysLogRow = { action: string; params: unknown };

const EN = { language: 'en' };
const PASSWORD = 'WeCom-sign-in1';
const REDIRECT = 'https://admin.example.com/login';
const URL_CALL = '/admin/base/open/enterpriseWeChatLoginUrl';
const TOKEN_CALL = '/admin/base/open/enterpriseWeChatLoginAccessToken';

describe.each(testTargets())('enterprise WeChat sign-in on $name', (target) => {
  let fake: FakeWecom;
  let t: TestApp;
  let admin: string;
  let n = 0;

  /** A staff user bound to a WeCom member (the binding as an operator types it). */
  async function addUser(wecomUserId: string | null, extra: Record<string, unknown> = {}) {
    n += 1;
    const username = `wecom.user${n}`;
    const { id } = dataOf(
      await t.post<Id>(
        '/admin/base/sys/user/add',
        { username, password: PASSWORD, departmentId: 1, wecomUserId, ...extra },
        admin,
      ),
    );
    await skipPasswordChange(t, username);
    return { id, username };
  }

  /** A state, as the login page gets it before sending the browser to WeCom. */
  async function state(): Promise<string> {
    return dataOf(await t.get<EnterpriseWeChatLoginUrl>(URL_CALL)).state;
  }

  const exchange = (code: string, s: string): Promise<Reply<TokenPair>> =>
    t.get<TokenPair>(TOKEN_CALL, { code, state: s }, undefined, EN);

  beforeAll(async () => {
    fake = await startFakeWecom();
    t = await startApp(target, fake.env(REDIRECT));
    admin = (await t.login()).token;
  });
  afterAll(async () => {
    await t?.stop();
    await fake?.close();
  });

  it('tells the login page it is on, and answers the QR page with a state of its own', async () => {
    expect(dataOf(await t.get('/admin/base/open/loginOptions'))).toEqual({ captcha: false, enterpriseWeChat: true });
    const first = dataOf(await t.get<EnterpriseWeChatLoginUrl>(URL_CALL));
    const second = dataOf(await t.get<EnterpriseWeChatLoginUrl>(URL_CALL));
    expect(first.state).not.toBe(second.state);
    expect(first.expire).toBe(300);
    const url = new URL(first.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/wwlogin/sso/login`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      login_type: 'CorpApp',
      appid: fake.corpId,
      agentid: fake.agentId,
      redirect_uri: REDIRECT,
      state: first.state,
    });
    // The secret goes to WeCom's gettoken only.
    expect(first.url).not.toContain(fake.secret);
  });

  it('signs a bound user in (the binding kept in lower case) with a listed session, through the QR page', async () => {
    const user = await addUser('Zhang.San-01');
    const row = await t.ctx.db.db
      .selectFrom('base_sys_user')
      .select('wecomUserId')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.wecomUserId).toBe('zhang.san-01');
    // The QR page sends the browser back to the redirect with a code and the state it was given.
    const { url, state: s } = dataOf(await t.get<EnterpriseWeChatLoginUrl>(URL_CALL));
    fake.scanAs('zhang.san-01');
    const back = await fetch(url, { redirect: 'manual' });
    expect(back.status).toBe(302);
    const landing = new URL(back.headers.get('location') ?? '');
    expect(`${landing.origin}${landing.pathname}`).toBe(REDIRECT);
    expect(landing.searchParams.get('state')).toBe(s);
    const pair = dataOf(await exchange(landing.searchParams.get('code') ?? '', s));
    expect(pair.expire).toBe(7200);
    const person = dataOf(await t.get<{ username: string }>('/admin/base/comm/person', {}, pair.token));
    expect(person.username).toBe(user.username);
    const sessions = dataOf(await t.get<OwnSession[]>('/admin/base/comm/sessions', {}, pair.token));
    expect(sessions.filter((x) => x.current)).toHaveLength(1);
    // The refresh token is an ordinary one.
    expect((await t.get('/admin/base/open/refreshToken', { refreshToken: pair.refreshToken })).status).toBe(200);
  });

  it('takes a state once: a reused or made-up state is refused before WeCom is asked', async () => {
    await addUser('li.si');
    const s = await state();
    dataOf(await exchange(fake.codeFor('li.si'), s));
    const calls = fake.calls.length;
    const reused = await exchange(fake.codeFor('li.si'), s);
    expectRefused(reused, 400);
    expect(reused.body.message).toBe('This sign-in request is invalid or has expired: please scan again');
    expectRefused(await exchange(fake.codeFor('li.si'), 'made-up-state'), 400);
    expect(fake.calls.length).toBe(calls);
  });

  it('bounds the states one address holds open; a state used gives its count back', async () => {
    const from = async (ip: string) => {
      const reply = await t.app.inject({
        method: 'GET',
        url: `/api${URL_CALL}`,
        remoteAddress: ip,
        headers: { language: 'en' },
      });
      return { status: reply.statusCode, body: reply.json() as { message: string; data?: { state: string } } };
    };
    const states: string[] = [];
    for (let i = 0; i < STATES_PER_ADDRESS; i += 1) {
      const reply = await from('10.23.0.1');
      expect(reply.status).toBe(200);
      states.push(reply.body.data?.state as string);
    }
    const refused = await from('10.23.0.1');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Too many enterprise WeChat sign-ins started from this address: please try again later',
    );
    // Another address is not held back by this one.
    expect((await from('10.23.0.2')).status).toBe(200);
    // A state that comes back (whatever WeCom says of its code) frees its place.
    await exchange('not-a-code', states[0] as string);
    expect((await from('10.23.0.1')).status).toBe(200);
    expect((await from('10.23.0.1')).status).toBe(429);
  });

  it('refuses a code WeCom does not know or already used, with a 401', async () => {
    await addUser('wang.wu');
    const code = fake.codeFor('wang.wu');
    dataOf(await exchange(code, await state()));
    const used = await exchange(code, await state());
    expectRefused(used, 401);
    expect(used.body.message).toBe(
      'The enterprise WeChat authorisation is invalid or was already used: please scan again',
    );
    expectRefused(await exchange('not-a-code', await state()), 401);
  });

  it('refuses an unbound member, an outsider and a disabled user with a 401 in the asked language', async () => {
    const unbound = await exchange(fake.codeFor('nobody.here'), await state());
    expectRefused(unbound, 401);
    expect(unbound.body.message).toBe(
      'This enterprise WeChat account is not bound to a user: ask an administrator to bind it',
    );
    expect(unbound.raw).not.toContain('token');
    const zh = await t.get(TOKEN_CALL, { code: fake.codeFor('nobody.here'), state: await state() });
    expect(zh.body.message).toBe('该企业微信账号未绑定用户，请联系管理员绑定');
    const outsider = await exchange(fake.codeFor({ openid: 'o-outsider' }), await state());
    expectRefused(outsider, 401);
    expect(outsider.body.message).toBe('Only members of the enterprise may sign in with enterprise WeChat');
    await addUser('zhao.liu', { status: 0 });
    const disabled = await exchange(fake.codeFor('zhao.liu'), await state());
    expectRefused(disabled, 401);
    expect(disabled.body.message).toBe('This account is disabled');
  });

  it('asks a user with two-factor sign-in for the second step, like the password login', async () => {
    const user = await addUser('qian.qi');
    const { token } = await t.login(user.username, PASSWORD);
    const setup = dataOf(await t.post<{ secret: string }>('/admin/base/comm/twoFactorSetup', {}, token));
    const step = stepAt(Date.now());
    dataOf(await t.post('/admin/base/comm/twoFactorEnable', { code: codeAt(setup.secret, step) }, token));
    const first = await exchange(fake.codeFor('qian.qi'), await state());
    expectRefused(first, 400);
    const challenge = first.body.data as unknown as SecondFactorChallenge;
    expect(challenge).toMatchObject({ secondFactor: 'totp', expire: 300 });
    expect(first.raw).not.toContain('"token"');
    const pair = dataOf(
      await t.post<TokenPair>('/admin/base/open/login', {
        challenge: challenge.challenge,
        code: codeAt(setup.secret, step + 1),
      }),
    );
    expect((await t.get('/admin/base/comm/person', {}, pair.token)).status).toBe(200);
  });

  it('binds a member to one user only, and checks the UserID as WeCom writes it', async () => {
    await addUser('sun.ba');
    const taken = await t.post(
      '/admin/base/sys/user/add',
      {
        username: 'wecom.dup',
        password: PASSWORD,
        departmentId: 1,
        wecomUserId: 'SUN.BA',
      },
      admin,
      EN,
    );
    expectRefused(taken, 409);
    for (const bad of ['-starts-with-dash', 'has space', 'x'.repeat(65), '中文']) {
      const reply = await t.post(
        '/admin/base/sys/user/add',
        { username: 'wecom.bad', password: PASSWORD, departmentId: 1, wecomUserId: bad },
        admin,
        EN,
      );
      expectRefused(reply, 400);
    }
    // Blank is no binding; several users may have none.
    const a = await addUser('');
    const b = await addUser(null);
    const rows = await t.ctx.db.db
      .selectFrom('base_sys_user')
      .select('wecomUserId')
      .where('id', 'in', [a.id, b.id])
      .execute();
    expect(rows.map((r) => r.wecomUserId)).toEqual([null, null]);
    // Unbinding frees the member for another user.
    const c = await addUser('zhou.jiu');
    dataOf(await t.post('/admin/base/sys/user/update', { id: c.id, wecomUserId: '' }, admin));
    await addUser('zhou.jiu');
  });

  it('keeps the code and the state out of the request log', async () => {
    const code = fake.codeFor('nobody.at.all');
    const s = await state();
    await exchange(code, s);
    let row: SysLogRow | undefined;
    for (let i = 0; i < 80 && !row; i += 1) {
      const page = dataOf(
        await t.post<{ list: SysLogRow[] }>(
          '/admin/base/sys/log/page',
          { keyWord: 'enterpriseWeChatLoginAccessToken' },
          admin,
        ),
      );
      row = page.list[0];
      if (!row) await new Promise((r) => setTimeout(r, 25));
    }
    expect(row).toBeDefined();
    const all = JSON.stringify(await t.ctx.db.db.selectFrom('base_sys_log').select('params').execute());
    expect(all).not.toContain(code);
    expect(all).not.toContain(s);
    expect(all).not.toContain(fake.secret);
  });

  it('keeps one access token for many sign-ins, and gets a new one when WeCom ends it', async () => {
    await addUser('wu.shi');
    const before = fake.calls.filter((c) => c.path === '/cgi-bin/gettoken').length;
    dataOf(await exchange(fake.codeFor('wu.shi'), await state()));
    dataOf(await exchange(fake.codeFor('wu.shi'), await state()));
    expect(fake.calls.filter((c) => c.path === '/cgi-bin/gettoken').length).toBe(before);
    fake.expireTokens();
    dataOf(await exchange(fake.codeFor('wu.shi'), await state()));
    expect(fake.calls.filter((c) => c.path === '/cgi-bin/gettoken').length).toBe(before + 1);
  });

  it('answers a 502 when WeCom is down, and signs in again once it is back', async () => {
    await addUser('zheng.shiyi');
    fake.down = true;
    fake.expireTokens();
    try {
      const reply = await exchange(fake.codeFor('zheng.shiyi'), await state());
      expectRefused(reply, 502);
      expect(reply.body.message).toBe('Enterprise WeChat cannot be reached right now: please try again later');
    } finally {
      fake.down = false;
    }
    dataOf(await exchange(fake.codeFor('zheng.shiyi'), await state()));
  });
});

describe.each(testTargets())('enterprise WeChat sign-in not configured, on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(target);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('says so to the login page and answers both calls with a clear 400', async () => {
    expect(dataOf(await t.get('/admin/base/open/loginOptions'))).toEqual({ captcha: false, enterpriseWeChat: false });
    const url = await t.get(URL_CALL, {}, undefined, EN);
    expectRefused(url, 400);
    expect(url.body.message).toBe('Sign-in with enterprise WeChat is not configured on this server');
    const token = await t.get(TOKEN_CALL, { code: 'x', state: 'y' }, undefined, EN);
    expectRefused(token, 400);
    expect(token.body.message).toBe('Sign-in with enterprise WeChat is not configured on this server');
  });
});

describe('enterprise WeChat against an unreachable server', () => {
  let t: TestApp;
  beforeAll(async () => {
    const fake = await startFakeWecom();
    const env = fake.env(REDIRECT);
    // Nothing listens there once the fake is closed: the connection is refused.
    await fake.close();
    t = await startSqliteApp(env);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('answers a 502, and the state is used up', async () => {
    const s = dataOf(await t.get<EnterpriseWeChatLoginUrl>(URL_CALL)).state;
    const reply = await t.get(TOKEN_CALL, { code: 'any', state: s }, undefined, EN);
    expectRefused(reply, 502);
    expectRefused(await t.get(TOKEN_CALL, { code: 'any', state: s }, undefined, EN), 400);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const shared = testTargets().find((x) => x.name === 'postgres') ?? testTargets()[0];

describe.skipIf(!redisUrl || !shared)('enterprise WeChat sign-in on two instances sharing Redis', () => {
  let fake: FakeWecom;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    fake = await startFakeWecom();
    const env = {
      ...fake.env(REDIRECT),
      REDIS_URL: redisUrl as string,
      REDIS_PREFIX: `br-test:${randomBytes(4).toString('hex')}:`,
      JWT_SECRET: randomBytes(32).toString('hex'),
    };
    [a, b] = (await startApps(shared as NonNullable<typeof shared>, 2, env)) as [TestApp, TestApp];
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await fake?.close();
  });

  it('takes a state made by one instance on the other, once', async () => {
    const admin = (await a.login()).token;
    dataOf(
      await a.post(
        '/admin/base/sys/user/add',
        { username: 'wecom.shared', password: PASSWORD, departmentId: 1, wecomUserId: 'shared.member' },
        admin,
      ),
    );
    await skipPasswordChange(a, 'wecom.shared');
    const { state: s } = dataOf(await a.get<EnterpriseWeChatLoginUrl>(URL_CALL));
    const pair = dataOf(await b.get<TokenPair>(TOKEN_CALL, { code: fake.codeFor('shared.member'), state: s }));
    expect((await a.get('/admin/base/comm/person', {}, pair.token)).status).toBe(200);
    expectRefused(await a.get(TOKEN_CALL, { code: fake.codeFor('shared.member'), state: s }), 400);
  });
});
