import {
  type ActivityReport,
  type ConversionReport,
  type CustomerReport,
  customerReport,
  type InvitationReport,
  type UserLevel,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asLoose, formatTime, insertReturningId } from '../../core/db/index.js';
import { dataOf, expectRefused, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { type Chain, CUSTOMER_PERMS, PASSWORD, setUpChain } from './customer.test-support.js';

type Id = { id: number };
type Row = { employeeId: number; creatorId: number; storeId: number; at: string };
type Inv = Row & { customer: number; status: string };

/*
 * Each report's numbers against rows counted here, independently, per scope: a clerk her own rows,
 * a store manager her store's, a region manager the region's, the treasurer every store. The rows
 * are written straight into the tables with their owner, recorder, store, time and status.
 */
describe.each(testTargets())('the reports on $name', (target) => {
  let t: TestApp;
  let c: Chain;
  const actors: Record<string, { token: string; sees: (r: { employeeId: number; storeId: number }) => boolean }> = {};
  const customers: Array<Row & { id: number; type: string }> = [];
  const invitations: Inv[] = [];
  const activities: Array<Row & { customer: number; prize: string | null; name: string }> = [];
  const now = new Date();
  const day = (back: number, h = 10) =>
    formatTime(new Date(now.getFullYear(), now.getMonth(), now.getDate() - back, h));
  const from = day(6).slice(0, 10);
  const to = day(-3).slice(0, 10);
  const inRange = (at: string) => at.slice(0, 10) >= from && at.slice(0, 10) <= to;

  async function insert(table: string, values: Record<string, unknown>, at: string): Promise<number> {
    return insertReturningId(asLoose(t.ctx.db.db), t.ctx.db.kind, table, { ...values, createTime: at, updateTime: at });
  }

  /** A user of this level in this department, whose role grants the department, the customer and the report permissions. */
  async function actor(username: string, departmentId: number, level: UserLevel): Promise<string> {
    const menuId = dataOf(
      await t.post<Id>(
        '/admin/base/sys/menu/add',
        {
          name: `report perms ${username}`,
          type: 2,
          perms: [...CUSTOMER_PERMS, customerReport.perms.invitations, customerReport.perms.export].join(','),
        },
        c.admin,
      ),
    ).id;
    const roleId = dataOf(
      await t.post<Id>(
        '/admin/base/sys/role/add',
        { name: username, label: username, relevance: true, menuIdList: [menuId], departmentIdList: [departmentId] },
        c.admin,
      ),
    ).id;
    dataOf(
      await t.post(
        '/admin/base/sys/user/add',
        { username, name: username, password: PASSWORD, departmentId, userLevel: level, roleIdList: [roleId] },
        c.admin,
      ),
    );
    return (await t.login(username, PASSWORD)).token;
  }

  beforeAll(async () => {
    t = await startApp(target);
    c = await setUpChain(t);
    const top = (
      await t.ctx.db.db
        .selectFrom('base_sys_department')
        .select('id')
        .where('parentId', 'is', null)
        .executeTakeFirstOrThrow()
    ).id;
    const a1 = c.clerkA1.id;
    const a2 = c.clerkA2.id;
    const b1 = c.clerkB1.id;
    const ma = c.managerA.id;
    const A = c.storeA;
    const B = c.storeB;
    // Customers: owner, recorder (a hand-over moved two of them), store, when taken on, type.
    const plan: Array<[number, number, number, string, string]> = [
      [a1, a1, A, day(1), '1'],
      [a1, a1, A, day(3), '2'],
      [a2, a1, A, day(2), '1'],
      [a2, ma, A, day(20), '2'],
      [b1, b1, B, day(0), '1'],
      [b1, b1, B, day(5), '3'],
      [b1, a1, B, day(8), '1'],
    ];
    for (const [n, [employeeId, creatorId, storeId, at, type]] of plan.entries()) {
      const id = await insert(
        'customer_info',
        { customerName: `rep-${n}`, customerPhone: '13800000000', customerType: type, employeeId, creatorId, storeId },
        at,
      );
      customers.push({ id, employeeId, creatorId, storeId, at, type });
    }
    const cust = (i: number) => customers[i] as (typeof customers)[number];
    // Invitations: customer, recorder, status, time (one planned ahead, one past still "invited").
    const invPlan: Array<[number, number, string, string]> = [
      [0, a1, '2', day(1)],
      [0, ma, '3', day(0, 9)],
      [1, a1, '1', day(-2)],
      [1, a1, '1', day(4)],
      [2, a1, '4', day(2)],
      [3, ma, '2', day(5)],
      [4, b1, '3', day(1)],
      [5, b1, '1', day(-1)],
      [6, a1, '2', day(9)],
    ];
    for (const [i, creatorId, status, at] of invPlan) {
      const k = cust(i);
      await insert(
        'customer_invitation_record',
        {
          customerID: k.id,
          inviteTime: at,
          customerStatus: status,
          employeeId: k.employeeId,
          storeId: k.storeId,
          creatorId,
        },
        at,
      );
      invitations.push({ customer: k.id, creatorId, status, at, employeeId: k.employeeId, storeId: k.storeId });
    }
    const actPlan: Array<[number, number, string | null, string, string]> = [
      [0, a1, '保温杯', day(1), '义诊'],
      [0, a1, null, day(2), '讲座'],
      [4, b1, '雨伞', day(1), '义诊'],
      [3, ma, '保温杯', day(12), '义诊'],
    ];
    for (const [i, creatorId, prize, at, name] of actPlan) {
      const k = cust(i);
      await insert(
        'customer_activity',
        {
          customerId: k.id,
          customerName: `rep-${i}`,
          customerPhone: '13900000000',
          customerAddress: 'x',
          activityName: name,
          prizeName: prize,
          employeeId: k.employeeId,
          storeId: k.storeId,
          creatorId,
        },
        at,
      );
      activities.push({ customer: k.id, creatorId, prize, at, name, employeeId: k.employeeId, storeId: k.storeId });
    }
    // Clerk A1 of the chain, given the reports besides her customer rights: she sees her own rows.
    actors.clerk = { token: await actorFor(a1, A), sees: (r) => r.employeeId === a1 };
    actors.manager = { token: await actor('rep.manager', A, 'storeManger'), sees: (r) => r.storeId === A };
    actors.region = {
      token: await actor('rep.region', c.region, 'storeManger'),
      sees: (r) => r.storeId === A || r.storeId === B,
    };
    actors.treasurer = { token: await actor('rep.treasurer', top, 'treasurer'), sees: () => true };
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  /** clerk A1 with the report permissions besides her own (a role of her store granting them). */
  async function actorFor(userId: number, storeId: number): Promise<string> {
    const menuId = dataOf(
      await t.post<Id>(
        '/admin/base/sys/menu/add',
        { name: 'report perms a1', type: 2, perms: customerReport.perms.invitations },
        c.admin,
      ),
    ).id;
    const roleId = dataOf(
      await t.post<Id>(
        '/admin/base/sys/role/add',
        { name: 'a1 reports', label: 'a1-reports', relevance: true, menuIdList: [menuId], departmentIdList: [storeId] },
        c.admin,
      ),
    ).id;
    const roles = await t.ctx.db.db
      .selectFrom('base_sys_user_role')
      .select('roleId')
      .where('userId', '=', userId)
      .execute();
    dataOf(
      await t.post(
        '/admin/base/sys/user/update',
        { id: userId, roleIdList: [...roles.map((r) => r.roleId), roleId] },
        c.admin,
      ),
    );
    return (await t.login(c.clerkA1.username, PASSWORD)).token;
  }

  const ask = async <T>(report: string, token: string, groupBy: string, extra: Record<string, unknown> = {}) =>
    dataOf(await t.post<T>(`/admin/customer/report/${report}`, { from, to, groupBy, ...extra }, token));
  const tally = <R>(rows: R[], key: (r: R) => number | string) => {
    const out = new Map<number | string, number>();
    for (const r of rows) out.set(key(r), (out.get(key(r)) ?? 0) + 1);
    return out;
  };
  const asMap = (rows: Array<{ key: unknown }>, metric: string) =>
    new Map(
      rows
        .filter((r) => Number((r as Record<string, unknown>)[metric]) > 0)
        .map((r) => [r.key as number | string, Number((r as Record<string, unknown>)[metric])]),
    );
  const stamp = () => formatTime();

  for (const who of ['clerk', 'manager', 'region', 'treasurer'] as const) {
    it(`counts invitations made, planned, visited, bought and no-shows as the rows say, for the ${who}`, async () => {
      const { token, sees } = actors[who] as (typeof actors)[string];
      const mine = invitations.filter((r) => sees(r) && inRange(r.at));
      const now = stamp();
      for (const groupBy of ['store', 'clerk', 'day'] as const) {
        const report = await ask<InvitationReport>('invitations', token, groupBy);
        const key = (r: Inv) =>
          groupBy === 'store' ? r.storeId : groupBy === 'clerk' ? r.creatorId : r.at.slice(0, 10);
        expect(asMap(report.rows, 'made')).toEqual(tally(mine, key));
        expect(asMap(report.rows, 'visited')).toEqual(
          tally(
            mine.filter((r) => r.status === '2' || r.status === '3'),
            key,
          ),
        );
        expect(asMap(report.rows, 'bought')).toEqual(
          tally(
            mine.filter((r) => r.status === '3'),
            key,
          ),
        );
        expect(asMap(report.rows, 'planned')).toEqual(
          tally(
            mine.filter((r) => r.status === '1' && r.at >= now),
            key,
          ),
        );
        expect(asMap(report.rows, 'noShow')).toEqual(
          tally(
            mine.filter((r) => r.status === '4' || (r.status === '1' && r.at < now)),
            key,
          ),
        );
        expect(report.totals.made).toBe(mine.length);
      }
    });

    it(`counts new customers by recorder, the book by owner, and activities, for the ${who}`, async () => {
      const { token, sees } = actors[who] as (typeof actors)[string];
      const seen = customers.filter(sees);
      const added = seen.filter((r) => inRange(r.at));
      const byClerk = await ask<CustomerReport>('customers', token, 'clerk');
      expect(byClerk.clerkIs).toBe('recorder');
      expect(asMap(byClerk.rows, 'added')).toEqual(tally(added, (r) => r.creatorId));
      expect(asMap(byClerk.rows, 'book')).toEqual(tally(seen, (r) => r.employeeId));
      const byStore = await ask<CustomerReport>('customers', token, 'store');
      expect(asMap(byStore.rows, 'book')).toEqual(tally(seen, (r) => r.storeId));
      expect(new Map(byStore.byType.map((x) => [x.type, x.count]))).toEqual(tally(added, (r) => r.type));
      const byDay = await ask<CustomerReport>('customers', token, 'day');
      expect(byDay.rows.map((r) => r.key)).toEqual(byDay.window.days);
      expect(byDay.rows.at(-1)?.book).toBe(seen.length);
      const acts = activities.filter((r) => sees(r) && inRange(r.at));
      const activityReport = await ask<ActivityReport>('activities', token, 'clerk');
      expect(asMap(activityReport.rows, 'recorded')).toEqual(tally(acts, (r) => r.creatorId));
      expect(activityReport.totals.prizes).toBe(acts.filter((r) => r.prize).length);
      expect(activityReport.byActivity.reduce((n, r) => n + r.count, 0)).toBe(acts.length);
    });

    it(`counts conversion of distinct invited customers, for the ${who}`, async () => {
      const { token, sees } = actors[who] as (typeof actors)[string];
      const mine = invitations.filter((r) => sees(r) && inRange(r.at));
      const distinct = (rows: Inv[]) => new Set(rows.map((r) => r.customer)).size;
      const took = new Set(activities.filter((a) => inRange(a.at)).map((a) => a.customer));
      for (const groupBy of ['store', 'clerk', 'day'] as const) {
        const report = await ask<ConversionReport>('conversion', token, groupBy);
        expect(report.totals.invited).toBe(distinct(mine));
        expect(report.totals.visited).toBe(distinct(mine.filter((r) => r.status === '2' || r.status === '3')));
        expect(report.totals.bought).toBe(distinct(mine.filter((r) => r.status === '3')));
        expect(report.totals.tookPart).toBe(distinct(mine.filter((r) => took.has(r.customer))));
        // Each group's distinct customers, counted here group by group.
        const key = (r: Inv) =>
          groupBy === 'store' ? r.storeId : groupBy === 'clerk' ? r.creatorId : r.at.slice(0, 10);
        const perGroup = (rows: Inv[]) => {
          const out = new Map<number | string, number>();
          for (const k of new Set(rows.map(key))) out.set(k, distinct(rows.filter((r) => key(r) === k)));
          return out;
        };
        expect(asMap(report.rows, 'invited')).toEqual(perGroup(mine));
        expect(asMap(report.rows, 'visited')).toEqual(
          perGroup(mine.filter((r) => r.status === '2' || r.status === '3')),
        );
        expect(asMap(report.rows, 'tookPart')).toEqual(perGroup(mine.filter((r) => took.has(r.customer))));
      }
    });
  }

  it('narrows to one store or staff member, exports the table as a file, and refuses the wrong caller', async () => {
    const { token } = actors.treasurer as (typeof actors)[string];
    const one = await ask<InvitationReport>('invitations', token, 'clerk', { employeeId: c.clerkA1.id });
    expect(one.rows.map((r) => r.key)).toEqual([c.clerkA1.id]);
    const store = await ask<InvitationReport>('invitations', token, 'store', { storeId: c.storeB });
    expect(store.rows.map((r) => r.key)).toEqual([c.storeB]);
    const file = await t.app.inject({
      method: 'POST',
      url: '/api/admin/customer/report/export',
      payload: { from, to, groupBy: 'clerk', report: 'invitations' },
      headers: { authorization: token, language: 'en' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const cells = book.worksheets[0]?.getSheetValues().flat().map(String) ?? [];
    expect(cells).toContain(`${from} – ${to}`);
    expect(cells.some((v) => v.includes('rep.treasurer'))).toBe(true);
    // Bad input is a 400, a caller without the permission a 403, none a 401.
    expectRefused(
      await t.post('/admin/customer/report/invitations', { from: to, to: from, groupBy: 'store' }, token),
      400,
    );
    expectRefused(await t.post('/admin/customer/report/invitations', { from, to, groupBy: 'week' }, token), 400);
    expectRefused(
      await t.post('/admin/customer/report/invitations', { from, to, groupBy: 'store' }, c.clerkB1.token),
      403,
    );
    expectRefused(await t.post('/admin/customer/report/invitations', { from, to, groupBy: 'store' }), 401);
    expectRefused(
      await t.post(
        '/admin/customer/report/export',
        { from, to, groupBy: 'store', report: 'customers' },
        c.clerkB1.token,
      ),
      403,
    );
  });
});
