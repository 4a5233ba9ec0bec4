import { type PageResult, type SysUser, sysDepartment, sysUser, withDescendants } from '@backroom/contract';
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
type Operator = { id: number; roleId: number; token: string };

const PASSWORD = 'pass-1234';

describe.each(testTargets())('sys/user on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let dept: (name: string) => number;
  let clerkRole: number;
  const users: Record<string, number> = {};
  let ops: Operator; // 门店运营部 with relevance: sees 门店运营部, 华东区, 华南区
  let flat: Operator; // 门店运营部 without relevance: sees 门店运营部 only
  let top: Operator; // 总部 with relevance: sees everyone, the superuser included
  let nobody: string; // signed in, no role at all

  async function addUser(body: Record<string, unknown>): Promise<number> {
    return dataOf(await t.post<Id>('/admin/base/sys/user/add', { password: PASSWORD, ...body }, admin)).id;
  }

  async function operator(
    username: string,
    departmentIds: number[],
    relevance: boolean,
    perms: readonly string[],
  ): Promise<Operator> {
    const menuId = dataOf(
      await t.post<Id>(
        '/admin/base/sys/menu/add',
        { name: `perms ${username}`, type: 2, perms: perms.join(',') },
        admin,
      ),
    ).id;
    const roleId = dataOf(
      await t.post<Id>(
        '/admin/base/sys/role/add',
        { name: username, label: `r-${username}`, relevance, menuIdList: [menuId], departmentIdList: departmentIds },
        admin,
      ),
    ).id;
    const id = await addUser({ username, name: username, departmentId: departmentIds[0], roleIdList: [roleId] });
    return { id, roleId, token: (await t.login(username, PASSWORD)).token };
  }

  const userOf = async (id: number) =>
    t.ctx.db.db.selectFrom('base_sys_user').selectAll().where('id', '=', id).executeTakeFirst();

  async function pageAs(token: string, body: Record<string, unknown> = {}) {
    return dataOf(await t.post<PageResult<SysUser>>('/admin/base/sys/user/page', { size: 100, ...body }, token));
  }

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    dept = await departmentIds(t, admin);
    clerkRole = dataOf(await t.post<Id>('/admin/base/sys/role/add', { name: '店员', label: 'store-clerk' }, admin)).id;
    users.east = await addUser({
      username: 'east.wang',
      name: '王东',
      nickName: 'Eastwind',
      phone: '13800000001',
      departmentId: dept('华东区'),
      roleIdList: [clerkRole],
      userLevel: 'storeManger',
    });
    users.south = await addUser({ username: 'south.li', name: '李南', departmentId: dept('华南区'), userLevel: 'hr' });
    users.opsStaff = await addUser({ username: 'ops.zhao', name: '赵运', departmentId: dept('门店运营部') });
    users.finance = await addUser({ username: 'fin.qian', name: '钱财', departmentId: dept('财务部'), status: 0 });
    const all = Object.values(sysUser.perms);
    ops = await operator('ops.manager', [dept('门店运营部')], true, [...all, sysDepartment.perms.list]);
    flat = await operator('ops.flat', [dept('门店运营部')], false, all);
    top = await operator('hq.manager', [dept('总部')], true, all);
    await addUser({ username: 'no.role', departmentId: dept('人力资源部') });
    nobody = (await t.login('no.role', PASSWORD)).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('adds a user with its roles; info returns roleIdList and defaults, never the password', async () => {
    const id = await addUser({
      username: 'info.case',
      name: '信息',
      departmentId: dept('人力资源部'),
      roleIdList: [clerkRole],
      email: 'info@example.com',
    });
    const reply = await t.get<SysUser>('/admin/base/sys/user/info', { id }, admin);
    const user = dataOf(reply);
    expect(user).toMatchObject({
      id,
      username: 'info.case',
      departmentId: dept('人力资源部'),
      roleIdList: [clerkRole],
      status: 1,
      userLevel: 'clerk',
      passwordV: 1,
    });
    expect(user.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(user).not.toHaveProperty('password');
    expect(reply.raw).not.toContain('scrypt');
    expect(reply.raw).not.toContain(PASSWORD);
    const stored = await userOf(id);
    expect(stored?.password).toMatch(/^scrypt\$/);
    expect(stored?.userId).toBe(1); // the creator
  });

  it('page and list rows carry no password either', async () => {
    const page = await t.post('/admin/base/sys/user/page', { size: 100 }, admin);
    const list = await t.post('/admin/base/sys/user/list', {}, admin);
    for (const reply of [page, list]) {
      expect(reply.status).toBe(200);
      expect(reply.raw).not.toMatch(/"password"/);
      expect(reply.raw).not.toContain('scrypt');
    }
  });

  it('info of an unknown id is a 404', async () => {
    const reply = await t.get('/admin/base/sys/user/info', { id: 987654 }, admin);
    expectRefused(reply, 404);
  });

  it.each([
    ['status outside 0/1', { status: 2 }],
    ['an unknown userLevel', { userLevel: 'boss' }],
    ['a username over 100 characters', { username: 'u'.repeat(101) }],
    ['a phone over 20 characters', { phone: '1'.repeat(21) }],
    ['a password under 6 characters', { password: '12345' }],
    ['a password over 16 characters', { password: 'p'.repeat(17) }],
    ['an empty username', { username: '' }],
  ])('refuses %s with a validation error', async (_label, change) => {
    const body = { username: `valid-${Math.random().toString(36).slice(2, 8)}`, password: PASSWORD, ...change };
    const reply = await t.post('/admin/base/sys/user/add', body, admin);
    expectRefused(reply, 400);
    expect(reply.body.code).toBe(1002);
  });

  it('accepts a username of exactly 100 and a mobile phone (issue 24 §2: no longer any 20 digits), and every userLevel', async () => {
    const id = await addUser({ username: 'u'.repeat(100), phone: '13912345678', departmentId: dept('人力资源部') });
    expect((await userOf(id))?.username).toHaveLength(100);
    expect((await userOf(id))?.phone).toBe('13912345678');
    expectRefused(await t.post('/admin/base/sys/user/update', { id, phone: '1'.repeat(20) }, admin), 400);
    for (const userLevel of ['clerk', 'storeManger', 'treasurer', 'hr']) {
      dataOf(await t.post('/admin/base/sys/user/update', { id, userLevel }, admin));
      expect((await userOf(id))?.userLevel).toBe(userLevel);
    }
    const bad = await t.post('/admin/base/sys/user/update', { id, phone: '1'.repeat(21) }, admin);
    expectRefused(bad, 400);
  });

  it('requires a password on add', async () => {
    const reply = await t.post(
      '/admin/base/sys/user/add',
      { username: 'no.password', departmentId: dept('财务部') },
      admin,
    );
    expectRefused(reply, 400);
    expect(
      await t.ctx.db.db.selectFrom('base_sys_user').select('id').where('username', '=', 'no.password').execute(),
    ).toEqual([]);
  });

  it('keeps usernames unique with a 409, on add and on update', async () => {
    const again = await t.post('/admin/base/sys/user/add', { username: 'east.wang', password: PASSWORD }, admin, {
      language: 'en',
    });
    expectRefused(again, 409);
    expect(again.body.message).toContain('east.wang');
    const rename = await t.post('/admin/base/sys/user/update', { id: users.south, username: 'east.wang' }, admin);
    expectRefused(rename, 409);
    expect((await userOf(users.south ?? 0))?.username).toBe('south.li');
    // Keeping one's own username is not a conflict.
    dataOf(await t.post('/admin/base/sys/user/update', { id: users.south, username: 'south.li' }, admin));
  });

  it('bumps passwordV on every password change, ends old sessions, and never lets a client set it', async () => {
    const id = await addUser({ username: 'pw.bump', departmentId: dept('财务部') });
    const old = await t.login('pw.bump', PASSWORD);
    dataOf(await t.post('/admin/base/sys/user/update', { id, passwordV: 40, nickName: 'n1' }, admin));
    expect((await userOf(id))?.passwordV).toBe(1);
    expect((await t.get('/admin/base/comm/person', {}, old.token)).status).toBe(200);
    dataOf(await t.post('/admin/base/sys/user/update', { id, password: 'second-1' }, admin));
    expect((await userOf(id))?.passwordV).toBe(2);
    expect((await t.get('/admin/base/comm/person', {}, old.token)).status).toBe(401);
    // Setting the same password again is still a change of password.
    dataOf(await t.post('/admin/base/sys/user/update', { id, password: 'second-1' }, admin));
    expect((await userOf(id))?.passwordV).toBe(3);
    expect((await t.post('/admin/base/open/login', { username: 'pw.bump', password: PASSWORD })).status).toBe(400);
    await t.login('pw.bump', 'second-1');
    const add = await t.post<Id>(
      '/admin/base/sys/user/add',
      { username: 'pw.v', password: PASSWORD, passwordV: 9 },
      admin,
    );
    expect((await userOf(dataOf(add).id))?.passwordV).toBe(1);
  });

  it('page joins departmentName and roleName', async () => {
    const page = await pageAs(admin, { keyWord: 'east.wang' });
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({ username: 'east.wang', departmentName: '华东区', roleName: '店员' });
    const second = dataOf(await t.post<Id>('/admin/base/sys/role/add', { name: '收银', label: 'cashier' }, admin)).id;
    const both = await addUser({
      username: 'two.roles',
      departmentId: dept('人力资源部'),
      roleIdList: [clerkRole, second],
    });
    const two = await pageAs(admin, { keyWord: 'two.roles' });
    expect(two.list[0]?.roleName?.split(',').sort()).toEqual(['店员', '收银'].sort());
    expect(dataOf(await t.get<SysUser>('/admin/base/sys/user/info', { id: both }, admin)).roleIdList?.sort()).toEqual(
      [clerkRole, second].sort(),
    );
    const admins = await pageAs(admin, { keyWord: 'admin' });
    expect(admins.list.find((u) => u.username === 'admin')).toMatchObject({
      departmentName: '总部',
      roleName: '超级管理员',
    });
  });

  it('filters departmentIds as IN', async () => {
    const ids = [dept('华东区'), dept('华南区')];
    const page = await pageAs(admin, { departmentIds: ids });
    const names = page.list.map((u) => u.username);
    expect(names).toEqual(expect.arrayContaining(['east.wang', 'south.li']));
    expect(names).not.toContain('ops.zhao');
    expect(names).not.toContain('fin.qian');
    expect(page.list.every((u) => u.departmentId !== null && ids.includes(u.departmentId))).toBe(true);
    expect(page.pagination.total).toBe(page.list.length);
    const one = await pageAs(admin, { departmentIds: [dept('财务部')] });
    expect(one.list.map((u) => u.username)).toContain('fin.qian');
    expect(one.list.every((u) => u.departmentId === dept('财务部'))).toBe(true);
  });

  it.each([
    ['name', '王东'],
    ['username', 'east.w'],
    ['nickName', 'eastwind'],
    ['phone', '13800000001'],
  ])('keyword searches %s', async (_field, keyWord) => {
    const page = await pageAs(admin, { keyWord });
    expect(page.list.map((u) => u.username)).toEqual(['east.wang']);
  });

  it('keyword does not search other fields, and equality filters narrow the page', async () => {
    expect((await pageAs(admin, { keyWord: 'storeManger' })).list).toEqual([]);
    const disabled = await pageAs(admin, { status: 0 });
    expect(disabled.list.map((u) => u.username)).toEqual(['fin.qian']);
    const hr = await pageAs(admin, { userLevel: 'hr' });
    expect(hr.list.map((u) => u.username)).toContain('south.li');
    expect(hr.list.every((u) => u.userLevel === 'hr')).toBe(true);
  });

  it('orders by the joined departmentName, never by the password', async () => {
    const asc = await pageAs(admin, {
      order: 'departmentName',
      sort: 'asc',
      departmentIds: [dept('华东区'), dept('财务部')],
    });
    expect(asc.list.map((u) => u.departmentName)).toEqual(
      [...asc.list.map((u) => u.departmentName)].sort((a, b) => String(a).localeCompare(String(b))),
    );
    const leak = await t.post('/admin/base/sys/user/page', { order: 'password' }, admin);
    expectRefused(leak, 400);
  });

  it('moves users to another department; an unknown department is refused', async () => {
    const a = await addUser({ username: 'move.a', departmentId: dept('财务部') });
    const b = await addUser({ username: 'move.b', departmentId: dept('财务部') });
    dataOf(await t.post('/admin/base/sys/user/move', { departmentId: dept('人力资源部'), userIds: [a, b] }, admin));
    expect((await userOf(a))?.departmentId).toBe(dept('人力资源部'));
    expect((await userOf(b))?.departmentId).toBe(dept('人力资源部'));
    const missing = await t.post('/admin/base/sys/user/move', { departmentId: 99999, userIds: [a] }, admin);
    expectRefused(missing, 400);
    const unknownUser = await t.post(
      '/admin/base/sys/user/move',
      { departmentId: dept('财务部'), userIds: [99999] },
      admin,
    );
    expectRefused(unknownUser, 404);
    expect((await userOf(a))?.departmentId).toBe(dept('人力资源部'));
  });

  it('deletes a user with its role links; nobody deletes themselves', async () => {
    const id = await addUser({ username: 'to.delete', departmentId: dept('财务部'), roleIdList: [clerkRole] });
    dataOf(await t.post('/admin/base/sys/user/delete', { ids: [id] }, admin));
    expect(await userOf(id)).toBeUndefined();
    const links = await t.ctx.db.db.selectFrom('base_sys_user_role').select('id').where('userId', '=', id).execute();
    expect(links).toEqual([]);
    expectRefused(await t.post('/admin/base/sys/user/delete', { ids: [1] }, admin), 400);
    expectRefused(await t.post('/admin/base/sys/user/delete', { ids: [ops.id] }, ops.token), 400);
    expect(await userOf(1)).toBeDefined();
  });

  it('asks for a session (401) and for the permission (403)', async () => {
    expectRefused(await t.post('/admin/base/sys/user/page', {}), 401);
    expectRefused(await t.post('/admin/base/sys/user/page', {}, nobody), 403);
    expectRefused(await t.post('/admin/base/sys/user/add', { username: 'x1', password: PASSWORD }, nobody), 403);
    expectRefused(await t.get('/admin/base/sys/user/info', { id: users.east ?? 0 }, nobody), 403);
  });

  describe('data scope', () => {
    it('page and list show only the users of the departments the operator holds', async () => {
      for (const path of ['page', 'list'] as const) {
        const reply = await t.post<PageResult<SysUser> | SysUser[]>(
          `/admin/base/sys/user/${path}`,
          { size: 100 },
          ops.token,
        );
        const body = dataOf(reply);
        const rows = Array.isArray(body) ? body : body.list;
        const names = rows.map((u) => u.username);
        expect(names).toEqual(expect.arrayContaining(['east.wang', 'south.li', 'ops.zhao']));
        expect(names).not.toContain('fin.qian');
        expect(names).not.toContain('admin');
        // 门店运营部 with everything below it: its regions and the stores the customer module seeds there.
        const departments = dataOf(
          await t.post<Array<{ id: number; parentId: number | null }>>('/admin/base/sys/department/list', {}, admin),
        );
        const inScope = withDescendants(departments, [dept('门店运营部')]);
        expect(inScope.has(dept('华东区'))).toBe(true);
        expect(rows.every((u) => u.departmentId !== null && inScope.has(u.departmentId))).toBe(true);
      }
    });

    it('without relevance a department does not bring its sub-departments', async () => {
      const names = (await pageAs(flat.token)).list.map((u) => u.username);
      expect(names).toContain('ops.zhao');
      expect(names).not.toContain('east.wang');
      expect(names).not.toContain('south.li');
    });

    it('filters and keywords never reach past the scope, and the total agrees', async () => {
      const filtered = await pageAs(ops.token, { departmentIds: [dept('财务部')] });
      expect(filtered.list).toEqual([]);
      expect(filtered.pagination.total).toBe(0);
      const searched = await pageAs(ops.token, { keyWord: 'fin.qian' });
      expect(searched.list).toEqual([]);
      expect(searched.pagination.total).toBe(0);
    });

    it('info of a user outside the scope is not found', async () => {
      expect(
        dataOf(await t.get<SysUser>('/admin/base/sys/user/info', { id: users.east ?? 0 }, ops.token)).username,
      ).toBe('east.wang');
      expectRefused(await t.get('/admin/base/sys/user/info', { id: users.finance ?? 0 }, ops.token), 404);
      expectRefused(await t.get('/admin/base/sys/user/info', { id: users.east ?? 0 }, flat.token), 404);
    });

    it('update reaches only users in scope, and only into departments in scope', async () => {
      dataOf(await t.post('/admin/base/sys/user/update', { id: users.east, nickName: 'by ops' }, ops.token));
      expect((await userOf(users.east ?? 0))?.nickName).toBe('by ops');
      // A user outside the scope is not there for the operator; a department outside it is a refusal.
      expectRefused(await t.post('/admin/base/sys/user/update', { id: users.finance, nickName: 'x' }, ops.token), 404);
      expectRuleRefusal(
        await t.post('/admin/base/sys/user/update', { id: users.east, departmentId: dept('财务部') }, ops.token),
      );
      expectRuleRefusal(await t.post('/admin/base/sys/user/update', { id: users.east, departmentId: null }, ops.token));
      expect((await userOf(users.finance ?? 0))?.nickName).toBeNull();
      expect((await userOf(users.east ?? 0))?.departmentId).toBe(dept('华东区'));
    });

    it('delete reaches only users in scope', async () => {
      expectRefused(await t.post('/admin/base/sys/user/delete', { ids: [users.finance] }, ops.token), 404);
      // One row outside the scope refuses the whole batch, as an id nobody has would.
      expectRefused(
        await t.post('/admin/base/sys/user/delete', { ids: [users.opsStaff, users.finance] }, ops.token),
        404,
      );
      expect(await userOf(users.finance ?? 0)).toBeDefined();
      expect(await userOf(users.opsStaff ?? 0)).toBeDefined();
      const gone = await addUser({ username: 'ops.temp', departmentId: dept('华南区') });
      dataOf(await t.post('/admin/base/sys/user/delete', { ids: [gone] }, ops.token));
      expect(await userOf(gone)).toBeUndefined();
    });

    it('move reaches only users in scope, and only into departments in scope', async () => {
      expectRefused(
        await t.post(
          '/admin/base/sys/user/move',
          { departmentId: dept('门店运营部'), userIds: [users.finance] },
          ops.token,
        ),
        404,
      );
      expectRuleRefusal(
        await t.post('/admin/base/sys/user/move', { departmentId: dept('财务部'), userIds: [users.south] }, ops.token),
      );
      expect((await userOf(users.finance ?? 0))?.departmentId).toBe(dept('财务部'));
      expect((await userOf(users.south ?? 0))?.departmentId).toBe(dept('华南区'));
      dataOf(
        await t.post('/admin/base/sys/user/move', { departmentId: dept('华东区'), userIds: [users.south] }, ops.token),
      );
      expect((await userOf(users.south ?? 0))?.departmentId).toBe(dept('华东区'));
      dataOf(
        await t.post('/admin/base/sys/user/move', { departmentId: dept('华南区'), userIds: [users.south] }, admin),
      );
    });

    it('add puts users only into departments in scope', async () => {
      const inside = await t.post<Id>(
        '/admin/base/sys/user/add',
        { username: 'ops.new', password: PASSWORD, departmentId: dept('华东区') },
        ops.token,
      );
      expect((await userOf(dataOf(inside).id))?.userId).toBe(ops.id);
      const outside = await t.post(
        '/admin/base/sys/user/add',
        { username: 'ops.out', password: PASSWORD, departmentId: dept('财务部') },
        ops.token,
      );
      expectRuleRefusal(outside);
    });

    it('add without a department does not create a user outside the operator’s scope', async () => {
      const reply = await t.post('/admin/base/sys/user/add', { username: 'ops.nodept', password: PASSWORD }, ops.token);
      const created = await t.ctx.db.db
        .selectFrom('base_sys_user')
        .select(['id', 'departmentId'])
        .where('username', '=', 'ops.nodept')
        .executeTakeFirst();
      // Either refused, or placed where the operator still sees it.
      if (reply.status === 200) {
        expect(created?.departmentId ?? null).not.toBeNull();
        expect((await pageAs(ops.token, { keyWord: 'ops.nodept' })).list).toHaveLength(1);
      } else {
        expectRuleRefusal(reply);
        expect(created).toBeUndefined();
      }
    });
  });

  describe('superuser and role grants', () => {
    it('an operator who sees the superuser still cannot change, move or delete it', async () => {
      const seen = await pageAs(top.token, { keyWord: 'admin' });
      expect(seen.list.map((u) => u.username)).toContain('admin');
      expectRuleRefusal(await t.post('/admin/base/sys/user/update', { id: 1, nickName: 'pwned' }, top.token));
      expectRuleRefusal(await t.post('/admin/base/sys/user/update', { id: 1, password: 'hijack-1' }, top.token));
      expectRuleRefusal(await t.post('/admin/base/sys/user/update', { id: 1, status: 0 }, top.token));
      expectRuleRefusal(
        await t.post('/admin/base/sys/user/move', { departmentId: dept('财务部'), userIds: [1] }, top.token),
      );
      expectRuleRefusal(await t.post('/admin/base/sys/user/delete', { ids: [1] }, top.token));
      const stored = await userOf(1);
      expect(stored).toMatchObject({ nickName: '管理员', status: 1, passwordV: 1, departmentId: dept('总部') });
      await t.login();
    });

    it('only a superuser gives the superuser role', async () => {
      const superRole = await t.ctx.db.db
        .selectFrom('base_sys_role')
        .select('id')
        .where('label', '=', 'admin')
        .executeTakeFirstOrThrow();
      expectRuleRefusal(
        await t.post('/admin/base/sys/user/update', { id: users.opsStaff, roleIdList: [superRole.id] }, ops.token),
      );
      expectRuleRefusal(
        await t.post(
          '/admin/base/sys/user/add',
          { username: 'ops.super', password: PASSWORD, departmentId: dept('华东区'), roleIdList: [superRole.id] },
          ops.token,
        ),
      );
      expectRuleRefusal(
        await t.post('/admin/base/sys/user/update', { id: ops.id, roleIdList: [ops.roleId, superRole.id] }, ops.token),
      );
      const info = dataOf(await t.get<SysUser>('/admin/base/sys/user/info', { id: users.opsStaff ?? 0 }, admin));
      expect(info.roleIdList).toEqual([]);
    });

    it('an operator gives only roles within what it holds itself', async () => {
      // A role over 财务部: a department ops does not hold.
      const wide = dataOf(
        await t.post<Id>(
          '/admin/base/sys/role/add',
          { name: 'wide', label: 'wide', departmentIdList: [dept('财务部')] },
          admin,
        ),
      ).id;
      expectRuleRefusal(
        await t.post('/admin/base/sys/user/update', { id: users.opsStaff, roleIdList: [wide] }, ops.token),
      );
      // Its own role is within what it holds, and an unknown role is a bad request.
      dataOf(await t.post('/admin/base/sys/user/update', { id: users.opsStaff, roleIdList: [ops.roleId] }, ops.token));
      expectRefused(
        await t.post('/admin/base/sys/user/update', { id: users.opsStaff, roleIdList: [99999] }, admin),
        400,
      );
      const info = dataOf(await t.get<SysUser>('/admin/base/sys/user/info', { id: users.opsStaff ?? 0 }, admin));
      expect(info.roleIdList).toEqual([ops.roleId]);
    });
  });
});
