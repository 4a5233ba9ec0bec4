import {
  CUSTOMER_DICTS,
  menuPages,
  menus,
  POLICY_PARAM_KEYS,
  SESSION_LIMIT_PARAM,
  SUPER_ROLE_LABEL,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, startAppOn, type TestApp, testTargets } from './testing/harness.js';

/** What an install holds of people and organisation, and of the rest a first start seeds. */
async function holdings(t: TestApp) {
  const db = t.ctx.db.db;
  return {
    users: (await db.selectFrom('base_sys_user').select('username').orderBy('id').execute()).map((u) => u.username),
    roles: (await db.selectFrom('base_sys_role').select('label').orderBy('id').execute()).map((r) => r.label),
    departments: await db.selectFrom('base_sys_department').select(['name', 'parentId', 'isStore']).execute(),
    params: (await db.selectFrom('base_sys_param').select('keyName').execute()).map((p) => p.keyName),
    dictTypes: (await db.selectFrom('dict_type').select('key').execute()).map((d) => d.key),
    tasks: (await db.selectFrom('task_info').select('name').execute()).length,
    customers: (await db.selectFrom('customer_info').select('id').execute()).length,
  };
}

describe.each(testTargets())('STARTER_DATA=off on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.create>>;
  let t: TestApp;
  beforeAll(async () => {
    database = await target.create();
    t = await startAppOn(target.name, database.db, async () => undefined, { STARTER_DATA: 'off' });
  });
  afterAll(async () => {
    await t?.stop();
    await database?.drop();
  });

  it('starts a new install with the admin and the menus only', async () => {
    const held = await holdings(t);
    expect(held.users).toEqual(['admin']);
    expect(held.roles).toEqual([SUPER_ROLE_LABEL]);
    // The top department alone: the admin's, and the root of whatever the operator builds.
    expect(held.departments).toEqual([expect.objectContaining({ name: '总部', parentId: null })]);
    expect(held.customers).toBe(0);
    // No example parameters; the settings the app runs on (password policy, session limit…) are there.
    expect(held.params).not.toContain('storeNotice');
    expect(held.params).not.toContain('discountRule');
    expect(held.params).toEqual(expect.arrayContaining([SESSION_LIMIT_PARAM, POLICY_PARAM_KEYS.minLength]));
    // The dictionaries the screens label values with, and the system tasks, come as on any install.
    expect(held.dictTypes).toEqual(expect.arrayContaining(Object.values(CUSTOMER_DICTS)));
    expect(held.tasks).toBeGreaterThan(0);

    // Every seeded page is in the admin's menu.
    const admin = (await t.login()).token;
    const { menus: given } = dataOf(
      await t.get<{ menus: Array<{ router: string | null; type: number }> }>('/admin/base/comm/permmenu', {}, admin),
    );
    const routers = new Set(given.filter((m) => m.type === 1).map((m) => m.router));
    for (const page of menus.flatMap((m) => menuPages(m.tree)))
      expect(routers, String(page.router)).toContain(page.router);
  });

  it('is read at the first start only: a later start with STARTER_DATA on adds no starter chain', async () => {
    const before = await holdings(t);
    await t.stop();
    t = await startAppOn(target.name, database.db, async () => undefined, { STARTER_DATA: 'on' });
    expect(await holdings(t)).toEqual(before);
  });
});
