import { type SysMenu, type SysUser, sysDepartment, sysUser } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, departmentIds, expectRefused, startApp, type TestApp, testTargets } from '../../testing/harness.js';

type Id = { id: number };
type PermMenu = { perms: string[]; menus: SysMenu[] };

const PASSWORD = 'pass-1234';

describe.each(testTargets())('base/comm on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let dept: (name: string) => number;
  let menus: SysMenu[];
  let limited: { id: number; token: string };
  let bare: { id: number; token: string };
  let queryRow: SysMenu; // the seeded 查询 permission row of 用户列表
  let deptRow: SysMenu; // the seeded 部门列表 permission row of 用户列表

  const userRow = (id: number) =>
    t.ctx.db.db.selectFrom('base_sys_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function addUser(
    username: string,
    body: Record<string, unknown> = {},
  ): Promise<{ id: number; token: string; refreshToken: string }> {
    const id = dataOf(
      await t.post<Id>(
        '/admin/base/sys/user/add',
        { username, password: PASSWORD, departmentId: dept('华东区'), ...body },
        admin,
      ),
    ).id;
    return { id, ...(await t.login(username, PASSWORD)) };
  }

  const menu = (name: string, parentName?: string) => {
    const parent = parentName === undefined ? undefined : menus.find((m) => m.name === parentName);
    const found = menus.find((m) => m.name === name && (parent === undefined || m.parentId === parent.id));
    if (!found) throw new Error(`no menu ${name}`);
    return found;
  };

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    dept = await departmentIds(t, admin);
    menus = dataOf(await t.post<SysMenu[]>('/admin/base/sys/menu/list', {}, admin));
    queryRow = menu('查询', '用户列表');
    deptRow = menu('部门列表', '用户列表');
    const roleId = dataOf(
      await t.post<Id>(
        '/admin/base/sys/role/add',
        {
          name: '查询员',
          label: 'comm-query',
          menuIdList: [queryRow.id, deptRow.id],
          departmentIdList: [dept('华东区')],
        },
        admin,
      ),
    ).id;
    limited = await addUser('comm.limited', { roleIdList: [roleId], name: '限权', nickName: '小限' });
    bare = await addUser('comm.bare');
  });
  afterAll(async () => {
    await t?.stop();
  });

  describe('person', () => {
    it('returns the signed-in user without its password', async () => {
      const reply = await t.get<SysUser>('/admin/base/comm/person', {}, limited.token);
      const person = dataOf(reply);
      expect(person).toMatchObject({
        id: limited.id,
        username: 'comm.limited',
        name: '限权',
        nickName: '小限',
        departmentId: dept('华东区'),
        status: 1,
        passwordV: 1,
      });
      expect(person).not.toHaveProperty('password');
      // Whether the screens may offer what only a superuser does (a user's tenant).
      expect(person).toMatchObject({ isSuper: false });
      expect(dataOf(await t.get<SysUser>('/admin/base/comm/person', {}, admin))).toMatchObject({ isSuper: true });
      expect(reply.raw).not.toContain('scrypt');
      expect(reply.raw).not.toContain(PASSWORD);
    });

    it('needs a session', async () => {
      expectRefused(await t.get('/admin/base/comm/person'), 401);
      expectRefused(await t.get('/admin/base/comm/person', {}, 'not-a-token'), 401);
    });
  });

  describe('personUpdate', () => {
    it('requires a nickName', async () => {
      for (const body of [{}, { nickName: '' }, { nickName: '   ' }, { nickName: null }]) {
        expectRefused(await t.post('/admin/base/comm/personUpdate', body, bare.token), 400);
      }
    });

    it('updates the profile fields and nothing an operator decides', async () => {
      const before = await userRow(bare.id);
      dataOf(
        await t.post(
          '/admin/base/comm/personUpdate',
          {
            nickName: '新昵称',
            name: '新名字',
            phone: '13900000000',
            email: 'me@example.com',
            headImg: 'https://img.example.com/a.png',
            // None of these is the user's own to change.
            username: 'renamed',
            status: 0,
            departmentId: dept('财务部'),
            userLevel: 'hr',
            passwordV: 99,
            roleIdList: [1],
          },
          bare.token,
        ),
      );
      const after = await userRow(bare.id);
      expect(after).toMatchObject({
        nickName: '新昵称',
        name: '新名字',
        phone: '13900000000',
        email: 'me@example.com',
        headImg: 'https://img.example.com/a.png',
        username: 'comm.bare',
        status: 1,
        departmentId: dept('华东区'),
        userLevel: 'clerk',
        passwordV: 1,
        password: before.password,
      });
      const roles = await t.ctx.db.db
        .selectFrom('base_sys_user_role')
        .select('roleId')
        .where('userId', '=', bare.id)
        .execute();
      expect(roles).toEqual([]);
      expect((await t.get('/admin/base/comm/person', {}, bare.token)).status).toBe(200);
      expectRefused(
        await t.post('/admin/base/comm/personUpdate', { nickName: 'x', phone: '1'.repeat(21) }, bare.token),
        400,
      );
    });

    it('a new password needs the correct original password and 6 to 16 characters', async () => {
      const cases: Array<[Record<string, unknown>, number]> = [
        [{ password: 'new-pass-1' }, 400],
        [{ password: 'new-pass-1', originalPassword: '' }, 400],
        [{ password: 'new-pass-1', originalPassword: 'wrong-pass' }, 400],
        [{ password: '12345', originalPassword: PASSWORD }, 400],
        [{ password: 'p'.repeat(17), originalPassword: PASSWORD }, 400],
      ];
      for (const [body, status] of cases) {
        expectRefused(await t.post('/admin/base/comm/personUpdate', { nickName: 'pw', ...body }, bare.token), status);
      }
      const wrong = await t.post(
        '/admin/base/comm/personUpdate',
        { nickName: 'pw', password: 'new-pass-1', originalPassword: 'wrong-pass' },
        bare.token,
        { language: 'en' },
      );
      expect(wrong.body.message).toBe('The original password is incorrect');
      // Nothing changed: same version, same session, old password still good.
      expect((await userRow(bare.id)).passwordV).toBe(1);
      expect((await t.get('/admin/base/comm/person', {}, bare.token)).status).toBe(200);
      await t.login('comm.bare', PASSWORD);
    });

    it('a password change bumps passwordV and ends the current session', async () => {
      const user = await addUser('comm.pw');
      const other = await t.login('comm.pw', PASSWORD);
      dataOf(
        await t.post(
          '/admin/base/comm/personUpdate',
          { nickName: '改密', originalPassword: PASSWORD, password: 'fresh-pass-2' },
          user.token,
        ),
      );
      const stored = await userRow(user.id);
      expect(stored.passwordV).toBe(2);
      expect(stored.password).not.toContain('fresh-pass-2');
      expectRefused(await t.get('/admin/base/comm/person', {}, user.token), 401);
      expectRefused(await t.get('/admin/base/comm/person', {}, other.token), 401);
      expectRefused(await t.get('/admin/base/open/refreshToken', { refreshToken: user.refreshToken }), 401);
      expectRefused(await t.post('/admin/base/open/login', { username: 'comm.pw', password: PASSWORD }), 400);
      const next = await t.login('comm.pw', 'fresh-pass-2');
      expect(dataOf(await t.get<SysUser>('/admin/base/comm/person', {}, next.token))).toMatchObject({
        nickName: '改密',
        passwordV: 2,
      });
    });

    const guessOriginal = (token: string, i: number) =>
      t.post(
        '/admin/base/comm/personUpdate',
        { nickName: 'guess', password: 'new-pass-1', originalPassword: `wrong-${i}` },
        token,
        { language: 'en' },
      );

    it('counts wrong original passwords with the login throttle and ends the session at the limit', async () => {
      const user = await addUser('comm.guess');
      for (let i = 0; i < 4; i += 1) expectRefused(await guessOriginal(user.token, i), 400);
      expect((await t.get('/admin/base/comm/person', {}, user.token)).status).toBe(200);
      const last = await guessOriginal(user.token, 4);
      expect(last.status).toBe(401);
      expect(last.body.message).toBe('Too many wrong passwords: you have been signed out');
      expectRefused(await t.get('/admin/base/comm/person', {}, user.token), 401);
      expectRefused(await t.get('/admin/base/open/refreshToken', { refreshToken: user.refreshToken }), 401);
      // Signing in to the account now asks for a fresh captcha (core/auth/throttle.ts), even with the right password.
      const signIn = await t.post('/admin/base/open/login', { username: 'comm.guess', password: PASSWORD }, undefined, {
        language: 'en',
      });
      expectRefused(signIn, 400);
      expect(signIn.body.message).toContain('enter the new verification code');
      expect((await userRow(user.id)).passwordV).toBe(1);
    });

    it('a parallel burst of wrong original passwords checks five, and the session ends', async () => {
      const user = await addUser('comm.burst');
      const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => guessOriginal(user.token, i)));
      const checked = replies.filter((r) =>
        ['The original password is incorrect', 'Too many wrong passwords: you have been signed out'].includes(
          r.body.message,
        ),
      );
      expect(checked.length).toBe(5);
      expectRefused(await t.get('/admin/base/comm/person', {}, user.token), 401);
    });

    it('needs a session', async () => {
      expectRefused(await t.post('/admin/base/comm/personUpdate', { nickName: 'anon' }), 401);
    });
  });

  describe('permmenu', () => {
    it('gives a superuser every permission and every menu, in orderNum order', async () => {
      const all = dataOf(await t.get<PermMenu>('/admin/base/comm/permmenu', {}, admin));
      for (const perm of [...Object.values(sysUser.perms), sysDepartment.perms.order])
        expect(all.perms).toContain(perm);
      expect(all.menus.map((m) => m.id).sort((a, b) => a - b)).toEqual(menus.map((m) => m.id).sort((a, b) => a - b));
      const orders = all.menus.map((m) => m.orderNum);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    });

    it('gives a limited user only its menus with their ancestors, and only its permissions', async () => {
      const mine = dataOf(await t.get<PermMenu>('/admin/base/comm/permmenu', {}, limited.token));
      const page = menu('用户列表');
      const directory = menu('权限管理');
      const system = menu('系统管理');
      expect(queryRow.parentId).toBe(page.id);
      expect(page.parentId).toBe(directory.id);
      expect(directory.parentId).toBe(system.id);
      expect(mine.menus.map((m) => m.id).sort((a, b) => a - b)).toEqual(
        [queryRow.id, deptRow.id, page.id, directory.id, system.id].sort((a, b) => a - b),
      );
      expect([...mine.perms].sort()).toEqual(
        [sysUser.perms.page, sysUser.perms.list, sysUser.perms.info, sysDepartment.perms.list].sort(),
      );
      expect(mine.menus.find((m) => m.name === '菜单列表')).toBeUndefined();
      expect(mine.perms).not.toContain(sysUser.perms.delete);
    });

    it('what permmenu lists is what the server grants', async () => {
      expect((await t.post('/admin/base/sys/user/page', {}, limited.token)).status).toBe(200);
      expect((await t.post('/admin/base/sys/department/list', {}, limited.token)).status).toBe(200);
      expectRefused(await t.post('/admin/base/sys/user/delete', { ids: [bare.id] }, limited.token), 403);
      expectRefused(await t.post('/admin/base/sys/menu/list', {}, limited.token), 403);
    });

    it('gives a user without a role nothing, and needs a session', async () => {
      expect(dataOf(await t.get<PermMenu>('/admin/base/comm/permmenu', {}, bare.token))).toEqual({
        perms: [],
        menus: [],
      });
      expectRefused(await t.get('/admin/base/comm/permmenu'), 401);
    });

    it('follows a role change at once', async () => {
      const role = dataOf(
        await t.post<Id>(
          '/admin/base/sys/role/add',
          { name: '部门员', label: 'comm-dept', menuIdList: [deptRow.id] },
          admin,
        ),
      ).id;
      const user = await addUser('comm.change', { roleIdList: [role] });
      expect(dataOf(await t.get<PermMenu>('/admin/base/comm/permmenu', {}, user.token)).perms).toEqual([
        sysDepartment.perms.list,
      ]);
      dataOf(await t.post('/admin/base/sys/role/update', { id: role, menuIdList: [] }, admin));
      expect(dataOf(await t.get<PermMenu>('/admin/base/comm/permmenu', {}, user.token))).toEqual({
        perms: [],
        menus: [],
      });
    });
  });
});
