import {
  customerActivity,
  customerInfo,
  customerInvitationRecord,
  demoHome,
  type HomeBreakdown,
  type HomeRangeQuery,
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
 * The dashboard agrees with itself and with the lists, for every range it offers: the cards, the
 * trend's days, the bars by store and the ranking count the same rows of the one window (this week
 * is Monday to Sunday, planned invitations included; the last 30 days end with today), homeBaseData
 * counts this week as the summary does, and each figure's list, opened with the window the answer
 * names, counts what the figure says. Rows lie one second either side of the windows' edges.
 */

const PASSWORD = 'Home-Agrees1';

describe.each(testTargets())('the home dashboard agrees with itself on $name', (target) => {
  let t: TestApp;
  let clerk = '';
  let admin = '';

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
    startOfToday: day(0),
    endOfToday: day(0, 23, 59, 59),
    tomorrow: day(-1),
    endOfSunday: day(sinceMonday - 6, 23, 59, 59),
    nextMonday: day(sinceMonday - 7),
  };
  const stamp = formatTime(now);
  /** Past rows came (visited); rows still to come are planned (invited). */
  const statusAt = (at: string) => (at < stamp ? '2' : '1');

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
    const place = { employeeId: user.id, storeId: user.departmentId, creatorId: user.id };
    for (const [n, at] of Object.values(times).entries()) {
      const customerID = await insert(
        'customer_info',
        { customerName: `edge-${n}`, customerPhone: '13800000000', customerType: String((n % 3) + 1), ...place },
        at,
      );
      await insert(
        'customer_invitation_record',
        { customerID, inviteTime: at, customerStatus: statusAt(at), ...place },
        at,
      );
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
  });
  afterAll(async () => {
    await t?.stop();
  });

  const within = (at: string, w: { from: string; to: string }) => at >= w.from && at < w.to;
  const expected = (w: { from: string; to: string }, keep: (at: string) => boolean = () => true) =>
    Object.values(times).filter((at) => within(at, w) && keep(at)).length;
  const total = async (url: string, body: Record<string, unknown>) =>
    dataOf(await t.post<PageResult<unknown>>(url.replace(/^\/api/, ''), { page: 1, size: 1, ...body }, clerk))
      .pagination.total;
  const ranges: Array<[string, HomeRangeQuery & Record<string, string>]> = [
    ['week', {}],
    ['today', { range: 'today' }],
    ['month', { range: 'month' }],
    ['last30', { range: 'last30' }],
    ['custom', { range: 'custom', from: times.trendStart.slice(0, 10), to: times.nextMonday.slice(0, 10) }],
  ];

  it('names this week Monday to Sunday, the last 30 days ending with today, in the server zone', async () => {
    const week = dataOf(await t.get<HomeSummary>(demoHome.api.summary.url, {}, clerk)).window;
    expect(week).toMatchObject({ range: 'week', from: times.monday, to: times.nextMonday });
    expect(week.days).toHaveLength(7);
    const last30 = dataOf(await t.get<HomeSummary>(demoHome.api.summary.url, { range: 'last30' }, clerk)).window;
    expect(last30).toMatchObject({ from: times.trendStart, to: times.tomorrow });
    expect(last30.days.at(-1)).toBe(times.endOfToday.slice(0, 10));
    const today = dataOf(await t.get<HomeSummary>(demoHome.api.summary.url, { range: 'today' }, clerk)).window;
    expect(today).toMatchObject({
      from: times.startOfToday,
      to: times.tomorrow,
      days: [times.endOfToday.slice(0, 10)],
    });
  });

  it.each(ranges)('counts the same rows in every figure and its list for %s', async (_name, range) => {
    const summary = dataOf(await t.get<HomeSummary>(demoHome.api.summary.url, range, clerk));
    const trend = dataOf(await t.get<HomeTrend>(demoHome.api.trend.url, range, clerk));
    const breakdown = dataOf(await t.get<HomeBreakdown>(demoHome.api.breakdown.url, range, clerk));
    const { window } = summary;
    expect(trend.window).toEqual(window);
    expect(breakdown.window).toEqual(window);
    const sum = (key: 'customers' | 'invitations') => trend.days.reduce((n, d) => n + (d[key] ?? 0), 0);
    expect(trend.days.map((d) => d.day)).toEqual(window.days);
    // The invitations: the card, the trend, the bars, the list, and the rows put in the window.
    expect(summary.invitations?.count).toBe(expected(window));
    expect(sum('invitations')).toBe(summary.invitations?.count);
    expect(breakdown.invitationsByStore?.reduce((n, s) => n + s.count, 0)).toBe(summary.invitations?.count);
    const invited = { inviteTimeFrom: window.from, inviteTimeTo: window.to };
    const invitations = customerInvitationRecord.api.page.url;
    expect(await total(invitations, invited)).toBe(summary.invitations?.count);
    expect(summary.invitations?.planned).toBe(expected(window, (at) => at >= stamp));
    expect(await total(invitations, { ...invited, customerStatus: ['2', '3'] })).toBe(summary.invitations?.visited);
    for (const store of breakdown.invitationsByStore ?? [])
      expect(await total(invitations, { ...invited, storeId: store.storeId })).toBe(store.count);
    // The customers and the activities added in the window, and the ranking by recorder.
    const created = { createTimeFrom: window.from, createTimeTo: window.to };
    expect(summary.customers?.added).toBe(expected(window));
    expect(sum('customers')).toBe(summary.customers?.added);
    expect(await total(customerInfo.api.page.url, created)).toBe(summary.customers?.added);
    expect(breakdown.clerks?.reduce((n, c) => n + c.count, 0)).toBe(summary.customers?.added);
    for (const c of breakdown.clerks ?? [])
      expect(await total(customerInfo.api.page.url, { ...created, creatorId: c.employeeId })).toBe(c.count);
    expect(summary.activities).toBe(expected(window));
    expect(await total(customerActivity.api.page.url, created)).toBe(summary.activities);
    expect(summary.customers?.total).toBe(Object.keys(times).length);
    expect(breakdown.customersByType?.reduce((n, c) => n + c.count, 0)).toBe(summary.customers?.total);
    for (const type of breakdown.customersByType ?? [])
      expect(await total(customerInfo.api.page.url, { customerType: type.type })).toBe(type.count);
  });

  it('counts this week in homeBaseData as the summary does', async () => {
    const summary = dataOf(await t.get<HomeSummary>(demoHome.api.summary.url, {}, clerk));
    const base = dataOf(
      await t.get<{ customers: { newThisWeek: number }; invitations: { thisWeek: Record<string, number> } }>(
        customerInfo.api.homeBaseData.url,
        {},
        clerk,
      ),
    );
    expect(base.customers.newThisWeek).toBe(summary.customers?.added);
    expect(Object.values(base.invitations.thisWeek).reduce((n, v) => n + v, 0)).toBe(summary.invitations?.count);
  });

  it('refuses a custom range without its days, backwards or longer than a year, with a 400', async () => {
    for (const query of [
      { range: 'custom' } as Record<string, string>,
      { range: 'custom', from: '2026-03-02', to: '2026-03-01' },
      { range: 'custom', from: '2024-01-01', to: '2026-01-01' },
      { range: 'custom', from: '2026-02-30', to: '2026-03-01' },
    ]) {
      const reply = await t.get(demoHome.api.summary.url, query, clerk);
      expect(reply.status).toBe(400);
      expect(reply.body.message).not.toBe('');
    }
  });

  it('counts a customer added a moment ago in the total as in the range’s new ones', async () => {
    const before = dataOf(await t.get<HomeSummary>(demoHome.api.summary.url, {}, clerk)).customers;
    dataOf(
      await t.post(
        customerInfo.api.create.url.replace(/^\/api/, ''),
        { customerName: 'edge-new', customerPhone: '13700000001' },
        clerk,
      ),
    );
    const after = dataOf(await t.get<HomeSummary>(demoHome.api.summary.url, {}, clerk)).customers;
    expect(after).toEqual({ total: (before?.total ?? 0) + 1, added: (before?.added ?? 0) + 1 });
    const added = await t.ctx.db.db
      .selectFrom('customer_info')
      .select('id')
      .where('customerName', '=', 'edge-new')
      .executeTakeFirstOrThrow();
    await t.ctx.db.db.deleteFrom('customer_info').where('id', '=', added.id).execute();
  });
});
