import {
  customerInfo,
  type PageResult,
  type UserAddress,
  type UserInfo,
  type UserInfoDetails,
  userAddress,
  userInfo,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectRefused, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { registerH5, useFakeSms } from './sms-fake.test-support.js';

const INFO = '/admin/user/info';
const ADDRESS = '/admin/user/address';
const LOGIN = '/admin/base/open/appLogin';
const EN = { language: 'en' };

let seq = 0;
const uniquePhone = () => {
  seq += 1;
  return `158${String(Date.now() % 100000).padStart(5, '0')}${String(seq).padStart(3, '0')}`;
};

describe.each(testTargets())('user/info and user/address on $name', (target) => {
  let t: TestApp;
  let admin: string;
  /** Two stores, each with a staff member who owns customers there. */
  let storeA: number;
  let ownerA: number;
  let ownerB: number;
  const PASSWORD = 'chain-pass1';

  const stored = (id: number) =>
    t.ctx.db.db.selectFrom('user_info').selectAll().where('id', '=', id).executeTakeFirst();
  const defaultsOf = async (userId: number) =>
    (await t.ctx.db.db.selectFrom('user_address').select(['id', 'isDefault']).where('userId', '=', userId).execute())
      .filter((r) => Boolean(r.isDefault))
      .map((r) => r.id);
  const addUser = async (row: Record<string, unknown>) =>
    dataOf(await t.post<{ id: number }>(`${INFO}/add`, row, admin)).id;
  let sms: Map<string, string>;
  const register = async (phone = uniquePhone()) => dataOf(await registerH5(t, sms, phone));
  const me = async (token: string) => dataOf(await t.get<UserInfo>('/app/user/info/person', {}, token));
  const address = (fields: Record<string, unknown> = {}) => ({
    contact: '李四',
    phone: '13912345678',
    province: '上海市',
    city: '上海市',
    district: '黄浦区',
    address: '南京东路 1 号',
    ...fields,
  });

  beforeAll(async () => {
    t = await startApp(target);
    sms = useFakeSms(t);
    admin = (await t.login()).token;
    const departments = dataOf(
      await t.post<Array<{ id: number; parentId: number | null }>>('/admin/base/sys/department/list', {}, admin),
    );
    const top = departments.find((d) => d.parentId === null);
    if (!top) throw new Error('no top department');
    const store = async (name: string) =>
      dataOf(
        await t.post<{ id: number }>(
          '/admin/base/sys/department/add',
          { name, parentId: top.id, isStore: true },
          admin,
        ),
      ).id;
    storeA = await store('用户测试甲店');
    const storeB = await store('用户测试乙店');
    const staff = async (username: string, departmentId: number) =>
      dataOf(
        await t.post<{ id: number }>(
          '/admin/base/sys/user/add',
          { username, name: username, password: PASSWORD, departmentId, userLevel: 'clerk' },
          admin,
        ),
      ).id;
    ownerA = await staff('user-owner-a', storeA);
    ownerB = await staff('user-owner-b', storeB);
  });
  afterAll(async () => {
    await t?.stop();
  });

  describe('staff calls', () => {
    it('hashes the password, never answers it, and masks the phone everywhere', async () => {
      const phone = uniquePhone();
      const id = await addUser({ nickName: '阿强', phone, password: 'Secret-123', loginType: 2 });
      expect((await stored(id))?.password).toMatch(/^scrypt\$/);
      const page = dataOf(await t.post<PageResult<UserInfo>>(`${INFO}/page`, { keyWord: phone }, admin));
      expect(page.list.map((u) => u.id)).toEqual([id]);
      const [row] = page.list;
      expect(row?.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
      const info = dataOf(await t.get<UserInfo>(`${INFO}/info`, { id }, admin));
      const details = dataOf(await t.get<UserInfoDetails>(`${INFO}/details`, { id }, admin));
      for (const answer of [page, info, details]) {
        const raw = JSON.stringify(answer);
        expect(raw).not.toContain(phone);
        expect(raw).not.toMatch(/password|scrypt|Openid/i);
      }
      // The user signs in with it (H5), as a staff password would be checked.
      dataOf(await t.post(LOGIN, { loginType: 2, phone, password: 'Secret-123' }));
      // Saving the masked phone back keeps the stored one.
      dataOf(await t.post(`${INFO}/update`, { id, phone: info.phone, nickName: '阿强2' }, admin));
      expect((await stored(id))?.phone).toBe(phone);
    });

    it('filters by status, gender and loginType, and searches the nickname', async () => {
      const nick = `filter-${Date.now()}`;
      const a = await addUser({ nickName: nick, gender: 1, loginType: 0, status: 1 });
      const b = await addUser({ nickName: nick, gender: 2, loginType: 1, status: 0 });
      const ids = async (filters: Record<string, unknown>) =>
        dataOf(await t.post<PageResult<UserInfo>>(`${INFO}/page`, { keyWord: nick, ...filters }, admin)).list.map(
          (u) => u.id,
        );
      expect((await ids({})).sort()).toEqual([a, b].sort());
      expect(await ids({ status: 0 })).toEqual([b]);
      expect(await ids({ gender: 1 })).toEqual([a]);
      expect(await ids({ loginType: 1 })).toEqual([b]);
      expectRefused(await t.post(`${INFO}/page`, { status: 7 }, admin), 400);
    });

    it('shows the phone in clear only by reveal, into the audit', async () => {
      const phone = uniquePhone();
      const id = await addUser({ nickName: 'reveal-me', phone });
      const shown = dataOf(
        await t.post<{ value: string }>(`${INFO}/reveal`, { id, field: 'phone', reason: 'call back' }, admin),
      );
      expect(shown.value).toBe(phone);
      const audit = dataOf(
        await t.post<PageResult<{ target: string; recordId: number; recordName: string | null; field: string }>>(
          '/admin/customer/revealLog/page',
          { target: 'user_info', recordId: id },
          admin,
        ),
      );
      expect(audit.list).toEqual([
        expect.objectContaining({ target: 'user_info', field: 'phone', recordName: 'reveal-me' }),
      ]);
      // Without the permission: 403.
      const { token } = await t.login('user-owner-a', PASSWORD);
      expectRefused(await t.post(`${INFO}/reveal`, { id, field: 'phone', reason: 'call back' }, token), 403);
    });

    it("links the customer with the user's phone only when the operator's customer scope holds it", async () => {
      const inA = uniquePhone();
      const inB = uniquePhone();
      dataOf(
        await t.post(
          `${customerInfo.prefix}/add`,
          { customerName: '甲店客户', customerPhone: inA, employeeId: ownerA },
          admin,
        ),
      );
      dataOf(
        await t.post(
          `${customerInfo.prefix}/add`,
          { customerName: '乙店客户', customerPhone: inB, employeeId: ownerB },
          admin,
        ),
      );
      const userA = await addUser({ nickName: 'A', phone: inA });
      const userB = await addUser({ nickName: 'B', phone: inB });
      // A store A manager who may also read app users.
      const perms = [...userInfo.endpoints, ...userAddress.endpoints, ...customerInfo.endpoints]
        .map((e) => e.perm)
        .filter((p): p is string => p !== null);
      const menuId = dataOf(
        await t.post<{ id: number }>(
          '/admin/base/sys/menu/add',
          { name: 'app users', type: 2, perms: perms.join(',') },
          admin,
        ),
      ).id;
      const roleId = dataOf(
        await t.post<{ id: number }>(
          '/admin/base/sys/role/add',
          {
            name: 'app users A',
            label: `app-users-${Date.now()}`,
            relevance: true,
            menuIdList: [menuId],
            departmentIdList: [storeA],
          },
          admin,
        ),
      ).id;
      const username = `appop${Date.now() % 100000}`;
      dataOf(
        await t.post(
          '/admin/base/sys/user/add',
          {
            username,
            name: '甲店经理2',
            password: PASSWORD,
            departmentId: storeA,
            roleIdList: [roleId],
            userLevel: 'storeManger',
          },
          admin,
        ),
      );
      const { token } = await t.login(username, PASSWORD);
      const seenA = dataOf(await t.get<UserInfoDetails>(`${INFO}/details`, { id: userA }, token));
      expect(seenA.customer).toEqual({ id: expect.any(Number), customerName: '甲店客户' });
      const seenB = dataOf(await t.get<UserInfoDetails>(`${INFO}/details`, { id: userB }, token));
      expect(seenB.customer).toBeNull();
      // The superuser sees both.
      expect(dataOf(await t.get<UserInfoDetails>(`${INFO}/details`, { id: userB }, admin)).customer?.customerName).toBe(
        '乙店客户',
      );
    });

    it('keeps one default address per user, refuses a phone over 11, and deletes addresses with their user', async () => {
      const userId = await addUser({ nickName: 'addr' });
      const first = dataOf(
        await t.post<{ id: number }>(`${ADDRESS}/add`, { ...address(), userId, isDefault: true }, admin),
      ).id;
      const second = dataOf(
        await t.post<{ id: number }>(
          `${ADDRESS}/add`,
          { ...address({ contact: '王五' }), userId, isDefault: true },
          admin,
        ),
      ).id;
      expect(await defaultsOf(userId)).toEqual([second]);
      dataOf(await t.post(`${ADDRESS}/update`, { id: first, isDefault: true }, admin));
      expect(await defaultsOf(userId)).toEqual([first]);
      const tooLong = await t.post(`${ADDRESS}/add`, { ...address({ phone: '139123456789' }), userId }, admin, EN);
      expectRefused(tooLong, 400);
      expectRefused(await t.post(`${ADDRESS}/add`, { ...address(), userId: 999_999 }, admin), 400);
      const details = dataOf(await t.get<UserInfoDetails>(`${INFO}/details`, { id: userId }, admin));
      expect(details.addresses.map((a) => a.id)).toEqual([first, second]);
      dataOf(await t.post(`${INFO}/delete`, { ids: [userId] }, admin));
      expect(await t.ctx.db.db.selectFrom('user_address').select('id').where('userId', '=', userId).execute()).toEqual(
        [],
      );
    });
  });

  describe('address phones', () => {
    it("are masked to staff as the user's own phone is, and in clear to the user", async () => {
      const user = await register();
      const { id: userId } = await me(user.token);
      const phone = '13987654321';
      const masked = '139****4321';
      const id = dataOf(await t.post<{ id: number }>('/app/user/address/add', address({ phone }), user.token)).id;
      const page = dataOf(await t.post<PageResult<UserAddress>>(`${ADDRESS}/page`, { userId }, admin));
      const list = dataOf(await t.post<UserAddress[]>(`${ADDRESS}/list`, { userId }, admin));
      const info = dataOf(await t.get<UserAddress>(`${ADDRESS}/info`, { id }, admin));
      const details = dataOf(await t.get<UserInfoDetails>(`${INFO}/details`, { id: userId }, admin));
      expect(page.list.map((a) => a.phone)).toEqual([masked]);
      expect(list.map((a) => a.phone)).toEqual([masked]);
      expect(info.phone).toBe(masked);
      expect(details.addresses.map((a) => a.phone)).toEqual([masked]);
      for (const answer of [page, list, info, details]) expect(JSON.stringify(answer)).not.toContain(phone);
      // An operator's edit that sends the masked value back keeps the stored one.
      dataOf(await t.post(`${ADDRESS}/update`, { id, phone: info.phone, contact: '改名' }, admin));
      const own = dataOf(await t.post<UserAddress[]>('/app/user/address/list', {}, user.token));
      expect(own.map((a) => [a.phone, a.contact])).toEqual([[phone, '改名']]);
    });
  });

  describe("the app user's own addresses", () => {
    it("lists, changes and deletes only their own; another user's id is a 404", async () => {
      const alice = await register();
      const bob = await register();
      const a1 = dataOf(await t.post<{ id: number }>('/app/user/address/add', address(), alice.token)).id;
      const b1 = dataOf(
        await t.post<{ id: number }>('/app/user/address/add', address({ contact: 'Bob' }), bob.token),
      ).id;
      const aliceList = dataOf(await t.post<UserAddress[]>('/app/user/address/list', {}, alice.token));
      expect(aliceList.map((a) => a.id)).toEqual([a1]);
      // The first address is the default.
      expect(aliceList[0]?.isDefault).toBe(true);
      expectRefused(await t.post('/app/user/address/update', { id: b1, contact: 'mine now' }, alice.token), 404);
      expectRefused(await t.post('/app/user/address/delete', { ids: [a1, b1] }, alice.token), 404);
      expectRefused(await t.post('/app/user/address/setDefault', { id: b1 }, alice.token), 404);
      const bobRow = await t.ctx.db.db.selectFrom('user_address').selectAll().where('id', '=', b1).executeTakeFirst();
      expect(bobRow?.contact).toBe('Bob');
      expect((await me(alice.token)).id).not.toBe((await me(bob.token)).id);
      dataOf(await t.post('/app/user/address/delete', { ids: [a1] }, alice.token));
      expect(dataOf(await t.post<UserAddress[]>('/app/user/address/list', {}, alice.token))).toEqual([]);
    });

    it('keeps one default, also when several are set at once', async () => {
      const user = await register();
      const { id: userId } = await me(user.token);
      const ids: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        ids.push(
          dataOf(await t.post<{ id: number }>('/app/user/address/add', address({ contact: `c${i}` }), user.token)).id,
        );
      }
      expect(await defaultsOf(userId)).toEqual([ids[0]]);
      dataOf(await t.post('/app/user/address/setDefault', { id: ids[2] }, user.token));
      expect(await defaultsOf(userId)).toEqual([ids[2]]);
      dataOf(await t.post('/app/user/address/update', { id: ids[3], isDefault: true }, user.token));
      expect(await defaultsOf(userId)).toEqual([ids[3]]);
      const replies = await Promise.all(ids.map((id) => t.post('/app/user/address/setDefault', { id }, user.token)));
      for (const reply of replies) dataOf(reply);
      expect(await defaultsOf(userId)).toHaveLength(1);
    });

    it('updates the profile, and refuses a phone over 11 for an address', async () => {
      const user = await register();
      dataOf(
        await t.post('/app/user/info/updatePerson', { nickName: '新名字', gender: 2, description: 'hi' }, user.token),
      );
      expect(await me(user.token)).toMatchObject({ nickName: '新名字', gender: 2, description: 'hi' });
      expectRefused(await t.post('/app/user/address/add', address({ phone: '139123456789' }), user.token), 400);
      // Nothing beyond the profile's fields: the status is the staff's.
      expectRefused(await t.post('/app/user/info/updatePerson', { status: 1 }, user.token), 400);
    });
  });
});
