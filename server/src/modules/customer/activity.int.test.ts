import type { CustomerActivity, PageResult } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataOf,
  expectRefused,
  expectRuleRefusal,
  startApp,
  type TestApp,
  testTargets,
} from '../../testing/harness.js';
import { type Chain, createCustomer, rowCount, setUpChain } from './customer.test-support.js';

const ACTIVITY = '/admin/customer/activity';
const EN = { language: 'en' };
const PRIZE = '/upload/20261125/prize-photo.png';

describe.each(testTargets())('customer/activity calls on $name', (target) => {
  let t: TestApp;
  let c: Chain;
  let customerA: number;
  let customerB: number;
  const customerBPhone = '13912340001';

  const stored = (id: number) =>
    t.ctx.db.db.selectFrom('customer_activity').selectAll().where('id', '=', id).executeTakeFirst();
  const draft = (fields: Record<string, unknown> = {}) => ({
    customerName: '活动客户',
    customerPhone: '13700000000',
    customerAddress: '人民路 1 号',
    activityName: '周年庆',
    ...fields,
  });
  const create = (token: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    t.post<{ id: number }>(`${ACTIVITY}/create`, body, token, headers);

  beforeAll(async () => {
    t = await startApp(target);
    c = await setUpChain(t);
    customerA = (await createCustomer(t, c.clerkA1.token, { customerName: '甲店客户' })).id;
    customerB = (await createCustomer(t, c.clerkB1.token, { customerName: '乙店客户', customerPhone: customerBPhone }))
      .id;
    dataOf(await t.post(`/admin/space/info/add`, { url: PRIZE, name: 'prize-photo.png', type: 'image' }, c.admin));
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('creates an activity recorded by the operator, in the operator’s store', async () => {
    const { id } = dataOf(await create(c.clerkA1.token, draft({ storeId: c.storeB, storeName: 'elsewhere' })));
    expect(await stored(id)).toMatchObject({
      customerName: '活动客户',
      customerPhone: '13700000000',
      employeeId: c.clerkA1.id,
      storeId: c.storeA,
      storeName: '门店甲',
      customerId: null,
    });
  });

  it('recorded for a customer: the customer’s owner, store, name and phone, whoever records it', async () => {
    const { id } = dataOf(
      await create(
        c.managerB.token,
        draft({
          customerId: customerB,
          customerName: 'typed',
          customerPhone: '139****0000',
          employeeId: c.managerB.id,
        }),
      ),
    );
    expect(await stored(id)).toMatchObject({
      customerId: customerB,
      employeeId: c.clerkB1.id,
      storeId: c.storeB,
      storeName: '门店乙',
      customerName: '乙店客户',
      customerPhone: customerBPhone,
    });
    // An update keeps it the customer's; naming another customer makes it theirs.
    dataOf(await t.post(`${ACTIVITY}/update`, { id, employeeId: c.managerB.id, customerName: 'x' }, c.admin));
    expect(await stored(id)).toMatchObject({ employeeId: c.clerkB1.id, customerName: '乙店客户' });
    dataOf(await t.post(`${ACTIVITY}/update`, { id, customerId: customerA }, c.admin));
    expect(await stored(id)).toMatchObject({ employeeId: c.clerkA1.id, storeId: c.storeA, customerName: '甲店客户' });
    const missing = await create(c.managerB.token, draft({ customerId: 987654 }), EN);
    expectRefused(missing, 400);
    expect(missing.body.message).toContain('987654');
  });

  it('shows in the clerk’s list and the customer’s details when admin records it for the clerk’s customer', async () => {
    const { id } = dataOf(await create(c.admin, draft({ customerId: customerA, activityName: '管理员代录' })));
    const page = dataOf(
      await t.post<PageResult<CustomerActivity>>(
        `${ACTIVITY}/findPage`,
        { page: 1, size: 50, keyWord: '管理员代录' },
        c.clerkA1.token,
      ),
    );
    expect(page.list.map((r) => r.id)).toEqual([id]);
    const details = dataOf(
      await t.post<{ activities: CustomerActivity[] }>(
        '/admin/customer/info/details',
        { id: customerA },
        c.clerkA1.token,
      ),
    );
    expect(details.activities.map((r) => r.id)).toContain(id);
  });

  it('refuses a customer outside the operator’s scope, writing nothing', async () => {
    const before = await rowCount(t, 'customer_activity');
    expectRuleRefusal(await create(c.clerkA1.token, draft({ customerId: customerB })));
    expect(await rowCount(t, 'customer_activity')).toBe(before);
  });

  it('keeps prize photos of the file space and refuses any other URL, naming it', async () => {
    const { id } = dataOf(await create(c.clerkA1.token, draft({ prizePhoto: [PRIZE] })));
    const row = await stored(id);
    expect(JSON.parse(String(row?.prizePhoto))).toEqual([PRIZE]);
    const before = await rowCount(t, 'customer_activity');
    const stranger = 'https://evil.example.com/x.png';
    const reply = await create(c.clerkA1.token, draft({ prizePhoto: [PRIZE, stranger] }), EN);
    expectRefused(reply, 400);
    expect(reply.body.message).toContain(stranger);
    expect(reply.body.message).toContain('file space');
    expect(await rowCount(t, 'customer_activity')).toBe(before);
    const update = await t.post(`${ACTIVITY}/update`, { id, prizePhoto: ['/upload/none.png'] }, c.clerkA1.token);
    expectRefused(update, 400);
    expect(JSON.parse(String((await stored(id))?.prizePhoto))).toEqual([PRIZE]);
  });

  it.each([
    ['no customer name', { customerName: undefined }, 'Customer name'],
    ['no phone', { customerPhone: undefined }, 'Phone'],
    ['a phone over 20 characters', { customerPhone: '1'.repeat(21) }, 'Phone'],
    ['no address', { customerAddress: undefined }, 'Address'],
    ['an address over 255 characters', { customerAddress: 'x'.repeat(256) }, 'Address'],
    ['more than 9 prize photos', { prizePhoto: Array.from({ length: 10 }, () => PRIZE) }, 'Prize photos'],
  ])('refuses %s with a 400 naming the field', async (_what, fields, field) => {
    const reply = await create(c.clerkA1.token, draft(fields), EN);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(1002);
    expect(reply.body.message).toContain(field);
  });

  it('speaks the request language', async () => {
    const reply = await create(c.clerkA1.token, draft({ customerAddress: undefined }), { language: 'zh-tw' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('地址');
  });

  it('only a manager records for another staff member; the store follows them', async () => {
    expectRuleRefusal(await create(c.clerkA1.token, draft({ employeeId: c.clerkA2.id })));
    const { id } = dataOf(await create(c.managerA.token, draft({ employeeId: c.clerkA2.id })));
    expect(await stored(id)).toMatchObject({ employeeId: c.clerkA2.id, storeId: c.storeA });
    dataOf(await t.post(`${ACTIVITY}/update`, { id, employeeId: c.clerkB1.id }, c.admin));
    expect(await stored(id)).toMatchObject({ employeeId: c.clerkB1.id, storeId: c.storeB, storeName: '门店乙' });
  });

  it('findPage answers rows with the recorder’s name; delete is all or nothing', async () => {
    const { id } = dataOf(await create(c.clerkA2.token, draft({ activityName: '找我' })));
    const page = dataOf(
      await t.post<PageResult<CustomerActivity>>(
        `${ACTIVITY}/findPage`,
        { page: 1, size: 50, keyWord: '找我' },
        c.admin,
      ),
    );
    expect(page.list.map((r) => r.id)).toEqual([id]);
    expect(page.list[0]).toMatchObject({ employeeName: '甲店员二', storeName: '门店甲', prizePhoto: null });
    expectRefused(await t.post(`${ACTIVITY}/delete`, { ids: [id, 987654] }, c.clerkA2.token), 404);
    expect(await stored(id)).toBeDefined();
    dataOf(await t.post(`${ACTIVITY}/delete`, { ids: [id] }, c.clerkA2.token));
    expect(await stored(id)).toBeUndefined();
  });
});
