import { type PageResult, type SysRole, type SysUser, sysRole, sysUser } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataOf,
  departmentIds,
  expectRefused,
  expectRuleRefusal,
  startApp,
  type TestApp,
  testTargets,
} from '../../testing/harness.js';

type Id = { id: number };
type Menu = { id: number; name: string; type: number; perms: string | null };
type Operator = { id: number; roleId: number; menuId: number; token: string };

const PASSWORD = 'pass-1234';

describe.each(testTargets())('sys/role on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let dept: (name: string) => number;
  let menuListPage: number; // the seeded 菜单列表 page, which no operator here holds
  let superRoleId: number;
  let flat: Operator; // 门店运营部 without relevance
  let linked: Operator; // 门店运营部 with relevance: also 华东区 and 华南区
  let nobody: string;

  async function addRole(body: Record<string, unknown>, token = admin): Promise<number> {
    return dataOf(await t.post<Id>('/admin/base/sys/role/add', body, token)).id;
  }

  async function addUser(body: Record<string, unknown>): Promise<number> {
    return dataOf(await t.post<Id>('/admin/base/sys/user/add', { password: PASSWORD, ...body }, admin)).id;
  }

  async function operator(username: string, relevance: boolean): Promise<Operator> {
    const perms = [...Object.values(sysRole.perms), ...Object.values(sysUser.perms)];
    const menuId = dataOf(
      await t.post<Id>(
        '/admin/base/sys/menu/add',
        { name: `perms ${username}`, type: 2, perms: perms.join(',') },
        admin,
      ),
    ).id;
    const roleId = await addRole({
      name: username,
      label: `r-${username}`,
      relevance,
      menuIdList: [menuId],
      departmentIdList: [dept('门店运营部')],
    });
    const id = await addUser({ username, departmentId: dept('门店运营部'), roleIdList: [roleId] });
    return { id, roleId, menuId, token: (await t.login(username, PASSWORD)).token };
  }

  const roleInfo = async (id: number, token = admin) =>
    dataOf(await t.get<SysRole>('/admin/base/sys/role/info', { id }, token));

  const roleRow = (id: number) =>
    t.ctx.db.db.selectFrom('base_sys_role').selectAll().where('id', '=', id).executeTakeFirst();

  /** Users the holder of `token` sees on the user page. */
  async function visibleUsers(token: string): Promise<string[]> {
    const page = dataOf(await t.post<PageResult<SysUser>>('/admin/base/sys/user/page', { size: 200 }, token));
    return page.list.map((u) => u.username);
  }

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    dept = await departmentIds(t, admin);
    const menus = dataOf(await t.post<Menu[]>('/admin/base/sys/menu/list', {}, admin));
    const page = menus.find((m) => m.name === '菜单列表' && m.type === 1);
    if (!page) throw new Error('seeded menu 菜单列表 missing');
    menuListPage = page.id;
    superRoleId = (
      await t.ctx.db.db.selectFrom('base_sys_role').select('id').where('label', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    flat = await operator('role.flat', false);
    linked = await operator('role.linked', true);
    await addUser({ username: 'east.staff', departmentId: dept('华东区') });
    await addUser({ username: 'role.nobody', departmentId: dept('财务部') });
    nobody = (await t.login('role.nobody', PASSWORD)).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('adds a role with its menus, departments and relevance; info returns the lists', async () => {
    const id = await addRole({
      name: '财务主管',
      label: 'finance-lead',
      remark: '管财务',
      relevance: true,
      menuIdList: [menuListPage, flat.menuId],
      departmentIdList: [dept('财务部'), dept('人力资源部')],
    });
    const role = await roleInfo(id);
    expect(role).toMatchObject({
      id,
      name: '财务主管',
      label: 'finance-lead',
      remark: '管财务',
      relevance: true,
      userId: 1,
    });
    expect([...(role.menuIdList ?? [])].sort()).toEqual([menuListPage, flat.menuId].sort());
    expect([...(role.departmentIdList ?? [])].sort()).toEqual([dept('财务部'), dept('人力资源部')].sort());
    const plain = await roleInfo(await addRole({ name: '空角色', label: 'empty-role' }));
    expect(plain).toMatchObject({ relevance: false, menuIdList: [], departmentIdList: [] });
  });

  it('update replaces the lists it is given and keeps the ones it is not', async () => {
    const id = await addRole({
      name: 'r',
      label: 'replace-me',
      menuIdList: [menuListPage],
      departmentIdList: [dept('财务部')],
    });
    dataOf(await t.post('/admin/base/sys/role/update', { id, name: 'renamed' }, admin));
    expect(await roleInfo(id)).toMatchObject({
      name: 'renamed',
      menuIdList: [menuListPage],
      departmentIdList: [dept('财务部')],
    });
    dataOf(
      await t.post(
        '/admin/base/sys/role/update',
        { id, menuIdList: [], departmentIdList: [dept('人力资源部')] },
        admin,
      ),
    );
    expect(await roleInfo(id)).toMatchObject({ menuIdList: [], departmentIdList: [dept('人力资源部')] });
  });

  it('limits the label to 50 characters and requires name and label', async () => {
    expectRefused(await t.post('/admin/base/sys/role/add', { name: 'long', label: 'l'.repeat(51) }, admin), 400);
    expectRefused(await t.post('/admin/base/sys/role/add', { label: 'no-name' }, admin), 400);
    expectRefused(await t.post('/admin/base/sys/role/add', { name: 'no label' }, admin), 400);
    const id = await addRole({ name: 'fifty', label: 'l'.repeat(50) });
    expect((await roleRow(id))?.label).toHaveLength(50);
    expectRefused(await t.post('/admin/base/sys/role/update', { id, label: 'm'.repeat(51) }, admin), 400);
  });

  it('keeps labels unique with a 409, on add and on update', async () => {
    const id = await addRole({ name: 'u1', label: 'unique-label' });
    expectRefused(await t.post('/admin/base/sys/role/add', { name: 'u2', label: 'unique-label' }, admin), 409);
    const other = await addRole({ name: 'u3', label: 'other-label' });
    expectRefused(await t.post('/admin/base/sys/role/update', { id: other, label: 'unique-label' }, admin), 409);
    expectRefused(await t.post('/admin/base/sys/role/add', { name: 'dup admin', label: 'admin' }, admin), 409);
    dataOf(await t.post('/admin/base/sys/role/update', { id, label: 'unique-label', name: 'same label' }, admin));
    expect((await roleRow(other))?.label).toBe('other-label');
  });

  it('keyword searches name and label', async () => {
    await addRole({ name: '门店巡检员', label: 'patrol' });
    const byName = dataOf(await t.post<PageResult<SysRole>>('/admin/base/sys/role/page', { keyWord: '巡检' }, admin));
    expect(byName.list.map((r) => r.label)).toEqual(['patrol']);
    const byLabel = dataOf(await t.post<SysRole[]>('/admin/base/sys/role/list', { keyWord: 'PATROL' }, admin));
    expect(byLabel.map((r) => r.name)).toEqual(['门店巡检员']);
  });

  it('deleting a role removes it from its users and drops its menu and department links', async () => {
    const id = await addRole({
      name: 'temp',
      label: 'temp-role',
      menuIdList: [menuListPage],
      departmentIdList: [dept('财务部')],
    });
    const user = await addUser({ username: 'temp.holder', departmentId: dept('财务部'), roleIdList: [id] });
    dataOf(await t.post('/admin/base/sys/role/delete', { ids: [id] }, admin));
    expect(await roleRow(id)).toBeUndefined();
    expectRefused(await t.get('/admin/base/sys/role/info', { id }, admin), 404);
    const info = dataOf(await t.get<SysUser>('/admin/base/sys/user/info', { id: user }, admin));
    expect(info.roleIdList).toEqual([]);
    const db = t.ctx.db.db;
    expect(await db.selectFrom('base_sys_role_menu').select('id').where('roleId', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('base_sys_role_department').select('id').where('roleId', '=', id).execute()).toEqual([]);
  });

  it('asks for a session (401) and for the permission (403)', async () => {
    expectRefused(await t.post('/admin/base/sys/role/page', {}), 401);
    expectRefused(await t.post('/admin/base/sys/role/page', {}, nobody), 403);
    expectRefused(await t.post('/admin/base/sys/role/add', { name: 'x', label: 'x-nobody' }, nobody), 403);
  });

  describe('the superuser role', () => {
    it('cannot be deleted, not even by a superuser', async () => {
      const reply = await t.post('/admin/base/sys/role/delete', { ids: [superRoleId] }, admin);
      expectRuleRefusal(reply);
      expect(await roleRow(superRoleId)).toBeDefined();
      await t.login();
    });

    it('cannot be relabelled, but a superuser may rename it', async () => {
      expectRuleRefusal(await t.post('/admin/base/sys/role/update', { id: superRoleId, label: 'root' }, admin));
      expect((await roleRow(superRoleId))?.label).toBe('admin');
      dataOf(await t.post('/admin/base/sys/role/update', { id: superRoleId, name: '超级管理员 (总部)' }, admin));
      expect((await roleRow(superRoleId))?.name).toBe('超级管理员 (总部)');
      dataOf(await t.post('/admin/base/sys/role/update', { id: superRoleId, name: '超级管理员' }, admin));
    });

    it('only a superuser changes it or a superuser', async () => {
      // flat neither created nor holds the superuser role: it is not there for them.
      expectRefused(await t.post('/admin/base/sys/role/update', { id: superRoleId, name: 'mine' }, flat.token), 404);
      expectRefused(await t.post('/admin/base/sys/role/delete', { ids: [superRoleId] }, flat.token), 404);
      expectRuleRefusal(await t.post('/admin/base/sys/role/add', { name: 'fake super', label: 'admin' }, flat.token));
      // The admin user sits in 总部; an operator over 总部 sees it but may not change it.
      const hq = await addRole({
        name: 'hq',
        label: 'hq',
        relevance: true,
        menuIdList: [flat.menuId],
        departmentIdList: [dept('总部')],
      });
      await addUser({ username: 'hq.manager', departmentId: dept('总部'), roleIdList: [hq] });
      const hqToken = (await t.login('hq.manager', PASSWORD)).token;
      expectRuleRefusal(await t.post('/admin/base/sys/user/update', { id: 1, nickName: 'owned' }, hqToken));
      expectRuleRefusal(await t.post('/admin/base/sys/user/update', { id: 1, roleIdList: [hq] }, hqToken));
      expect((await roleRow(superRoleId))?.name).toBe('超级管理员');
      const info = dataOf(await t.get<SysUser>('/admin/base/sys/user/info', { id: 1 }, admin));
      expect(info).toMatchObject({ nickName: '管理员', roleIdList: [superRoleId] });
    });
  });

  describe('what an operator may grant', () => {
    // Changed with the roles that fit the jobs (issue 37): the list also offers the roles the
    // operator may give (to choose on the user form), which it may read but not change.
    it('sees the roles it created or holds, and those it may give, changing only the first two', async () => {
      const own = await addRole({ name: 'flat child', label: 'flat-child', menuIdList: [flat.menuId] }, flat.token);
      const giveable = await addRole({ name: 'flat giveable', label: 'flat-giveable', menuIdList: [flat.menuId] });
      const beyond = await addRole({ name: 'flat beyond', label: 'flat-beyond', menuIdList: [menuListPage] });
      const page = dataOf(await t.post<PageResult<SysRole>>('/admin/base/sys/role/page', { size: 100 }, flat.token));
      const ids = page.list.map((r) => r.id);
      expect(ids).toEqual(expect.arrayContaining([flat.roleId, own, giveable]));
      for (const hidden of [linked.roleId, beyond, superRoleId]) expect(ids).not.toContain(hidden);
      // Every role offered grants within flat's own menus and department.
      const db = t.ctx.db.db;
      const menus = await db
        .selectFrom('base_sys_role_menu')
        .select(['roleId', 'menuId'])
        .where('roleId', 'in', ids)
        .execute();
      expect(menus.filter((m) => m.menuId !== flat.menuId)).toEqual([]);
      expect(dataOf(await t.get<SysRole>('/admin/base/sys/role/info', { id: giveable }, flat.token)).name).toBe(
        'flat giveable',
      );
      expectRuleRefusal(await t.post('/admin/base/sys/role/update', { id: giveable, name: 'x' }, flat.token));
      expectRuleRefusal(await t.post('/admin/base/sys/role/delete', { ids: [giveable] }, flat.token));
      expect((await roleRow(giveable))?.name).toBe('flat giveable');
      expectRefused(await t.get('/admin/base/sys/role/info', { id: linked.roleId }, flat.token), 404);
      expectRefused(await t.post('/admin/base/sys/role/update', { id: linked.roleId, name: 'x' }, flat.token), 404);
      expectRefused(await t.post('/admin/base/sys/role/delete', { ids: [linked.roleId] }, flat.token), 404);
      expect((await roleRow(own))?.userId).toBe(flat.id);
      dataOf(await t.post('/admin/base/sys/role/delete', { ids: [giveable, beyond] }, admin));
    });

    it('never grants a menu it does not hold', async () => {
      expectRuleRefusal(
        await t.post(
          '/admin/base/sys/role/add',
          { name: 'menus', label: 'grab-menus', menuIdList: [menuListPage] },
          flat.token,
        ),
      );
      expect(
        await t.ctx.db.db.selectFrom('base_sys_role').select('id').where('label', '=', 'grab-menus').execute(),
      ).toEqual([]);
      // Not to its own role either.
      expectRuleRefusal(
        await t.post(
          '/admin/base/sys/role/update',
          { id: flat.roleId, menuIdList: [flat.menuId, menuListPage] },
          flat.token,
        ),
      );
      expect((await roleInfo(flat.roleId)).menuIdList).toEqual([flat.menuId]);
    });

    it('never grants a department it does not hold', async () => {
      expectRuleRefusal(
        await t.post(
          '/admin/base/sys/role/add',
          { name: 'depts', label: 'grab-depts', departmentIdList: [dept('财务部')] },
          flat.token,
        ),
      );
      // Without relevance, holding 门店运营部 does not mean holding 华东区.
      expectRuleRefusal(
        await t.post(
          '/admin/base/sys/role/add',
          { name: 'depts', label: 'grab-east', departmentIdList: [dept('华东区')] },
          flat.token,
        ),
      );
      expectRuleRefusal(
        await t.post(
          '/admin/base/sys/role/update',
          { id: flat.roleId, departmentIdList: [dept('门店运营部'), dept('总部')] },
          flat.token,
        ),
      );
      expect((await roleInfo(flat.roleId)).departmentIdList).toEqual([dept('门店运营部')]);
      // With relevance, the sub-departments are held and may be granted.
      const id = await addRole(
        { name: 'east only', label: 'east-only', departmentIdList: [dept('华东区')], menuIdList: [linked.menuId] },
        linked.token,
      );
      expect((await roleInfo(id)).departmentIdList).toEqual([dept('华东区')]);
    });

    it('never grants sub-departments it does not hold by switching relevance on', async () => {
      // flat holds 门店运营部 alone; a relevance-true role over it would reach 华东区 and 华南区.
      const created = await t.post<Id>(
        '/admin/base/sys/role/add',
        { name: 'widen', label: 'widen-add', relevance: true, departmentIdList: [dept('门店运营部')] },
        flat.token,
      );
      expectRuleRefusal(created);
      const own = await addRole(
        { name: 'narrow', label: 'widen-update', relevance: false, departmentIdList: [dept('门店运营部')] },
        flat.token,
      );
      expectRuleRefusal(await t.post('/admin/base/sys/role/update', { id: own, relevance: true }, flat.token));
      expect((await roleRow(own))?.relevance).toBeFalsy();
      expectRuleRefusal(await t.post('/admin/base/sys/role/update', { id: flat.roleId, relevance: true }, flat.token));
      expect(await visibleUsers(flat.token)).not.toContain('east.staff');
    });
  });
});
