import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../db/migrations/index.js';
import { dataOf, startApp, type TestApp, testTargets } from '../../testing/harness.js';

/**
 * The family's own view path of each screen both clients have, by the router this app seeds it
 * under: as cool-admin's menu seed holds it (cool-admin-midway 7.x, src/modules/base/menu.json, and
 * wire-samples/base_comm_permmenu.json), and for AI coding the file cool-admin-vue 7.3 keeps
 * (src/modules/helper/views/ai-code.vue). cool-admin-vue loads `'/src/' + viewPath` without `cool/`:
 * any other spelling finds no file there and shows an empty screen.
 */
const FAMILY: Readonly<Record<string, string>> = {
  '/': 'modules/demo/views/home/index.vue',
  '/sys/menu': 'modules/base/views/menu/index.vue',
  '/sys/role': 'cool/modules/base/views/role.vue',
  '/sys/user': 'modules/base/views/user/index.vue',
  '/sys/param': 'cool/modules/base/views/param.vue',
  '/sys/log': 'cool/modules/base/views/log.vue',
  '/task/list': 'modules/task/views/list.vue',
  '/demo/crud': 'modules/demo/views/crud/index.vue',
  '/dict/list': 'modules/dict/views/list.vue',
  '/recycle/data': 'modules/recycle/views/data.vue',
  // The family's router is /upload/list; the screen is the same file.
  '/space/list': 'modules/space/views/list.vue',
  '/user/list': 'modules/user/views/list.vue',
  '/helper/plugins/serve': 'modules/helper/views/plugins/serve.vue',
  '/helper/ai-code': 'modules/helper/views/ai-code.vue',
};

/** What earlier releases seeded for some of the pages: the app's own form (no `.vue`) and release 0.1.0's. */
const EARLIER: ReadonlyArray<[router: string, viewPath: string]> = [
  ['/sys/user', 'modules/base/views/user'],
  ['/sys/role', 'modules/base/views/role.vue'],
  ['/sys/param', 'modules/base/views/param'],
  ['/helper/plugins/serve', 'modules/plugin/views/serve'],
  ['/customer/info', 'modules/customer/views/info'],
  ['/', 'modules/demo/views/home'],
];

const MIGRATION = '20261201231000_base_restore-family-view-paths';

type MenuRow = { id: number; type: 0 | 1 | 2; router: string | null; viewPath: string | null };

describe.each(testTargets())("the family's view paths on $name", (target) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
  });
  afterAll(() => t?.stop());

  const pages = async () =>
    (await t.ctx.db.db.selectFrom('base_sys_menu').select(['id', 'type', 'router', 'viewPath']).execute()).filter(
      (m): m is MenuRow & { router: string } => m.type === 1 && m.router !== null,
    );
  const pathOf = async (router: string) => (await pages()).find((m) => m.router === router)?.viewPath;

  it("gives a new install's menus the family's exact view path for every screen both clients have", async () => {
    const { menus } = dataOf(await t.get<{ menus: MenuRow[] }>('/admin/base/comm/permmenu', {}, admin));
    const byRouter = new Map(menus.filter((m) => m.type === 1).map((m) => [m.router, m.viewPath]));
    for (const [router, viewPath] of Object.entries(FAMILY)) expect(byRouter.get(router), router).toBe(viewPath);
    // A screen only this app has is written in the same form.
    expect(byRouter.get('/customer/info')).toBe('modules/customer/views/info.vue');
    expect(byRouter.get('/sys/session')).toBe('modules/base/views/session.vue');
  });

  it('rewrites the view paths an earlier release seeded, and leaves those an operator changed', async () => {
    const { db, kind } = t.ctx.db;
    const set = (router: string, viewPath: string) =>
      db.updateTable('base_sys_menu').set({ viewPath }).where('router', '=', router).where('type', '=', 1).execute();
    // As an install seeded by an earlier release holds them…
    for (const [router, viewPath] of EARLIER) await set(router, viewPath);
    // …and rows its operator pointed elsewhere: another screen of the app (in the spelling a release
    // seeded it in), a screen of their own, a frame.
    await set('/sys/log', 'modules/base/views/session');
    await set('/task/list', 'modules/shop/views/stock.vue');
    await set('/dict/list', 'https://dict.example.com');
    const before = await pages();
    const migration = MIGRATIONS[MIGRATION];
    if (!migration) throw new Error(`no migration ${MIGRATION}`);
    // Twice: a second run finds nothing more to do.
    for (let i = 0; i < 2; i += 1) for (const statement of migration.sql[kind]) await sql.raw(statement).execute(db);

    for (const [router] of EARLIER) {
      expect(await pathOf(router), router).toBe(
        FAMILY[router] ?? (router === '/customer/info' ? 'modules/customer/views/info.vue' : undefined),
      );
    }
    // The screen chosen stays; its path is spelled the family's way, as the seed spells it now.
    expect(await pathOf('/sys/log')).toBe('modules/base/views/session.vue');
    expect(await pathOf('/task/list')).toBe('modules/shop/views/stock.vue');
    expect(await pathOf('/dict/list')).toBe('https://dict.example.com');
    // Nothing else moved.
    const rewritten = new Set([...EARLIER.map(([router]) => router), '/sys/log']);
    const after = await pages();
    for (const row of before.filter((m) => !rewritten.has(m.router))) {
      expect(after.find((m) => m.id === row.id)?.viewPath, row.router).toBe(row.viewPath);
    }
  });
});
