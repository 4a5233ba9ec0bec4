import {
  CUSTOMER_FIND_ALL_CAP,
  type CustomerDetails,
  type CustomerHomeData,
  type CustomerInfo,
  type CustomerPreCreate,
  type PageResult,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../core/db/index.js';
import {
  dataOf,
  expectRefused,
  expectRuleRefusal,
  startApp,
  type TestApp,
  testTargets,
} from '../../testing/harness.js';
import {
  type Chain,
  createCustomer,
  rowCount,
  setUpChain,
  storedCustomer,
  uniquePhone,
} from './customer.test-support.js';

const INFO = '/admin/customer/info';
const EN = { language: 'en' };
const CODE = /^C\d{8}$/;

describe.each(testTargets())('customer/info calls on $name', (target) => {
  let t: TestApp;
  let c: Chain;

  const invite = async (token: string, customerID: number, fields: Record<string, unknown> = {}) =>
    dataOf(
      await t.post<{ id: number }>(
        '/admin/customer/invitationRecord/create',
        { customerID, inviteTime: formatTime(), ...fields },
        token,
      ),
    ).id;
  /** Records an activity for a customer through activity/create; answers its id. */
  const recordActivity = async (token: string, customerId: number) =>
    dataOf(
      await t.post<{ id: number }>(
        '/admin/customer/activity/create',
        {
          customerId,
          customerName: '占位',
          customerPhone: '13912345678',
          customerAddress: '人民路 1 号',
          activityName: '周年庆',
        },
        token,
      ),
    ).id;
  const storedActivity = (id: number) =>
    t.ctx.db.db.selectFrom('customer_activity').selectAll().where('id', '=', id).executeTakeFirst();
  const storedInvitation = (id: number) =>
    t.ctx.db.db.selectFrom('customer_invitation_record').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    t = await startApp(target);
    c = await setUpChain(t);
  });
  afterAll(async () => {
    await t?.stop();
  });

  describe('create and preCreate', () => {
    it('creates a customer owned by the operator, in their store, with a generated code', async () => {
      const phone = uniquePhone();
      const created = await createCustomer(t, c.clerkA1.token, { customerPhone: phone, customerName: '张三' });
      expect(created.customerCode).toMatch(CODE);
      const row = await storedCustomer(t, created.id);
      expect(row).toMatchObject({
        customerName: '张三',
        customerPhone: phone,
        customerCode: created.customerCode,
        employeeId: c.clerkA1.id,
        employeeNumber: c.clerkA1.username,
        storeId: c.storeA,
        storeName: '门店甲',
        customerStatus: '0',
      });
    });

    it('takes a customer type only from the customerType dictionary, on create and on update', async () => {
      const bad = await t.post(
        `${INFO}/create`,
        { customerName: '类型', customerPhone: uniquePhone(), customerType: 'no-such-type' },
        c.clerkA1.token,
        EN,
      );
      expect(bad.status, bad.raw).toBe(400);
      expect(bad.body.code).toBe(1002);
      expect(bad.body.message).toContain('"no-such-type" is not a value of its dictionary');
      const { id } = await createCustomer(t, c.clerkA1.token, { customerType: 'vip' });
      expect((await storedCustomer(t, id))?.customerType).toBe('vip');
      const update = await t.post(`${INFO}/update`, { id, customerType: 'gold' }, c.clerkA1.token, EN);
      expect(update.status, update.raw).toBe(400);
      expect((await storedCustomer(t, id))?.customerType).toBe('vip');
    });

    it('ignores a store and staff number the client sends: they are the owner’s', async () => {
      const { id } = await createCustomer(t, c.clerkA1.token, {
        storeId: c.storeB,
        storeName: 'elsewhere',
        employeeNumber: 'forged',
      });
      expect(await storedCustomer(t, id)).toMatchObject({
        storeId: c.storeA,
        storeName: '门店甲',
        employeeNumber: c.clerkA1.username,
      });
    });

    it('a head-office owner works in no store: the customer sits in their department', async () => {
      const { id } = await createCustomer(t, c.office.token);
      expect(await storedCustomer(t, id)).toMatchObject({
        employeeId: c.office.id,
        storeId: c.headOffice,
        storeName: '总部客服',
      });
    });

    it('a store manager gives a new customer to a clerk of the store; the store follows that clerk', async () => {
      const { id } = await createCustomer(t, c.managerA.token, { employeeId: c.clerkA2.id });
      expect(await storedCustomer(t, id)).toMatchObject({
        employeeId: c.clerkA2.id,
        employeeNumber: c.clerkA2.username,
        storeId: c.storeA,
      });
    });

    it('a clerk cannot give a customer to someone else, nor a manager to another store’s clerk', async () => {
      const before = await rowCount(t, 'customer_info');
      const byClerk = await t.post(
        `${INFO}/create`,
        { customerName: 'x', customerPhone: uniquePhone(), employeeId: c.clerkA2.id },
        c.clerkA1.token,
        EN,
      );
      expectRuleRefusal(byClerk);
      expect(byClerk.body.message).toContain('clerk');
      const otherStore = await t.post(
        `${INFO}/create`,
        { customerName: 'x', customerPhone: uniquePhone(), employeeId: c.clerkB1.id },
        c.managerA.token,
        { language: 'zh-tw' },
      );
      expectRuleRefusal(otherStore);
      expect(otherStore.body.message).toContain('您不是「乙店员一」所在門市的店長');
      expect(await rowCount(t, 'customer_info')).toBe(before);
    });

    it('refuses an owner who does not exist, naming them', async () => {
      const reply = await t.post(
        `${INFO}/create`,
        { customerName: 'x', customerPhone: uniquePhone(), employeeId: 987654 },
        c.admin,
        EN,
      );
      expectRefused(reply, 400);
      expect(reply.body.message).toContain('987654');
    });

    it('refuses a draft without a name or phone, in the request language', async () => {
      const en = await t.post(`${INFO}/create`, { customerPhone: uniquePhone() }, c.clerkA1.token, EN);
      expect(en.status).toBe(400);
      expect(en.body.code).toBe(1002);
      expect(en.body.message).toContain('Customer name');
      const cn = await t.post(`${INFO}/create`, { customerName: 'x' }, c.clerkA1.token, { language: 'zh-cn' });
      expect(cn.status).toBe(400);
      expect(cn.body.message).toContain('手机号');
      const long = await t.post(
        `${INFO}/create`,
        { customerName: 'x', customerPhone: '1'.repeat(21) },
        c.clerkA1.token,
        EN,
      );
      expect(long.status).toBe(400);
      expect(long.body.message).toContain('Phone');
    });

    it('preCreate resolves owner, store and the next code, reports duplicates, and writes nothing', async () => {
      const phone = uniquePhone();
      const first = await createCustomer(t, c.clerkB1.token, { customerPhone: phone, customerName: '重复甲' });
      const counts = async () => [
        await rowCount(t, 'customer_info'),
        await rowCount(t, 'customer_invitation_record'),
        await rowCount(t, 'customer_activity'),
      ];
      const before = await counts();
      const reply = await t.post<CustomerPreCreate>(
        `${INFO}/preCreate`,
        { customerName: '重复乙', customerPhone: phone, employeeId: c.clerkA2.id },
        c.managerA.token,
      );
      const check = dataOf(reply);
      expect(check).toMatchObject({
        employeeId: c.clerkA2.id,
        employeeName: '甲店员二',
        employeeNumber: c.clerkA2.username,
        storeId: c.storeA,
        storeName: '门店甲',
      });
      expect(check.customerCode).toMatch(CODE);
      expect(check.duplicates).toHaveLength(1);
      // Another store's customer: only that the number is taken there, and which store; never
      // the customer's name, code, owner or id.
      expect(check.duplicates[0]).toEqual({ visible: false, storeName: '门店乙' });
      expect(reply.raw).not.toContain('重复甲');
      expect(reply.raw).not.toContain(first.customerCode);
      expect(reply.raw).not.toContain('乙店员一');
      // Within the scope the operator may open it, so it is named.
      const own = dataOf(
        await t.post<CustomerPreCreate>(
          `${INFO}/preCreate`,
          { customerName: '重复丙', customerPhone: phone, employeeId: c.clerkB1.id },
          c.managerB.token,
        ),
      );
      expect(own.duplicates).toEqual([
        {
          visible: true,
          id: first.id,
          customerCode: first.customerCode,
          customerName: '重复甲',
          storeName: '门店乙',
          employeeName: '乙店员一',
        },
      ]);
      expect(await counts()).toEqual(before);
      // The code it announced is the one the next create takes.
      const next = await createCustomer(t, c.managerA.token, { customerPhone: uniquePhone() });
      expect(next.customerCode).toBe(check.customerCode);
    });

    it('create refuses a phone already in the chain unless forced', async () => {
      const phone = uniquePhone();
      await createCustomer(t, c.clerkA1.token, { customerPhone: phone });
      const before = await rowCount(t, 'customer_info');
      const refused = await t.post(
        `${INFO}/create`,
        { customerName: 'again', customerPhone: phone },
        c.clerkB1.token,
        EN,
      );
      expectRefused(refused, 409);
      expect(refused.body.message).toContain('phone');
      expect(await rowCount(t, 'customer_info')).toBe(before);
      const forced = await createCustomer(t, c.clerkB1.token, { customerPhone: phone, force: true });
      expect((await storedCustomer(t, forced.id))?.customerPhone).toBe(phone);
    });

    it('gives parallel creates distinct codes, every one succeeding', async () => {
      const replies = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t.post<{ id: number; customerCode: string }>(
            `${INFO}/create`,
            { customerName: `并发${i}`, customerPhone: uniquePhone() },
            i % 2 === 0 ? c.clerkA1.token : c.clerkB1.token,
          ),
        ),
      );
      const created = replies.map((r) => dataOf(r));
      const codes = created.map((r) => r.customerCode);
      expect(codes.every((code) => CODE.test(code))).toBe(true);
      expect(new Set(codes).size).toBe(codes.length);
      for (const { id, customerCode } of created)
        expect((await storedCustomer(t, id))?.customerCode).toBe(customerCode);
    });

    it('gives 40 adds at once distinct codes, every one succeeding (writers that lost a round spread out)', async () => {
      // More writers at once than the pool has connections: on PostgreSQL and MariaDB each round of
      // reading the highest code is won by one of them, and before the spread some lost 20 rounds.
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          t.post<{ id: number }>(
            `${INFO}/add`,
            { customerName: `同时${i}`, customerPhone: uniquePhone() },
            i % 2 === 0 ? c.clerkA1.token : c.clerkB1.token,
          ),
        ),
      );
      expect(replies.map((r) => (r.status === 200 ? 200 : r.raw))).toEqual(replies.map(() => 200));
      const codes = await Promise.all(replies.map(async (r) => (await storedCustomer(t, dataOf(r).id))?.customerCode));
      expect(codes.every((code) => typeof code === 'string' && CODE.test(code))).toBe(true);
      expect(new Set(codes).size).toBe(codes.length);
    });

    it('the standard add keeps the same rules: owner, store and a generated code', async () => {
      const { id } = dataOf(
        await t.post<{ id: number }>(
          `${INFO}/add`,
          { customerName: 'via add', customerPhone: uniquePhone(), storeId: c.storeA },
          c.clerkB1.token,
        ),
      );
      const row = await storedCustomer(t, id);
      expect(row).toMatchObject({ employeeId: c.clerkB1.id, storeId: c.storeB, storeName: '门店乙' });
      expect(row?.customerCode).toMatch(CODE);
      const refused = await t.post(
        `${INFO}/add`,
        { customerName: 'via add', customerPhone: uniquePhone(), employeeId: c.clerkA1.id },
        c.clerkB1.token,
      );
      expectRuleRefusal(refused);
    });

    it('an update that changes the owner moves the store with them, under the same rule', async () => {
      const { id } = await createCustomer(t, c.clerkA1.token);
      const byClerk = await t.post(`${INFO}/update`, { id, employeeId: c.clerkA2.id }, c.clerkA1.token);
      expectRuleRefusal(byClerk);
      dataOf(await t.post(`${INFO}/update`, { id, employeeId: c.clerkB1.id }, c.admin));
      expect(await storedCustomer(t, id)).toMatchObject({ employeeId: c.clerkB1.id, storeId: c.storeB });
    });
  });

  describe('reads', () => {
    it('findPage answers rows with the owner’s name and honours salesmanId', async () => {
      const mine = await createCustomer(t, c.clerkA2.token, { customerName: '页客户' });
      const page = dataOf(
        await t.post<PageResult<CustomerInfo>>(
          `${INFO}/findPage`,
          { page: 1, size: 50, salesmanId: c.clerkA2.id },
          c.admin,
        ),
      );
      expect(page.list.length).toBeGreaterThan(0);
      expect(page.list.every((r) => r.employeeId === c.clerkA2.id && r.employeeName === '甲店员二')).toBe(true);
      expect(page.list.map((r) => r.id)).toContain(mine.id);
      const stored = await t.ctx.db.db
        .selectFrom('customer_info')
        .select('id')
        .where('employeeId', '=', c.clerkA2.id)
        .execute();
      expect(page.pagination.total).toBe(stored.length);
    });

    it('total counts under the same filters as findAll', async () => {
      const filters = { employeeId: c.clerkA1.id };
      const total = dataOf(await t.get<number>(`${INFO}/total`, filters, c.admin));
      const all = dataOf(await t.post<CustomerInfo[]>(`${INFO}/findAll`, filters, c.admin));
      expect(total).toBe(all.length);
      expect(total).toBeGreaterThan(0);
      expect(all.every((r) => r.employeeId === c.clerkA1.id)).toBe(true);
      const keyed = dataOf(await t.get<number>(`${INFO}/total`, { keyWord: 'no-such-customer-anywhere' }, c.admin));
      expect(keyed).toBe(0);
    });

    it('details answers the customer with their invitations and activities, newest first', async () => {
      const { id } = await createCustomer(t, c.clerkA1.token, { customerName: '详情' });
      const older = await invite(c.clerkA1.token, id, { inviteTime: '2026-01-01 10:00:00' });
      const newer = await invite(c.clerkA1.token, id, { inviteTime: '2026-02-01 10:00:00' });
      const activity = async (name: string) =>
        dataOf(
          await t.post<{ id: number }>(
            '/admin/customer/activity/create',
            {
              customerId: id,
              customerName: '详情',
              customerPhone: '13900000000',
              customerAddress: '一号',
              activityName: name,
            },
            c.clerkA1.token,
          ),
        ).id;
      const first = await activity('first');
      // createTime has seconds: tell the order apart by moving the first one back a day.
      await t.ctx.db.db
        .updateTable('customer_activity')
        .set({ createTime: '2026-01-01 09:00:00' })
        .where('id', '=', first)
        .execute();
      const second = await activity('second');
      const details = dataOf(await t.post<CustomerDetails>(`${INFO}/details`, { id }, c.clerkA1.token));
      expect(details).toMatchObject({ id, customerName: '详情', employeeName: '甲店员一' });
      expect(details.invitations.map((i) => i.id)).toEqual([newer, older]);
      expect(details.invitations[0]).toMatchObject({ customerID: id, employeeName: '甲店员一' });
      expect(details.activities.map((a) => a.id)).toEqual([second, first]);
      expectRefused(await t.post(`${INFO}/details`, { id: 987654 }, c.admin), 404);
    });

    it('homeBaseData counts customers, invitations by status and activities, and lists the last 5 touched', async () => {
      const { id } = await createCustomer(t, c.clerkA1.token, { customerName: '首页' });
      await invite(c.clerkA1.token, id);
      await invite(c.clerkA1.token, id, { customerStatus: '3' });
      const data = dataOf(await t.get<CustomerHomeData>(`${INFO}/homeBaseData`, {}, c.admin));
      const db = t.ctx.db.db;
      const today = formatTime().slice(0, 10);
      const count = async (q: { execute(): Promise<unknown[]> }) => (await q.execute()).length;
      expect(data.customers.total).toBe(await rowCount(t, 'customer_info'));
      expect(data.customers.newToday).toBe(
        await count(db.selectFrom('customer_info').select('id').where('createTime', '>=', `${today} 00:00:00`)),
      );
      expect(data.customers.newThisWeek).toBeGreaterThanOrEqual(data.customers.newToday);
      const invitedToday = (status: string) =>
        count(
          db
            .selectFrom('customer_invitation_record')
            .select('id')
            .where('customerStatus', '=', status)
            .where('inviteTime', '>=', `${today} 00:00:00`)
            .where('inviteTime', '<=', `${today} 23:59:59`),
        );
      expect(data.invitations.today['1']).toBe(await invitedToday('1'));
      expect(data.invitations.today['3']).toBe(await invitedToday('3'));
      expect(data.invitations.today['3']).toBeGreaterThan(0);
      expect(Object.keys(data.invitations.thisWeek).sort()).toEqual(['1', '2', '3', '4']);
      expect(data.invitations.thisWeek['1']).toBeGreaterThanOrEqual(data.invitations.today['1'] ?? 0);
      expect(data.activitiesThisMonth).toBeGreaterThanOrEqual(0);
      const recent = await db
        .selectFrom('customer_info')
        .select('id')
        .orderBy('updateTime', 'desc')
        .orderBy('id', 'desc')
        .limit(5)
        .execute();
      expect(data.recent.map((r) => r.id)).toEqual(recent.map((r) => r.id));
    });
  });

  describe('changes of many', () => {
    it('remove cancels customers (status 2), all or nothing, and an update brings one back', async () => {
      const a = await createCustomer(t, c.clerkA1.token);
      const b = await createCustomer(t, c.clerkA1.token);
      expectRefused(await t.post(`${INFO}/remove`, { ids: [a.id, 987654] }, c.clerkA1.token), 404);
      expect((await storedCustomer(t, a.id))?.customerStatus).toBe('0');
      dataOf(await t.post(`${INFO}/remove`, { ids: [a.id, b.id] }, c.clerkA1.token));
      expect((await storedCustomer(t, a.id))?.customerStatus).toBe('2');
      expect((await storedCustomer(t, b.id))?.customerStatus).toBe('2');
      dataOf(await t.post(`${INFO}/update`, { id: a.id, customerStatus: '0' }, c.clerkA1.token));
      expect((await storedCustomer(t, a.id))?.customerStatus).toBe('0');
    });

    it('batchUpdate changes every row in one go and answers the count; a missing id changes nothing', async () => {
      const a = await createCustomer(t, c.clerkA1.token);
      const b = await createCustomer(t, c.clerkA1.token);
      const failed = await t.post(
        `${INFO}/batchUpdate`,
        { ids: [a.id, b.id, 987654], customerType: 'vip' },
        c.clerkA1.token,
      );
      expectRefused(failed, 404);
      expect((await storedCustomer(t, a.id))?.customerType).toBeNull();
      const done = dataOf(
        await t.post<{ count: number }>(
          `${INFO}/batchUpdate`,
          { ids: [a.id, b.id], customerType: 'vip', remark: 'batch' },
          c.clerkA1.token,
        ),
      );
      expect(done).toEqual({ count: 2 });
      for (const id of [a.id, b.id])
        expect(await storedCustomer(t, id)).toMatchObject({ customerType: 'vip', remark: 'batch' });
      const nothing = await t.post(`${INFO}/batchUpdate`, { ids: [a.id] }, c.clerkA1.token, EN);
      expectRefused(nothing, 400);
      expect(nothing.body.message).toContain('at least one field');
    });

    it('batchUpdate of the owner follows the hand-over rules: store, invitations and activities move along', async () => {
      const a = await createCustomer(t, c.clerkA1.token);
      const open = await invite(c.clerkA1.token, a.id);
      const done = await invite(c.clerkA1.token, a.id, { customerStatus: '2' });
      // Booked by the manager: the customer's all the same, and it moves with it.
      const byManager = await invite(c.managerA.token, a.id);
      const activity = await recordActivity(c.managerA.token, a.id);
      expectRuleRefusal(
        await t.post(`${INFO}/batchUpdate`, { ids: [a.id], employeeId: c.clerkA2.id }, c.clerkA1.token),
      );
      expectRuleRefusal(
        await t.post(`${INFO}/batchUpdate`, { ids: [a.id], employeeId: c.clerkB1.id }, c.managerA.token),
      );
      expect((await storedCustomer(t, a.id))?.employeeId).toBe(c.clerkA1.id);
      expect((await storedActivity(activity))?.employeeId).toBe(c.clerkA1.id);
      dataOf(await t.post(`${INFO}/batchUpdate`, { ids: [a.id], employeeId: c.clerkA2.id }, c.managerA.token));
      expect(await storedCustomer(t, a.id)).toMatchObject({ employeeId: c.clerkA2.id, employeeNumber: 'clerk.a2' });
      for (const id of [open, done, byManager])
        expect(await storedInvitation(id)).toMatchObject({ employeeId: c.clerkA2.id, storeId: c.storeA });
      expect(await storedActivity(activity)).toMatchObject({ employeeId: c.clerkA2.id, storeId: c.storeA });
    });

    it('an owner changed by update takes the invitations and activities to the new owner’s store', async () => {
      const a = await createCustomer(t, c.clerkA1.token);
      const invitation = await invite(c.clerkA1.token, a.id, { customerStatus: '3' });
      const activity = await recordActivity(c.clerkA1.token, a.id);
      dataOf(await t.post(`${INFO}/update`, { id: a.id, employeeId: c.clerkB1.id }, c.admin));
      expect(await storedInvitation(invitation)).toMatchObject({ employeeId: c.clerkB1.id, storeId: c.storeB });
      expect(await storedActivity(activity)).toMatchObject({
        employeeId: c.clerkB1.id,
        storeId: c.storeB,
        storeName: '门店乙',
      });
    });

    it('batchDelete deletes into the recycle bin, all or nothing', async () => {
      const a = await createCustomer(t, c.clerkA1.token);
      const b = await createCustomer(t, c.clerkA1.token);
      expectRefused(await t.post(`${INFO}/batchDelete`, { ids: [a.id, 987654] }, c.clerkA1.token), 404);
      expect(await storedCustomer(t, a.id)).toBeDefined();
      dataOf(await t.post(`${INFO}/batchDelete`, { ids: [a.id, b.id] }, c.clerkA1.token));
      expect(await storedCustomer(t, a.id)).toBeUndefined();
      expect(await storedCustomer(t, b.id)).toBeUndefined();
      const records = dataOf(
        await t.post<PageResult<{ id: number; url: string; params: { ids?: number[] } }>>(
          '/admin/recycle/data/page',
          { page: 1, size: 50, keyWord: '/customer/info/batchDelete' },
          c.admin,
        ),
      );
      const record = records.list.find((r) => r.params.ids?.includes(a.id));
      expect(record).toBeDefined();
      dataOf(await t.post('/admin/recycle/data/restore', { ids: [record?.id] }, c.admin));
      expect((await storedCustomer(t, a.id))?.customerCode).toMatch(CODE);
    });
  });

  describe('handOver', () => {
    it('moves all of one clerk’s customers with all their invitations and activities to another clerk of the store', async () => {
      const leaving = c.clerkA1.id;
      const x = await createCustomer(t, c.clerkA1.token);
      const open = await invite(c.clerkA1.token, x.id);
      const visited = await invite(c.clerkA1.token, x.id, { customerStatus: '2' });
      const byAdmin = await invite(c.admin, x.id);
      const activity = await recordActivity(c.admin, x.id);
      const theirs = (
        await t.ctx.db.db.selectFrom('customer_info').select('id').where('employeeId', '=', leaving).execute()
      ).map((r) => r.id);
      const countOf = async (table: 'customer_invitation_record' | 'customer_activity') => {
        const rows =
          table === 'customer_activity'
            ? await t.ctx.db.db.selectFrom(table).select('id').where('customerId', 'in', theirs).execute()
            : await t.ctx.db.db.selectFrom(table).select('id').where('customerID', 'in', theirs).execute();
        return rows.length;
      };
      const invitationsBefore = await countOf('customer_invitation_record');
      const activitiesBefore = await countOf('customer_activity');
      const answer = dataOf(
        await t.post<{ customers: number; invitations: number; activities: number }>(
          `${INFO}/handOver`,
          { fromEmployeeId: leaving, toEmployeeId: c.clerkA2.id },
          c.managerA.token,
        ),
      );
      expect(answer).toEqual({
        customers: theirs.length,
        invitations: invitationsBefore,
        activities: activitiesBefore,
      });
      const left = await t.ctx.db.db
        .selectFrom('customer_info')
        .select('id')
        .where('employeeId', '=', leaving)
        .execute();
      expect(left).toEqual([]);
      expect(await storedCustomer(t, x.id)).toMatchObject({ employeeId: c.clerkA2.id, storeId: c.storeA });
      for (const id of [open, visited, byAdmin]) expect((await storedInvitation(id))?.employeeId).toBe(c.clerkA2.id);
      expect((await storedActivity(activity))?.employeeId).toBe(c.clerkA2.id);
    });

    it('shows in the request log', async () => {
      const { id } = await createCustomer(t, c.clerkA2.token);
      dataOf(
        await t.post(
          `${INFO}/handOver`,
          { fromEmployeeId: c.clerkA2.id, toEmployeeId: c.clerkA1.id },
          c.managerA.token,
        ),
      );
      expect((await storedCustomer(t, id))?.employeeId).toBe(c.clerkA1.id);
      await expect
        .poll(
          async () => {
            const rows = await t.ctx.db.db
              .selectFrom('base_sys_log')
              .select(['userId', 'params'])
              .where('action', 'like', '%/customer/info/handOver%')
              .execute();
            const text = (params: unknown) => (typeof params === 'string' ? params : JSON.stringify(params));
            return rows.some(
              (r) => r.userId === c.managerA.id && text(r.params).includes(`"fromEmployeeId":${c.clerkA2.id}`),
            );
          },
          { timeout: 10_000 },
        )
        .toBe(true);
    });

    it('refuses clerks of different stores, a clerk as operator, and a manager of another store; nothing moves', async () => {
      const { id } = await createCustomer(t, c.clerkA1.token);
      const across = await t.post(
        `${INFO}/handOver`,
        { fromEmployeeId: c.clerkA1.id, toEmployeeId: c.clerkB1.id },
        c.admin,
        EN,
      );
      expectRuleRefusal(across);
      expect(across.body.message).toContain('same store');
      expectRuleRefusal(
        await t.post(`${INFO}/handOver`, { fromEmployeeId: c.clerkA1.id, toEmployeeId: c.clerkA2.id }, c.clerkA1.token),
      );
      expectRuleRefusal(
        await t.post(
          `${INFO}/handOver`,
          { fromEmployeeId: c.clerkA1.id, toEmployeeId: c.clerkA2.id },
          c.managerB.token,
        ),
      );
      const same = await t.post(
        `${INFO}/handOver`,
        { fromEmployeeId: c.clerkA1.id, toEmployeeId: c.clerkA1.id },
        c.managerA.token,
        EN,
      );
      expectRefused(same, 400);
      expect((await storedCustomer(t, id))?.employeeId).toBe(c.clerkA1.id);
    });
  });

  describe('findAll cap', () => {
    it(`refuses above ${CUSTOMER_FIND_ALL_CAP} rows, telling to narrow the filters, and answers once narrowed`, async () => {
      const now = formatTime();
      const rows = Array.from({ length: CUSTOMER_FIND_ALL_CAP + 1 }, (_, i) => ({
        customerName: `bulk ${i}`,
        customerPhone: `1700${String(i).padStart(7, '0')}`,
        customerType: 'bulk',
        customerSex: 0 as const,
        diseaseInformation: '',
        remark: '',
        customerStatus: '0' as const,
        employeeId: c.clerkB1.id,
        storeId: c.storeB,
        createTime: now,
        updateTime: now,
      }));
      for (let i = 0; i < rows.length; i += 500) {
        await t.ctx.db.db
          .insertInto('customer_info')
          .values(rows.slice(i, i + 500))
          .execute();
      }
      const over = await t.post(`${INFO}/findAll`, {}, c.admin, EN);
      expectRefused(over, 400);
      expect(over.body.message).toContain(String(CUSTOMER_FIND_ALL_CAP));
      expect(over.body.message).toContain('narrow');
      const narrowed = dataOf(
        await t.post<CustomerInfo[]>(`${INFO}/findAll`, { customerType: 'bulk', keyWord: 'bulk 1' }, c.admin),
      );
      expect(narrowed.length).toBeGreaterThan(0);
      expect(narrowed.every((r) => r.customerName.startsWith('bulk 1'))).toBe(true);
      await t.ctx.db.db.deleteFrom('customer_info').where('customerType', '=', 'bulk').execute();
    });
  });
});
