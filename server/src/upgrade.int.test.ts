import {
  CUSTOMER_DICTS,
  type DictData,
  GOODS_TYPE_DICT,
  IDLE_SIGN_OUT_PARAM,
  type MenuNode,
  menus,
  type PageResult,
  POLICY_PARAM_KEYS,
  SESSION_LIMIT_PARAM,
  tables,
} from '@backroom/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_CAP_PARAM } from './core/crud/excel.js';
import { type DbHandle, openDatabase } from './core/db/index.js';
import { introspect, RUNNER_TABLES } from './core/db/introspect.js';
import { declaredSchema, describeDifferences, heldBy } from './core/db/schema-model.js';
import { UPLOAD_QUOTA_PARAM } from './modules/space/upload-quota.js';
import { dataOf, restoreRelease, startAppOn, type TestApp, testTargets } from './testing/harness.js';

/** The release whose database the fixture holds (server/test-fixtures/upgrade/<release>, made by its make-fixture.mjs). */
const RELEASE = '0.1.0';

type Row = Record<string, unknown>;

/** Columns the running app rewrites by itself on start, so their value depends on the clock, not the upgrade. */
const SCHEDULER_OWNED = new Set(['task_info.nextRunTime', 'task_info.lockExpireTime']);

/**
 * The dictionaries each module seeds (by key): a module new since the release brings its own on
 * the upgrade, with their items.
 */
const DICTIONARIES_OF: Readonly<Record<string, readonly string[]>> = {
  customer: Object.values(CUSTOMER_DICTS),
  demo: [GOODS_TYPE_DICT],
};
/**
 * Pages whose one permission row `权限` of the release becomes rows named for what they allow
 * (permRowsSeed), with every role that held it holding them all.
 */
const RENAMED_PERM_PAGES = ['/sys/log', '/task/list'];
/** Parameters this version adds to every install that lacks them (seed steps new since the release). */
const ARRIVING_PARAMS = new Set<string>([
  EXPORT_CAP_PARAM,
  // The space module's per-user upload quota.
  UPLOAD_QUOTA_PARAM,
  SESSION_LIMIT_PARAM,
  // The shared counter PC's idle sign-out (issue 37).
  IDLE_SIGN_OUT_PARAM,
  ...Object.values(POLICY_PARAM_KEYS),
  // The user module's switch of app sign-in types.
  'appLoginTypes',
  // The message center's reminder times (customer/seeds.ts).
  'reminderTime',
  'morningReminderTime',
  // How long the audit keeps its events (issue 39).
  'auditKeepDays',
]);
/** The system tasks this version adds to every install (task.seed.ts): the nightly backup, the audit's retention and the two reminders. */
const ARRIVING_TASKS = new Set<string>([
  'base:backup',
  'base:audit-retention',
  'customer:visits-tomorrow',
  'customer:visits-today',
]);

/** The modules whose seed steps ran for the first time on the upgrade: new in this version. */
function arrivedModules(before: Row[], after: Row[]): Set<string> {
  const moduleOf = (r: Row) => {
    const key = String(r.cKey);
    return key.startsWith('seed:') ? key.split(':').at(-1) : undefined;
  };
  const known = new Set(before.map(moduleOf));
  return new Set(after.map(moduleOf).filter((m): m is string => m !== undefined && !known.has(m)));
}

/** A menu row's identity as a declaration gives it: name, type and permissions. */
const menuKey = (name: unknown, type: unknown, perms: unknown) =>
  `${String(name)}|${Number(type)}|${String(perms ?? '')}`;
const flatten = (nodes: readonly MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.childMenus ?? [])]);

/** The view path each seeded page has, by router. */
const seededViewPaths = new Map(
  menus.flatMap((m) => flatten(m.tree)).flatMap((n) => (n.type === 1 && n.router ? [[n.router, n.viewPath]] : [])),
);

/** A time column's value as milliseconds, whichever form the driver gives it in. */
const instant = (v: unknown): number =>
  v instanceof Date ? v.getTime() : new Date(String(v).replace(' ', 'T')).getTime();

/** Every row of every table, by table, as the database gives them back. */
async function snapshot(handle: DbHandle): Promise<Record<string, Row[]>> {
  const out: Record<string, Row[]> = {};
  for (const name of Object.keys(await introspect(handle))) {
    if (RUNNER_TABLES.has(name)) continue;
    const key = name === 'base_sys_revoked' ? 'sid' : 'id';
    out[name] = (await handle.loose.selectFrom(name).selectAll().orderBy(key).execute()) as Row[];
  }
  return out;
}

describe.each(testTargets())(`upgrading a ${RELEASE} database on $name`, (target) => {
  let before: Record<string, Row[]>;
  let t: TestApp;
  let dbConfig: Awaited<ReturnType<typeof restoreRelease>>['db'];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db: dbConfig, drop } = await restoreRelease(target, RELEASE));
    const handle = await openDatabase(dbConfig, { poolSize: 1 });
    before = await snapshot(handle);
    await handle.close();
    // The same secret as when the fixture was made: its sessions and password hashes stay valid.
    t = await startAppOn(target.name, dbConfig, async () => undefined, {
      JWT_SECRET: 'upgrade-fixture-secret-0123456789abcdef',
    });
  });
  afterAll(async () => {
    await t?.stop();
    await drop?.();
  });

  it('holds rows in every table of the release', () => {
    for (const table of ['base_sys_user', 'base_sys_role_menu', 'recycle_data', 'task_log', 'space_info']) {
      expect(before[table]?.length, table).toBeGreaterThan(0);
    }
  });

  it('brings the schema to exactly the declarations', async () => {
    expect(
      describeDifferences(await introspect(t.ctx.db), heldBy(t.ctx.db.kind, declaredSchema(Object.values(tables)))),
    ).toEqual([]);
  });

  it('keeps every row, with every value, and adds none but the records of its seed steps', async () => {
    const after = await snapshot(t.ctx.db);
    const arrived = arrivedModules(before.base_sys_conf ?? [], after.base_sys_conf ?? []);
    // This version brings the customer, user and plugin modules, the home dashboard and the demos
    // (demo) and the helper module's menus; the release knew every other one.
    expect([...arrived].sort()).toEqual(['customer', 'demo', 'helper', 'plugin', 'user']);
    const gainedIds = (table: string) =>
      new Set((after[table] ?? []).filter((r) => !before[table]?.some((b) => b.id === r.id)).map((r) => r.id));
    const newTypes = gainedIds('dict_type');
    // The menus of the menu seed steps that ran for the first time (a new module's, or a step added
    // since) or whose version this release bumps (they merge their declared tree again, seeds.ts `once`).
    const ranFirst = new Set(
      (after.base_sys_conf ?? [])
        .filter((r) => !before.base_sys_conf?.some((b) => b.cKey === r.cKey))
        .map((r) => String(r.cKey)),
    );
    const bumped = new Set(
      (after.base_sys_conf ?? [])
        .filter((r) => before.base_sys_conf?.some((b) => b.cKey === r.cKey && b.cValue !== r.cValue))
        .map((r) => String(r.cKey)),
    );
    // Only base's menus are bumped in this release (the two-factor reset's permission row).
    expect([...bumped]).toEqual(['seed:menus:base']);
    const declaredMenus = new Set(
      menus
        .filter((m) => ranFirst.has(`seed:${m.step}:${m.module}`) || bumped.has(`seed:${m.step}:${m.module}`))
        .flatMap((m) => flatten(m.tree).map((n) => menuKey(n.name, n.type, n.perms))),
    );
    const newDictionaries = new Set([...arrived].flatMap((m) => DICTIONARIES_OF[m] ?? []));
    // The release's 权限 rows, their pages, and the roles that held them.
    const pageIds = new Set(
      (before.base_sys_menu ?? []).filter((m) => RENAMED_PERM_PAGES.includes(String(m.router))).map((m) => m.id),
    );
    const oldRows = (before.base_sys_menu ?? []).filter(
      (m) => m.name === '权限' && Number(m.type) === 2 && pageIds.has(m.parentId),
    );
    expect(oldRows).toHaveLength(RENAMED_PERM_PAGES.length);
    const oldIds = new Set(oldRows.map((m) => m.id));
    const replaced = (table: string, row: Row) =>
      (table === 'base_sys_menu' && oldIds.has(row.id)) || (table === 'base_sys_role_menu' && oldIds.has(row.menuId));
    const pagePerms = new Set(
      menus
        .flatMap((m) => flatten(m.tree))
        .filter((n) => RENAMED_PERM_PAGES.includes(String(n.router)))
        .flatMap((page) => (page.childMenus ?? []).map((n) => menuKey(n.name, n.type, n.perms))),
    );
    const namedRows = (after.base_sys_menu ?? []).filter(
      (m) => pageIds.has(m.parentId) && pagePerms.has(menuKey(m.name, m.type, m.perms)),
    );
    const holders = (before.base_sys_role_menu ?? []).filter((l) => oldIds.has(l.menuId)).map((l) => l.roleId);
    // The home page arrives for every role the release had (demo's home-roles step).
    const homeIds = new Set(
      (after.base_sys_menu ?? []).filter((m) => m.router === '/' && Number(m.type) === 1).map((m) => m.id),
    );
    const roleIds = new Set((before.base_sys_role ?? []).map((r) => r.id));
    expect(homeIds.size).toBe(1);
    // Every role may open its own messages: the message page and the folders above it (message.seed.ts).
    const afterMenus = after.base_sys_menu ?? [];
    const messageIds = new Set<unknown>();
    for (
      let m = afterMenus.find((r) => r.router === '/base/message');
      m;
      m = afterMenus.find((r) => r.id === m?.parentId)
    )
      messageIds.add(m.id);
    expect(messageIds.size).toBeGreaterThan(0);
    for (const roleId of roleIds) {
      const holds = (after.base_sys_role_menu ?? []).some((l) => l.roleId === roleId && homeIds.has(l.menuId));
      expect(holds, `role ${String(roleId)} holds the home`).toBe(true);
    }
    // (The fixture's roles hold none of them; perm-rows.int.test.ts follows a role that does.)
    /** Whether a new row is one a seed step new since the release adds. */
    const arriving = (table: string, row: Row): boolean => {
      switch (table) {
        case 'base_sys_menu':
          return declaredMenus.has(menuKey(row.name, row.type, row.perms)) || namedRows.some((m) => m.id === row.id);
        case 'base_sys_role_menu':
          return (
            (namedRows.some((m) => m.id === row.menuId) && holders.includes(row.roleId)) ||
            (homeIds.has(row.menuId) && roleIds.has(row.roleId)) ||
            (messageIds.has(row.menuId) && roleIds.has(row.roleId))
          );
        case 'dict_type':
          return newDictionaries.has(String(row.key));
        case 'dict_info':
          return newTypes.has(row.typeId);
        case 'base_sys_param':
          return ARRIVING_PARAMS.has(String(row.keyName));
        case 'task_info':
          return ARRIVING_TASKS.has(String(row.service)) && Number(row.type) === 0;
        default:
          return false;
      }
    };
    for (const [table, rows] of Object.entries(before)) {
      const now = after[table] ?? [];
      for (const row of rows) {
        if (replaced(table, row)) continue;
        const key = table === 'base_sys_revoked' ? 'sid' : 'id';
        const found = now.find((r) => r[key] === row[key]);
        expect(found, `${table} ${key}=${String(row[key])}`).toBeDefined();
        for (const [column, value] of Object.entries(row)) {
          // A seed step whose version this release bumps (base menus, for a new permission) records its new version.
          if (table === 'base_sys_conf' && bumped.has(String(row.cKey)) && column !== 'cKey' && column !== 'id') {
            continue;
          }
          // A seeded page's view path in the release's spelling is the family's now (migration
          // 20261201231000_base_restore-family-view-paths); any other stays as it was.
          if (table === 'base_sys_menu' && column === 'viewPath' && found?.[column] !== value) {
            expect(found?.[column], `base_sys_menu.viewPath of ${String(row.router)}`).toBe(
              seededViewPaths.get(String(row.router)),
            );
            continue;
          }
          if (SCHEDULER_OWNED.has(`${table}.${column}`)) {
            // The scheduler moves a run time that has passed to the next one when the app starts;
            // it may only move it forward.
            if (value !== null)
              expect(instant(found?.[column]), `${table}.${column}`).toBeGreaterThanOrEqual(instant(value));
            continue;
          }
          expect(found?.[column], `${table}.${column}`).toEqual(value);
        }
      }
      if (table === 'base_sys_conf' || table === 'base_sys_log') continue;
      // Seeds of the new version keep what the operator has: no menu, dictionary or task comes back.
      // What a table may gain is what the seed steps new since the release bring, and nothing else.
      const gained = now.filter((r) => !rows.some((b) => b.id === r.id));
      expect(
        gained.filter((r) => !arriving(table, r)).map((r) => r.id),
        table,
      ).toEqual([]);
    }
    // The 权限 rows are gone, and each role that held one holds every named row of its page.
    expect((after.base_sys_menu ?? []).filter((m) => oldIds.has(m.id))).toEqual([]);
    for (const old of oldRows) {
      const rowsOfPage = namedRows.filter((m) => m.parentId === old.parentId);
      expect(rowsOfPage.length).toBeGreaterThan(1);
      for (const link of (before.base_sys_role_menu ?? []).filter((l) => l.menuId === old.id)) {
        for (const named of rowsOfPage) {
          expect(
            after.base_sys_role_menu?.some((l) => l.roleId === link.roleId && l.menuId === named.id),
            `role ${String(link.roleId)} holds ${String(named.name)}`,
          ).toBe(true);
        }
      }
    }
    const added = (after.base_sys_conf ?? []).filter((r) => !before.base_sys_conf?.some((b) => b.id === r.id));
    expect(added.every((r) => String(r.cKey).startsWith('seed:'))).toBe(true);
  });

  it('serves the upgraded data: sign-in, users, roles, dictionary, tasks, files and the recycle bin', async () => {
    const admin = (await t.login('admin', '123456')).token;
    const users = dataOf(
      await t.post<PageResult<{ username: string; roleName: string | null }>>(
        '/admin/base/sys/user/page',
        { page: 1, size: 50, keyWord: 'fixture' },
        admin,
      ),
    );
    expect(users.list.map((u) => u.username).sort()).toEqual(['fixture0', 'fixture1', 'fixture2']);
    expect(users.list.every((u) => u.roleName === 'Fixture manager')).toBe(true);

    // A user of the release signs in with the password they had, and holds their role's menus only.
    const manager = (await t.login('fixture0', 'fixture-123')).token;
    const menus = dataOf(await t.get<{ perms: string[] }>('/admin/base/comm/permmenu', {}, manager));
    expect(menus.perms).toContain('base:sys:user:page');
    expect(menus.perms).not.toContain('base:sys:role:add');

    const dict = dataOf(await t.post<Record<string, Array<{ name: string }>>>('/admin/dict/info/data', {}, admin));
    expect(dict.fixtureDict?.map((i) => i.name).sort()).toEqual(['Child', 'Parent']);
    // The release's seeded items are labelled in every language now (dict's dictionary-labels
    // step); the operator's own items have no labels and show their name in each.
    const english = dataOf(
      await t.post<DictData>('/admin/dict/info/data', { types: ['goodsType', 'fixtureDict'] }, admin, {
        language: 'en',
      }),
    );
    expect(english.goodsType?.find((i) => i.value === 11)).toMatchObject({
      name: 'Fruit',
      labels: { 'zh-cn': '水果', 'zh-tw': '水果', en: 'Fruit' },
    });
    expect(english.goodsType?.find((i) => i.value === 3)?.labels).toEqual({
      'zh-cn': '日用百货',
      'zh-tw': '日用百貨',
      en: 'Household goods',
    });
    expect(english.fixtureDict?.map((i) => i.name).sort()).toEqual(['Child', 'Parent']);
    const stored = await t.ctx.db.loose.selectFrom('dict_info').select(['name', 'nameEn']).execute();
    expect(stored.filter((r) => r.name === 'Parent' || r.name === 'Child').map((r) => r.nameEn)).toEqual([null, null]);

    const taskRows = dataOf(
      await t.post<PageResult<{ id: number; name: string }>>('/admin/task/info/page', { page: 1, size: 50 }, admin),
    );
    const task = taskRows.list.find((r) => r.name === 'Fixture task');
    expect(task).toBeDefined();
    const log = dataOf(await t.get<PageResult<unknown>>('/admin/task/info/log', { id: task?.id ?? 0 }, admin));
    expect(log.pagination.total).toBe(1);

    const files = dataOf(
      await t.post<PageResult<{ name: string }>>('/admin/space/info/page', { page: 1, size: 50 }, admin),
    );
    expect(files.list.map((f) => f.name)).toEqual(['pixel copy.png']);

    // The release's recycle bin still restores: the user it deleted comes back and can sign in.
    const records = dataOf(
      await t.post<PageResult<{ id: number; url: string }>>('/admin/recycle/data/page', { page: 1, size: 50 }, admin),
    );
    const deletedUser = records.list.find((r) => r.url.endsWith('/sys/user/delete'));
    expect(deletedUser).toBeDefined();
    dataOf(await t.post('/admin/recycle/data/restore', { ids: [deletedUser?.id] }, admin));
    expect((await t.login('fixture3', 'fixture-123')).token).toBeTruthy();
  });

  it('starts again on the upgraded database without migrating or seeding anything', async () => {
    const migrations = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(t.ctx.db.db);
    const conf = await t.ctx.db.loose.selectFrom('base_sys_conf').selectAll().execute();
    const again = await startAppOn(target.name, dbConfig, async () => undefined, {
      JWT_SECRET: 'upgrade-fixture-secret-0123456789abcdef',
    });
    try {
      const migrationsAfter = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(
        again.ctx.db.db,
      );
      expect(Number(migrationsAfter.rows[0]?.n)).toBe(Number(migrations.rows[0]?.n));
      expect(await again.ctx.db.loose.selectFrom('base_sys_conf').selectAll().execute()).toEqual(conf);
    } finally {
      await again.stop();
    }
  });
});
