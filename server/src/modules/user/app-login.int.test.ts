import type { AppProgram, TokenPair } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataOf,
  expectRefused,
  rowCount,
  startApp,
  startSqliteApp,
  type TestApp,
  testTargets,
} from '../../testing/harness.js';
import { registerH5, useFakeSms } from './sms-fake.test-support.js';
import { startWechatFake, type WechatFake } from './wechat-fake.test-support.js';

const LOGIN = '/admin/base/open/appLogin';
const SEND = '/admin/base/open/appSmsCode';
const PERSON = '/app/user/info/person';
const MINI = { appid: 'wxmini0000000001', secret: 'mini-secret-value' };
const MP = { appid: 'wxmp00000000000001', secret: 'mp-secret-value' };
const EN = { language: 'en' };

const wrongCodeOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

let seq = 0;
const next = () => {
  seq += 1;
  return seq;
};
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${next()}`;
const uniquePhone = () => `139${String(Date.now() + next()).slice(-8)}`;

describe.each(testTargets())('app sign-in on $name', (target) => {
  let t: TestApp;
  let fake: WechatFake;
  let sms: Map<string, string>;

  const userCount = () => rowCount(t, 'user_info');
  const stored = (id: number) =>
    t.ctx.db.db.selectFrom('user_info').selectAll().where('id', '=', id).executeTakeFirst();
  const personOf = async (token: string) =>
    dataOf(await t.get<{ id: number; nickName: string | null }>(PERSON, {}, token));

  beforeAll(async () => {
    fake = await startWechatFake({ [MINI.appid]: MINI.secret, [MP.appid]: MP.secret });
    t = await startApp(target, {
      WECHAT_API_BASE: fake.url,
      WECHAT_MINI_APPID: MINI.appid,
      WECHAT_MINI_SECRET: MINI.secret,
      WECHAT_MP_APPID: MP.appid,
      WECHAT_MP_SECRET: MP.secret,
    });
    sms = useFakeSms(t);
  });

  /** Sends a code to the phone and answers it. */
  async function codeFor(phone: string): Promise<string> {
    dataOf(await t.post(SEND, { phone }));
    const code = sms.get(phone);
    if (!code) throw new Error(`no code sent to ${phone}`);
    return code;
  }

  const register = (phone: string, password = 'Secret-123', extra: Record<string, unknown> = {}) =>
    registerH5(t, sms, phone, password, extra);
  afterAll(async () => {
    await t?.stop();
    await fake?.close();
  });

  describe('mini program', () => {
    it('creates the user once and finds them again by openid', async () => {
      const openid = unique('mini');
      const before = await userCount();
      const first = dataOf(await t.post<TokenPair>(LOGIN, { loginType: 0, code: fake.code({ openid }) }));
      expect(first.expire).toBeGreaterThan(0);
      expect(first.refreshExpire).toBeGreaterThan(0);
      const me = await personOf(first.token);
      const second = dataOf(await t.post<TokenPair>(LOGIN, { loginType: 0, code: fake.code({ openid }) }));
      expect((await personOf(second.token)).id).toBe(me.id);
      expect(await userCount()).toBe(before + 1);
      const row = await stored(me.id);
      expect(row?.miniOpenid).toBe(openid);
      expect(row?.loginType).toBe(0);
      // The answer and the profile carry no openid, session key or password.
      expect(JSON.stringify(me)).not.toContain(openid);
      expect(JSON.stringify(me)).not.toMatch(/password|session_key|sessionKey/);
    });

    it('refuses an invalid code and a used one with a 400, writing nothing', async () => {
      const before = await userCount();
      const invalid = await t.post(LOGIN, { loginType: 0, code: 'not-a-code' }, undefined, EN);
      expectRefused(invalid, 400);
      expect(invalid.body.message).toMatch(/WeChat refused/);
      const code = fake.code({ openid: unique('mini') });
      dataOf(await t.post(LOGIN, { loginType: 0, code }));
      const reused = await t.post(LOGIN, { loginType: 0, code });
      expectRefused(reused, 400);
      expect(await userCount()).toBe(before + 1);
    });

    it('answers a 502 when WeChat is down, and writes nothing', async () => {
      const before = await userCount();
      fake.setDown(true);
      try {
        const reply = await t.post(LOGIN, { loginType: 0, code: fake.code({ openid: unique('mini') }) }, undefined, EN);
        expect(reply.status, reply.raw).toBe(502);
        expect(reply.body.code).toBe(1001);
        expect(reply.body.message).toMatch(/cannot be reached/);
        expect(reply.raw).not.toContain(MINI.secret);
      } finally {
        fake.setDown(false);
      }
      expect(await userCount()).toBe(before);
    });
  });

  describe('official account', () => {
    it('exchanges the code, reads the profile, creates once and finds again by unionid', async () => {
      const unionid = unique('union');
      const openid = unique('mp');
      const before = await userCount();
      const pair = dataOf(
        await t.post<TokenPair>(LOGIN, {
          loginType: 1,
          code: fake.code({ openid, unionid, nickname: '小王', headimgurl: 'https://wx.example/a.png', sex: 2 }),
        }),
      );
      const me = await personOf(pair.token);
      expect(me.nickName).toBe('小王');
      const row = await stored(me.id);
      expect(row).toMatchObject({ mpOpenid: openid, unionid, gender: 2, loginType: 1 });
      // The same person through the mini program (same unionid, its own openid) is the same user.
      const miniOpenid = unique('mini');
      const viaMini = dataOf(
        await t.post<TokenPair>(LOGIN, { loginType: 0, code: fake.code({ openid: miniOpenid, unionid }) }),
      );
      expect((await personOf(viaMini.token)).id).toBe(me.id);
      expect((await stored(me.id))?.miniOpenid).toBe(miniOpenid);
      expect(await userCount()).toBe(before + 1);
    });

    it('takes a snsapi_base code without reading the profile', async () => {
      const openid = unique('mp');
      const pair = dataOf(
        await t.post<TokenPair>(LOGIN, { loginType: 1, code: fake.code({ openid, scope: 'snsapi_base' }) }),
      );
      const me = await personOf(pair.token);
      expect((await stored(me.id))?.mpOpenid).toBe(openid);
    });

    it('refuses an invalid code, and answers a 502 writing nothing when WeChat is down', async () => {
      const before = await userCount();
      expectRefused(await t.post(LOGIN, { loginType: 1, code: 'nope' }), 400);
      fake.setDown(true);
      try {
        const reply = await t.post(LOGIN, { loginType: 1, code: fake.code({ openid: unique('mp') }) });
        expect(reply.status, reply.raw).toBe(502);
      } finally {
        fake.setDown(false);
      }
      expect(await userCount()).toBe(before);
    });
  });

  describe('H5', () => {
    it('registers by phone with the SMS code sent to it, signs in with the password, stores it hashed', async () => {
      const phone = uniquePhone();
      const registered = dataOf(await register(phone, 'Secret-123', { nickName: 'H5' }));
      const me = await personOf(registered.token);
      const row = await stored(me.id);
      expect(row?.password).toMatch(/^scrypt\$/);
      expect(row?.loginType).toBe(2);
      // The code is used up by the registration.
      const replay = await t.post(
        LOGIN,
        { loginType: 2, phone, password: 'Secret-123', register: true, smsCode: sms.get(phone) },
        undefined,
        EN,
      );
      expectRefused(replay, 400);
      const signedIn = dataOf(await t.post<TokenPair>(LOGIN, { loginType: 2, phone, password: 'Secret-123' }));
      expect((await personOf(signedIn.token)).id).toBe(me.id);
      const wrong = await t.post(LOGIN, { loginType: 2, phone, password: 'Wrong-123' }, undefined, EN);
      expectRefused(wrong, 400);
      expect(wrong.body.message).toMatch(/Incorrect phone number or password/);
    });

    it('locks a phone out from an address after five wrong passwords, even for the right one', async () => {
      const phone = uniquePhone();
      dataOf(await register(phone));
      for (let i = 0; i < 5; i += 1) {
        expectRefused(await t.post(LOGIN, { loginType: 2, phone, password: `Wrong-${i}00` }), 400);
      }
      const locked = await t.post(LOGIN, { loginType: 2, phone, password: 'Secret-123' }, undefined, EN);
      expectRefused(locked, 429);
      expect(locked.body.message).toMatch(/Too many failed attempts/);
    });

    it('ties no account to a phone without its SMS code: a bare registration or a wrong code writes nothing', async () => {
      const phone = uniquePhone();
      const before = await userCount();
      const bare = await t.post(LOGIN, { loginType: 2, phone, password: 'Secret-123', register: true }, undefined, EN);
      expectRefused(bare, 400);
      expect(bare.body.message).toBe('Enter the SMS code sent to this phone number');
      const code = await codeFor(phone);
      const wrong = await t.post(
        LOGIN,
        { loginType: 2, phone, password: 'Secret-123', register: true, smsCode: wrongCodeOf(code) },
        undefined,
        EN,
      );
      expectRefused(wrong, 400);
      // A code sent to another phone proves nothing about this one.
      const elsewhere = uniquePhone();
      const other = await codeFor(elsewhere);
      expectRefused(
        await t.post(LOGIN, { loginType: 2, phone, password: 'Secret-123', register: true, smsCode: other }),
        400,
      );
      expect(await userCount()).toBe(before);
      expectRefused(await t.post(LOGIN, { loginType: 2, phone, password: 'Secret-123' }), 400);
    });

    it('answers a taken phone and a free one alike until the code proves it; then the owner gets the account', async () => {
      // An account someone tied to the phone before registration took a code: its password is theirs.
      const taken = uniquePhone();
      const free = uniquePhone();
      const staff = await t.login();
      const { id } = dataOf(
        await t.post<{ id: number }>(
          '/admin/user/info/add',
          { phone: taken, password: 'Squatter-1', loginType: 2, nickName: 'squatter' },
          staff.token,
        ),
      );
      const squatter = dataOf(await t.post<TokenPair>(LOGIN, { loginType: 2, phone: taken, password: 'Squatter-1' }));
      const answers = async (phone: string) => {
        const send = await t.post(SEND, { phone }, undefined, EN);
        const code = sms.get(phone) as string;
        const body = { loginType: 2, phone, password: 'Owner-123', register: true };
        const bare = await t.post(LOGIN, body, undefined, EN);
        const wrong = await t.post(LOGIN, { ...body, smsCode: wrongCodeOf(code) }, undefined, EN);
        return { replies: [send, bare, wrong].map((r) => ({ status: r.status, body: r.body })), code };
      };
      const a = await answers(taken);
      const b = await answers(free);
      expect(a.replies).toEqual(b.replies);
      expect(a.replies.map((r) => r.status)).toEqual([200, 400, 400]);

      const body = { loginType: 2, password: 'Owner-123', register: true };
      const owner = dataOf(await t.post<TokenPair>(LOGIN, { ...body, phone: taken, smsCode: a.code }));
      const fresh = dataOf(await t.post<TokenPair>(LOGIN, { ...body, phone: free, smsCode: b.code }));
      // The proven owner is in the account that held their phone, with their password; the squatter is out.
      expect((await personOf(owner.token)).id).toBe(id);
      expect((await personOf(fresh.token)).id).not.toBe(id);
      expectRefused(await t.get(PERSON, {}, squatter.token), 401);
      expectRefused(await t.post(LOGIN, { loginType: 2, phone: taken, password: 'Squatter-1' }), 400);
      dataOf(await t.post(LOGIN, { loginType: 2, phone: taken, password: 'Owner-123' }));
    });

    it('counts wrong registration codes with the sign-in throttle', async () => {
      const phone = uniquePhone();
      const code = await codeFor(phone);
      const body = { loginType: 2, phone, password: 'Secret-123', register: true, smsCode: wrongCodeOf(code) };
      for (let i = 0; i < 5; i += 1) expectRefused(await t.post(LOGIN, body), 400);
      const locked = await t.post(LOGIN, { ...body, smsCode: code }, undefined, EN);
      expectRefused(locked, 429);
      expect(locked.body.message).toMatch(/Too many failed attempts/);
    });
  });

  describe('tokens', () => {
    it('keeps the audiences apart both ways', async () => {
      const app = dataOf(await t.post<TokenPair>(LOGIN, { loginType: 0, code: fake.code({ openid: unique('mini') }) }));
      const staff = await t.login();
      // An app token opens no staff call, an open one aside…
      expectRefused(await t.get('/admin/base/comm/person', {}, app.token), 401);
      expectRefused(await t.post('/admin/user/info/page', {}, app.token), 401);
      expectRefused(await t.get('/admin/base/open/refreshToken', { refreshToken: app.refreshToken }), 401);
      // …and a staff token no app call.
      expectRefused(await t.get(PERSON, {}, staff.token), 401);
      expectRefused(await t.get('/app/user/info/refreshToken', { refreshToken: staff.refreshToken }), 401);
      expectRefused(await t.post('/app/user/address/list', {}, staff.token), 401);
      // Each in its own place works.
      dataOf(await t.get(PERSON, {}, app.token));
      dataOf(await t.get('/admin/base/comm/person', {}, staff.token));
    });

    it('refreshes once, and logout ends the session', async () => {
      const app = dataOf(await t.post<TokenPair>(LOGIN, { loginType: 0, code: fake.code({ openid: unique('mini') }) }));
      const next = dataOf(await t.get<TokenPair>('/app/user/info/refreshToken', { refreshToken: app.refreshToken }));
      dataOf(await t.get(PERSON, {}, next.token));
      // A refresh token works once; the second use ends the session.
      expectRefused(await t.get('/app/user/info/refreshToken', { refreshToken: app.refreshToken }), 401);
      expectRefused(await t.get(PERSON, {}, next.token), 401);
      const other = dataOf(
        await t.post<TokenPair>(LOGIN, { loginType: 0, code: fake.code({ openid: unique('mini') }) }),
      );
      dataOf(await t.post('/app/user/info/logout', {}, other.token));
      expectRefused(await t.get(PERSON, {}, other.token), 401);
      expectRefused(await t.get('/app/user/info/refreshToken', { refreshToken: other.refreshToken }), 401);
    });

    it("ends a disabled or cancelled user's sessions at once, and refuses their sign-in", async () => {
      const staff = await t.login();
      const openid = unique('mini');
      const app = dataOf(await t.post<TokenPair>(LOGIN, { loginType: 0, code: fake.code({ openid }) }));
      const { id } = await personOf(app.token);
      dataOf(await t.post('/admin/user/info/update', { id, status: 0 }, staff.token));
      expectRefused(await t.get(PERSON, {}, app.token), 401);
      expectRefused(await t.get('/app/user/info/refreshToken', { refreshToken: app.refreshToken }), 401);
      expectRefused(await t.post(LOGIN, { loginType: 0, code: fake.code({ openid }) }), 400);
      dataOf(await t.post('/admin/user/info/update', { id, status: 2 }, staff.token));
      expectRefused(await t.post(LOGIN, { loginType: 0, code: fake.code({ openid }) }), 400);
    });

    it('ends the other sessions when the user changes their password (the current one needed)', async () => {
      const phone = uniquePhone();
      const first = dataOf(await register(phone));
      expectRefused(
        await t.post('/app/user/info/updatePerson', { password: 'Other-456', oldPassword: 'nope' }, first.token),
        400,
      );
      dataOf(
        await t.post('/app/user/info/updatePerson', { password: 'Other-456', oldPassword: 'Secret-123' }, first.token),
      );
      expectRefused(await t.get(PERSON, {}, first.token), 401);
      dataOf(await t.post(LOGIN, { loginType: 2, phone, password: 'Other-456' }));
    });
  });

  describe('program', () => {
    it('lists the sign-in types on and the public app ids, never a secret', async () => {
      const reply = await t.get<AppProgram>('/admin/base/comm/program');
      const program = dataOf(reply);
      expect(program).toEqual({
        loginTypes: [0, 1, 2, 3],
        miniProgram: { appid: MINI.appid },
        officialAccount: { appid: MP.appid },
      });
      expect(reply.raw).not.toContain(MINI.secret);
      expect(reply.raw).not.toContain(MP.secret);
    });

    it('refuses a type the parameter switches off with a clear 400', async () => {
      const staff = await t.login();
      const params = dataOf(
        await t.post<{ list: Array<{ id: number; keyName: string }> }>(
          '/admin/base/sys/param/page',
          { keyWord: 'appLoginTypes' },
          staff.token,
        ),
      );
      const param = params.list.find((p) => p.keyName === 'appLoginTypes');
      if (!param) throw new Error('appLoginTypes is not seeded');
      dataOf(await t.post('/admin/base/sys/param/update', { id: param.id, data: '0,2' }, staff.token));
      try {
        const off = await t.post(LOGIN, { loginType: 1, code: fake.code({ openid: unique('mp') }) }, undefined, EN);
        expectRefused(off, 400);
        expect(off.body.message).toMatch(/Official account sign-in is not switched on/);
        expect(dataOf(await t.get<AppProgram>('/admin/base/comm/program')).loginTypes).toEqual([0, 2]);
      } finally {
        dataOf(await t.post('/admin/base/sys/param/update', { id: param.id, data: '0,1,2' }, staff.token));
      }
    });
  });
});

describe('app sign-in without WeChat configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startSqliteApp();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('answers a clear 400 for the mini program and the official account, and H5 stays on', async () => {
    const mini = await t.post(LOGIN, { loginType: 0, code: 'x' }, undefined, EN);
    expectRefused(mini, 400);
    expect(mini.body.message).toMatch(/Mini program sign-in is not switched on/);
    expectRefused(await t.post(LOGIN, { loginType: 1, code: 'x' }), 400);
    expect(dataOf(await t.get<AppProgram>('/admin/base/comm/program'))).toEqual({
      loginTypes: [2],
      miniProgram: null,
      officialAccount: null,
    });
    // H5 stays on: a phone without an account is told what a wrong password is told.
    const h5 = await t.post(LOGIN, { loginType: 2, phone: uniquePhone(), password: 'Secret-123' }, undefined, EN);
    expectRefused(h5, 400);
    expect(h5.body.message).toMatch(/Incorrect phone number or password/);
  });
});

describe('app registration with the captcha on', () => {
  let t: TestApp;
  let sms: Map<string, string>;
  beforeAll(async () => {
    t = await startSqliteApp({ CAPTCHA: 'on' });
    sms = useFakeSms(t);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const captcha = async () => {
    const { captchaId } = dataOf(await t.get<{ captchaId: string }>('/admin/base/open/captcha'));
    return { captchaId, verifyCode: (await t.ctx.captcha.peek(captchaId)) ?? '' };
  };

  it('takes a captcha for the code and again for the registration', async () => {
    const phone = uniquePhone();
    expectRefused(await t.post(SEND, { phone }), 400);
    dataOf(await t.post(SEND, { phone, ...(await captcha()) }));
    const smsCode = sms.get(phone) as string;
    const body = { loginType: 2, phone, password: 'Secret-123', register: true, smsCode };
    const bare = await t.post(LOGIN, body, undefined, EN);
    expectRefused(bare, 400);
    expect(bare.body.message).toBe('Please enter the verification code');
    expectRefused(await t.post(LOGIN, { ...body, captchaId: (await captcha()).captchaId, verifyCode: 'nope' }), 400);
    expect(await rowCount(t, 'user_info')).toBe(0);
    // The code was not spent by the refused tries.
    const pair = dataOf(await t.post<TokenPair>(LOGIN, { ...body, ...(await captcha()) }));
    expect(pair.token).toEqual(expect.any(String));
    expect(await rowCount(t, 'user_info')).toBe(1);
  });
});
