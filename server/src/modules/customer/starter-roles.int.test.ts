import { customerInvitationRecord, type PageResult, type SysRole, type SysUser, sysUser } from '@backroom/contract';
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
import { grantOf, PREVIOUS_STARTER_GRANTS, reshapeStarterRoles } from './starter-roles.js';

type Id = { id: number };
type Menus = {
  perms: string[];
  menus: Array<{ id: number; router: string | null; type: number; parentId: number | null }>;
};

const PASSWORD = 'Roles-2026-fit';

/**
 * The starter roles each do their job (issue 37, point 2), and the rule behind the staff screens:
 * an operator gives only roles within her own permissions and data scope, to users within her scope.
 */
describe.each(testTargets())('the starter roles on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let dept: (name: string) => number;
  const staff: Record<string, { id: number; token: string }> = {};
  const roleIds: Record<string, number> = {};

  const userIdOf = async (username: string) => {
    const page = dataOf(
      await t.post<PageResult<SysUser>>('/admin/base/sys/user/page', { size: 50, keyWord: username }, admin),
    );
    const found = page.list.find((u) => u.username === username);
    if (!found) throw new Error(`no user ${username}`);
    return found.id;
  };
  const signIn = async (username: string) => {
    const id = await userIdOf(username);
    dataOf(await t.post('/admin/base/sys/user/update', { id, password: PASSWORD }, admin));
    staff[username] = { id, token: (await t.login(username, PASSWORD)).token };
    return staff[username];
  };
  const tokenOf = (username: string) => staff[username]?.token ?? '';
  /** A customer the clerk adds as her own. */
  const addCustomer = async (clerk: string, customerName: string, customerPhone: string) =>
    dataOf(await t.post<Id>('/admin/customer/info/create', { customerName, customerPhone }, tokenOf(clerk))).id;
  const permmenu = async (token: string) => dataOf(await t.get<Menus>('/admin/base/comm/permmenu', {}, token));
  const routers = async (token: string) =>
    (await permmenu(token)).menus.filter((m) => m.type === 1).map((m) => m.router);

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    dept = await departmentIds(t, admin);
    for (const name of ['store1.manager', 'store1.clerk1', 'store1.clerk2', 'store3.clerk1', 'treasurer', 'hr'])
      await signIn(name);
    const roles = dataOf(await t.post<SysRole[]>('/admin/base/sys/role/list', {}, admin));
    for (const role of roles) roleIds[role.label] = role.id;
    // One customer and one activity in store 1 and in store 3.
    for (const clerk of ['store1.clerk1', 'store3.clerk1']) {
      const id = await addCustomer(
        clerk,
        `${clerk} customer`,
        clerk === 'store1.clerk1' ? '13900001111' : '13900003333',
      );
      dataOf(
        await t.post(
          '/admin/customer/activity/create',
          {
            customerId: id,
            customerName: 'x',
            customerPhone: '13912345678',
            customerAddress: 'Road 1',
            prizeName: `${clerk} prize`,
          },
          tokenOf(clerk),
        ),
      );
    }
  });
  afterAll(() => t?.stop());

  it('shows each role only the pages it can open, and each of them opens', async () => {
    const seen = {
      manager: await routers(tokenOf('store1.manager')),
      clerk: await routers(tokenOf('store1.clerk1')),
      treasurer: await routers(tokenOf('treasurer')),
      hr: await routers(tokenOf('hr')),
    };
    expect(seen.treasurer).toEqual(expect.arrayContaining(['/', '/customer/activity']));
    for (const hidden of ['/sys/user', '/customer/info', '/customer/invitation', '/customer/reveal-log'])
      expect(seen.treasurer).not.toContain(hidden);
    expect(seen.hr).toEqual(expect.arrayContaining(['/', '/sys/user']));
    for (const hidden of ['/customer/info', '/customer/activity', '/customer/reveal-log', '/sys/role'])
      expect(seen.hr).not.toContain(hidden);
    expect(seen.manager).toEqual(expect.arrayContaining(['/sys/user', '/customer/info', '/customer/reveal-log']));
    expect(seen.manager).not.toContain('/sys/role');
    expect(seen.clerk).not.toContain('/sys/user');
    // No directory is left without a page below it.
    for (const token of [tokenOf('treasurer'), tokenOf('hr'), tokenOf('store1.clerk1')]) {
      const { menus } = await permmenu(token);
      for (const dir of menus.filter((m) => m.type === 0)) {
        const below = (id: number): boolean =>
          menus.some((m) => m.parentId === id && (m.type === 1 || (m.type === 0 && below(m.id))));
        expect(below(dir.id), `directory ${dir.id}`).toBe(true);
      }
    }
    // Each page's list answers: nobody meets a 403 from the sidebar.
    const lists: Record<string, string> = {
      '/sys/user': '/admin/base/sys/user/page',
      '/customer/info': '/admin/customer/info/page',
      '/customer/activity': '/admin/customer/activity/page',
      '/customer/reveal-log': '/admin/customer/revealLog/page',
    };
    for (const [who, pages] of Object.entries(seen))
      for (const router of pages) {
        const url = lists[router ?? ''];
        if (!url) continue;
        const token = tokenOf(who === 'manager' ? 'store1.manager' : who === 'clerk' ? 'store1.clerk1' : who);
        expect([who, router, (await t.post(url, { page: 1, size: 1 }, token)).status]).toEqual([who, router, 200]);
      }
  });

  it('HR runs the roster of every store and reads no customer', async () => {
    const hr = tokenOf('hr');
    const roster = dataOf(await t.post<PageResult<SysUser>>('/admin/base/sys/user/page', { size: 100 }, hr));
    expect(roster.list.map((u) => u.username)).toEqual(expect.arrayContaining(['store1.clerk1', 'store3.clerk1']));
    const { id } = dataOf(
      await t.post<Id>(
        '/admin/base/sys/user/add',
        { username: 'hr.new', name: 'New', password: PASSWORD, departmentId: dept('深圳南山店'), userLevel: 'clerk' },
        hr,
      ),
    );
    dataOf(await t.post('/admin/base/sys/user/update', { id, name: 'Renamed', userLevel: 'storeManger' }, hr));
    dataOf(await t.post('/admin/base/sys/user/move', { departmentId: dept('广州天河店'), userIds: [id] }, hr));
    // A new password for a clerk who forgot hers, then disabling a leaver.
    const clerk = staff['store3.clerk1']?.id ?? 0;
    dataOf(await t.post('/admin/base/sys/user/update', { id: clerk, password: 'Fresh-2026-pass' }, hr));
    expect(
      (await t.post('/admin/base/open/login', { username: 'store3.clerk1', password: 'Fresh-2026-pass' })).status,
    ).toBe(200);
    dataOf(await t.post('/admin/base/sys/user/update', { id, status: 0 }, hr));
    const row = dataOf(await t.get<SysUser>('/admin/base/sys/user/info', { id }, admin));
    expect(row).toMatchObject({
      name: 'Renamed',
      userLevel: 'storeManger',
      status: 0,
      departmentId: dept('广州天河店'),
    });
    // No customer's data, on any path; no role to give (the clerk's holds what HR does not).
    for (const url of ['/admin/customer/info/page', '/admin/customer/activity/page', '/admin/customer/revealLog/page'])
      expectRefused(await t.post(url, { page: 1, size: 10 }, hr), 403);
    expectRefused(await t.post('/admin/customer/info/export', { columns: ['customerName'] }, hr), 403);
    expectRuleRefusal(await t.post('/admin/base/sys/user/update', { id, roleIdList: [roleIds.clerk] }, hr));
    // The superuser stays the superuser's.
    expectRuleRefusal(await t.post('/admin/base/sys/user/update', { id: 1, password: 'Taken-2026-over' }, hr));
  });

  it('the treasurer reads and exports every store’s activities and prizes, and no customer file', async () => {
    const treasurer = tokenOf('treasurer');
    const page = dataOf(
      await t.post<PageResult<{ prizeName: string }>>('/admin/customer/activity/page', { size: 100 }, treasurer),
    );
    expect(page.list.map((a) => a.prizeName)).toEqual(
      expect.arrayContaining(['store1.clerk1 prize', 'store3.clerk1 prize']),
    );
    expect((await t.post('/admin/customer/activity/export', { columns: ['prizeName'] }, treasurer)).status).toBe(200);
    for (const url of ['/admin/customer/info/page', '/admin/customer/info/details', '/admin/base/sys/user/page'])
      expectRefused(await t.post(url, { id: 1, page: 1, size: 10 }, treasurer), 403);
    expectRefused(await t.post('/admin/customer/activity/update', { id: 1, remark: 'x' }, treasurer), 403);
  });

  it('a store manager exports her store’s invitations; a clerk and the treasurer may not', async () => {
    // Signed in anew: an earlier case's change of a password ends the sessions it had.
    for (const name of ['store1.manager', 'store1.clerk1', 'store3.clerk1', 'treasurer']) await signIn(name);
    for (const clerk of ['store1.clerk1', 'store3.clerk1']) {
      const id = await addCustomer(
        clerk,
        `${clerk} invited`,
        clerk === 'store1.clerk1' ? '13900001112' : '13900003334',
      );
      dataOf(
        await t.post(
          '/admin/customer/invitationRecord/create',
          { customerID: id, inviteTime: '2031-07-01 10:00:00', remark: `${clerk} invitation` },
          tokenOf(clerk),
        ),
      );
    }
    const file = await t.app.inject({
      method: 'POST',
      url: '/api/admin/customer/invitationRecord/export',
      payload: { columns: ['remark', 'customerPhone'] },
      headers: { authorization: tokenOf('store1.manager') },
    });
    expect(file.statusCode, file.body).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const cells = book.worksheets[0]?.getSheetValues().flat().map(String) ?? [];
    expect(cells).toContain('store1.clerk1 invitation');
    expect(cells).not.toContain('store3.clerk1 invitation');
    for (const who of ['store1.clerk1', 'treasurer'])
      expectRefused(
        await t.post('/admin/customer/invitationRecord/export', { columns: ['remark'] }, tokenOf(who)),
        403,
      );
  });

  it('a store manager runs her store’s staff and no one else’s', async () => {
    const manager = tokenOf('store1.manager');
    const store1 = dept('上海南京路店');
    // The role list offers what she may give: the clerk's role and her own, nothing wider.
    const offered = dataOf(await t.post<SysRole[]>('/admin/base/sys/role/list', {}, manager)).map((r) => r.label);
    expect(offered.sort()).toEqual(['clerk', 'store1.manager']);
    const add = (body: Record<string, unknown>) =>
      t.post<Id>('/admin/base/sys/user/add', { password: PASSWORD, userLevel: 'clerk', ...body }, manager);
    const { id } = dataOf(
      await add({ username: 's1.new', name: 'New clerk', departmentId: store1, roleIdList: [roleIds.clerk] }),
    );
    expect((await t.login('s1.new', PASSWORD)).token).toBeTruthy();
    dataOf(await t.post('/admin/base/sys/user/update', { id, password: 'Again-2026-pass', status: 0 }, manager));
    dataOf(await t.post('/admin/base/sys/user/update', { id, status: 1, nickName: 'Newbie' }, manager));
    // Outside her store, or with more than she holds: refused, and nothing written.
    expectRuleRefusal(await add({ username: 's1.far', departmentId: dept('广州天河店'), roleIdList: [roleIds.clerk] }));
    expectRuleRefusal(await add({ username: 's1.fin', departmentId: store1, roleIdList: [roleIds.treasurer] }));
    expectRuleRefusal(await add({ username: 's1.two', departmentId: store1, roleIdList: [roleIds['store2.manager']] }));
    expectRuleRefusal(await t.post('/admin/base/sys/user/update', { id, departmentId: dept('杭州西湖店') }, manager));
    expectRuleRefusal(await t.post('/admin/base/sys/user/update', { id, roleIdList: [roleIds.hr] }, manager));
    expectRefused(
      await t.post('/admin/base/sys/user/update', { id: staff['store3.clerk1']?.id, status: 0 }, manager),
      404,
    );
    const stored = await t.ctx.db.db
      .selectFrom('base_sys_user')
      .select('username')
      .where('username', 'like', 's1.%')
      .execute();
    expect(stored.map((u) => u.username)).toEqual(['s1.new']);
    // She may not change the role she was offered, only give it.
    expectRefused(await t.post('/admin/base/sys/role/update', { id: roleIds.clerk, name: 'mine' }, manager), 403);
    // An account of the whole chain seated in her store is not hers to change.
    const { id: auditor } = dataOf(
      await t.post<Id>(
        '/admin/base/sys/user/add',
        { username: 'chain.auditor', password: PASSWORD, departmentId: store1, roleIdList: [roleIds.hr] },
        admin,
      ),
    );
    const beyond = await t.post('/admin/base/sys/user/update', { id: auditor, password: 'Mine-2026-now' }, manager, {
      language: 'en',
    });
    expectRuleRefusal(beyond);
    expect(beyond.body.message).toBe(
      'You cannot change the user "chain.auditor": their roles reach departments outside your own data scope',
    );
    expectRuleRefusal(await t.post('/admin/base/sys/user/unlock', { id: auditor }, manager));
    // She deletes nobody: disabling is her way to let a clerk go.
    expectRefused(await t.post('/admin/base/sys/user/delete', { ids: [id] }, manager), 403);
    dataOf(await t.post('/admin/base/sys/user/delete', { ids: [auditor] }, admin));
  });

  it('says each refusal in the three languages', async () => {
    const manager = tokenOf('store1.manager');
    const said = async (role: string, language: string) =>
      (
        await t.post(
          '/admin/base/sys/user/add',
          { username: 's1.lang', password: PASSWORD, departmentId: dept('上海南京路店'), roleIdList: [roleIds[role]] },
          manager,
          { language },
        )
      ).body.message;
    // HR's role holds the move, which she does not; the treasurer's reaches every department.
    expect(await said('hr', 'zh-cn')).toBe('不能授予角色“人事”：它含有您自己没有的权限');
    expect(await said('hr', 'zh-tw')).toBe('不能授予角色「人事」：它含有您自己沒有的權限');
    expect(await said('hr', 'en')).toBe(
      'You cannot give the role "人事": it holds permissions you do not hold yourself',
    );
    expect(await said('treasurer', 'zh-cn')).toBe('不能授予角色“财务”：它的数据权限超出了您自己的部门范围');
    expect(await said('treasurer', 'zh-tw')).toBe('不能授予角色「财务」：它的資料權限超出了您自己的部門範圍');
    expect(await said('treasurer', 'en')).toBe(
      'You cannot give the role "财务": it reaches departments outside your own data scope',
    );
  });

  it('a region manager does the same for the region’s stores', async () => {
    const manager = dataOf(
      await t.get<SysRole>('/admin/base/sys/role/info', { id: roleIds['store1.manager'] ?? 0 }, admin),
    );
    const move = (await permmenu(admin)).menus.find(
      (m) => m.type === 2 && (m as { perms?: string }).perms === sysUser.perms.move,
    );
    const { id: regionRole } = dataOf(
      await t.post<Id>(
        '/admin/base/sys/role/add',
        {
          name: 'East region manager',
          label: 'east.manager',
          relevance: true,
          menuIdList: [...(manager.menuIdList ?? []), ...(move ? [move.id] : [])],
          departmentIdList: [dept('华东区')],
        },
        admin,
      ),
    );
    dataOf(
      await t.post(
        '/admin/base/sys/user/add',
        {
          username: 'east.manager',
          password: PASSWORD,
          departmentId: dept('华东区'),
          userLevel: 'storeManger',
          roleIdList: [regionRole],
        },
        admin,
      ),
    );
    const region = (await t.login('east.manager', PASSWORD)).token;
    const add = (username: string, store: string) =>
      t.post<Id>(
        '/admin/base/sys/user/add',
        { username, password: PASSWORD, departmentId: dept(store), roleIdList: [roleIds.clerk] },
        region,
      );
    const { id } = dataOf(await add('east.clerk', '上海南京路店'));
    dataOf(await t.post('/admin/base/sys/user/move', { departmentId: dept('杭州西湖店'), userIds: [id] }, region));
    // She gives a store's manager role within her region; not outside it.
    dataOf(await t.post('/admin/base/sys/user/update', { id, roleIdList: [roleIds['store2.manager']] }, region));
    expectRuleRefusal(await add('east.far', '广州天河店'));
    expectRuleRefusal(
      await t.post('/admin/base/sys/user/update', { id, roleIdList: [roleIds['store3.manager']] }, region),
    );
    expectRuleRefusal(
      await t.post('/admin/base/sys/user/move', { departmentId: dept('深圳南山店'), userIds: [id] }, region),
    );
  });
});

/**
 * An install seeded by the release before: its starter roles, untouched, become this release's;
 * one an operator edited stays as it is.
 */
describe.each(testTargets())('the starter roles of an earlier install on $name', (target) => {
  let t: TestApp;
  let reshaped: string[] = [];
  beforeAll(async () => {
    t = await startApp(target);
    const db = t.ctx.db.db;
    const menus = await db.selectFrom('base_sys_menu').select(['id', 'parentId', 'type', 'perms', 'router']).execute();
    const home = menus.find((m) => m.type === 1 && m.router === '/');
    const roles = await db.selectFrom('base_sys_role').select(['id', 'label']).execute();
    // As the release before left them: its grants (and the home page), the staff menu not yet there.
    for (const [label, perms] of PREVIOUS_STARTER_GRANTS) {
      const role = roles.find((r) => r.label === label);
      if (!role) throw new Error(`no role ${label}`);
      const held = [...grantOf(menus, perms)].filter((id) => {
        const row = menus.find((m) => m.id === id);
        return row?.perms !== 'base:sys:role:list';
      });
      await db.deleteFrom('base_sys_role_menu').where('roleId', '=', role.id).execute();
      await db
        .insertInto('base_sys_role_menu')
        .values([...held, ...(home ? [home.id] : [])].map((menuId) => ({ roleId: role.id, menuId })))
        .execute();
    }
    // The operator edited store 2's manager role: it is theirs now.
    await db
      .updateTable('base_sys_role')
      .set({ updateTime: '2026-12-01 09:00:00' })
      .where('label', '=', 'store2.manager')
      .execute();
    // The seed step as an upgraded install's next start runs it.
    const step = t.ctx.seeds.steps.find((s) => s.module === 'customer' && s.name === 'chain-roles');
    expect(step?.when).toEqual({ once: '1' });
    reshaped = await db.transaction().execute((trx) => reshapeStarterRoles(trx));
  });
  afterAll(() => t?.stop());

  const permsOf = async (label: string) => {
    const db = t.ctx.db.db;
    const rows = await db
      .selectFrom('base_sys_role_menu as rm')
      .innerJoin('base_sys_role as r', 'r.id', 'rm.roleId')
      .innerJoin('base_sys_menu as m', 'm.id', 'rm.menuId')
      .select(['m.perms', 'm.router'])
      .where('r.label', '=', label)
      .execute();
    return {
      perms: rows.flatMap((r) => (r.perms ?? '').split(',').filter(Boolean)),
      routers: rows.map((r) => r.router),
    };
  };

  it('gives the invitation export, once, to the roles that export customers and read invitations', async () => {
    // store2.manager was edited by the operator: reshaping left it as the release before had it.
    expect((await permsOf('store2.manager')).perms).not.toContain(customerInvitationRecord.perms.export);
    const step = t.ctx.seeds.steps.find((s) => s.module === 'customer' && s.name === 'invitation-export-roles');
    expect(step?.when).toEqual({ once: '1' });
    await t.ctx.db.db.transaction().execute(async (trx) => {
      await step?.run(trx, t.ctx.db.kind);
    });
    expect((await permsOf('store2.manager')).perms).toContain(customerInvitationRecord.perms.export);
    expect((await permsOf('store1.manager')).perms).toContain(customerInvitationRecord.perms.export);
    for (const label of ['treasurer', 'hr', 'clerk'])
      expect((await permsOf(label)).perms).not.toContain(customerInvitationRecord.perms.export);
  });

  it('reshapes the untouched ones and keeps what else they hold', async () => {
    expect(reshaped.sort()).toEqual(['hr', 'store1.manager', 'store3.manager', 'store4.manager', 'treasurer']);
    const hr = await permsOf('hr');
    expect(hr.perms).toEqual(expect.arrayContaining([sysUser.perms.page, sysUser.perms.add, sysUser.perms.update]));
    expect(hr.perms.filter((p) => p.startsWith('customer:'))).toEqual([]);
    expect(hr.routers).toContain('/');
    const treasurer = await permsOf('treasurer');
    expect(treasurer.perms).toContain('customer:activity:export');
    expect(treasurer.perms).not.toContain('customer:info:page');
    const manager = await permsOf('store1.manager');
    expect(manager.perms).toEqual(
      expect.arrayContaining([sysUser.perms.add, 'base:sys:role:list', 'customer:info:handOver']),
    );
    // The edited one keeps the grants it had.
    const edited = await permsOf('store2.manager');
    expect(edited.perms).not.toContain(sysUser.perms.add);
    expect(edited.perms).toContain('customer:info:handOver');
    // The rows keep their times: the move-in still knows an unused chain.
    const hrRow = await t.ctx.db.db
      .selectFrom('base_sys_role')
      .select(['createTime', 'updateTime', 'remark'])
      .where('label', '=', 'hr')
      .executeTakeFirstOrThrow();
    expect(hrRow.updateTime).toBe(hrRow.createTime);
  });
});
