import {
  baseMenus,
  type MenuNode,
  type PageResult,
  type SysMenu,
  type SysRole,
  sysMenu,
  sysParam,
} from '@backroom/contract';
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
type Department = { id: number; name: string };

const PASSWORD = 'pass-1234';

/** Every key used anywhere in a tree of plain objects. */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}

function countNodes(nodes: readonly MenuNode[]): number {
  return nodes.reduce((n, node) => n + 1 + countNodes(node.childMenus ?? []), 0);
}

/** The ids of a menu and everything below it. */
function subtree(menus: readonly SysMenu[], rootId: number): number[] {
  const out = [rootId];
  for (let i = 0; i < out.length; i += 1) for (const m of menus) if (m.parentId === out[i]) out.push(m.id);
  return out;
}

const storeTree: MenuNode[] = [
  {
    name: '门店管理',
    type: 0,
    router: '/store',
    icon: 'icon-store',
    orderNum: 7,
    keepAlive: true,
    isShow: true,
    childMenus: [
      {
        name: '门店参数',
        type: 1,
        router: '/store/param',
        viewPath: 'modules/base/views/param.vue',
        icon: 'icon-menu',
        orderNum: 2,
        keepAlive: false,
        isShow: true,
        childMenus: [
          {
            name: '查看',
            type: 2,
            perms: `${sysParam.perms.page},${sysParam.perms.info}`,
            orderNum: 1,
            keepAlive: true,
            isShow: true,
          },
          { name: '编辑', type: 2, perms: sysParam.perms.update, orderNum: 2, keepAlive: true, isShow: false },
        ],
      },
      {
        name: '门店报表',
        type: 1,
        router: '/store/report',
        viewPath: 'http://report.example.com',
        orderNum: 1,
        keepAlive: true,
        isShow: true,
      },
    ],
  },
];

describe.each(testTargets())('sys/menu on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let operator: string; // holds the menu module's permissions and sys/param page, nothing else
  let nobody: string;

  const menuRow = (id: number) =>
    t.ctx.db.db.selectFrom('base_sys_menu').selectAll().where('id', '=', id).executeTakeFirst();
  const allMenus = async (token = admin) => dataOf(await t.post<SysMenu[]>('/admin/base/sys/menu/list', {}, token));

  async function addMenu(body: Record<string, unknown>, token = admin): Promise<number> {
    return dataOf(await t.post<Id>('/admin/base/sys/menu/add', body, token)).id;
  }

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    const departments = dataOf(await t.post<Department[]>('/admin/base/sys/department/list', {}, admin));
    const hr = departments.find((d) => d.name === '人力资源部')?.id;
    const perms = [...Object.values(sysMenu.perms), sysParam.perms.page];
    const menuId = await addMenu({ name: 'menu operator perms', type: 2, perms: perms.join(',') });
    const roleId = dataOf(
      await t.post<Id>('/admin/base/sys/role/add', { name: '菜单员', label: 'menu-op', menuIdList: [menuId] }, admin),
    ).id;
    for (const [username, roleIdList] of [
      ['menu.op', [roleId]],
      ['menu.nobody', []],
    ] as const) {
      dataOf(
        await t.post('/admin/base/sys/user/add', { username, password: PASSWORD, departmentId: hr, roleIdList }, admin),
      );
    }
    operator = (await t.login('menu.op', PASSWORD)).token;
    nobody = (await t.login('menu.nobody', PASSWORD)).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('adds directories, menus and permissions with defaults; info, page and list read them back', async () => {
    const dir = await addMenu({ name: '测试目录', type: 0, router: '/t', orderNum: 3 });
    const page = await addMenu({
      name: '测试页面',
      type: 1,
      parentId: dir,
      router: '/t/page',
      viewPath: 'modules/t/a.vue',
    });
    const perm = await addMenu({ name: '测试权限', type: 2, parentId: page, perms: sysParam.perms.info });
    const info = dataOf(await t.get<SysMenu>('/admin/base/sys/menu/info', { id: page }, admin));
    expect(info).toMatchObject({
      name: '测试页面',
      parentId: dir,
      type: 1,
      router: '/t/page',
      keepAlive: true,
      isShow: true,
      orderNum: 0,
    });
    const byKeyword = dataOf(
      await t.post<PageResult<SysMenu>>('/admin/base/sys/menu/page', { keyWord: '/t/pa' }, admin),
    );
    expect(byKeyword.list.map((m) => m.id)).toEqual([page]);
    const byPerm = dataOf(
      await t.post<PageResult<SysMenu>>('/admin/base/sys/menu/page', { keyWord: sysParam.perms.info, type: 2 }, admin),
    );
    expect(byPerm.list.map((m) => m.id)).toContain(perm);
    const children = dataOf(await t.post<SysMenu[]>('/admin/base/sys/menu/list', { parentId: page }, admin));
    expect(children.map((m) => m.id)).toEqual([perm]);
    expectRefused(await t.post('/admin/base/sys/menu/add', { type: 1, router: '/no-name' }, admin), 400);
    expectRefused(await t.post('/admin/base/sys/menu/add', { name: 'bad type', type: 3 }, admin), 400);
  });

  it('a router must start with /', async () => {
    const add = await t.post('/admin/base/sys/menu/add', { name: '坏路由', type: 1, router: 'sys/bad' }, admin, {
      language: 'en',
    });
    expectRefused(add, 400);
    expect(add.body.message).toBe('The router must start with /');
    const id = await addMenu({ name: '好路由', type: 1, router: '/good' });
    expectRefused(await t.post('/admin/base/sys/menu/update', { id, router: 'http://x' }, admin), 400);
    expect((await menuRow(id))?.router).toBe('/good');
  });

  it('a parent must exist and must not be a permission', async () => {
    expectRefused(await t.post('/admin/base/sys/menu/add', { name: '孤儿', type: 1, parentId: 99999 }, admin), 400);
    const perm = await addMenu({ name: '按钮', type: 2, perms: sysParam.perms.page });
    const under = await t.post('/admin/base/sys/menu/add', { name: '按钮之下', type: 2, parentId: perm }, admin, {
      language: 'en',
    });
    expectRefused(under, 400);
    expect(under.body.message).toBe('A permission cannot have children');
    const page = await addMenu({ name: '换父', type: 1 });
    expectRefused(await t.post('/admin/base/sys/menu/update', { id: page, parentId: perm }, admin), 400);
  });

  it('a menu cannot move under itself or its descendants', async () => {
    const a = await addMenu({ name: '环A', type: 0 });
    const b = await addMenu({ name: '环B', type: 0, parentId: a });
    const c = await addMenu({ name: '环C', type: 1, parentId: b });
    expectRefused(await t.post('/admin/base/sys/menu/update', { id: a, parentId: a }, admin), 400);
    expectRefused(await t.post('/admin/base/sys/menu/update', { id: a, parentId: c }, admin), 400);
    expect((await menuRow(a))?.parentId).toBeNull();
    dataOf(await t.post('/admin/base/sys/menu/update', { id: c, parentId: a }, admin));
    expect((await menuRow(c))?.parentId).toBe(a);
  });

  it('a menu that has children cannot become a permission', async () => {
    const dir = await addMenu({ name: '有子目录', type: 0 });
    await addMenu({ name: '子页面', type: 1, parentId: dir });
    const reply = await t.post('/admin/base/sys/menu/update', { id: dir, type: 2 }, admin);
    expectRefused(reply, 400);
    expect((await menuRow(dir))?.type).toBe(0);
  });

  it('rejects permission strings the product does not declare', async () => {
    const add = await t.post(
      '/admin/base/sys/menu/add',
      { name: '假权限', type: 2, perms: 'base:sys:user:fly' },
      admin,
      { language: 'en' },
    );
    expectRefused(add, 400);
    expect(add.body.message).toContain('base:sys:user:fly');
    const mixed = await t.post(
      '/admin/base/sys/menu/add',
      { name: '混合', type: 2, perms: `${sysParam.perms.page},nope:x` },
      admin,
    );
    expectRefused(mixed, 400);
    const id = await addMenu({ name: '真权限', type: 2, perms: ` ${sysParam.perms.page} , ${sysParam.perms.list}` });
    expectRefused(await t.post('/admin/base/sys/menu/update', { id, perms: 'base:sys:param:steal' }, admin), 400);
    expect((await menuRow(id))?.perms).toContain(sysParam.perms.page);
  });

  it('a non-superuser writes into menus only the permissions it holds', async () => {
    const own = await addMenu({ name: '自有权限', type: 2, perms: sysParam.perms.page }, operator);
    expect((await menuRow(own))?.perms).toBe(sysParam.perms.page);
    const grab = await t.post(
      '/admin/base/sys/menu/add',
      { name: '越权', type: 2, perms: sysParam.perms.delete },
      operator,
    );
    expectRuleRefusal(grab);
    expectRuleRefusal(
      await t.post('/admin/base/sys/menu/update', { id: own, perms: 'base:sys:user:delete' }, operator),
    );
    expect((await menuRow(own))?.perms).toBe(sysParam.perms.page);
    const imported = await t.post(
      '/admin/base/sys/menu/import',
      {
        menus: [
          { name: '越权导入', type: 0, childMenus: [{ name: '删用户', type: 2, perms: 'base:sys:user:delete' }] },
        ],
      },
      operator,
    );
    expectRuleRefusal(imported);
    const rows = await t.ctx.db.db.selectFrom('base_sys_menu').select('id').where('name', '=', '越权导入').execute();
    expect(rows).toEqual([]);
  });

  it('delete removes the descendants and their role links', async () => {
    const dir = await addMenu({ name: '删目录', type: 0 });
    const page = await addMenu({ name: '删页面', type: 1, parentId: dir });
    const perm = await addMenu({ name: '删权限', type: 2, parentId: page, perms: sysParam.perms.page });
    const keep = await addMenu({ name: '留着', type: 1 });
    const role = dataOf(
      await t.post<Id>(
        '/admin/base/sys/role/add',
        { name: '删菜单', label: 'menu-del', menuIdList: [perm, keep] },
        admin,
      ),
    ).id;
    dataOf(await t.post('/admin/base/sys/menu/delete', { ids: [dir] }, admin));
    for (const id of [dir, page, perm]) expect(await menuRow(id)).toBeUndefined();
    expect(await menuRow(keep)).toBeDefined();
    const info = dataOf(await t.get<SysRole>('/admin/base/sys/role/info', { id: role }, admin));
    expect(info.menuIdList).toEqual([keep]);
    expectRefused(await t.post('/admin/base/sys/menu/delete', { ids: [99999] }, admin), 404);
  });

  it('asks for a session (401) and for the permission (403)', async () => {
    expectRefused(await t.post('/admin/base/sys/menu/list', {}), 401);
    expectRefused(await t.post('/admin/base/sys/menu/list', {}, nobody), 403);
    expectRefused(await t.post('/admin/base/sys/menu/export', { ids: [1] }, nobody), 403);
    expectRefused(await t.post('/admin/base/sys/menu/import', { menus: storeTree }, nobody), 403);
  });

  describe('export and import', () => {
    it('export gives the chosen menus as a tree without ids', async () => {
      const dir = await addMenu({ name: '导出目录', type: 0, router: '/exp', orderNum: 4 });
      const page = await addMenu({
        name: '导出页',
        type: 1,
        parentId: dir,
        router: '/exp/p',
        viewPath: 'modules/x.vue',
        keepAlive: false,
      });
      await addMenu({ name: '导出权限', type: 2, parentId: page, perms: sysParam.perms.page, isShow: false });
      await addMenu({ name: '未选中', type: 2, parentId: page, perms: sysParam.perms.list });
      const ids = (await allMenus())
        .filter((m) => ['导出目录', '导出页', '导出权限'].includes(m.name))
        .map((m) => m.id);
      const tree = dataOf(await t.post<MenuNode[]>('/admin/base/sys/menu/export', { ids }, admin));
      expect(tree).toEqual([
        {
          name: '导出目录',
          type: 0,
          router: '/exp',
          perms: null,
          icon: null,
          orderNum: 4,
          viewPath: null,
          keepAlive: true,
          isShow: true,
          childMenus: [
            {
              name: '导出页',
              type: 1,
              router: '/exp/p',
              perms: null,
              icon: null,
              orderNum: 0,
              viewPath: 'modules/x.vue',
              keepAlive: false,
              isShow: true,
              childMenus: [
                {
                  name: '导出权限',
                  type: 2,
                  router: null,
                  perms: sysParam.perms.page,
                  icon: null,
                  orderNum: 0,
                  viewPath: null,
                  keepAlive: true,
                  isShow: false,
                },
              ],
            },
          ],
        },
      ]);
      const keys = keysOf(tree);
      expect(keys.has('id')).toBe(false);
      expect(keys.has('parentId')).toBe(false);
    });

    it('import adds a tree once; importing it again duplicates nothing', async () => {
      const before = (await allMenus()).length;
      const first = dataOf(await t.post<{ count: number }>('/admin/base/sys/menu/import', { menus: storeTree }, admin));
      expect(first.count).toBe(countNodes(storeTree));
      const menus = await allMenus();
      expect(menus.length).toBe(before + countNodes(storeTree));
      const root = menus.find((m) => m.name === '门店管理' && m.parentId === null);
      const page = menus.find((m) => m.name === '门店参数');
      expect(root).toMatchObject({ type: 0, router: '/store', orderNum: 7, icon: 'icon-store' });
      expect(page).toMatchObject({ parentId: root?.id, keepAlive: false, viewPath: 'modules/base/views/param.vue' });
      const second = dataOf(
        await t.post<{ count: number }>('/admin/base/sys/menu/import', { menus: storeTree }, admin),
      );
      expect(second.count).toBe(0);
      expect((await allMenus()).length).toBe(before + countNodes(storeTree));
    });

    it('the seeded menus exported and imported again add nothing', async () => {
      const menus = await allMenus();
      const root = menus.find((m) => m.name === baseMenus.tree[0]?.name && m.parentId === null);
      if (!root) throw new Error('the seeded tree is missing');
      // Other modules seed their menus into the same root (任务管理 under 系统管理): the export holds
      // every menu of the subtree, the base module's among them.
      const ids = subtree(menus, root.id);
      const exported = dataOf(await t.post<MenuNode[]>('/admin/base/sys/menu/export', { ids }, admin));
      expect(countNodes(exported)).toBe(ids.length);
      expect(countNodes(exported)).toBeGreaterThanOrEqual(countNodes([...baseMenus.tree]));
      expect(exported[0]?.childMenus?.map((n) => n.name)).toEqual(
        expect.arrayContaining(baseMenus.tree[0]?.childMenus?.map((n) => n.name) ?? []),
      );
      const before = menus.length;
      const again = dataOf(await t.post<{ count: number }>('/admin/base/sys/menu/import', { menus: exported }, admin));
      expect(again.count).toBe(0);
      expect((await allMenus()).length).toBe(before);
    });

    it('an import refuses a bad router, an unknown permission or a permission with children, and keeps nothing of it', async () => {
      const bad: Array<[MenuNode[], number]> = [
        [[{ name: '坏导入', type: 0, childMenus: [{ name: '坏路由', type: 1, router: 'no-slash' }] }], 400],
        [[{ name: '坏导入', type: 0, childMenus: [{ name: '坏权限', type: 2, perms: 'x:y:z' }] }], 400],
        [
          [
            {
              name: '坏导入',
              type: 0,
              childMenus: [
                { name: '权限', type: 2, perms: sysParam.perms.page, childMenus: [{ name: '孙', type: 1 }] },
              ],
            },
          ],
          400,
        ],
      ];
      for (const [menus, status] of bad) {
        expectRefused(await t.post('/admin/base/sys/menu/import', { menus }, admin), status);
      }
      const rows = await t.ctx.db.db.selectFrom('base_sys_menu').select('id').where('name', '=', '坏导入').execute();
      expect(rows).toEqual([]);
    });

    it('an export imported into a fresh database reproduces the tree', async () => {
      const source = await allMenus();
      const root = source.find((m) => m.name === '门店管理' && m.parentId === null);
      if (!root) throw new Error('the store tree is missing');
      const exported = dataOf(
        await t.post<MenuNode[]>('/admin/base/sys/menu/export', { ids: subtree(source, root.id) }, admin),
      );
      expect(exported).toHaveLength(1);
      const fresh = await startApp(target);
      try {
        const token = (await fresh.login()).token;
        const count = dataOf(
          await fresh.post<{ count: number }>('/admin/base/sys/menu/import', { menus: exported }, token),
        );
        expect(count.count).toBe(countNodes(exported));
        const menus = dataOf(await fresh.post<SysMenu[]>('/admin/base/sys/menu/list', {}, token));
        const copy = menus.find((m) => m.name === '门店管理' && m.parentId === null);
        if (!copy) throw new Error('the imported tree is missing');
        const again = dataOf(
          await fresh.post<MenuNode[]>('/admin/base/sys/menu/export', { ids: subtree(menus, copy.id) }, token),
        );
        expect(again).toEqual(exported);
        // Permission rows keep their exact permission text.
        const view = menus.find((m) => m.name === '查看');
        expect(view?.perms).toBe(`${sysParam.perms.page},${sysParam.perms.info}`);
      } finally {
        await fresh.stop();
      }
    });
  });
});
