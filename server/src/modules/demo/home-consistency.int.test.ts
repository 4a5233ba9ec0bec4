import {
  customerActivity,
  customerInfo,
  customerInvitationRecord,
  demoHome,
  type HomeBreakdown,
  type HomeSummary,
  type HomeTrend,
  type PageResult,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asLoose, formatTime, insertReturningId } from '../../core/db/index.js';
import { dataOf, startApp, type TestApp, testTargets } from '../../testing/harness.js';

// A zone far from UTC (UTC+14): the server's day, week and month are its own, not UTC's, and the
// rows below sit on both sides of each of its boundaries. This file runs in its own process.
process.env.TZ = 'Pacific/Kiritimati';

/*
 * The dashboard agrees with itself: this week's, this month's and the 30-day figures count the
 * same rows where they overlap (the trend's days from Monday are the week's card; the bars by store
 * and the ranking sum to the trend; the types to the total), and each figure's list, opened with
 * the window the summary names, counts what the figure says. Rows lie one second either side of
 * the windows' edges: the trend's first day, Monday, the end of today.
 */

const PASSWORD = 'Home-Agrees1';

describe.each(testTargets())('the home dashboard agrees with itself on $name', (target) => {
  let t: TestApp;
  let clerk = '';
  let admin = '';
  let summary: HomeSummary;
  let trend: HomeTrend;
  let breakdown: HomeBreakdown;

  const now = new Date();
  const day = (back: number, h = 0, m = 0, s = 0) =>
    formatTime(new Date(now.getFullYear(), now.getMonth(), now.getDate() - back, h, m, s));
  const sinceMonday = (now.getDay() + 6) % 7;
  /** Every edge: the instant on it (counted) and the second before it (not counted by the window it opens). */
  const times = {
    beforeTrend: day(30, 23, 59, 59),
    trendStart: day(29),
    beforeMonday: day(sinceMonday + 1, 23, 59, 59),
    monday: day(sinceMonday),
    endOfToday: day(0, 23, 59, 59),
    tomorrow: day(-1),
  };

  async function insert(table: string, values: Record<string, unknown>, at: string): Promise<number> {
    return insertReturningId(asLoose(t.ctx.db.db), t.ctx.db.kind, table, { ...values, createTime: at, updateTime: at });
  }

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    const user = await t.ctx.db.db
      .selectFrom('base_sys_user')
      .select(['id', 'departmentId'])
      .where('username', '=', 'store1.clerk1')
      .executeTakeFirstOrThrow();
    dataOf(await t.post('/admin/base/sys/user/update', { id: user.id, password: PASSWORD }, admin));
    clerk = (await t.login('store1.clerk1', PASSWORD)).token;
    const place = { employeeId: user.id, storeId: user.departmentId };
    for (const [n, at] of Object.values(times).entries()) {
      const customerID = await insert(
        'customer_info',
        { customerName: `edge-${n}`, customerPhone: '13800000000', customerType: String((n % 3) + 1), ...place },
        at,
      );
      await insert('customer_invitation_record', { customerID, inviteTime: at, customerStatus: '2', ...place }, at);
      await insert(
        'customer_activity',
        {
          customerId: customerID,
          customerName: `edge-${n}`,
          customerPhone: '13900000000',
          customerAddress: 'x',
          ...place,
        },
        at,
      );
    }
    summary = dataOf(await t.get<HomeSummary>(demoHome.api.summary.url, {}, clerk));
    trend = dataOf(await t.get<HomeTrend>(demoHome.api.trend.url, {}, clerk));
    breakdown = dataOf(await t.get<HomeBreakdown>(demoHome.api.breakdown.url, {}, clerk));
  });
  afterAll(async () => {
    await t?.stop();
  });

  const within = (at: string, w: { from: string; to: string }) => at >= w.from && at < w.to;
  const expected = (w: { from: string; to: string }) => Object.values(times).filter((at) => within(at, w)).length;
  const trendSum = (key: 'customers' | 'invitations', from = '') =>
    trend.days.filter((d) => d.day >= from).reduce((sum, d) => sum + (d[key] ?? 0), 0);
  const total = async (url: string, body: Record<string, unknown>) =>
    dataOf(await t.post<PageResult<unknown>>(url.replace(/^\/api/, ''), { page: 1, size: 1, ...body }, clerk))
      .pagination.total;

  it('names windows in the server zone, each ending where today ends', () => {
    const { week, month, trend: span } = summary.windows;
    expect(week).toEqual({ from: times.monday, to: times.tomorrow });
    expect(span).toEqual({ from: times.trendStart, to: times.tomorrow });
    expect(month.to).toBe(times.tomorrow);
    expect(trend.days[0]?.day).toBe(times.trendStart.slice(0, 10));
    expect(trend.days.at(-1)?.day).toBe(times.endOfToday.slice(0, 10));
  });

  it('counts the same invitations in the week card, the trend and the bars by store', () => {
    const monday = times.monday.slice(0, 10);
    // Monday and the end of today: not the Sunday before, not tomorrow's planned one.
    expect(summary.invitations?.thisWeek).toBe(2);
    expect(summary.invitations?.thisWeek).toBe(trendSum('invitations', monday));
    expect(summary.invitations?.visited).toBe(summary.invitations?.thisWeek);
    // The trend's first day, the Sunday, Monday and today (distinct days unless today is Monday).
    expect(trendSum('invitations')).toBe(expected(summary.windows.trend));
    expect(trendSum('invitations')).toBe(4);
    expect(breakdown.invitationsByStore?.reduce((sum, s) => sum + s.count, 0)).toBe(trendSum('invitations'));
  });

  it('counts the same new customers in the card, the trend and the ranking, and the types sum to the total', () => {
    expect(summary.customers?.newThisWeek).toBe(trendSum('customers', times.monday.slice(0, 10)));
    expect(summary.customers?.newThisWeek).toBe(2);
    expect(trendSum('customers')).toBe(4);
    expect(breakdown.clerks?.reduce((sum, c) => sum + c.count, 0)).toBe(trendSum('customers'));
    expect(summary.customers?.total).toBe(Object.keys(times).length);
    expect(breakdown.customersByType?.reduce((sum, c) => sum + c.count, 0)).toBe(summary.customers?.total);
  });

  it('counts a customer added a moment ago in the total as in this week’s new ones', async () => {
    const before = dataOf(await t.get<HomeSummary>(demoHome.api.summary.url, {}, clerk)).customers;
    dataOf(
      await t.post(
        customerInfo.api.create.url.replace(/^\/api/, ''),
        { customerName: 'edge-new', customerPhone: '13700000001' },
        clerk,
      ),
    );
    const after = dataOf(await t.get<HomeSummary>(demoHome.api.summary.url, {}, clerk)).customers;
    expect(after).toEqual({ total: (before?.total ?? 0) + 1, newThisWeek: (before?.newThisWeek ?? 0) + 1 });
    // Back as it was for the other figures of this file.
    const added = await t.ctx.db.db
      .selectFrom('customer_info')
      .select('id')
      .where('customerName', '=', 'edge-new')
      .executeTakeFirstOrThrow();
    await t.ctx.db.db.deleteFrom('customer_info').where('id', '=', added.id).execute();
  });

  it('opens each figure’s list with its window, and the list counts what the figure says', async () => {
    const { week, month, trend: span } = summary.windows;
    const invitations = customerInvitationRecord.api.page.url;
    const inWindow = (w: { from: string; to: string }) => ({ inviteTimeFrom: w.from, inviteTimeTo: w.to });
    expect(await total(invitations, inWindow(week))).toBe(summary.invitations?.thisWeek);
    expect(await total(invitations, { ...inWindow(week), customerStatus: ['2', '3'] })).toBe(
      summary.invitations?.visited,
    );
    expect(await total(invitations, inWindow(span))).toBe(trendSum('invitations'));
    const created = (w: { from: string; to: string }) => ({ createTimeFrom: w.from, createTimeTo: w.to });
    expect(await total(customerInfo.api.page.url, created(week))).toBe(summary.customers?.newThisWeek);
    expect(await total(customerInfo.api.page.url, {})).toBe(summary.customers?.total);
    expect(await total(customerActivity.api.page.url, created(month))).toBe(summary.activitiesThisMonth);
    expect(summary.activitiesThisMonth).toBe(expected(month));
    // A store's bar opens its invitations; a type's slice its customers.
    for (const store of breakdown.invitationsByStore ?? [])
      expect(await total(invitations, { ...inWindow(span), storeId: store.storeId })).toBe(store.count);
    for (const type of breakdown.customersByType ?? [])
      expect(await total(customerInfo.api.page.url, { customerType: type.type })).toBe(type.count);
  });
});
