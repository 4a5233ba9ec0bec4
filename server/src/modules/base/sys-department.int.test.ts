import { type SysDepartment, sysDepartment, sysUser } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataOf,
  expectRefused,
  expectRuleRefusal,
  startApp,
  type TestApp,
  testTargets,
} from '../../testing/harness.js';

type Id = { id: number };
type Operator = { id: number; roleId: number; token: string };

const PASSWORD = 'pass-1234';

describe.each(testTargets())('sys/department on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let dept: (name: string) => number;
  let ops: Operator; // 门店运营部 with relevance: 门店运营部, 华东区, 华南区
  let flat: Operator; // 门店运营部 without relevance
  let nobody: string;

  const db = () => t.ctx.db.db;
  const departmentRow = (id: number) =>
    db().selectFrom('base_sys_department').selectAll().where('id', '=', id).executeTakeFirst();
  const userRow = (id: number) => db().selectFrom('base_sys_user').selectAll().where('id', '=', id).executeTakeFirst();

  async function addDepartment(name: string, parentId: number | null, token = admin, orderNum = 0): Promise<number> {
    return dataOf(await t.post<Id>('/admin/base/sys/department/add', { name, parentId, orderNum }, token)).id;
  }

  async function addUser(username: string, departmentId: number, roleIdList: number[] = []): Promise<number> {
    return dataOf(
      await t.post<Id>('/admin/base/sys/user/add', { username, password: PASSWORD, departmentId, roleIdList }, admin),
    ).id;
  }

  async function listAs(token: string): Promise<SysDepartment[]> {
    return dataOf(await t.post<SysDepartment[]>('/admin/base/sys/department/list', {}, token));
  }

  async function operator(username: string, relevance: boolean): Promise<Operator> {
    // Only the actions the department declares (it has no page or info).
    const perms = [...sysDepartment.endpoints.flatMap((e) => (e.perm ? [e.perm] : [])), sysUser.perms.page];
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
        {
          name: username,
          label: `r-${username}`,
          relevance,
          menuIdList: [menuId],
          departmentIdList: [dept('门店运营部')],
        },
        admin,
      ),
    ).id;
    const id = await addUser(username, dept('门店运营部'), [roleId]);
    return { id, roleId, token: (await t.login(username, PASSWORD)).token };
  }

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    const seeded = await listAs(admin);
    dept = (name) => {
      const found = seeded.find((d) => d.name === name);
      if (!found) throw new Error(`no department ${name}`);
      return found.id;
    };
    ops = await operator('dept.ops', true);
    flat = await operator('dept.flat', false);
    await addUser('dept.nobody', dept('人力资源部'));
    nobody = (await t.login('dept.nobody', PASSWORD)).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('lists the seeded tree with parentName, in orderNum order', async () => {
    const list = await listAs(admin);
    const byName = new Map(list.map((d) => [d.name, d]));
    expect(byName.get('总部')).toMatchObject({ parentId: null, parentName: null });
    expect(byName.get('门店运营部')).toMatchObject({ parentId: dept('总部'), parentName: '总部' });
    expect(byName.get('华东区')).toMatchObject({ parentId: dept('门店运营部'), parentName: '门店运营部' });
    expect(byName.get('华南区')).toMatchObject({ parentName: '门店运营部' });
    expect(byName.get('财务部')).toMatchObject({ parentName: '总部' });
    expect(byName.get('人力资源部')).toMatchObject({ parentName: '总部' });
    const orders = list.map((d) => d.orderNum);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('adds a department under a parent, recording the creator; a name is required', async () => {
    const id = await addDepartment('华北区', dept('门店运营部'), admin, 3);
    expect(await departmentRow(id)).toMatchObject({
      name: '华北区',
      parentId: dept('门店运营部'),
      orderNum: 3,
      userId: 1,
    });
    expect((await listAs(admin)).find((d) => d.id === id)?.parentName).toBe('门店运营部');
    expectRefused(await t.post('/admin/base/sys/department/add', { parentId: dept('总部') }, admin), 400);
    expectRefused(await t.post('/admin/base/sys/department/add', { name: '', parentId: dept('总部') }, admin), 400);
    expectRefused(await t.post('/admin/base/sys/department/add', { name: '孤儿', parentId: 99999 }, admin), 400);
  });

  it('update renames and moves, but never under itself or its descendants', async () => {
    const a = await addDepartment('A', dept('总部'));
    const b = await addDepartment('B', a);
    const c = await addDepartment('C', b);
    dataOf(await t.post('/admin/base/sys/department/update', { id: a, name: 'A1' }, admin));
    expect((await departmentRow(a))?.name).toBe('A1');
    expectRefused(await t.post('/admin/base/sys/department/update', { id: a, parentId: a }, admin), 400);
    expectRefused(await t.post('/admin/base/sys/department/update', { id: a, parentId: c }, admin), 400);
    expectRefused(await t.post('/admin/base/sys/department/update', { id: a, parentId: 99999 }, admin), 400);
    expectRefused(await t.post('/admin/base/sys/department/update', { id: 99999, name: 'x' }, admin), 404);
    expect((await departmentRow(a))?.parentId).toBe(dept('总部'));
    dataOf(await t.post('/admin/base/sys/department/update', { id: c, parentId: a }, admin));
    expect((await departmentRow(c))?.parentId).toBe(a);
  });

  it('order sets parents and order numbers in one batch', async () => {
    const p = await addDepartment('排序父', dept('总部'));
    const x = await addDepartment('排序X', p);
    const y = await addDepartment('排序Y', p);
    dataOf(
      await t.post(
        '/admin/base/sys/department/order',
        [
          { id: x, parentId: p, orderNum: 2 },
          { id: y, parentId: p, orderNum: 1 },
        ],
        admin,
      ),
    );
    const children = (await listAs(admin)).filter((d) => d.parentId === p).map((d) => d.name);
    expect(children).toEqual(['排序Y', '排序X']);
    dataOf(await t.post('/admin/base/sys/department/order', [{ id: y, parentId: x, orderNum: 0 }], admin));
    expect(await departmentRow(y)).toMatchObject({ parentId: x, orderNum: 0 });
  });

  it('order rejects a cycle, even one made by two moves together, and changes nothing', async () => {
    const p = await addDepartment('环父', dept('总部'));
    const x = await addDepartment('环X', p);
    const y = await addDepartment('环Y', p);
    expectRefused(await t.post('/admin/base/sys/department/order', [{ id: p, parentId: x, orderNum: 0 }], admin), 400);
    const swap = await t.post(
      '/admin/base/sys/department/order',
      [
        { id: x, parentId: y, orderNum: 5 },
        { id: y, parentId: x, orderNum: 6 },
      ],
      admin,
    );
    expectRefused(swap, 400);
    expectRefused(await t.post('/admin/base/sys/department/order', [{ id: x, parentId: x, orderNum: 0 }], admin), 400);
    expect(await departmentRow(x)).toMatchObject({ parentId: p, orderNum: 0 });
    expect(await departmentRow(y)).toMatchObject({ parentId: p, orderNum: 0 });
    expectRefused(await t.post('/admin/base/sys/department/order', [{ id: 99999, orderNum: 1 }], admin), 404);
    expectRefused(
      await t.post('/admin/base/sys/department/order', [{ id: x, parentId: 99999, orderNum: 1 }], admin),
      400,
    );
  });

  it('the top department cannot be deleted, alone or in a batch', async () => {
    expectRefused(await t.post('/admin/base/sys/department/delete', { ids: [dept('总部')] }, admin), 400);
    const leaf = await addDepartment('陪删', dept('财务部'));
    expectRefused(await t.post('/admin/base/sys/department/delete', { ids: [leaf, dept('总部')] }, admin), 400);
    expect(await departmentRow(dept('总部'))).toBeDefined();
    expect(await departmentRow(leaf)).toBeDefined();
  });

  it('delete takes the sub-departments along and moves their users to the top department', async () => {
    const root = await addDepartment('待删', dept('总部'));
    const child = await addDepartment('待删子', root);
    const grandchild = await addDepartment('待删孙', child);
    const u1 = await addUser('keep.one', root);
    const u2 = await addUser('keep.two', grandchild);
    const role = dataOf(
      await t.post<Id>(
        '/admin/base/sys/role/add',
        { name: 'scoped', label: 'scoped-del', departmentIdList: [child, dept('财务部')] },
        admin,
      ),
    ).id;
    dataOf(await t.post('/admin/base/sys/department/delete', { ids: [root] }, admin));
    for (const id of [root, child, grandchild]) expect(await departmentRow(id)).toBeUndefined();
    expect((await userRow(u1))?.departmentId).toBe(dept('总部'));
    expect((await userRow(u2))?.departmentId).toBe(dept('总部'));
    const links = await db()
      .selectFrom('base_sys_role_department')
      .select('departmentId')
      .where('roleId', '=', role)
      .execute();
    expect(links.map((l) => l.departmentId)).toEqual([dept('财务部')]);
  });

  it('delete with deleteUser deletes the users of the department and of its sub-departments', async () => {
    const root = await addDepartment('裁撤', dept('总部'));
    const child = await addDepartment('裁撤子', root);
    const role = dataOf(await t.post<Id>('/admin/base/sys/role/add', { name: 'gone', label: 'gone-role' }, admin)).id;
    const u1 = await addUser('gone.one', root, [role]);
    const u2 = await addUser('gone.two', child, [role]);
    const bystander = await addUser('stays', dept('财务部'));
    dataOf(await t.post('/admin/base/sys/department/delete', { ids: [root], deleteUser: true }, admin));
    expect(await userRow(u1)).toBeUndefined();
    expect(await userRow(u2)).toBeUndefined();
    expect(await userRow(bystander)).toBeDefined();
    expect(await departmentRow(child)).toBeUndefined();
    const links = await db().selectFrom('base_sys_user_role').select('id').where('userId', 'in', [u1, u2]).execute();
    expect(links).toEqual([]);
  });

  it('delete with deleteUser never deletes the operator itself', async () => {
    const superRole = await db()
      .selectFrom('base_sys_role')
      .select('id')
      .where('label', '=', 'admin')
      .executeTakeFirstOrThrow();
    const own = await addDepartment('第二管理员所在', dept('总部'));
    const second = await addUser('super.two', own, [superRole.id]);
    const token = (await t.login('super.two', PASSWORD)).token;
    // Deleting oneself is refused on the user path ...
    expectRefused(await t.post('/admin/base/sys/user/delete', { ids: [second] }, token), 400);
    // ... and must be on the department path too.
    const reply = await t.post('/admin/base/sys/department/delete', { ids: [own], deleteUser: true }, token);
    expectRefused(reply, 400);
    expect(await userRow(second)).toBeDefined();
    expect(await departmentRow(own)).toBeDefined();
  });

  it('asks for a session (401) and for the permission (403)', async () => {
    expectRefused(await t.post('/admin/base/sys/department/list', {}), 401);
    expectRefused(await t.post('/admin/base/sys/department/list', {}, nobody), 403);
    expectRefused(await t.post('/admin/base/sys/department/add', { name: 'x', parentId: dept('总部') }, nobody), 403);
    expectRefused(await t.post('/admin/base/sys/department/order', [], nobody), 403);
  });

  describe('data scope', () => {
    it('list shows only the departments the operator holds (with relevance, their sub-departments)', async () => {
      const names = (await listAs(ops.token)).map((d) => d.name);
      expect(names).toEqual(expect.arrayContaining(['门店运营部', '华东区', '华南区']));
      expect(names).not.toContain('总部');
      expect(names).not.toContain('财务部');
      expect(names).not.toContain('人力资源部');
      expect((await listAs(flat.token)).map((d) => d.name)).toEqual(['门店运营部']);
    });

    it('update reaches only departments in scope, and only under parents in scope', async () => {
      dataOf(await t.post('/admin/base/sys/department/update', { id: dept('华东区'), name: '华东大区' }, ops.token));
      expect((await departmentRow(dept('华东区')))?.name).toBe('华东大区');
      dataOf(await t.post('/admin/base/sys/department/update', { id: dept('华东区'), name: '华东区' }, ops.token));
      // A department outside the scope is not there for the operator: as an id nobody has.
      expectRefused(
        await t.post('/admin/base/sys/department/update', { id: dept('财务部'), name: 'x' }, ops.token),
        404,
      );
      expectRuleRefusal(
        await t.post('/admin/base/sys/department/update', { id: dept('华东区'), parentId: dept('财务部') }, ops.token),
      );
      expectRuleRefusal(
        await t.post('/admin/base/sys/department/update', { id: dept('华东区'), parentId: null }, ops.token),
      );
      expectRefused(
        await t.post('/admin/base/sys/department/update', { id: dept('华东区'), name: 'x' }, flat.token),
        404,
      );
      expect(await departmentRow(dept('华东区'))).toMatchObject({ name: '华东区', parentId: dept('门店运营部') });
      expect((await departmentRow(dept('财务部')))?.name).toBe('财务部');
    });

    it('add puts departments only under parents in scope', async () => {
      const id = await addDepartment('上海店', dept('华东区'), ops.token);
      expect((await departmentRow(id))?.userId).toBe(ops.id);
      // The new sub-department is in the operator's scope at once.
      expect((await listAs(ops.token)).map((d) => d.name)).toContain('上海店');
      expectRuleRefusal(
        await t.post('/admin/base/sys/department/add', { name: '越权', parentId: dept('财务部') }, ops.token),
      );
      expectRuleRefusal(await t.post('/admin/base/sys/department/add', { name: '顶级', parentId: null }, ops.token));
    });

    it('add without a parent does not create a top-level department for a non-superuser', async () => {
      const reply = await t.post('/admin/base/sys/department/add', { name: '无父部门', orderNum: -1 }, ops.token);
      const created = await db()
        .selectFrom('base_sys_department')
        .select(['id', 'parentId'])
        .where('name', '=', '无父部门')
        .executeTakeFirst();
      if (created) await db().deleteFrom('base_sys_department').where('id', '=', created.id).execute();
      expectRuleRefusal(reply);
      expect(created).toBeUndefined();
    });

    it('order reaches only departments and parents in scope', async () => {
      expectRefused(
        await t.post('/admin/base/sys/department/order', [{ id: dept('财务部'), orderNum: 9 }], ops.token),
        404,
      );
      expectRuleRefusal(
        await t.post(
          '/admin/base/sys/department/order',
          [{ id: dept('华南区'), parentId: dept('财务部'), orderNum: 1 }],
          ops.token,
        ),
      );
      expectRuleRefusal(
        await t.post(
          '/admin/base/sys/department/order',
          [{ id: dept('华南区'), parentId: null, orderNum: 1 }],
          ops.token,
        ),
      );
      expect(await departmentRow(dept('财务部'))).toMatchObject({ orderNum: 2, parentId: dept('总部') });
      expect(await departmentRow(dept('华南区'))).toMatchObject({ orderNum: 2, parentId: dept('门店运营部') });
      dataOf(
        await t.post(
          '/admin/base/sys/department/order',
          [
            { id: dept('华南区'), parentId: dept('门店运营部'), orderNum: 1 },
            { id: dept('华东区'), parentId: dept('门店运营部'), orderNum: 2 },
          ],
          ops.token,
        ),
      );
      expect((await departmentRow(dept('华南区')))?.orderNum).toBe(1);
    });

    it('delete reaches only departments in scope, sub-departments included', async () => {
      expectRefused(await t.post('/admin/base/sys/department/delete', { ids: [dept('财务部')] }, ops.token), 404);
      // flat holds 门店运营部 but not 华东区 and 华南区, which would go with it.
      expectRuleRefusal(await t.post('/admin/base/sys/department/delete', { ids: [dept('门店运营部')] }, flat.token));
      expect(await departmentRow(dept('财务部'))).toBeDefined();
      expect(await departmentRow(dept('门店运营部'))).toBeDefined();
      expect(await departmentRow(dept('华东区'))).toBeDefined();
      const shop = await addDepartment('深圳店', dept('华南区'), ops.token);
      const clerk = await addUser('shop.clerk', shop);
      dataOf(await t.post('/admin/base/sys/department/delete', { ids: [shop], deleteUser: true }, ops.token));
      expect(await departmentRow(shop)).toBeUndefined();
      expect(await userRow(clerk)).toBeUndefined();
    });

    it('a non-superuser cannot delete a superuser along with a department', async () => {
      const shop = await addDepartment('广州店', dept('华南区'), ops.token);
      dataOf(await t.post('/admin/base/sys/user/move', { departmentId: shop, userIds: [1] }, admin));
      const reply = await t.post('/admin/base/sys/department/delete', { ids: [shop], deleteUser: true }, ops.token);
      const admin1 = await userRow(1);
      await db()
        .updateTable('base_sys_user')
        .set({ departmentId: dept('总部') })
        .where('id', '=', 1)
        .execute();
      expectRuleRefusal(reply);
      expect(admin1).toBeDefined();
      expect(await departmentRow(shop)).toBeDefined();
    });
  });
});
