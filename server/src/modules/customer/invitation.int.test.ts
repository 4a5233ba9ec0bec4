import type { CustomerInvitation, PageResult } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectRefused, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import {
  type Chain,
  CUSTOMER_PERMS,
  createCustomer,
  PASSWORD,
  rowCount,
  setUpChain,
  storedCustomer,
  uniquePhone,
} from './customer.test-support.js';

const INVITATION = '/admin/customer/invitationRecord';
const EN = { language: 'en' };

describe.each(testTargets())('customer/invitationRecord calls on $name', (target) => {
  let t: TestApp;
  let c: Chain;
  /** A customer of clerk A1 in store A, and one of clerk B1 in store B. */
  let customerA: number;
  let customerB: number;

  const stored = (id: number) =>
    t.ctx.db.db.selectFrom('customer_invitation_record').selectAll().where('id', '=', id).executeTakeFirst();
  const create = (token: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    t.post<{ id: number }>(`${INVITATION}/create`, body, token, headers);

  beforeAll(async () => {
    t = await startApp(target);
    c = await setUpChain(t);
    customerA = (await createCustomer(t, c.clerkA1.token, { customerName: '邀约甲' })).id;
    customerB = (await createCustomer(t, c.clerkB1.token, { customerName: '邀约乙' })).id;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('creates an invitation: status "1" by default, the customer’s owner and store', async () => {
    const { id } = dataOf(
      await create(c.clerkA1.token, { customerID: customerA, inviteTime: '2026-03-02 10:00:00', storeId: c.storeB }),
    );
    expect(await stored(id)).toMatchObject({
      customerID: customerA,
      customerStatus: '1',
      employeeId: c.clerkA1.id,
      storeId: c.storeA,
      inviteTime: expect.anything(),
      remark: '',
    });
  });

  it('requires inviteTime and refuses a status outside the dictionary, in the request language', async () => {
    const before = await rowCount(t, 'customer_invitation_record');
    const noTime = await create(c.clerkA1.token, { customerID: customerA }, EN);
    expect(noTime.status).toBe(400);
    expect(noTime.body.code).toBe(1002);
    expect(noTime.body.message).toContain('Invitation time');
    const zh = await create(c.clerkA1.token, { customerID: customerA }, { language: 'zh-cn' });
    expect(zh.body.message).toContain('邀约时间');
    const badStatus = await create(
      c.clerkA1.token,
      { customerID: customerA, inviteTime: '2026-03-02 10:00:00', customerStatus: '9' },
      EN,
    );
    expectRefused(badStatus, 400);
    expect(badStatus.body.message).toContain('"9"');
    expect(badStatus.body.message).toContain('1, 2, 3, 4');
    expect(await rowCount(t, 'customer_invitation_record')).toBe(before);
  });

  it('refuses a customer that does not exist, naming it', async () => {
    const reply = await create(c.clerkA1.token, { customerID: 987654, inviteTime: '2026-03-02 10:00:00' }, EN);
    expectRefused(reply, 400);
    expect(reply.body.message).toContain('987654');
  });

  it('the standard add and update keep the rules: store follows the customer, status from the dictionary', async () => {
    const { id } = dataOf(
      await t.post<{ id: number }>(
        `${INVITATION}/add`,
        { customerID: customerA, inviteTime: '2026-03-03 10:00:00', storeId: c.storeB },
        c.managerA.token,
      ),
    );
    expect(await stored(id)).toMatchObject({ storeId: c.storeA, employeeId: c.clerkA1.id, customerStatus: '1' });
    expectRefused(await t.post(`${INVITATION}/update`, { id, customerStatus: 'x' }, c.managerA.token), 400);
    dataOf(await t.post(`${INVITATION}/update`, { id, customerStatus: '2', storeId: c.storeB }, c.managerA.token));
    expect(await stored(id)).toMatchObject({ customerStatus: '2', storeId: c.storeA, employeeId: c.clerkA1.id });
    dataOf(await t.post(`${INVITATION}/update`, { id, customerID: customerB }, c.admin));
    expect(await stored(id)).toMatchObject({ customerID: customerB, storeId: c.storeB, employeeId: c.clerkB1.id });
  });

  it('belongs to its customer’s owner whoever books it: a named inviter is not taken', async () => {
    const body = { customerID: customerA, inviteTime: '2026-03-04 10:00:00' };
    const byManager = dataOf(await create(c.managerA.token, { ...body, employeeId: c.clerkA2.id })).id;
    expect(await stored(byManager)).toMatchObject({ employeeId: c.clerkA1.id, storeId: c.storeA });
    const byClerk = dataOf(await create(c.clerkA1.token, { ...body, employeeId: c.clerkA2.id })).id;
    expect((await stored(byClerk))?.employeeId).toBe(c.clerkA1.id);
    dataOf(await t.post(`${INVITATION}/update`, { id: byManager, employeeId: c.managerA.id }, c.managerA.token));
    expect((await stored(byManager))?.employeeId).toBe(c.clerkA1.id);
  });

  it('an appointment admin books for a clerk’s customer shows in that clerk’s list and the customer’s details', async () => {
    const { id } = dataOf(
      await create(c.admin, { customerID: customerA, inviteTime: '2026-03-09 10:00:00', remark: 'booked by admin' }),
    );
    expect(await stored(id)).toMatchObject({ employeeId: c.clerkA1.id, storeId: c.storeA });
    const page = dataOf(
      await t.post<PageResult<CustomerInvitation>>(
        `${INVITATION}/findPage`,
        { page: 1, size: 50, keyWord: 'booked by admin' },
        c.clerkA1.token,
      ),
    );
    expect(page.list.map((r) => r.id)).toEqual([id]);
    const details = dataOf(
      await t.post<{ invitations: CustomerInvitation[] }>(
        '/admin/customer/info/details',
        { id: customerA },
        c.clerkA1.token,
      ),
    );
    expect(details.invitations.map((r) => r.id)).toContain(id);
    // …and not in another clerk's, of the same store.
    const other = dataOf(
      await t.post<PageResult<CustomerInvitation>>(
        `${INVITATION}/findPage`,
        { page: 1, size: 50, keyWord: 'booked by admin' },
        c.clerkA2.token,
      ),
    );
    expect(other.list).toEqual([]);
  });

  it('findPage answers rows with the customer’s, inviter’s and store’s names', async () => {
    const { id } = dataOf(await create(c.clerkB1.token, { customerID: customerB, inviteTime: '2026-03-05 15:00:00' }));
    const page = dataOf(
      await t.post<PageResult<CustomerInvitation>>(`${INVITATION}/findPage`, { page: 1, size: 50 }, c.admin),
    );
    expect(page.list.find((r) => r.id === id)).toMatchObject({
      customerName: '邀约乙',
      employeeName: '乙店员一',
      storeName: '门店乙',
    });
    expect(page.pagination.total).toBe(await rowCount(t, 'customer_invitation_record'));
  });

  it('answers the customer’s phone beside each row, masked as the customer’s own, to a clerk without reveal', async () => {
    // A clerk of store A whose role holds every customer permission but the reveal calls.
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
    const user = { username: 'clerk.noreveal', name: '甲店员三', password: PASSWORD, departmentId: c.storeA };
    dataOf(await t.post('/admin/base/sys/user/add', { ...user, userLevel: 'clerk', roleIdList: [roleId] }, c.admin));
    const clerk = (await t.login(user.username, PASSWORD)).token;
    expect(perms.length).toBeGreaterThan(0);
    expect(CUSTOMER_PERMS.filter((perm) => perm.endsWith(':reveal')).length).toBeGreaterThan(0);

    const phone = uniquePhone();
    const customer = (await createCustomer(t, clerk, { customerName: '邀约丙', customerPhone: phone })).id;
    expect((await storedCustomer(t, customer))?.customerPhone).toBe(phone);
    const { id } = dataOf(await create(clerk, { customerID: customer, inviteTime: '2026-03-10 10:00:00' }));
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;

    // The customer's own row shows this mask: the invitation shows the same, on every read.
    const customers = dataOf(
      await t.post<PageResult<{ id: number; customerPhone: string }>>(
        '/admin/customer/info/page',
        { page: 1, size: 50, customerName: '邀约丙' },
        clerk,
      ),
    );
    expect(customers.list.find((r) => r.id === customer)?.customerPhone).toBe(masked);
    const page = dataOf(
      await t.post<PageResult<CustomerInvitation>>(`${INVITATION}/findPage`, { page: 1, size: 50 }, clerk),
    );
    expect(page.list.find((r) => r.id === id)).toMatchObject({ customerName: '邀约丙', customerPhone: masked });
    const list = dataOf(await t.post<CustomerInvitation[]>(`${INVITATION}/list`, { customerID: customer }, clerk));
    expect(list.map((r) => r.customerPhone)).toEqual([masked]);
    const info = dataOf(await t.get<CustomerInvitation>(`${INVITATION}/info`, { id }, clerk));
    expect(info.customerPhone).toBe(masked);
    const details = dataOf(
      await t.post<{ invitations: CustomerInvitation[] }>('/admin/customer/info/details', { id: customer }, clerk),
    );
    expect(details.invitations.map((r) => r.customerPhone)).toEqual([masked]);
    // Masked to every operator, as the customer's column is: admin's page too. The clear number is in no answer.
    const adminPage = await t.post<PageResult<CustomerInvitation>>(
      `${INVITATION}/page`,
      { page: 1, size: 50, customerID: customer },
      c.admin,
    );
    expect(dataOf(adminPage).list.map((r) => r.customerPhone)).toEqual([masked]);
    expect(JSON.stringify(adminPage.body)).not.toContain(phone);
    expect(JSON.stringify(page)).not.toContain(phone);
    // It is a read-only field: a phone sent with an update is no column and changes nothing.
    await t.post(`${INVITATION}/update`, { id, customerPhone: '13900000000', remark: 'phone sent' }, clerk);
    expect((await storedCustomer(t, customer))?.customerPhone).toBe(phone);
    // Nor is it a sort key (a sorted list would tell the hidden digits).
    const sorted = await t.post(`${INVITATION}/page`, { page: 1, size: 50, order: 'customerPhone' }, clerk, EN);
    expect(sorted.status).toBe(400);
  });

  it('filters a calendar day and a week with inviteTimeFrom (inclusive) and inviteTimeTo (exclusive)', async () => {
    const at = async (inviteTime: string) =>
      dataOf(await create(c.clerkA1.token, { customerID: customerA, inviteTime, remark: 'calendar' })).id;
    const monday = await at('2026-06-01 00:00:00');
    const tuesday = await at('2026-06-02 09:30:00');
    const sunday = await at('2026-06-07 23:59:59');
    const nextMonday = await at('2026-06-08 00:00:00');
    const ids = async (from: string, to: string) =>
      dataOf(
        await t.post<PageResult<CustomerInvitation>>(
          `${INVITATION}/findPage`,
          { page: 1, size: 50, keyWord: 'calendar', inviteTimeFrom: from, inviteTimeTo: to },
          c.admin,
        ),
      )
        .list.map((r) => r.id)
        .sort((a, b) => a - b);
    expect(await ids('2026-06-02 00:00:00', '2026-06-03 00:00:00')).toEqual([tuesday]);
    expect(await ids('2026-06-01 00:00:00', '2026-06-08 00:00:00')).toEqual([monday, tuesday, sunday]);
    expect(await ids('2026-06-08 00:00:00', '2026-06-15 00:00:00')).toEqual([nextMonday]);
    const list = dataOf(
      await t.post<CustomerInvitation[]>(
        `${INVITATION}/list`,
        { inviteTimeFrom: '2026-06-01 00:00:00', inviteTimeTo: '2026-06-02 00:00:00' },
        c.admin,
      ),
    );
    expect(list.map((r) => r.id)).toEqual([monday]);
    const bad = await t.post(`${INVITATION}/findPage`, { inviteTimeFrom: 'monday' }, c.admin, EN);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(1002);
  });

  it('delete removes invitations into the recycle bin, all or nothing', async () => {
    const { id } = dataOf(await create(c.clerkA1.token, { customerID: customerA, inviteTime: '2026-03-06 10:00:00' }));
    expectRefused(await t.post(`${INVITATION}/delete`, { ids: [id, 987654] }, c.clerkA1.token), 404);
    expect(await stored(id)).toBeDefined();
    dataOf(await t.post(`${INVITATION}/delete`, { ids: [id] }, c.clerkA1.token));
    expect(await stored(id)).toBeUndefined();
  });
  it('exports the list the filters and the scope give, the customer’s phone masked as on the screen', async () => {
    const phone = uniquePhone();
    const mine = (await createCustomer(t, c.clerkA1.token, { customerName: '导出甲', customerPhone: phone })).id;
    const window = { inviteTimeFrom: '2031-05-01 00:00:00', inviteTimeTo: '2031-06-01 00:00:00' };
    dataOf(await create(c.clerkA1.token, { customerID: mine, inviteTime: '2031-05-03 10:00:00', remark: 'x-in-1' }));
    dataOf(await create(c.clerkA1.token, { customerID: mine, inviteTime: '2031-05-20 15:30:00', remark: 'x-in-2' }));
    dataOf(await create(c.clerkA1.token, { customerID: mine, inviteTime: '2031-06-02 09:00:00', remark: 'x-out' }));
    dataOf(await create(c.clerkB1.token, { customerID: customerB, inviteTime: '2031-05-04 10:00:00', remark: 'x-b' }));
    const columns = ['customerName', 'customerPhone', 'storeName', 'employeeName', 'remark'];
    const page = dataOf(
      await t.post<PageResult<CustomerInvitation & Record<string, string | null>>>(
        `${INVITATION}/page`,
        { ...window, size: 100 },
        c.clerkA1.token,
      ),
    );
    const file = await t.app.inject({
      method: 'POST',
      url: `/api${INVITATION}/export`,
      payload: { ...window, columns },
      headers: { authorization: c.clerkA1.token, language: 'en' },
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows: string[][] = [];
    sheet?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
    });
    const header = rows.findIndex((r) => r[0] === 'Customer name');
    expect(rows[header]).toEqual(['Customer name', 'Phone', 'Store name', 'Owner', 'Remark']);
    const body = rows.slice(header + 1);
    // Row for row what the list answers with the same filters within the same scope.
    expect(body).toEqual(page.list.map((r) => columns.map((name) => String(r[name] ?? ''))));
    const remarks = body.map((r) => r[4]);
    expect(remarks).toEqual(expect.arrayContaining(['x-in-1', 'x-in-2']));
    expect(remarks).not.toContain('x-out');
    expect(remarks).not.toContain('x-b');
    // The phone is the masked one the screen shows, never the stored number.
    const phones = body.filter((r) => r[0] === '导出甲').map((r) => r[1] ?? '');
    expect(phones).toHaveLength(2);
    for (const shown of phones) {
      expect(shown).not.toBe(phone);
      expect(shown.startsWith(phone.slice(0, 3)) && shown.endsWith(phone.slice(-4)) && shown.includes('*')).toBe(true);
    }
    // No import: the option is an export only.
    const template = await t.app.inject({
      method: 'GET',
      url: `/api${INVITATION}/import`,
      headers: { authorization: c.admin },
    });
    expect(template.statusCode).toBe(404);
  });
});
