import { demoHome, type HomeBreakdown, type HomeSummary, type HomeTrend } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asLoose, formatTime, insertReturningId } from '../../core/db/index.js';
import { dataOf, expectRefused, startApp, type TestApp, testTargets } from '../../testing/harness.js';

/*
 * The home dashboard's figures under every data scope of the seeded chain: a clerk counts their
 * own rows, a store manager their store's, the treasurer and HR the departments their roles grant
 * (the whole tree, but not a row without a store), the superuser every row. The fixture rows are
 * written straight into the tables (owner, store, type, day), and each actor's expected figures are
 * computed from them by that rule, so a figure that ignores the scope, or counts nothing, fails.
 */

const PASSWORD = 'Home-Figures1';
const URL = {
  summary: demoHome.api.summary.url,
  trend: demoHome.api.trend.url,
  breakdown: demoHome.api.breakdown.url,
};

type ActorName = 'admin' | 'store1.clerk1' | 'store1.clerk2' | 'store1.manager' | 'store2.clerk1' | 'treasurer' | 'hr';
const ACTORS: readonly ActorName[] = [
  'admin',
  'store1.clerk1',
  'store1.clerk2',
  'store1.manager',
  'store2.clerk1',
  'treasurer',
  'hr',
];

/**
 * The actors who read customers and invitations. Changed with the roles that fit the jobs (issue
 * 37): the treasurer reads activities alone and HR no customer record, so their figures are below.
 */
const READERS = ACTORS.filter((a) => a !== 'treasurer' && a !== 'hr');

type Place = { employeeId: number; storeId: number | null };
type CustomerFixture = Place & { type: string | null; old: boolean; invitation: string | null; creatorId?: number };

describe.each(testTargets())('the home dashboard on $name', (target) => {
  let t: TestApp;
  const tokens = {} as Record<ActorName, string>;
  const ids = {} as Record<ActorName, number>;
  const departments = new Map<string, number>();
  let fixtures: CustomerFixture[] = [];
  let failureId = 0;

  // Two seconds ago (within today): a row of "now" still invited would be planned (from now on) to
  // a summary read in the same second.
  const now = new Date(Math.max(Date.now() - 2000, new Date().setHours(0, 0, 0, 0)));
  const today = formatTime(now);
  const longAgo = formatTime(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 40, 12));
  // An invitation planned for tomorrow: this week's (Monday to Sunday) unless today is Sunday, and
  // then counted by the week's card, its trend day and its store's bar alike, as planned.
  const tomorrow = formatTime(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 10));
  const tomorrowInWeek = now.getDay() !== 0;
  let planned: Place = { employeeId: 0, storeId: null };

  /** Whether the actor's scope holds a row with this owner and store. */
  function reaches(actor: ActorName, row: Place): boolean {
    switch (actor) {
      case 'admin':
        return true;
      case 'store1.manager':
        return row.storeId === departments.get('上海南京路店') || row.employeeId === ids[actor];
      case 'treasurer':
      case 'hr':
        // Their roles grant the top department and all below it: every store, not a row without one.
        return row.storeId !== null;
      default:
        return row.employeeId === ids[actor];
    }
  }

  async function insert(table: string, values: Record<string, unknown>, at: string): Promise<number> {
    return insertReturningId(asLoose(t.ctx.db.db), t.ctx.db.kind, table, {
      ...values,
      createTime: at,
      updateTime: at,
    });
  }

  beforeAll(async () => {
    t = await startApp(target);
    tokens.admin = (await t.login()).token;
    const users = await t.ctx.db.db.selectFrom('base_sys_user').select(['id', 'username']).execute();
    for (const actor of ACTORS) {
      const id = users.find((u) => u.username === actor)?.id;
      if (id === undefined) throw new Error(`the seeded chain has no ${actor}`);
      ids[actor] = id;
      if (actor === 'admin') continue;
      dataOf(await t.post('/admin/base/sys/user/update', { id, password: PASSWORD }, tokens.admin));
      tokens[actor] = (await t.login(actor, PASSWORD)).token;
    }
    for (const d of await t.ctx.db.db.selectFrom('base_sys_department').select(['id', 'name']).execute())
      departments.set(d.name, d.id);
    const store1 = departments.get('上海南京路店') ?? 0;
    const store2 = departments.get('杭州西湖店') ?? 0;
    const at = (actor: ActorName, storeId: number | null): Place => ({ employeeId: ids[actor], storeId });
    fixtures = [
      { ...at('store1.clerk1', store1), type: '1', old: false, invitation: '2' },
      { ...at('store1.clerk1', store1), type: '1', old: false, invitation: '1' },
      { ...at('store1.clerk1', store1), type: '2', old: true, invitation: '3' },
      // The manager took this one on for the clerk: the clerk owns it, the ranking credits the manager.
      { ...at('store1.clerk2', store1), type: '2', old: false, invitation: '4', creatorId: ids['store1.manager'] },
      { ...at('store1.manager', store1), type: null, old: false, invitation: null },
      { ...at('store2.clerk1', store2), type: '3', old: false, invitation: '2' },
      { ...at('store2.clerk1', store2), type: '1', old: false, invitation: '1' },
      { ...at('admin', null), type: '3', old: false, invitation: '3' },
    ];
    for (const [n, f] of fixtures.entries()) {
      const when = f.old ? longAgo : today;
      const place = { employeeId: f.employeeId, storeId: f.storeId };
      const customerID = await insert(
        'customer_info',
        {
          customerName: `home-${n}`,
          customerPhone: '13800000000',
          customerType: f.type,
          creatorId: f.creatorId ?? f.employeeId,
          ...place,
        },
        when,
      );
      if (f.invitation !== null)
        await insert(
          'customer_invitation_record',
          { customerID, inviteTime: when, customerStatus: f.invitation, ...place },
          when,
        );
      await insert(
        'customer_activity',
        {
          customerId: customerID,
          customerName: `home-${n}`,
          customerPhone: '13900000000',
          customerAddress: 'x',
          ...place,
        },
        when,
      );
    }
    planned = at('store1.clerk1', store1);
    await insert(
      'customer_invitation_record',
      { customerID: 1, inviteTime: tomorrow, customerStatus: '1', ...planned },
      today,
    );
    const task = await t.ctx.db.db.selectFrom('task_info').select('id').orderBy('id').executeTakeFirstOrThrow();
    failureId = await insert('task_log', { taskId: task.id, status: 0, detail: 'x'.repeat(500), duration: 3 }, today);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const mine = (actor: ActorName) => fixtures.filter((f) => reaches(actor, f));
  const count = <T>(rows: T[], keep: (row: T) => boolean = () => true) => rows.filter(keep).length;
  /** A map's entries sorted, for comparing breakdowns whatever order ties come in. */
  const tally = <K>(rows: K[]) => {
    const out = new Map<K, number>();
    for (const k of rows) out.set(k, (out.get(k) ?? 0) + 1);
    return out;
  };

  it.each(READERS)('summary of %s counts the rows in scope and no other', async (actor) => {
    const rows = mine(actor);
    const summary = dataOf(await t.get<HomeSummary>(URL.summary, {}, tokens[actor]));
    expect(summary.customers).toEqual({ total: rows.length, added: count(rows, (f) => !f.old) });
    const invitedThisWeek = rows.filter((f) => !f.old && f.invitation !== null);
    const plannedHere = tomorrowInWeek && reaches(actor, planned) ? 1 : 0;
    expect(summary.invitations).toEqual({
      count: invitedThisWeek.length + plannedHere,
      planned: plannedHere,
      visited: count(invitedThisWeek, (f) => f.invitation === '2' || f.invitation === '3'),
    });
    // Activities are recorded with their customer: today's fall in this week, those of 40 days ago do not.
    expect(summary.activities).toBe(count(rows, (f) => !f.old));
    // The user module provides the app users, to holders of its list permission (none of the chain's roles).
    if (actor === 'admin') expect(summary.appUsers).toEqual({ total: expect.any(Number), added: expect.any(Number) });
    else expect(summary.appUsers).toBeNull();
    if (actor === 'admin') {
      expect(summary.taskFailures?.[0]).toMatchObject({ id: failureId, detail: 'x'.repeat(200) });
      expect(summary.taskFailures?.[0]?.taskName).toEqual(expect.any(String));
    } else {
      // None of the chain's roles may see task runs.
      expect(summary.taskFailures).toBeNull();
    }
  });

  it.each(READERS)('trend of %s has every day of the week, today counting the rows in scope', async (actor) => {
    const rows = mine(actor).filter((f) => !f.old);
    const trend = dataOf(await t.get<HomeTrend>(URL.trend, {}, tokens[actor]));
    expect(trend.days).toHaveLength(7);
    const day = (text: string) => trend.days.find((d) => d.day === text.slice(0, 10));
    expect(day(today)).toEqual({
      day: today.slice(0, 10),
      customers: rows.length,
      invitations: count(rows, (f) => f.invitation !== null),
    });
    const plannedHere = reaches(actor, planned) ? 1 : 0;
    if (tomorrowInWeek)
      expect(day(tomorrow)).toEqual({ day: tomorrow.slice(0, 10), customers: 0, invitations: plannedHere });
    // The old rows fall before the window: every other day is empty.
    for (const d of trend.days.filter((d) => d.day !== today.slice(0, 10) && d.day !== tomorrow.slice(0, 10)))
      expect(d).toMatchObject({ customers: 0, invitations: 0 });
  });

  it.each(READERS)('breakdown of %s: stores, types and owners in scope', async (actor) => {
    const rows = mine(actor);
    const breakdown = dataOf(await t.get<HomeBreakdown>(URL.breakdown, {}, tokens[actor]));
    const recent = rows.filter((f) => !f.old);
    const byStore = tally([
      ...recent.filter((f) => f.invitation !== null).map((f) => f.storeId),
      ...(tomorrowInWeek && reaches(actor, planned) ? [planned.storeId] : []),
    ]);
    expect(new Map(breakdown.invitationsByStore?.map((s) => [s.storeId, s.count]))).toEqual(byStore);
    for (const s of breakdown.invitationsByStore ?? [])
      if (s.storeId !== null) expect(s.storeName).toBe([...departments].find(([, id]) => id === s.storeId)?.[0]);
    expect(new Map(breakdown.customersByType?.map((c) => [c.type, c.count]))).toEqual(tally(rows.map((f) => f.type)));
    expect(new Map(breakdown.clerks?.map((c) => [c.employeeId, c.count]))).toEqual(
      tally(recent.map((f) => f.creatorId ?? f.employeeId)),
    );
    const counts = breakdown.clerks?.map((c) => c.count) ?? [];
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const c of breakdown.clerks ?? []) expect(c.name).toEqual(expect.any(String));
  });

  it('gives the treasurer the week’s activities of every store, and HR no customer figure', async () => {
    const summaries = {
      treasurer: dataOf(await t.get<HomeSummary>(URL.summary, {}, tokens.treasurer)),
      hr: dataOf(await t.get<HomeSummary>(URL.summary, {}, tokens.hr)),
    };
    expect(summaries.treasurer).toMatchObject({ customers: null, invitations: null });
    expect(summaries.treasurer.activities).toBe(count(mine('treasurer'), (f) => !f.old));
    expect(summaries.hr).toMatchObject({ customers: null, invitations: null, activities: null });
    for (const actor of ['treasurer', 'hr'] as const) {
      const trend = dataOf(await t.get<HomeTrend>(URL.trend, {}, tokens[actor]));
      expect(trend).toMatchObject({ customers: false, invitations: false });
      expect(dataOf(await t.get<HomeBreakdown>(URL.breakdown, {}, tokens[actor]))).toEqual({
        window: expect.any(Object),
        invitationsByStore: null,
        customersByType: null,
        clerks: null,
      });
    }
  });

  it('shows a clerk and an administrator different figures', async () => {
    const clerk = dataOf(await t.get<HomeSummary>(URL.summary, {}, tokens['store1.clerk1']));
    const admin = dataOf(await t.get<HomeSummary>(URL.summary, {}, tokens.admin));
    expect(clerk.customers?.total).toBe(3);
    expect(admin.customers?.total).toBe(fixtures.length);
  });

  it('answers null parts to a staff member who may read none of them, and 401 without a session', async () => {
    const username = 'home.nobody';
    dataOf(await t.post('/admin/base/sys/user/add', { username, name: 'nobody', password: PASSWORD }, tokens.admin));
    const token = (await t.login(username, PASSWORD)).token;
    expect(dataOf(await t.get<HomeSummary>(URL.summary, {}, token))).toEqual({
      window: expect.any(Object),
      customers: null,
      invitations: null,
      activities: null,
      appUsers: null,
      taskFailures: null,
    });
    const trend = dataOf(await t.get<HomeTrend>(URL.trend, {}, token));
    expect(trend).toMatchObject({ customers: false, invitations: false });
    expect(trend.days.every((d) => d.customers === null && d.invitations === null)).toBe(true);
    expect(dataOf(await t.get<HomeBreakdown>(URL.breakdown, {}, token))).toEqual({
      window: expect.any(Object),
      invitationsByStore: null,
      customersByType: null,
      clerks: null,
    });
    for (const url of Object.values(URL)) expectRefused(await t.get(url, {}), 401);
  });

  it('shows the app users the user module provides, to holders of its permission only', async () => {
    const before = dataOf(await t.get<HomeSummary>(URL.summary, {}, tokens.admin)).appUsers;
    expect(before).not.toBeNull();
    for (const phone of ['13900000001', '13900000002']) {
      dataOf(await t.post('/admin/user/info/add', { nickName: 'home', phone }, tokens.admin));
    }
    const admin = dataOf(await t.get<HomeSummary>(URL.summary, {}, tokens.admin));
    expect(admin.appUsers).toEqual({
      total: (before?.total ?? 0) + 2,
      added: (before?.added ?? 0) + 2,
    });
    const clerk = dataOf(await t.get<HomeSummary>(URL.summary, {}, tokens['store1.clerk1']));
    expect(clerk.appUsers).toBeNull();
  });

  it('seeds the home as the first page of the tree, given to every seeded role', async () => {
    const permmenu = async (token: string) =>
      dataOf(
        await t.get<{ menus: Array<{ router: string | null; viewPath: string | null; type: number }> }>(
          '/admin/base/comm/permmenu',
          {},
          token,
        ),
      ).menus;
    for (const actor of ACTORS) {
      const home = (await permmenu(tokens[actor])).find((m) => m.router === '/');
      expect(home).toMatchObject({ type: 1, viewPath: 'modules/demo/views/home/index.vue' });
    }
  });
});
