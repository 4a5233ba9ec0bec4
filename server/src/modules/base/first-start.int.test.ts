import type { PermMenu, Person } from '@backroom/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { dataOf, startApp, startAppOn, type TestApp, testTargets } from '../../testing/harness.js';

/*
 * What a new install starts with (docs/architecture.md, "Demo and developer menus"): no demo or
 * developer page unless DEMO_MENUS is on; an install that has them (every install of the releases
 * before the switch, which seeded them always) keeps them whatever the switch says. And the seeded
 * admin's first password: the public default must be changed, one the operator set in
 * ADMIN_PASSWORD need not.
 */

/** The routers of the demo and developer pages, and of the tutorial directory that holds the demos. */
const DEMO_ROUTERS = ['/tutorial', '/demo/crud', '/demo/tenant', '/helper/ai-code', '/helper/transform'];
/** Pages every install has, switch or not. */
const PRODUCT_ROUTERS = ['/', '/sys/user', '/sys/menu', '/customer/info', '/dict/list'];
const OFF = { DEMO_MENUS: 'off' };
const ON = { DEMO_MENUS: 'on' };

describe.each(testTargets())('a first start on $name', (target) => {
  const running: TestApp[] = [];
  afterAll(async () => {
    for (const app of running) await app.stop();
  });

  async function menusOf(t: TestApp) {
    const { token } = await t.login();
    return dataOf(await t.get<PermMenu>('/admin/base/comm/permmenu', {}, token)).menus;
  }
  const routers = (rows: Array<{ router: string | null }>) => new Set(rows.map((m) => m.router));

  /** Starts the app on a fresh database; `again` starts another app on the same one (the first stopped). */
  async function fresh(env: Record<string, string>) {
    const { db, drop } = await target.create();
    let dropped = false;
    const dropOnce = async () => {
      if (!dropped) await drop();
      dropped = true;
    };
    let t = await startAppOn(target.name, db, async () => undefined, env);
    return {
      get app() {
        return t;
      },
      async again(next: Record<string, string>) {
        await t.stop();
        t = await startAppOn(target.name, db, async () => undefined, next);
        return t;
      },
      async stop() {
        await t.stop();
        await dropOnce();
      },
    };
  }

  it('a new install shows no demo or developer menu; turning DEMO_MENUS on brings them', {
    timeout: 120_000,
  }, async () => {
    const install = await fresh(OFF);
    try {
      const seen = routers(await menusOf(install.app));
      for (const router of PRODUCT_ROUTERS) expect(seen.has(router), router).toBe(true);
      for (const router of DEMO_ROUTERS) expect(seen.has(router), router).toBe(false);
      // The menu screen's own verbs stay (they were seeded in one step with AI coding before).
      expect((await menusOf(install.app)).some((m) => m.perms?.includes('base:sys:menu:create'))).toBe(true);
      // A start without the switch again adds nothing.
      expect(routers(await menusOf(await install.again(OFF))).has('/demo/crud')).toBe(false);

      const on = await install.again(ON);
      const shown = routers(await menusOf(on));
      for (const router of DEMO_ROUTERS) expect(shown.has(router), router).toBe(true);
    } finally {
      await install.stop();
    }
  });

  it('an install that has the demo menus keeps them, unchanged, when it starts without the switch', {
    timeout: 90_000,
  }, async () => {
    // A database whose first start seeded the demos, as every release before the switch did.
    const install = await fresh(ON);
    try {
      const before = (await menusOf(install.app)).filter((m) => DEMO_ROUTERS.includes(m.router ?? ''));
      expect(before).toHaveLength(DEMO_ROUTERS.length);
      const after = (await menusOf(await install.again(OFF))).filter((m) => DEMO_ROUTERS.includes(m.router ?? ''));
      expect(after.map((m) => [m.id, m.router, m.viewPath])).toEqual(before.map((m) => [m.id, m.router, m.viewPath]));
    } finally {
      await install.stop();
    }
  });

  const signIn = async (t: TestApp, password: string) => {
    const reply = await t.post<{ token: string }>('/admin/base/open/login', { username: 'admin', password });
    return dataOf(reply).token;
  };

  it('does not ask admin to change a password the operator set in ADMIN_PASSWORD; says multi-tenancy is on', {
    timeout: 90_000,
  }, async () => {
    const t = await startApp(
      target,
      { ADMIN_PASSWORD: 'Operator-Chose9', MULTI_TENANT: 'on' },
      { keepFirstSignIn: true },
    );
    running.push(t);
    const own = await signIn(t, 'Operator-Chose9');
    // The operator's own choice signs in from anywhere.
    expect((await loginFrom(t, { remoteAddress: '192.0.2.50' }, 'Operator-Chose9')).status).toBe(200);
    const person = dataOf(await t.get<Person>('/admin/base/comm/person', {}, own));
    expect(person.pendingStep).toBeNull();
    expect(person.multiTenant).toBe(true);
    // Not owed a change: the rest of the app answers.
    expect((await t.post('/admin/base/sys/user/page', { page: 1, size: 1 }, own)).status).toBe(200);
  });

  it('asks admin to change the public default 123456; multi-tenancy is off unless set', {
    timeout: 90_000,
  }, async () => {
    const t = await startApp(target, {}, { keepFirstSignIn: true });
    running.push(t);
    const token = await signIn(t, '123456');
    const person = dataOf(await t.get<Person>('/admin/base/comm/person', {}, token));
    expect(person.pendingStep).toBe('passwordChange');
    expect(person.multiTenant).toBe(false);
  });

  it('takes the public default only on the machine itself until admin has chosen a password, even behind a proxy', {
    timeout: 90_000,
  }, async () => {
    // TRUST_PROXY on: an address it believes (127.0.0.1 written by a client) still does not count.
    const t = await startApp(target, { TRUST_PROXY: '1' }, { keepFirstSignIn: true });
    running.push(t);
    const refusals: Array<[string, From]> = [
      ['another machine', { remoteAddress: '192.0.2.50' }],
      ['a proxy on this machine, forwarding another', { remoteAddress: '127.0.0.1', forwardedFor: '203.0.113.9' }],
      ['a proxy on this machine, forwarding itself', { remoteAddress: '127.0.0.1', forwardedFor: '127.0.0.1' }],
      ['another machine writing a loopback hop', { remoteAddress: '192.0.2.50', forwardedFor: '127.0.0.1' }],
    ];
    for (const [who, from] of refusals) {
      const refused = await loginFrom(t, from, '123456');
      expect(refused.status, who).toBe(400);
      expect(refused.body.message, who).toBe(
        "admin still has the public default password, which works only on the server's own machine: sign in there " +
          `(http://127.0.0.1:${t.ctx.config.port}) and choose a new one, or set ADMIN_PASSWORD before the first start`,
      );
    }
    const far = { remoteAddress: '192.0.2.50' };
    expect((await loginFrom(t, far, '123456', 'zh-cn')).body.message).toMatch(
      /^admin 仍在使用公开的默认密码.*ADMIN_PASSWORD$/,
    );
    expect((await loginFrom(t, far, '123456', 'zh-tw')).body.message).toMatch(
      /^admin 仍在使用公開的預設密碼.*ADMIN_PASSWORD$/,
    );
    // A wrong password is told as any wrong password is.
    expect((await loginFrom(t, far, 'not-it')).body.message).toBe('Incorrect username or password');

    // On the machine itself (every loopback spelling): signed in, owing the change.
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await loginFrom(t, { remoteAddress }, '123456')).status, remoteAddress).toBe(200);
    }
    const token = dataOf(await loginFrom<{ token: string }>(t, { remoteAddress: '::1' }, '123456')).token;
    const changed = await t.post(
      '/admin/base/comm/passwordChange',
      {
        originalPassword: '123456',
        password: 'Her-own-choice7',
      },
      token,
    );
    expect(changed.status).toBe(200);
    // Her own password works from anywhere; the default does not work at all any more.
    expect((await loginFrom(t, far, 'Her-own-choice7')).status).toBe(200);
    expect((await loginFrom(t, { remoteAddress: '127.0.0.1' }, '123456')).body.message).toBe(
      'Incorrect username or password',
    );
  });
});

type From = { remoteAddress: string; forwardedFor?: string };

/** admin's password sign-in as a client at `from` sends it (CAPTCHA is off in the tests). */
async function loginFrom<T = unknown>(t: TestApp, from: From, password: string, language = 'en') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/base/open/login',
    remoteAddress: from.remoteAddress,
    payload: { username: 'admin', password },
    headers: { language, ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}) },
  });
  const body = response.json() as { code: number; message: string; data?: T };
  return { status: response.statusCode, body, raw: response.body, headers: response.headers };
}
