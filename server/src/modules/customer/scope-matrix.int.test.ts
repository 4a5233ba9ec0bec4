import type { CustomerDetails, CustomerHomeData, PageResult, UserLevel } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asLoose, formatTime, insertReturningId } from '../../core/db/index.js';
import {
  dataOf,
  expectRefused,
  expectRuleRefusal,
  type Reply,
  startApp,
  type TestApp,
  testTargets,
} from '../../testing/harness.js';
import { CUSTOMER_PERMS } from './customer.test-support.js';

/*
 * The retail scope through every customer/info call, for every level: a row of another store or of
 * another clerk is neither seen, counted nor changed, and the rows of the operator's scope are
 * (so a call that shows nothing to anyone fails too). Reads run first, on the three fixture
 * customers alone; each write is tried on a row out of reach (alone and beside a row in reach, for
 * the batch calls) and must leave both as they were, and on a fresh row in reach, where it works.
 */

const PASSWORD = 'Scope-Matrix1';
const MARK = 'scopemx';
const INFO = '/admin/customer/info';
const INVITATION = '/admin/customer/invitationRecord';
const ACTIVITY = '/admin/customer/activity';

type Row = { id: number } & Record<string, unknown>;
type ActorName = 'clerkA1' | 'clerkA2' | 'managerA' | 'managerB' | 'treasurerA' | 'hrA' | 'admin';
type FixtureName = 'ownA1' | 'ownA2' | 'ownB1';
type Level = UserLevel | 'superuser';

/** Rows each actor reaches: own rows for a clerk, the store for a manager, the granted store (A) for the others. */
const REACH: Record<ActorName, readonly FixtureName[]> = {
  clerkA1: ['ownA1'],
  clerkA2: ['ownA2'],
  managerA: ['ownA1', 'ownA2'],
  managerB: ['ownB1'],
  treasurerA: ['ownA1', 'ownA2'],
  hrA: ['ownA1', 'ownA2'],
  admin: ['ownA1', 'ownA2', 'ownB1'],
};
const LEVEL: Record<ActorName, Level> = {
  clerkA1: 'clerk',
  clerkA2: 'clerk',
  managerA: 'storeManger',
  managerB: 'storeManger',
  treasurerA: 'treasurer',
  hrA: 'hr',
  admin: 'superuser',
};
const FIXTURES: readonly FixtureName[] = ['ownA1', 'ownA2', 'ownB1'];

type Probe = { t: TestApp; token: string; id: number };

/** Read calls: whether the actor saw (or counted) the row. */
const READS: Record<string, (p: Probe) => Promise<boolean>> = {
  page: async (p) => (await markerPage(p, 'page')).some((r) => r.id === p.id),
  findPage: async (p) => (await markerPage(p, 'findPage')).some((r) => r.id === p.id),
  list: async (p) => (await markerList(p, 'list')).some((r) => r.id === p.id),
  findAll: async (p) => (await markerList(p, 'findAll')).some((r) => r.id === p.id),
  info: async (p) => foundOrMissing(await p.t.get(`${INFO}/info`, { id: p.id }, p.token)),
  details: async (p) => {
    const reply = await p.t.post<CustomerDetails>(`${INFO}/details`, { id: p.id }, p.token);
    if (!foundOrMissing(reply)) return false;
    // The customer's own invitation and activity come with it.
    const details = dataOf(reply);
    expect(details.invitations.map((i) => i.customerID)).toEqual([p.id]);
    expect(details.activities.map((a) => a.customerId)).toEqual([p.id]);
    return true;
  },
  total: async (p) =>
    dataOf(await p.t.get<number>(`${INFO}/total`, { keyWord: MARK, customerName: nameOf(p) }, p.token)) === 1,
  homeBaseData: async (p) =>
    dataOf(await p.t.get<CustomerHomeData>(`${INFO}/homeBaseData`, {}, p.token)).recent.some((r) => r.id === p.id),
  // The customer's invitation and activity are owned as the customer is: they follow the same scope.
  invitationFindPage: async (p) => (await pageOf(p, INVITATION, { customerID: p.id })).length > 0,
  activityFindPage: async (p) => (await pageOf(p, ACTIVITY, { customerId: p.id })).length > 0,
};

/** Write calls on one customer (`id`), beside another (`beside`, in reach) for the batch calls. */
const WRITES: Record<string, (t: TestApp, token: string, id: number, beside?: number) => Promise<Reply>> = {
  update: (t, token, id) => t.post(`${INFO}/update`, { id, remark: 'touched' }, token),
  batchUpdate: (t, token, id, beside) =>
    t.post(`${INFO}/batchUpdate`, { ids: beside ? [beside, id] : [id], remark: 'touched' }, token),
  remove: (t, token, id, beside) => t.post(`${INFO}/remove`, { ids: beside ? [beside, id] : [id] }, token),
  delete: (t, token, id, beside) => t.post(`${INFO}/delete`, { ids: beside ? [beside, id] : [id] }, token),
  batchDelete: (t, token, id, beside) => t.post(`${INFO}/batchDelete`, { ids: beside ? [beside, id] : [id] }, token),
  // An invitation or activity names a customer the operator may see, or none is written.
  invitationCreate: (t, token, id) =>
    t.post(`${INVITATION}/create`, { customerID: id, inviteTime: '2026-11-25 10:00:00', remark: 'touched' }, token),
  activityCreate: (t, token, id) =>
    t.post(
      `${ACTIVITY}/create`,
      { customerId: id, customerName: MARK, customerPhone: '13900000000', customerAddress: 'x', remark: 'touched' },
      token,
    ),
};

async function markerPage(p: Probe, action: 'page' | 'findPage'): Promise<Row[]> {
  return dataOf(await p.t.post<PageResult<Row>>(`${INFO}/${action}`, { page: 1, size: 50, keyWord: MARK }, p.token))
    .list;
}

async function pageOf(p: Probe, prefix: string, filters: Record<string, unknown>): Promise<Row[]> {
  return dataOf(await p.t.post<PageResult<Row>>(`${prefix}/findPage`, { page: 1, size: 50, ...filters }, p.token)).list;
}

async function markerList(p: Probe, action: 'list' | 'findAll'): Promise<Row[]> {
  return dataOf(await p.t.post<Row[]>(`${INFO}/${action}`, { keyWord: MARK }, p.token));
}

/** The fixture's name (`scopemx-<id>`), unique to it. */
const nameOf = (p: { id: number }) => `${MARK}-${p.id}`;

function foundOrMissing(reply: Reply): boolean {
  if (reply.status === 200) return true;
  expectRefused(reply, 404);
  return false;
}

describe.each(testTargets())('the retail scope through every customer/info call on $name', (target) => {
  let t: TestApp;
  const tokens = {} as Record<ActorName, string>;
  const userIds = {} as Record<ActorName | 'clerkB1', number>;
  const fixtures = {} as Record<FixtureName, number>;
  const stores = {} as Record<'A' | 'B', number>;
  /** Owner and store of each fixture customer. */
  const placeOf = {} as Record<FixtureName, { employeeId: number; storeId: number }>;

  const stored = (id: number) =>
    t.ctx.db.db.selectFrom('customer_info').selectAll().where('id', '=', id).executeTakeFirst();

  /** Invitations and activities a create of the matrix wrote (remark "touched"). */
  async function touchedRecords(): Promise<number> {
    const invitations = await t.ctx.db.db
      .selectFrom('customer_invitation_record')
      .select('id')
      .where('remark', '=', 'touched')
      .execute();
    const activities = await t.ctx.db.db
      .selectFrom('customer_activity')
      .select('id')
      .where('remark', '=', 'touched')
      .execute();
    return invitations.length + activities.length;
  }

  async function insert(table: string, values: Record<string, unknown>): Promise<number> {
    const now = formatTime();
    return insertReturningId(asLoose(t.ctx.db.db), t.ctx.db.kind, table, {
      ...values,
      createTime: now,
      updateTime: now,
    });
  }

  /** A customer owned like the fixture, named after its own id, with an invitation and an activity. */
  async function customerLike(fixture: FixtureName): Promise<number> {
    const place = placeOf[fixture];
    const id = await insert('customer_info', { customerName: MARK, customerPhone: '13800000000', ...place });
    await t.ctx.db.db
      .updateTable('customer_info')
      .set({ customerName: nameOf({ id }) })
      .where('id', '=', id)
      .execute();
    await insert('customer_invitation_record', {
      customerID: id,
      inviteTime: formatTime(),
      customerStatus: '1',
      ...place,
    });
    await insert('customer_activity', {
      customerId: id,
      customerName: MARK,
      customerPhone: '13900000000',
      customerAddress: 'x',
      ...place,
    });
    return id;
  }

  beforeAll(async () => {
    t = await startApp(target);
    tokens.admin = (await t.login()).token;
    userIds.admin = 1;
    const add = async (url: string, body: Record<string, unknown>) =>
      dataOf(await t.post<{ id: number }>(url, body, tokens.admin)).id;
    const departments = dataOf(
      await t.post<Array<{ id: number; parentId: number | null }>>('/admin/base/sys/department/list', {}, tokens.admin),
    );
    const top = departments.find((d) => d.parentId === null)?.id ?? 0;
    const region = await add('/admin/base/sys/department/add', { name: 'mx region', parentId: top });
    stores.A = await add('/admin/base/sys/department/add', { name: 'mx store A', parentId: region, isStore: true });
    stores.B = await add('/admin/base/sys/department/add', { name: 'mx store B', parentId: region, isStore: true });
    const office = await add('/admin/base/sys/department/add', { name: 'mx office', parentId: top });
    const menuId = await add('/admin/base/sys/menu/add', {
      name: 'mx perms',
      type: 2,
      perms: CUSTOMER_PERMS.join(','),
    });
    const role = (label: string, departmentIdList: number[]) =>
      add('/admin/base/sys/role/add', { name: label, label, relevance: true, menuIdList: [menuId], departmentIdList });
    // Every actor holds every customer permission: what they reach is the scope's doing alone.
    const grantsA = await role('mx.storeA', [stores.A]);
    const none = await role('mx.none', []);
    const actor = async (name: ActorName | 'clerkB1', userLevel: UserLevel, departmentId: number, roleId: number) => {
      const body = { username: `mx.${name}`, name, password: PASSWORD, departmentId, userLevel, roleIdList: [roleId] };
      userIds[name] = await add('/admin/base/sys/user/add', body);
      if (name !== 'clerkB1') tokens[name] = (await t.login(`mx.${name}`, PASSWORD)).token;
    };
    // A clerk's grants do not widen their reach: clerkA1 holds store A's and still reaches their own rows only.
    await actor('clerkA1', 'clerk', stores.A, grantsA);
    await actor('clerkA2', 'clerk', stores.A, none);
    await actor('clerkB1', 'clerk', stores.B, none);
    await actor('managerA', 'storeManger', stores.A, none);
    await actor('managerB', 'storeManger', stores.B, none);
    await actor('treasurerA', 'treasurer', office, grantsA);
    await actor('hrA', 'hr', office, grantsA);
    placeOf.ownA1 = { employeeId: userIds.clerkA1, storeId: stores.A };
    placeOf.ownA2 = { employeeId: userIds.clerkA2, storeId: stores.A };
    placeOf.ownB1 = { employeeId: userIds.clerkB1, storeId: stores.B };
    for (const name of FIXTURES) fixtures[name] = await customerLike(name);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const actors = Object.keys(REACH) as ActorName[];
  const readCases = Object.keys(READS).flatMap((call) =>
    actors.flatMap((actor) =>
      FIXTURES.map((fixture) => ({ call, actor, fixture, label: `${call} as ${LEVEL[actor]} ${actor} on ${fixture}` })),
    ),
  );

  it.each(readCases)('$label: seen exactly when in scope', async ({ call, actor, fixture }) => {
    const read = READS[call];
    if (!read) throw new Error(`no read ${call}`);
    const seen = await read({ t, token: tokens[actor], id: fixtures[fixture] });
    expect(seen).toBe(REACH[actor].includes(fixture));
  });

  it.each(actors)('total and homeBaseData of %s count the rows in scope and no other', async (actor) => {
    const reach = REACH[actor].length;
    expect(dataOf(await t.get<number>(`${INFO}/total`, { keyWord: MARK }, tokens[actor]))).toBe(reach);
    const home = dataOf(await t.get<CustomerHomeData>(`${INFO}/homeBaseData`, {}, tokens[actor]));
    expect(home.customers).toEqual({ total: reach, newToday: reach, newThisWeek: reach });
    expect(home.invitations.today['1']).toBe(reach);
    expect(home.activitiesThisMonth).toBe(reach);
    expect(home.recent.map((r) => r.id).sort()).toEqual(REACH[actor].map((f) => fixtures[f]).sort());
  });

  const writeCases = Object.keys(WRITES).flatMap((call) =>
    actors.flatMap((actor) =>
      FIXTURES.filter((f) => !REACH[actor].includes(f)).map((fixture) => ({
        call,
        actor,
        fixture,
        label: `${call} as ${LEVEL[actor]} ${actor} on ${fixture}`,
      })),
    ),
  );

  it.each(writeCases)(
    '$label (out of scope): answered as a missing id, alone or beside a row in scope; nothing changes',
    async ({ call, actor, fixture }) => {
      const write = WRITES[call];
      if (!write) throw new Error(`no write ${call}`);
      const target = fixtures[fixture];
      const beside = await customerLike(REACH[actor][0] as FixtureName);
      const before = [await stored(target), await stored(beside)];
      // A row out of reach is not there for this operator: the call on the row answers 404, and a
      // record naming it answers the customer field's "no such customer" (400), as for an id nobody has.
      const outOfReach = (reply: Reply) =>
        call === 'invitationCreate' || call === 'activityCreate' ? expectRuleRefusal(reply) : expectRefused(reply, 404);
      outOfReach(await write(t, tokens[actor], target));
      outOfReach(await write(t, tokens[actor], target, beside));
      expect([await stored(target), await stored(beside)]).toEqual(before);
      await t.ctx.db.db.deleteFrom('customer_info').where('id', '=', beside).execute();
    },
  );

  const controlCases = Object.keys(WRITES).flatMap((call) =>
    actors.map((actor) => ({ call, actor, label: `${call} as ${LEVEL[actor]} ${actor} on a row in scope` })),
  );

  it.each(controlCases)('$label: done', async ({ call, actor }) => {
    const write = WRITES[call];
    if (!write) throw new Error(`no write ${call}`);
    const id = await customerLike(REACH[actor][0] as FixtureName);
    const records = await touchedRecords();
    dataOf(await write(t, tokens[actor], id));
    const after = await stored(id);
    if (call === 'delete' || call === 'batchDelete') expect(after).toBeUndefined();
    else if (call === 'remove') expect(after?.customerStatus).toBe('2');
    else if (call === 'invitationCreate' || call === 'activityCreate') expect(await touchedRecords()).toBe(records + 1);
    else expect(after?.remark).toBe('touched');
  });
});
