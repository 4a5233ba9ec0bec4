import {
  DEFAULT_RECYCLE_KEEP_DAYS,
  declarations,
  type RecycleData,
  recycleData,
  sysDepartment,
  sysMenu,
  sysParam,
  sysRole,
  sysUser,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../core/db/index.js';
import {
  dataOf,
  expectRefused,
  expectRuleRefusal,
  startApp,
  type TestApp,
  testTargets,
} from '../../testing/harness.js';
import { createRecycleService } from './recycle.service.js';

type Id = { id: number };
type Row = Record<string, unknown>;
/** A record's deleted rows per table, as a restore reads them: the entity's rows, then what went with them. */
const setsOf = (record: RecycleData) => [
  { table: record.entityInfo.table, rows: record.data },
  ...(record.related ?? []),
];
type Page = { list: RecycleData[]; pagination: { page: number; size: number; total: number } };

const PASSWORD = 'pass-1234';
/** A retention run as the task module would start it (a planned tick of a system task). */
const SYSTEM_RUN = { taskId: 1, plannedAt: new Date() };

/** Every table a base delete touches: a restore must leave each exactly as it was. */
const TABLES = [
  'base_sys_user',
  'base_sys_role',
  'base_sys_department',
  'base_sys_menu',
  'base_sys_param',
  'base_sys_user_role',
  'base_sys_role_menu',
  'base_sys_role_department',
] as const;

const url = (d: { endpoints: readonly { action: string; url: string }[] }, action: string) => {
  const found = d.endpoints.find((e) => e.action === action);
  if (!found) throw new Error(`no ${action}`);
  return found.url;
};

describe.each(testTargets())('recycle/data on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let topId: number;
  let serial = 0;
  const unique = (prefix: string) => {
    serial += 1;
    return `${prefix}${serial}`;
  };

  const db = () => t.ctx.db.loose;

  /** Full rows of every table, ordered by id. */
  async function snapshot(): Promise<Record<(typeof TABLES)[number], Row[]>> {
    const out = {} as Record<(typeof TABLES)[number], Row[]>;
    for (const table of TABLES) out[table] = await db().selectFrom(table).selectAll().orderBy('id').execute();
    return out;
  }

  async function records(): Promise<Row[]> {
    return db().selectFrom('recycle_data').selectAll().orderBy('id').execute();
  }

  async function newestRecord(): Promise<RecycleData> {
    const page = dataOf(await t.post<Page>(url(recycleData, 'page'), { page: 1, size: 1 }, admin));
    const record = page.list[0];
    if (!record) throw new Error('no recycle record');
    return record;
  }

  async function post<T = unknown>(path: string, body: unknown, token = admin) {
    return dataOf(await t.post<T>(path, body, token));
  }

  async function addRole(menuIdList: number[] = [], departmentIdList: number[] = []) {
    const label = unique('rc-role-');
    return (await post<Id>(url(sysRole, 'add'), { name: label, label, menuIdList, departmentIdList, relevance: true }))
      .id;
  }

  async function addUser(roleIdList: number[] = [], departmentId = topId, username = unique('rc-user-')) {
    return (
      await post<Id>(url(sysUser, 'add'), { username, password: PASSWORD, departmentId, roleIdList, name: username })
    ).id;
  }

  async function addDepartment(parentId: number) {
    return (await post<Id>(url(sysDepartment, 'add'), { name: unique('rc-dept-'), parentId })).id;
  }

  async function addMenu(parentId: number | null, type: 0 | 1 | 2, perms?: string) {
    return (
      await post<Id>(url(sysMenu, 'add'), {
        name: unique('rc-menu-'),
        parentId,
        type,
        ...(type === 1 ? { router: `/${unique('rc')}` } : {}),
        ...(perms ? { perms } : {}),
      })
    ).id;
  }

  async function restore(ids: number[], token = admin) {
    return t.post(url(recycleData, 'restore'), { ids }, token);
  }

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    adminId = dataOf(await t.get<Id>('/admin/base/comm/person', {}, admin)).id;
    const departments = await post<Array<{ id: number; parentId: number | null }>>(url(sysDepartment, 'list'), {});
    const top = departments.find((d) => d.parentId === null);
    if (!top) throw new Error('no top department');
    topId = top.id;
  });

  afterAll(async () => {
    await t?.stop();
  });

  it('records a user delete with its role links, shows it on the page, and restores it exactly', async () => {
    const roleA = await addRole();
    const roleB = await addRole();
    const username = unique('rc-login-');
    const userId = await addUser([roleA, roleB], topId, username);
    const before = await snapshot();

    dataOf(await t.post(url(sysUser, 'delete'), { ids: [userId] }, admin));
    const afterDelete = await snapshot();
    expect(afterDelete.base_sys_user.some((r) => r.id === userId)).toBe(false);
    expect(afterDelete.base_sys_user_role.some((r) => r.userId === userId)).toBe(false);

    const record = await newestRecord();
    expect(record).toMatchObject({
      entityInfo: { dataSourceName: 'default', entity: 'BaseSysUserEntity', module: 'base', table: 'base_sys_user' },
      userId: adminId,
      userName: '超级管理员',
      url: '/admin/base/sys/user/delete',
      params: { ids: [userId] },
      count: 1,
      restoreTime: null,
    });
    // `data` keeps the family's shape: the deleted rows themselves; join rows go to `related`.
    expect(record.data.map((r) => r.id)).toEqual([userId]);
    expect(record.related?.map((s) => s.table)).toEqual(['base_sys_user_role']);
    expect(setsOf(record).map((s) => s.table)).toEqual(['base_sys_user', 'base_sys_user_role']);
    expect(
      setsOf(record)[1]
        ?.rows.map((r) => r.roleId)
        .sort(),
    ).toEqual([roleA, roleB].sort());
    // The stored hash stays in the database to restore it; a client never sees it, nor the
    // two-factor secret or the socket id, not even their names.
    const shown = Object.keys(setsOf(record)[0]?.rows[0] ?? {});
    expect(shown).toContain('username');
    for (const secret of ['password', 'totpSecret', 'totpStep', 'socketId', 'passwordChangeRequired'])
      expect(shown).not.toContain(secret);
    const stored = (await records()).at(-1) as Row;
    expect(JSON.parse(String(stored.data))[0].password).toBe(
      before.base_sys_user.find((r) => r.id === userId)?.password,
    );

    const info = await dataOf(await t.get<RecycleData>(url(recycleData, 'info'), { id: record.id }, admin));
    expect(info).toMatchObject({ id: record.id, userName: '超级管理员', count: 1 });

    dataOf(await restore([record.id]));
    expect(await snapshot()).toEqual(before);
    // The restored account signs in with its old password.
    expect((await t.login(username, PASSWORD)).token).toBeTruthy();
    const restored = dataOf(await t.get<RecycleData>(url(recycleData, 'info'), { id: record.id }, admin));
    expect(restored.restoreTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses to restore a record twice and changes nothing', async () => {
    const userId = await addUser();
    dataOf(await t.post(url(sysUser, 'delete'), { ids: [userId] }, admin));
    const record = await newestRecord();
    dataOf(await restore([record.id]));
    const before = await snapshot();
    const again = await restore([record.id]);
    expect(again.status, again.raw).toBe(409);
    expect(again.body.message).toContain(`#${record.id}`);
    expect(await snapshot()).toEqual(before);
    const en = await t.post(url(recycleData, 'restore'), { ids: [record.id] }, admin, { language: 'en' });
    expect(en.body.message).toMatch(/already restored/);
  });

  it('records and restores a role with its menus, departments and users', async () => {
    const menuId = await addMenu(null, 0);
    const deptId = await addDepartment(topId);
    const roleId = await addRole([menuId], [deptId]);
    await addUser([roleId]);
    const before = await snapshot();
    expect(before.base_sys_role_menu.some((r) => r.roleId === roleId)).toBe(true);

    dataOf(await t.post(url(sysRole, 'delete'), { ids: [roleId] }, admin));
    const record = await newestRecord();
    expect(setsOf(record).map((s) => s.table)).toEqual([
      'base_sys_role',
      'base_sys_role_menu',
      'base_sys_role_department',
      'base_sys_user_role',
    ]);
    const gone = await snapshot();
    expect(gone.base_sys_role_menu.some((r) => r.roleId === roleId)).toBe(false);
    expect(gone.base_sys_role_department.some((r) => r.roleId === roleId)).toBe(false);
    expect(gone.base_sys_user_role.some((r) => r.roleId === roleId)).toBe(false);

    dataOf(await restore([record.id]));
    expect(await snapshot()).toEqual(before);
  });

  it('records and restores a menu with its descendants and role links, parents first', async () => {
    const dir = await addMenu(null, 0);
    const page = await addMenu(dir, 1);
    const perm = await addMenu(page, 2, sysParam.perms.page);
    await addRole([dir, page, perm]);
    const before = await snapshot();

    dataOf(await t.post(url(sysMenu, 'delete'), { ids: [dir] }, admin));
    const record = await newestRecord();
    expect(record.count).toBe(3);
    expect(setsOf(record).map((s) => s.table)).toEqual(['base_sys_menu', 'base_sys_role_menu']);
    expect(setsOf(record)[0]?.rows[0]?.id).toBe(dir);
    expect(setsOf(record)[1]?.rows).toHaveLength(3);

    dataOf(await restore([record.id]));
    expect(await snapshot()).toEqual(before);
  });

  it('records a department delete with sub-departments, users and all their links, and restores it', async () => {
    const parent = await addDepartment(topId);
    const child = await addDepartment(parent);
    const roleId = await addRole([], [parent, child]);
    const u1 = await addUser([roleId], parent);
    const u2 = await addUser([roleId], child);
    const before = await snapshot();

    dataOf(await t.post(url(sysDepartment, 'delete'), { ids: [parent], deleteUser: true }, admin));
    const gone = await snapshot();
    for (const id of [u1, u2]) expect(gone.base_sys_user.some((r) => r.id === id)).toBe(false);
    const record = await newestRecord();
    expect(record).toMatchObject({
      entityInfo: { entity: 'BaseSysDepartmentEntity', table: 'base_sys_department' },
      url: '/admin/base/sys/department/delete',
      params: { ids: [parent], deleteUser: true },
      count: 2,
    });
    expect(setsOf(record).map((s) => s.table)).toEqual([
      'base_sys_department',
      'base_sys_user',
      'base_sys_user_role',
      'base_sys_role_department',
    ]);

    dataOf(await restore([record.id]));
    expect(await snapshot()).toEqual(before);
  });

  it('does not record users a department delete moves (an update), only the departments', async () => {
    const dept = await addDepartment(topId);
    const userId = await addUser([], dept);
    dataOf(await t.post(url(sysDepartment, 'delete'), { ids: [dept], deleteUser: false }, admin));
    const record = await newestRecord();
    expect(setsOf(record).map((s) => s.table)).toEqual(['base_sys_department']);
    const moved = await db().selectFrom('base_sys_user').selectAll().where('id', '=', userId).executeTakeFirst();
    expect(moved?.departmentId).toBe(topId);
    dataOf(await restore([record.id]));
    expect(await db().selectFrom('base_sys_department').select('id').where('id', '=', dept).executeTakeFirst()).toEqual(
      { id: dept },
    );
  });

  it('records a parameter delete (the plain factory path) and restores it', async () => {
    const a = (await post<Id>(url(sysParam, 'add'), { keyName: unique('rcKey'), name: 'A', data: 'x', dataType: 0 }))
      .id;
    const b = (await post<Id>(url(sysParam, 'add'), { keyName: unique('rcKey'), name: 'B', data: 'y', dataType: 0 }))
      .id;
    const before = await snapshot();
    dataOf(await t.post(url(sysParam, 'delete'), { ids: [a, b] }, admin));
    const record = await newestRecord();
    expect(record.count).toBe(2);
    dataOf(await restore([record.id]));
    expect(await snapshot()).toEqual(before);
  });

  it('leaves no record when a delete is refused', async () => {
    const count = (await records()).length;
    const before = await snapshot();
    // beforeDelete refuses: nobody deletes themselves.
    expectRuleRefusal(await t.post(url(sysUser, 'delete'), { ids: [adminId] }, admin));
    // The custom department delete refuses the top department.
    expectRuleRefusal(await t.post(url(sysDepartment, 'delete'), { ids: [topId], deleteUser: true }, admin));
    expect((await records()).length).toBe(count);
    expect(await snapshot()).toEqual(before);
  });

  it('rolls back the delete and the record together when the transaction fails after recording', async () => {
    const userId = await addUser([await addRole()]);
    const count = (await records()).length;
    const before = await snapshot();
    const real = createRecycleService(t.ctx, declarations);
    t.ctx.recycle.install({
      async capture(trx, deletion) {
        await real.capture(trx, deletion);
        throw new Error('forced failure after the record was written');
      },
    });
    try {
      const reply = await t.post(url(sysUser, 'delete'), { ids: [userId] }, admin);
      expect(reply.status).toBe(500);
      expect(await snapshot()).toEqual(before);
      const dept = await addDepartment(topId);
      await addUser([], dept);
      const mid = await snapshot();
      const failed = await t.post(url(sysDepartment, 'delete'), { ids: [dept], deleteUser: true }, admin);
      expect(failed.status).toBe(500);
      expect(await snapshot()).toEqual(mid);
    } finally {
      t.ctx.recycle.install(real);
    }
    expect((await records()).length).toBe(count);
    // With the recycle bin working again, the same delete goes through and is recorded.
    dataOf(await t.post(url(sysUser, 'delete'), { ids: [userId] }, admin));
    expect((await records()).length).toBe(count + 1);
  });

  it('refuses a restore onto a taken unique value or id, changing nothing', async () => {
    const username = unique('rc-taken-');
    const userId = await addUser([await addRole()], topId, username);
    dataOf(await t.post(url(sysUser, 'delete'), { ids: [userId] }, admin));
    const userRecord = await newestRecord();
    // Someone else now has the username.
    const other = await addUser([], topId, username);
    const before = await snapshot();
    const taken = await restore([userRecord.id]);
    expect(taken.status, taken.raw).toBe(409);
    expect(taken.body.message).toContain(username);
    expect(await snapshot()).toEqual(before);

    // A row holding the recorded id (inserted with it explicitly).
    const keyName = unique('rcKey');
    const paramId = (await post<Id>(url(sysParam, 'add'), { keyName, name: 'P', data: 'p', dataType: 0 })).id;
    dataOf(await t.post(url(sysParam, 'delete'), { ids: [paramId] }, admin));
    const paramRecord = await newestRecord();
    const now = formatTime();
    await db()
      .insertInto('base_sys_param')
      .values({ id: paramId, keyName: unique('rcOther'), name: 'Q', dataType: 0, createTime: now, updateTime: now })
      .execute();
    const snap = await snapshot();
    const clash = await t.post(url(recycleData, 'restore'), { ids: [paramRecord.id] }, admin, { language: 'en' });
    expect(clash.status, clash.raw).toBe(409);
    expect(clash.body.message).toMatch(new RegExp(`ID ${paramId}.*nothing was restored`));
    expect(await snapshot()).toEqual(snap);
    const stillOpen = dataOf(await t.get<RecycleData>(url(recycleData, 'info'), { id: paramRecord.id }, admin));
    expect(stillOpen.restoreTime).toBeNull();
    // Once the conflicts are gone, the same records restore.
    dataOf(await t.post(url(sysUser, 'delete'), { ids: [other] }, admin));
    await db().deleteFrom('base_sys_param').where('id', '=', paramId).execute();
    dataOf(await restore([paramRecord.id, userRecord.id]));
    expect((await t.login(username, PASSWORD)).token).toBeTruthy();
  });

  it('restores records in dependency order, refuses an orphan, and drops links to rows that are gone', async () => {
    const dept = await addDepartment(topId);
    const userId = await addUser([], dept);
    dataOf(await t.post(url(sysUser, 'delete'), { ids: [userId] }, admin));
    const userRecord = await newestRecord();
    dataOf(await t.post(url(sysDepartment, 'delete'), { ids: [dept], deleteUser: true }, admin));
    const deptRecord = await newestRecord();
    const before = await snapshot();
    // Alone, the user would belong to a department that no longer exists.
    const orphan = await restore([userRecord.id]);
    expectRuleRefusal(orphan);
    expect(await snapshot()).toEqual(before);
    // Together (the user's record first), the department goes in before the user.
    dataOf(await restore([userRecord.id, deptRecord.id]));
    const after = await snapshot();
    expect(after.base_sys_user.find((r) => r.id === userId)?.departmentId).toBe(dept);

    // A user's link to a role deleted since is dropped: the user comes back without it.
    const roleId = await addRole();
    const linked = await addUser([roleId]);
    dataOf(await t.post(url(sysUser, 'delete'), { ids: [linked] }, admin));
    const linkedRecord = await newestRecord();
    dataOf(await t.post(url(sysRole, 'delete'), { ids: [roleId] }, admin));
    dataOf(await restore([linkedRecord.id]));
    const links = await db().selectFrom('base_sys_user_role').selectAll().where('userId', '=', linked).execute();
    expect(links).toEqual([]);
  });

  it('searches by operator name and by url', async () => {
    const paramId = (
      await post<Id>(url(sysParam, 'add'), { keyName: unique('rcKey'), name: 'S', data: 's', dataType: 0 })
    ).id;
    dataOf(await t.post(url(sysParam, 'delete'), { ids: [paramId] }, admin));
    const byUrl = dataOf(
      await t.post<Page>(url(recycleData, 'page'), { page: 1, size: 100, keyWord: 'sys/param/delete' }, admin),
    );
    expect(byUrl.list.length).toBeGreaterThan(0);
    expect(byUrl.list.every((r) => r.url === '/admin/base/sys/param/delete')).toBe(true);
    expect(byUrl.pagination.total).toBe(byUrl.list.length);
    const byName = dataOf(
      await t.post<Page>(url(recycleData, 'page'), { page: 1, size: 5, keyWord: '超级管理' }, admin),
    );
    expect(byName.pagination.total).toBe((await records()).length);
    const none = dataOf(
      await t.post<Page>(url(recycleData, 'page'), { page: 1, size: 5, keyWord: 'no-such-operator' }, admin),
    );
    expect(none).toEqual({ list: [], pagination: { page: 1, size: 5, total: 0 } });
    // Newest first.
    const ids = dataOf(await t.post<Page>(url(recycleData, 'page'), { page: 1, size: 20 }, admin)).list.map(
      (r) => r.id,
    );
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('shows a non-superuser only the records of their own deletions, and restores only those', async () => {
    const perms = [...recycleData.endpoints.map((e) => e.perm), sysParam.perms.add, sysParam.perms.delete];
    const menuId = await addMenu(null, 2, perms.join(','));
    const roleId = await addRole([menuId], [topId]);
    const username = unique('rc-op-');
    const opId = await addUser([roleId], topId, username);
    const op = (await t.login(username, PASSWORD)).token;
    // The admin's deletion.
    const adminParam = (
      await post<Id>(url(sysParam, 'add'), { keyName: unique('rcKey'), name: 'A', data: 'a', dataType: 0 })
    ).id;
    dataOf(await t.post(url(sysParam, 'delete'), { ids: [adminParam] }, admin));
    const adminRecord = await newestRecord();
    // The operator's own.
    const own = (
      await post<Id>(url(sysParam, 'add'), { keyName: unique('rcKey'), name: 'O', data: 'o', dataType: 0 }, op)
    ).id;
    dataOf(await t.post(url(sysParam, 'delete'), { ids: [own] }, op));
    const page = dataOf(await t.post<Page>(url(recycleData, 'page'), { page: 1, size: 100 }, op));
    expect(page.list.map((r) => r.userId)).toEqual([opId]);
    expect(page.list[0]?.userName).toBe(username);
    expect((await t.get(url(recycleData, 'info'), { id: adminRecord.id }, op)).status).toBe(404);
    // Another operator's record is not there for this one: restoring it answers as an id nobody has.
    const notYours = await t.post(url(recycleData, 'restore'), { ids: [adminRecord.id] }, op, { language: 'en' });
    const nobodys = await t.post(url(recycleData, 'restore'), { ids: [999_999] }, op, { language: 'en' });
    expectRefused(notYours, 404);
    expect(notYours.body).toEqual(nobodys.body);
    dataOf(await restore([page.list[0]?.id as number], op));
    expect(await db().selectFrom('base_sys_param').select('id').where('id', '=', own).executeTakeFirst()).toEqual({
      id: own,
    });
  });

  it('purges records older than recycleKeep days through the retention task', async () => {
    const handler = t.ctx.taskHandlers.get('recycle:retention');
    if (!handler) throw new Error('recycle:retention is not registered');
    const all = await records();
    const old = all.slice(0, 2).map((r) => r.id as number);
    const day = 86_400_000;
    // Past the default keep days, and inside them.
    await db()
      .updateTable('recycle_data')
      .set({ createTime: formatTime(new Date(Date.now() - (DEFAULT_RECYCLE_KEEP_DAYS + 1) * day)) })
      .where('id', '=', old[0])
      .execute();
    await db()
      .updateTable('recycle_data')
      .set({ createTime: formatTime(new Date(Date.now() - 10 * day)) })
      .where('id', '=', old[1])
      .execute();
    const result = await handler.run(handler.args.parse({}), new AbortController().signal, SYSTEM_RUN);
    expect(result).toEqual({ keepDays: DEFAULT_RECYCLE_KEEP_DAYS, removed: 1 });
    let ids = (await records()).map((r) => r.id);
    expect(ids).not.toContain(old[0]);
    expect(ids).toContain(old[1]);

    // A stopped run ends before removing anything.
    await expect(handler.run({}, AbortSignal.abort(), SYSTEM_RUN)).rejects.toThrow();

    // An operator shortens the keep days with the recycleKeep parameter.
    await post(url(sysParam, 'add'), { keyName: 'recycleKeep', name: 'Recycle keep days', data: '7', dataType: 0 });
    expect(await handler.run({}, new AbortController().signal, SYSTEM_RUN)).toEqual({ keepDays: 7, removed: 1 });
    ids = (await records()).map((r) => r.id);
    expect(ids).not.toContain(old[1]);
    expect(ids.length).toBe(all.length - 2);
  });

  it('seeds the recycle menu with the family router and view path and one row per permission', async () => {
    const menus = await post<
      Array<{
        id: number;
        parentId: number | null;
        name: string;
        router: string | null;
        viewPath: string | null;
        perms: string | null;
        type: number;
      }>
    >(url(sysMenu, 'list'), {});
    const page = menus.find((m) => m.router === '/recycle/data');
    expect(page).toMatchObject({ type: 1, viewPath: 'modules/recycle/views/data.vue' });
    const parent = menus.find((m) => m.id === page?.parentId);
    expect(parent).toMatchObject({ name: '数据管理', type: 0 });
    const perms = menus.filter((m) => m.parentId === page?.id).map((m) => m.perms);
    expect(perms.sort()).toEqual(['recycle:data:info', 'recycle:data:page', 'recycle:data:restore']);
  });
});
