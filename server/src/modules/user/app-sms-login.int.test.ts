import type { AppProgram, AppSmsCodeSent, PluginInfo, TokenPair } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  examplePlugin,
  installPlugin,
  pluginSigningKey,
  signedPlugin,
  smsPlugin,
  startWebhookReceiver,
} from '../../testing/fixtures.js';
import {
  dataOf,
  expectRefused,
  type Reply,
  rowCount,
  skipPasswordChange,
  startApp,
  startApps,
  type TestApp,
  testTargets,
} from '../../testing/harness.js';

const SEND = '/admin/base/open/appSmsCode';
const LOGIN = '/admin/base/open/appLogin';
const PERSON = '/app/user/info/person';
const PLUGINS = '/admin/plugin/info';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

let serial = 0;
const next = () => {
  serial += 1;
  return serial;
};
const uniquePhone = () => `137${String(Date.now() + next()).slice(-8)}`;
/** Each test sends from addresses of its own, so the per-address limit of one never holds another. */
const uniqueIp = () => `10.${process.pid % 250}.${Math.floor(next() / 250) % 250}.${next() % 250}`;

/** A POST from a client at this address (the harness's calls all come from 127.0.0.1). */
async function postFrom<T>(t: TestApp, url: string, body: unknown, ip: string, language = 'en'): Promise<Reply<T>> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body as Record<string, unknown>,
    remoteAddress: ip,
    headers: { language },
  });
  let parsed: Reply<T>['body'];
  try {
    parsed = JSON.parse(response.body);
  } catch {
    parsed = { code: 0, message: '' };
  }
  return { status: response.statusCode, body: parsed, raw: response.body, headers: response.headers };
}

/** The code the gateway received for this phone last (the plugin posted it before the send answered). */
function codeSentTo(receiver: Receiver, phone: string): string {
  const found = (receiver.received as Array<{ phone?: string; code?: string }>).filter((r) => r.phone === phone).at(-1);
  if (!found?.code) throw new Error(`no code reached the gateway for ${phone}`);
  return found.code;
}

const wrongCodeOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function signInAdmin(t: TestApp): Promise<string> {
  // The captcha may be on: read its answer as a test may (captcha.peek).
  const { captchaId } = dataOf(await t.get<{ captchaId: string }>('/admin/base/open/captcha'));
  const verifyCode = (await t.ctx.captcha.peek(captchaId)) ?? '';
  const pair = dataOf(
    await t.post<TokenPair>('/admin/base/open/login', { username: 'admin', password: '123456', captchaId, verifyCode }),
  );
  await skipPasswordChange(t, 'admin');
  return pair.token;
}

/** Installs the example sms-webhook plugin (signed by the trusted key) pointed at the receiver, enabled. */
async function enableSmsWebhook(t: TestApp, admin: string, receiver: Receiver): Promise<number> {
  const { id } = dataOf(await installPlugin(t, admin, await examplePlugin('sms-webhook'), { approveNetwork: 'true' }));
  dataOf(
    await t.post(
      `${PLUGINS}/update`,
      { id, config: { url: receiver.url, secret: 'gateway-secret' }, status: 1 },
      admin,
    ),
  );
  return id;
}

describe.each(testTargets())('SMS sign-in through the sms plugin on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let receiver: Receiver;
  let pluginId: number;

  const userCount = () => rowCount(t, 'user_info');
  const plugin = async (id: number) => dataOf(await t.get<PluginInfo>(`${PLUGINS}/info`, { id }, admin));
  /** Asks for a code and answers it as the gateway received it. */
  async function codeFor(phone: string, ip = uniqueIp()): Promise<string> {
    dataOf(await postFrom(t, SEND, { phone }, ip));
    return codeSentTo(receiver, phone);
  }

  /** An H5 user with this phone (an operator's add: registering would take a code of its own), signed in. */
  async function h5User(phone: string): Promise<TokenPair> {
    dataOf(await t.post('/admin/user/info/add', { phone, password: 'Secret-123', loginType: 2 }, admin));
    return dataOf(await t.post<TokenPair>(LOGIN, { loginType: 2, phone, password: 'Secret-123' }));
  }

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startApp(target, {
      PLUGIN_TRUSTED_KEYS: pluginSigningKey.publicKey,
      PLUGIN_CALL_TIMEOUT_MS: '1500',
      PLUGIN_RESTART_MS: '100',
    });
    admin = await signInAdmin(t);
  });
  afterAll(async () => {
    await t?.stop();
    receiver?.close();
  });

  it('is off while no sms plugin is enabled: a clear 400, nothing kept, nothing counted', async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    expect(dataOf(await t.get<AppProgram>('/admin/base/comm/program')).loginTypes).not.toContain(3);
    const refused = await postFrom(t, SEND, { phone }, ip);
    expectRefused(refused, 400);
    expect(refused.body.message).toMatch(/^SMS sign-in is not available/);
    const zh = await postFrom(t, SEND, { phone }, ip, 'zh-cn');
    expect(zh.body.message).toMatch(/^短信登录暂不可用/);
    const tw = await postFrom(t, SEND, { phone }, ip, 'zh-tw');
    expect(tw.body.message).toMatch(/^簡訊登入暫不可用/);
    expect(await t.ctx.cache.get(`sms-code:${phone}`)).toBeUndefined();
    expect(await t.ctx.counters.peek(`sms-gap:${phone}`)).toBeUndefined();
    expect(await t.ctx.counters.peek(`sms-day-ip:${ip}`)).toBeUndefined();
    const login = await postFrom(t, LOGIN, { loginType: 3, phone, smsCode: '123456' }, ip);
    expectRefused(login, 400);
    expect(login.body.message).toMatch(/SMS code sign-in is not switched on/);

    pluginId = await enableSmsWebhook(t, admin, receiver);
    expect(dataOf(await t.get<AppProgram>('/admin/base/comm/program')).loginTypes).toContain(3);
  });

  it('sends a code through the plugin, signs a new number up with it, and keeps only a hash', async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    const before = await userCount();
    const sent = await postFrom<AppSmsCodeSent>(t, SEND, { phone }, ip);
    expect(dataOf(sent)).toEqual({ expire: 300, resendIn: 60 });
    const code = codeSentTo(receiver, phone);
    expect(code).toMatch(/^\d{6}$/);
    // What the gateway got: the example plugin's JSON, signed with its secret.
    const body = receiver.received.at(-1) as { phone: string; code: string; text: string };
    expect(body).toEqual({ phone, code, text: expect.stringContaining(code) });
    const { createHmac } = await import('node:crypto');
    expect(receiver.headers.at(-1)?.['x-backroom-signature']).toBe(
      createHmac('sha256', 'gateway-secret').update(JSON.stringify(body)).digest('hex'),
    );
    // Neither the answer nor the cache holds the code.
    expect(sent.raw).not.toContain(code);
    const kept = await t.ctx.cache.get(`sms-code:${phone}`);
    expect(kept).toBeDefined();
    expect(kept).not.toContain(code);

    const pair = dataOf(
      await postFrom<TokenPair>(t, LOGIN, { loginType: 3, phone, smsCode: code, nickName: 'Texted' }, ip),
    );
    const me = dataOf(
      await t.get<{ id: number; phone: string; nickName: string; loginType: number }>(PERSON, {}, pair.token),
    );
    expect(me).toMatchObject({ phone, nickName: 'Texted', loginType: 3 });
    expect(await userCount()).toBe(before + 1);
    expect(await t.ctx.cache.get(`sms-code:${phone}`)).toBeUndefined();

    // The request log keeps neither the code nor the number.
    await eventually(async () => {
      const rows = await t.ctx.db.db
        .selectFrom('base_sys_log')
        .select(['action', 'params'])
        .where('ip', '=', ip)
        .execute();
      return rows.length >= 2;
    });
    const rows = await t.ctx.db.db
      .selectFrom('base_sys_log')
      .select(['action', 'params'])
      .where('ip', '=', ip)
      .execute();
    expect(rows.map((r) => r.action).sort()).toEqual([LOGIN, SEND]);
    const logged = JSON.stringify(rows);
    expect(logged).not.toContain(code);
    expect(logged).not.toContain(phone);
    expect(logged).toContain('******');
  });

  it('signs an existing user in by phone, and refuses a disabled one', async () => {
    const phone = uniquePhone();
    const h5 = await h5User(phone);
    const { id } = dataOf(await t.get<{ id: number }>(PERSON, {}, h5.token));
    const before = await userCount();
    const pair = dataOf(await t.post<TokenPair>(LOGIN, { loginType: 3, phone, smsCode: await codeFor(phone) }));
    const me = dataOf(await t.get<{ id: number; loginType: number }>(PERSON, {}, pair.token));
    expect(me).toMatchObject({ id, loginType: 2 });
    expect(await userCount()).toBe(before);

    const disabled = uniquePhone();
    const other = await h5User(disabled);
    const otherId = dataOf(await t.get<{ id: number }>(PERSON, {}, other.token)).id;
    dataOf(await t.post('/admin/user/info/update', { id: otherId, status: 0 }, admin));
    const refused = await t.post(
      LOGIN,
      { loginType: 3, phone: disabled, smsCode: await codeFor(disabled) },
      undefined,
      {
        language: 'en',
      },
    );
    expectRefused(refused, 400);
    expect(refused.body.message).toMatch(/disabled or cancelled/);
  });

  it('takes four wrong codes and then the right one; five wrong ones void the code', async () => {
    const phone = uniquePhone();
    const code = await codeFor(phone);
    for (let i = 1; i <= 4; i += 1) {
      const wrong = await t.post(LOGIN, { loginType: 3, phone, smsCode: wrongCodeOf(code) }, undefined, {
        language: 'en',
      });
      expectRefused(wrong, 400);
      expect(wrong.body.message).toBe(`The SMS code is wrong (${5 - i} tries left)`);
    }
    dataOf(await t.post(LOGIN, { loginType: 3, phone, smsCode: code }));

    const other = uniquePhone();
    const before = await userCount();
    const otherCode = await codeFor(other);
    for (let i = 1; i <= 4; i += 1) {
      expectRefused(await t.post(LOGIN, { loginType: 3, phone: other, smsCode: wrongCodeOf(otherCode) }), 400);
    }
    const fifth = await t.post(LOGIN, { loginType: 3, phone: other, smsCode: wrongCodeOf(otherCode) }, undefined, {
      language: 'zh-cn',
    });
    expectRefused(fifth, 400);
    expect(fifth.body.message).toBe('短信验证码错误次数过多，已失效，请重新获取');
    // The sixth try, with the right code: the code is gone.
    const sixth = await t.post(LOGIN, { loginType: 3, phone: other, smsCode: otherCode }, undefined, {
      language: 'zh-tw',
    });
    expectRefused(sixth, 400);
    expect(sixth.body.message).toBe('簡訊驗證碼已過期或已使用，請重新取得');
    expect(await userCount()).toBe(before);
  });

  it('uses a code once, and takes only the latest code of a number', async () => {
    const phone = uniquePhone();
    const code = await codeFor(phone);
    dataOf(await t.post(LOGIN, { loginType: 3, phone, smsCode: code }));
    const again = await t.post(LOGIN, { loginType: 3, phone, smsCode: code }, undefined, { language: 'en' });
    expectRefused(again, 400);
    expect(again.body.message).toMatch(/expired or was already used/);

    const other = uniquePhone();
    const first = await codeFor(other);
    // A test's shortcut past the resend pause (60 s here; the code lives 300 s).
    await t.ctx.counters.reset(`sms-gap:${other}`);
    const second = await codeFor(other);
    if (first !== second) expectRefused(await t.post(LOGIN, { loginType: 3, phone: other, smsCode: first }), 400);
    dataOf(await t.post(LOGIN, { loginType: 3, phone: other, smsCode: second }));
  });

  it('refuses a second code for a number within the resend pause with a 429', async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    await codeFor(phone, ip);
    for (const [language, text] of [
      ['en', /^A code was just sent to this number: ask again in \d+ seconds$/],
      ['zh-cn', /^验证码已发送到该手机号，请\d+秒后再获取$/],
      ['zh-tw', /^驗證碼已傳送到該手機號，請\d+秒後再取得$/],
    ] as const) {
      const soon = await postFrom(t, SEND, { phone }, uniqueIp(), language);
      expectRefused(soon, 429);
      expect(soon.body.message).toMatch(text);
    }
  });

  it('answers a 502 when the gateway fails or hangs, keeps nothing, and lets the user ask again at once', async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    receiver.status.code = 500;
    try {
      const failed = await postFrom(t, SEND, { phone }, ip);
      expect(failed.status, failed.raw).toBe(502);
      expect(failed.body).toMatchObject({ code: 1001, message: 'The SMS could not be sent: please try again later' });
    } finally {
      receiver.status.code = 200;
    }
    expect(await t.ctx.cache.get(`sms-code:${phone}`)).toBeUndefined();
    expect(await t.ctx.counters.peek(`sms-gap:${phone}`)).toBeUndefined();
    expect(await t.ctx.counters.peek(`sms-day-ip:${ip}`)).toBeUndefined();
    const shown = await plugin(pluginId);
    expect(shown.lastError).toMatch(/send failed: the SMS gateway answered HTTP 500/);
    expect(shown.lastError).not.toContain(phone);
    // Asked again at once, it goes through.
    const code = await codeFor(phone, ip);
    dataOf(await t.post(LOGIN, { loginType: 3, phone, smsCode: code }));

    const hung = uniquePhone();
    receiver.status.hang = true;
    try {
      const late = await postFrom(t, SEND, { phone: hung }, ip);
      expect(late.status, late.raw).toBe(502);
    } finally {
      receiver.status.hang = false;
    }
    expect(await t.ctx.cache.get(`sms-code:${hung}`)).toBeUndefined();
    // The sandbox's http capability gives up on the hung gateway inside the call's time (plugin-http.ts):
    // the plugin reports it, and the row shows it as its last error, free of the number.
    const afterHang = (await plugin(pluginId)).lastError ?? '';
    expect(afterHang).toMatch(/send did not answer within 1500 ms|gateway cannot be reached/);
    expect(afterHang).not.toContain(hung);
    // The gateway answers again: the same number gets its code.
    await eventually(async () => (await postFrom(t, SEND, { phone: hung }, ip)).status === 200);
    dataOf(await t.post(LOGIN, { loginType: 3, phone: hung, smsCode: codeSentTo(receiver, hung) }));
  });

  it("keeps a plugin's words about a failure free of the number and the code", async () => {
    dataOf(await t.post(`${PLUGINS}/update`, { id: pluginId, status: 0 }, admin));
    const leaky = dataOf(
      await installPlugin(
        t,
        undefined,
        await signedPlugin(
          await smsPlugin('sms-leaky', "throw new Error('cannot send ' + message.code + ' to ' + message.phone);"),
        ),
      ),
    ).id;
    dataOf(await t.post(`${PLUGINS}/update`, { id: leaky, status: 1 }, admin));
    try {
      const phone = uniquePhone();
      const failed = await t.post(SEND, { phone });
      expect(failed.status, failed.raw).toBe(502);
      const shown = await plugin(leaky);
      expect(shown.lastError).toBe('send failed: cannot send ****** to ***');
    } finally {
      dataOf(await t.post(`${PLUGINS}/update`, { id: leaky, status: 0 }, admin));
      dataOf(await t.post(`${PLUGINS}/update`, { id: pluginId, status: 1 }, admin));
    }
  });

  it('turns off again when the plugin is disabled: no send, and a kept code no longer signs in', async () => {
    const phone = uniquePhone();
    const code = await codeFor(phone);
    dataOf(await t.post(`${PLUGINS}/update`, { id: pluginId, status: 0 }, admin));
    try {
      expectRefused(await t.post(SEND, { phone: uniquePhone() }), 400);
      expectRefused(await t.post(LOGIN, { loginType: 3, phone, smsCode: code }), 400);
    } finally {
      dataOf(await t.post(`${PLUGINS}/update`, { id: pluginId, status: 1 }, admin));
    }
  });
});

describe.each(testTargets())('SMS code limits and life on $name', (target) => {
  let t: TestApp;
  let receiver: Receiver;

  /** A fresh image captcha and its answer (the captcha is on here). */
  async function captcha(): Promise<{ captchaId: string; verifyCode: string }> {
    const { captchaId } = dataOf(await t.get<{ captchaId: string }>('/admin/base/open/captcha'));
    return { captchaId, verifyCode: (await t.ctx.captcha.peek(captchaId)) ?? '' };
  }
  const send = async (phone: string, ip: string) => postFrom(t, SEND, { phone, ...(await captcha()) }, ip);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startApp(target, {
      CAPTCHA: 'on',
      PLUGIN_TRUSTED_KEYS: pluginSigningKey.publicKey,
      SMS_CODE_TTL: '1',
      SMS_RESEND_INTERVAL: '1',
      SMS_DAILY_PER_PHONE: '2',
      SMS_DAILY_PER_IP: '3',
    });
    await enableSmsWebhook(t, await signInAdmin(t), receiver);
  });
  afterAll(async () => {
    await t?.stop();
    receiver?.close();
  });

  it('asks for the image captcha when the server does, and uses it up', async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    const missing = await postFrom(t, SEND, { phone }, ip);
    expectRefused(missing, 400);
    expect(missing.body.message).toBe('Please enter the verification code');
    const { captchaId, verifyCode } = await captcha();
    const wrong = await postFrom(t, SEND, { phone, captchaId, verifyCode: `${verifyCode}9` }, ip);
    expectRefused(wrong, 400);
    expect(wrong.body.message).toMatch(/verification code is wrong/);
    // The captcha went with the wrong answer.
    expectRefused(await postFrom(t, SEND, { phone, captchaId, verifyCode }, ip), 400);
    expect(receiver.received).toHaveLength(0);
    dataOf(await send(phone, ip));
  });

  it('lets a code expire after its life', async () => {
    const phone = uniquePhone();
    dataOf(await send(phone, uniqueIp()));
    const code = codeSentTo(receiver, phone);
    await eventually(async () => (await t.ctx.cache.get(`sms-code:${phone}`)) === undefined, 3000, 50);
    const late = await t.post(LOGIN, { loginType: 3, phone, smsCode: code }, undefined, { language: 'en' });
    expectRefused(late, 400);
    expect(late.body.message).toMatch(/expired/);
  });

  it('caps the codes of one number and of one address over a day', async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    dataOf(await send(phone, ip));
    // After the resend pause, the second of the day; then the day's cap answers instead of the pause.
    await eventually(async () => (await t.ctx.counters.peek(`sms-gap:${phone}`)) === undefined, 3000, 50);
    dataOf(await send(phone, ip));
    await eventually(async () => (await t.ctx.counters.peek(`sms-gap:${phone}`)) === undefined, 3000, 50);
    const capped = await send(phone, uniqueIp());
    expectRefused(capped, 429);
    expect(capped.body.message).toMatch(/Too many codes were asked for this number or from this network today/);

    const busy = uniqueIp();
    for (let i = 0; i < 3; i += 1) dataOf(await send(uniquePhone(), busy));
    const fourth = await send(uniquePhone(), busy);
    expectRefused(fourth, 429);
    expect(fourth.body.message).toMatch(/today/);
    const zh = await postFrom(t, SEND, { phone: uniquePhone(), ...(await captcha()) }, busy, 'zh-cn');
    expect(zh.body.message).toBe('该手机号或当前网络今日获取验证码的次数已达上限，请明天再试');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl)
  console.warn('[integration] skipped: SMS sign-in on two instances sharing Redis (TEST_REDIS_URL is not set)');
// On PostgreSQL when it is there (the realistic shared database), else on one SQLite file.
const shared = testTargets().find((t) => t.name === 'postgres') ?? testTargets()[0];

describe.skipIf(!redisUrl || !shared)('SMS sign-in on two instances sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    const { randomBytes } = await import('node:crypto');
    receiver = await startWebhookReceiver();
    [a, b] = (await startApps(shared as NonNullable<typeof shared>, 2, {
      REDIS_URL: redisUrl as string,
      REDIS_PREFIX: `br-test:${randomBytes(4).toString('hex')}:`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PLUGIN_TRUSTED_KEYS: pluginSigningKey.publicKey,
    })) as [TestApp, TestApp];
    await enableSmsWebhook(a, await signInAdmin(a), receiver);
    // B hears of the plugin on the bus and starts its own process.
    await eventually(async () => dataOf(await b.get<AppProgram>('/admin/base/comm/program')).loginTypes.includes(3));
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    receiver?.close();
  });

  it('sends on one instance and signs in on the other, once; the pause and the tries are shared', async () => {
    const phone = uniquePhone();
    dataOf(await postFrom(a, SEND, { phone }, uniqueIp()));
    const code = codeSentTo(receiver, phone);
    expectRefused(await postFrom(b, SEND, { phone }, uniqueIp()), 429);
    dataOf(await b.post(LOGIN, { loginType: 3, phone, smsCode: code }));
    expectRefused(await a.post(LOGIN, { loginType: 3, phone, smsCode: code }), 400);

    const other = uniquePhone();
    dataOf(await postFrom(b, SEND, { phone: other }, uniqueIp()));
    const otherCode = codeSentTo(receiver, other);
    for (const app of [a, b, a, b]) {
      expectRefused(await app.post(LOGIN, { loginType: 3, phone: other, smsCode: wrongCodeOf(otherCode) }), 400);
    }
    const fifth = await a.post(LOGIN, { loginType: 3, phone: other, smsCode: wrongCodeOf(otherCode) }, undefined, {
      language: 'en',
    });
    expect(fifth.body.message).toMatch(/no longer works/);
    expectRefused(await b.post(LOGIN, { loginType: 3, phone: other, smsCode: otherCode }), 400);
  });
});
