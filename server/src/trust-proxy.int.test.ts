import type { OwnSession, TokenPair } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWecom, startFakeWecom } from './testing/fake-wecom.js';
import {
  eventually,
  examplePlugin,
  installPlugin,
  multipart,
  pluginSigningKey,
  startWebhookReceiver,
} from './testing/fixtures.js';
import { dataOf, type Reply, skipPasswordChange, startApp, type TestApp, testTargets } from './testing/harness.js';

/**
 * TRUST_PROXY=1 behind a proxy that appends the address it saw (`X-Forwarded-For: <what the client
 * wrote>, <the client>`): a client that writes a new first hop on every request is still one
 * address to every per-address limit, and to the request log and the session list.
 */

/** The proxy in front: every request reaches the server from its address (a documentation range). */
const PROXY = '192.0.2.1';
const INSTALLS = 3;
const SMS_PER_ADDRESS = 3;
/** The limits the server holds every address to (core/auth/captcha.ts, core/auth/throttle.ts, wecom.service.ts). */
const CAPTCHAS_PER_MINUTE = 60;
const FAILED_SIGN_INS_PER_ADDRESS = 20;
const FAILED_SIGN_INS_PER_PAIR = 5;
const WECOM_STATES = 30;

let forgeries = 0;
/** A first hop the client makes up, new for every request. */
const forged = () => {
  forgeries += 1;
  return `198.51.${Math.floor(forgeries / 250) % 250}.${forgeries % 250}`;
};

describe.each(testTargets())('per-address limits behind one trusted proxy on $name', (target) => {
  let t: TestApp;
  let fake: FakeWecom;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  /** A request through the proxy from `client`, whose X-Forwarded-For starts with a forged hop. */
  async function through<T>(
    client: string,
    method: 'GET' | 'POST',
    url: string,
    options: { payload?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Reply<T>> {
    const response = await t.app.inject({
      method,
      url: `/api${url}`,
      remoteAddress: PROXY,
      ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
      headers: { language: 'en', ...options.headers, 'x-forwarded-for': `${forged()}, ${client}` },
    });
    let body: Reply<T>['body'];
    try {
      body = JSON.parse(response.body);
    } catch {
      body = { code: 0, message: '' };
    }
    return { status: response.statusCode, body, raw: response.body, headers: response.headers };
  }

  /**
   * `limit + 2` requests made one after another, as `send` makes them: the first `limit` are
   * answered (`answered`, or anything but a 429), the two past the limit are refused with 429.
   */
  async function expectLimit(limit: number, send: (i: number) => Promise<Reply>, answered?: number): Promise<void> {
    const statuses: number[] = [];
    for (let i = 0; i < limit + 2; i += 1) statuses.push((await send(i)).status);
    const refused = statuses.map((status) => status === 429);
    expect(refused).toEqual([...Array<boolean>(limit).fill(false), true, true]);
    if (answered !== undefined) expect(statuses.slice(0, limit)).toEqual(Array<number>(limit).fill(answered));
  }

  beforeAll(async () => {
    [fake, receiver] = await Promise.all([startFakeWecom(), startWebhookReceiver()]);
    t = await startApp(target, {
      ...fake.env('https://admin.example.com/login'),
      TRUST_PROXY: '1',
      PLUGIN_INSTALLS_PER_IP: String(INSTALLS),
      PLUGIN_TRUSTED_KEYS: pluginSigningKey.publicKey,
      SMS_DAILY_PER_IP: String(SMS_PER_ADDRESS),
    });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await fake?.close();
    receiver?.close();
  });

  it('holds the open plugin install to PLUGIN_INSTALLS_PER_IP', async () => {
    const { body, contentType } = multipart([
      { filename: 'plugin.zip', content: Buffer.from('not a zip'), type: 'application/zip' },
    ]);
    await expectLimit(
      INSTALLS,
      () =>
        through('203.0.113.1', 'POST', '/admin/plugin/info/install', {
          payload: body,
          headers: { 'content-type': contentType },
        }),
      // Refused, not throttled: how (the package, or no session) is the install's own business.
    );
  });

  it('gives the address its 60 captchas a minute', async () => {
    await expectLimit(CAPTCHAS_PER_MINUTE, () => through('203.0.113.2', 'GET', '/admin/base/open/captcha'), 200);
  });

  it("locks the address after its failed sign-ins, and an account's pair after five", async () => {
    await expectLimit(
      FAILED_SIGN_INS_PER_ADDRESS,
      (i) =>
        through('203.0.113.3', 'POST', '/admin/base/open/login', {
          payload: { username: `nobody-${i}`, password: 'guess' },
        }),
      400,
    );
    dataOf(
      await t.post(
        '/admin/base/sys/user/add',
        { username: 'behind-proxy', password: 'Right-pass1', departmentId: 1 },
        (await t.login()).token,
      ),
    );
    await expectLimit(
      FAILED_SIGN_INS_PER_PAIR,
      (i) =>
        through('203.0.113.4', 'POST', '/admin/base/open/login', {
          payload: { username: 'behind-proxy', password: `guess-${i}` },
        }),
      400,
    );
  });

  it('holds the SMS codes one address may ask for to SMS_DAILY_PER_IP', async () => {
    const admin = (await t.login()).token;
    const { id } = dataOf(
      await installPlugin(t, admin, await examplePlugin('sms-webhook'), { approveNetwork: 'true' }),
    );
    dataOf(
      await t.post(
        '/admin/plugin/info/update',
        { id, config: { url: receiver.url, secret: 'gateway-secret' }, status: 1 },
        admin,
      ),
    );
    await expectLimit(
      SMS_PER_ADDRESS,
      (i) =>
        through('203.0.113.5', 'POST', '/admin/base/open/appSmsCode', { payload: { phone: `1370000${1000 + i}` } }),
      200,
    );
  });

  it('holds the WeCom sign-in states one address may hold', async () => {
    await expectLimit(
      WECOM_STATES,
      () => through('203.0.113.6', 'GET', '/admin/base/open/enterpriseWeChatLoginUrl'),
      200,
    );
  });

  it('records the client behind the proxy in the session list and the request log', async () => {
    const client = '203.0.113.7';
    dataOf(
      await t.post(
        '/admin/base/sys/user/add',
        { username: 'seen-behind-proxy', password: 'Right-pass1', departmentId: 1 },
        (await t.login()).token,
      ),
    );
    await skipPasswordChange(t, 'seen-behind-proxy');
    const pair = dataOf(
      await through<TokenPair>(client, 'POST', '/admin/base/open/login', {
        payload: { username: 'seen-behind-proxy', password: 'Right-pass1' },
      }),
    );
    const sessions = dataOf(await t.get<OwnSession[]>('/admin/base/comm/sessions', {}, pair.token));
    expect(sessions.find((s) => s.current)?.ip).toBe(client);
    const logged = () =>
      t.ctx.db.db
        .selectFrom('base_sys_log')
        .select('ip')
        .where('action', '=', '/admin/base/open/login')
        .where('ip', 'in', [client, PROXY])
        .execute();
    await eventually(async () => (await logged()).length > 0);
    expect((await logged()).map((row) => row.ip)).toEqual([client]);
  });
});
