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
});
