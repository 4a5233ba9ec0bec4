import {
  type DemoTenantRow,
  type DemoUntenantedRow,
  demoTenant,
  type SysMenu,
  TENANT_COLUMN,
} from '@backroom/contract';
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
type Row = { id: number; title: string; remark: string | null; tenantId?: unknown };
type Page = { list: Row[]; pagination: { total: number } };

const PASSWORD = 'tenant-pass1';
const url = (action: string) => `${demoTenant.prefix}/${action}`;

describe.each(testTargets())('tenant isolation (demo/tenant) on $name', (target) => {
  let t: TestApp;
  let admin: string;
  /** Two operators of tenants 1 and 2 holding every permission of the tenant demo. */
  let one: string;
  let two: string;
  let oneRows: number[];
  let twoRows: number[];

  const stored = (id: number) =>
    t.ctx.db.loose.selectFrom(demoTenant.table).selectAll().where('id', '=', id).executeTakeFirst() as Promise<
      Record<string, unknown> | undefined
    >;
  const add = async (token: string, body: Record<string, unknown>) =>
    dataOf(await t.post<Id>(url('add'), body, token)).id;

  async function addOperator(username: string, roleId: number, departmentId: number, tenantId: number) {
    const id = dataOf(
      await t.post<Id>(
        '/admin/base/sys/user/add',
        { username, password: PASSWORD, departmentId, roleIdList: [roleId] },
        admin,
      ),
    ).id;
    // Only a superuser sets a user's tenant, through the user's own update.
    dataOf(await t.post('/admin/base/sys/user/update', { id, tenantId }, admin));
    return (await t.login(username, PASSWORD)).token;
  }

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    const dept = await departmentIds(t, admin);
    const menus = dataOf(await t.post<SysMenu[]>('/admin/base/sys/menu/list', {}, admin));
    const page = menus.find((m) => m.router === '/demo/tenant');
    if (!page) throw new Error('no tenant demo menu');
    const rows = menus.filter((m) => m.parentId === page.id).map((m) => m.id);
    const roleId = dataOf(
      await t.post<Id>(
        '/admin/base/sys/role/add',
        { name: '租户操作员', label: 'tenant-operator', menuIdList: [page.id, ...rows], departmentIdList: [] },
        admin,
      ),
    ).id;
    one = await addOperator('tenant.one', roleId, dept('华东区'), 1);
    two = await addOperator('tenant.two', roleId, dept('华东区'), 2);
    oneRows = [await add(one, { title: 'one-a', remark: 'shared word' }), await add(one, { title: 'one-b' })];
    twoRows = [await add(two, { title: 'two-a', remark: 'shared word' }), await add(two, { title: 'two-b' })];
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("stores the operator's tenant on add, whatever the body says, and never answers it", async () => {
    const id = await add(one, { title: 'one-forged', [TENANT_COLUMN]: 2 });
    expect((await stored(id))?.[TENANT_COLUMN]).toBe(1);
    const many = dataOf(
      await t.post<{ ids: number[] }>(
        url('add'),
        [
          { title: 'one-batch-1', tenantId: 2 },
          { title: 'one-batch-2', tenantId: null },
        ],
        one,
      ),
    ).ids;
    for (const rowId of many) expect((await stored(rowId))?.[TENANT_COLUMN]).toBe(1);
    const info = dataOf(await t.get<Row>(url('info'), { id }, one));
    expect(info).not.toHaveProperty(TENANT_COLUMN);
    oneRows.push(id, ...many);
  });

  it("pages, lists and searches only the operator's tenant's rows", async () => {
    const page = dataOf(await t.post<Page>(url('page'), { page: 1, size: 100 }, one));
    expect(page.list.map((r) => r.id).sort()).toEqual([...oneRows].sort());
    expect(page.pagination.total).toBe(oneRows.length);
    const list = dataOf(await t.post<Row[]>(url('list'), {}, two));
    expect(list.map((r) => r.id).sort()).toEqual([...twoRows].sort());
    // A keyword both tenants' rows hold finds the operator's only.
    const found = dataOf(await t.post<Page>(url('page'), { page: 1, size: 100, keyWord: 'shared' }, one));
    expect(found.list.map((r) => r.title)).toEqual(['one-a']);
    const byTitle = dataOf(await t.post<Page>(url('page'), { page: 1, size: 100, keyWord: 'two-' }, one));
    expect(byTitle.list).toEqual([]);
    expect(byTitle.pagination.total).toBe(0);
  });

  it("answers 404 for another tenant's row on info, update and delete, and changes nothing", async () => {
    const [theirs] = twoRows as [number];
    expectRefused(await t.get(url('info'), { id: theirs }, one), 404);
    expectRefused(await t.post(url('update'), { id: theirs, title: 'taken over' }, one), 404);
    expect((await stored(theirs))?.title).toBe('two-a');
    expectRefused(await t.post(url('delete'), { ids: [theirs] }, one), 404);
    // One of theirs among the operator's own: nothing goes.
    const [mine] = oneRows as [number];
    expectRefused(await t.post(url('delete'), { ids: [mine, theirs] }, one), 404);
    expect(await stored(theirs)).toBeDefined();
    expect(await stored(mine)).toBeDefined();
  });

  it('keeps a row in its tenant on update', async () => {
    const [mine] = oneRows as [number];
    dataOf(await t.post(url('update'), { id: mine, title: 'one-a2', tenantId: 2 }, one));
    const row = await stored(mine);
    expect(row?.title).toBe('one-a2');
    expect(row?.[TENANT_COLUMN]).toBe(1);
    expectRefused(await t.get(url('info'), { id: mine }, two), 404);
  });

  it("deletes the operator's own rows", async () => {
    const id = await add(two, { title: 'two-gone' });
    dataOf(await t.post(url('delete'), { ids: [id] }, two));
    expect(await stored(id)).toBeUndefined();
  });

  it('use answers the caller’s tenant’s rows with their tenant; noUse is a superuser’s only', async () => {
    const mine = dataOf(await t.post<DemoTenantRow[]>(url('use'), {}, one));
    expect(mine.length).toBe(oneRows.length);
    expect(mine.every((r) => r.tenantId === 1)).toBe(true);
    expectRuleRefusal(await t.post(url('noUse'), {}, one));
    // The superuser has no tenant: use gives the rows of none, noUse every tenant's.
    const adminRow = await add(admin, { title: 'no-tenant row' });
    const adminUse = dataOf(await t.post<DemoTenantRow[]>(url('use'), {}, admin));
    expect(adminUse.map((r) => r.id)).toEqual([adminRow]);
    expect(adminUse[0]?.tenantId).toBeNull();
    const all = dataOf(await t.post<DemoTenantRow[]>(url('noUse'), {}, admin));
    expect(new Set(all.map((r) => r.tenantId))).toEqual(new Set([1, 2, null]));
    expect(all.map((r) => r.id).sort()).toEqual([...oneRows, ...twoRows, adminRow].sort());
    // The admin's page is the rows of no tenant too: the filter is on for everyone.
    const page = dataOf(await t.post<Page>(url('page'), { page: 1, size: 100 }, admin));
    expect(page.list.map((r) => r.id)).toEqual([adminRow]);
  });

  it('noTenant queries an entity kept without tenants: the same rows for every tenant', async () => {
    const a = dataOf(await t.post<DemoUntenantedRow[]>(url('noTenant'), {}, one));
    const b = dataOf(await t.post<DemoUntenantedRow[]>(url('noTenant'), {}, two));
    expect(a.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
  });

  it("lets only a superuser set a user's tenant", async () => {
    const dept = await departmentIds(t, admin);
    const menus = dataOf(await t.post<SysMenu[]>('/admin/base/sys/menu/list', {}, admin));
    const userPage = menus.find((m) => m.router === '/sys/user');
    const userRows = menus.filter((m) => m.parentId === userPage?.id).map((m) => m.id);
    const roleId = dataOf(
      await t.post<Id>(
        '/admin/base/sys/role/add',
        {
          name: '租户用户管理员',
          label: 'tenant-user-admin',
          menuIdList: [...(userPage ? [userPage.id] : []), ...userRows],
          departmentIdList: [dept('华东区')],
          relevance: true,
        },
        admin,
      ),
    ).id;
    const manager = await addOperatorAs('tenant.manager', roleId, dept('华东区'), 1);
    // A user the manager adds is in the manager's tenant, whatever the body says.
    const added = dataOf(
      await t.post<Id>(
        '/admin/base/sys/user/add',
        { username: 'tenant.added', password: PASSWORD, departmentId: dept('华东区'), tenantId: 2 },
        manager,
      ),
    ).id;
    const row = await t.ctx.db.loose
      .selectFrom('base_sys_user')
      .select('tenantId')
      .where('id', '=', added)
      .executeTakeFirst();
    expect(row?.tenantId).toBe(1);
    expectRuleRefusal(await t.post('/admin/base/sys/user/update', { id: added, tenantId: 2 }, manager));
  });

  it('takes a tenant of 1 or more, or none, and loses nothing on a bad one', async () => {
    const dept = await departmentIds(t, admin);
    const id = dataOf(
      await t.post<Id>(
        '/admin/base/sys/user/add',
        { username: 'tenant.set', password: PASSWORD, departmentId: dept('华东区'), tenantId: 3 },
        admin,
      ),
    ).id;
    const tenantOf = async () =>
      (await t.ctx.db.loose.selectFrom('base_sys_user').select('tenantId').where('id', '=', id).executeTakeFirst())
        ?.tenantId;
    expect(await tenantOf()).toBe(3);
    for (const tenantId of [0, -1, 1.5, '2', 2 ** 31]) {
      expectRefused(await t.post('/admin/base/sys/user/update', { id, tenantId, name: 'lost?' }, admin), 400);
    }
    expect(await tenantOf()).toBe(3);
    dataOf(await t.post('/admin/base/sys/user/update', { id, tenantId: null }, admin));
    expect(await tenantOf()).toBeNull();
  });

  async function addOperatorAs(username: string, roleId: number, departmentId: number, tenantId: number) {
    return addOperator(username, roleId, departmentId, tenantId);
  }
});
