import {
  type CustomerInfo,
  type CustomerPreCreate,
  customerInfo,
  type ImportResult,
  type PageResult,
  phoneFormatMessages,
  type SysUser,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookOf, checkCall } from '../../core/crud/excel.fixtures.js';
import { dataOf, type Reply, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import {
  type Chain,
  CUSTOMER_PERMS,
  PASSWORD,
  type Staff,
  setUpChain,
  storedCustomer,
} from './customer.test-support.js';

// One phone number, one spelling (issue 35 §7): a customer's and a staff user's phone is stored in
// its canonical form whatever was typed, so the duplicate check and every search find it by any
// other spelling of the number, for readers with and without the right to reveal it.

const EN = { language: 'en' };
type Page<T> = PageResult<T & { id: number }>;

describe.each(testTargets())('phone numbers in one spelling, customers and staff, on $name', (target) => {
  let t: TestApp;
  let c: Chain;
  /** A clerk of store A without the reveal permission: phones match only as whole values for them. */
  let masked: Staff;

  const customersFound = async (body: Record<string, unknown>, token: string) =>
    dataOf(
      await t.post<Page<CustomerInfo>>(`${customerInfo.prefix}/page`, { page: 1, size: 50, ...body }, token),
    ).list.map((r) => r.id);

  beforeAll(async () => {
    t = await startApp(target);
    c = await setUpChain(t);
    const perms = CUSTOMER_PERMS.filter((perm) => !perm.endsWith(':reveal'));
    const menuId = dataOf(
      await t.post<{ id: number }>(
        '/admin/base/sys/menu/add',
        { name: 'no reveal', type: 2, perms: perms.join(',') },
        c.admin,
      ),
    ).id;
    const roleId = dataOf(
      await t.post<{ id: number }>(
        '/admin/base/sys/role/add',
        { name: 'no reveal', label: 'no-reveal', relevance: true, menuIdList: [menuId], departmentIdList: [c.storeA] },
        c.admin,
      ),
    ).id;
    const user = { username: 'clerk.masked', name: '甲店员三', password: PASSWORD, departmentId: c.storeA };
    const id = dataOf(
      await t.post<{ id: number }>(
        '/admin/base/sys/user/add',
        { ...user, userLevel: 'clerk', roleIdList: [roleId] },
        c.admin,
      ),
    ).id;
    masked = { id, username: user.username, token: (await t.login(user.username, PASSWORD)).token };
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('stores a customer added with +86 139-1234-5603 as 13912345603, on every write path', async () => {
    const created = dataOf(
      await t.post<{ id: number }>(
        `${customerInfo.prefix}/create`,
        { customerName: '拼写甲', customerPhone: '+86 139-1234-5603' },
        c.clerkA1.token,
      ),
    );
    expect((await storedCustomer(t, created.id))?.customerPhone).toBe('13912345603');
    const added = dataOf(
      await t.post<{ id: number }>(
        `${customerInfo.prefix}/add`,
        { customerName: '拼写乙', customerPhone: '(+86) 139 1234 5604' },
        c.clerkA1.token,
      ),
    );
    expect((await storedCustomer(t, added.id))?.customerPhone).toBe('13912345604');
    dataOf(
      await t.post(
        `${customerInfo.prefix}/update`,
        { id: added.id, customerPhone: '0086 139.1234.5605' },
        c.clerkA1.token,
      ),
    );
    expect((await storedCustomer(t, added.id))?.customerPhone).toBe('13912345605');
    const landline = dataOf(
      await t.post<{ id: number }>(
        `${customerInfo.prefix}/add`,
        { customerName: '拼写丙', customerPhone: '010-6234 5678' },
        c.clerkA1.token,
      ),
    );
    expect((await storedCustomer(t, landline.id))?.customerPhone).toBe('+861062345678');
  });

  it('stores an imported phone in its one spelling too', async () => {
    const file = await bookOf([
      ['Customer name', 'Phone', 'Remark'],
      ['Import A', '+86 137-1000-0071', 'phone-import'],
    ]);
    const report = dataOf(await checkCall(t, customerInfo, c.admin, file));
    expect(report.counts).toMatchObject({ insert: 1, error: 0 });
    expect(
      dataOf(await t.post<ImportResult>(`${customerInfo.prefix}/importCommit`, { token: report.token }, c.admin)),
    ).toMatchObject({ inserted: 1 });
    const row = await t.ctx.db.db
      .selectFrom('customer_info')
      .select('customerPhone')
      .where('remark', '=', 'phone-import')
      .executeTakeFirst();
    expect(row?.customerPhone).toBe('13710000071');
  });

  it('finds the customer by the duplicate check in another spelling, inside the scope and beyond it', async () => {
    const { id } = dataOf(
      await t.post<{ id: number }>(
        `${customerInfo.prefix}/create`,
        { customerName: '重号', customerPhone: '139 1234 5606' },
        c.clerkA1.token,
      ),
    );
    const draft = { customerName: '新客户' };
    const inStore = dataOf(
      await t.post<CustomerPreCreate>(
        `${customerInfo.prefix}/preCreate`,
        { ...draft, customerPhone: '0139-1234-5606' },
        c.managerA.token,
      ),
    );
    expect(inStore.duplicates).toEqual([expect.objectContaining({ visible: true, id })]);
    const elsewhere = dataOf(
      await t.post<CustomerPreCreate>(
        `${customerInfo.prefix}/preCreate`,
        { ...draft, customerPhone: '+86 (139) 1234.5606' },
        c.clerkB1.token,
      ),
    );
    expect(elsewhere.duplicates).toEqual([{ visible: false, storeName: '门店甲' }]);
    const refused = await t.post(
      `${customerInfo.prefix}/create`,
      { ...draft, customerPhone: '8613912345606' },
      c.clerkB1.token,
      EN,
    );
    expect(refused.status).toBe(409);
  });

  it('finds the customer by search in any spelling, for readers with and without reveal', async () => {
    const { id } = dataOf(
      await t.post<{ id: number }>(
        `${customerInfo.prefix}/create`,
        { customerName: '搜索', customerPhone: '13912345607' },
        masked.token,
      ),
    );
    for (const spelling of ['+86 139 1234 5607', '0139-1234-5607', '(+86)13912345607', '008613912345607']) {
      // Whole values for the clerk without reveal, substrings for the manager with it.
      expect(await customersFound({ keyWord: spelling }, masked.token), spelling).toEqual([id]);
      expect(await customersFound({ keyWord: spelling }, c.managerA.token), spelling).toEqual([id]);
      expect(await customersFound({ customerPhone: spelling }, masked.token), spelling).toEqual([id]);
      expect(await customersFound({ customerPhone: spelling }, c.managerA.token), spelling).toEqual([id]);
    }
    // A row an older release kept as typed is still found by a whole value (phone.ts, phoneSearchForms).
    await t.ctx.db.db
      .updateTable('customer_info')
      .set({ customerPhone: '+8613912345607' })
      .where('id', '=', id)
      .execute();
    expect(await customersFound({ keyWord: '139 1234 5607' }, masked.token)).toEqual([id]);
    expect(await customersFound({ customerPhone: '13912345607' }, c.managerA.token)).toEqual([id]);
    // A part of the number: the hidden middle digits match on rows the reader may reveal, her own
    // customers included (issue 37; masked-search.int.test.ts holds the readers it never matches for).
    expect(await customersFound({ keyWord: '1391234560' }, masked.token)).toEqual([id]);
  });

  it("keeps a staff user's phone in one spelling and finds the user by another", async () => {
    const { id } = dataOf(
      await t.post<{ id: number }>(
        '/admin/base/sys/user/add',
        { username: 'phone.staff', name: '号码员工', password: PASSWORD, phone: '+86 139 1234 5610' },
        c.admin,
      ),
    );
    const stored = () =>
      t.ctx.db.db.selectFrom('base_sys_user').select('phone').where('id', '=', id).executeTakeFirstOrThrow();
    expect((await stored()).phone).toBe('13912345610');
    const found = async (keyWord: string) =>
      dataOf(
        await t.post<Page<SysUser>>('/admin/base/sys/user/page', { page: 1, size: 20, keyWord }, c.admin),
      ).list.map((r) => r.id);
    expect(await found('0139-1234-5610')).toEqual([id]);
    expect(await found('+86 139 1234 5610')).toEqual([id]);
    const own = (await t.login('phone.staff', PASSWORD)).token;
    dataOf(await t.post('/admin/base/comm/personUpdate', { nickName: '号码', phone: '(+86) 139-1234-5611' }, own));
    expect((await stored()).phone).toBe('13912345611');
    // A staff phone takes an SMS: a landline is refused, and the personal center checks as the user screen does.
    const landline = await t.post(
      '/admin/base/comm/personUpdate',
      { nickName: '号码', phone: '010-1234 5678' },
      own,
      EN,
    );
    expect(landline.status).toBe(400);
    expect(landline.body.message).toBe(phoneFormatMessages.mobile.en.replace('{field}', 'phone'));
    expect((await stored()).phone).toBe('13912345611');
  });

  it('refuses what is no phone number, saying what is taken, in three languages', async () => {
    const replies: Array<[Reply, 'zh-cn' | 'zh-tw' | 'en']> = [];
    for (const language of ['zh-cn', 'zh-tw', 'en'] as const) {
      const reply = await t.post(
        `${customerInfo.prefix}/add`,
        { customerName: '错号', customerPhone: '8765 4321' },
        c.clerkA1.token,
        { language },
      );
      replies.push([reply, language]);
    }
    for (const [reply, language] of replies) {
      expect(reply.status).toBe(400);
      const field = customerInfo.columns.customerPhone.label[language];
      expect(reply.body.message).toBe(phoneFormatMessages.phone[language].replace('{field}', field));
    }
  });
});
