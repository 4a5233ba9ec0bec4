import { type RawBuilder, sql } from 'kysely';
import { type AnySelect, MAIN } from '../../core/crud/query.js';
import type { Db } from '../../core/db/index.js';

/*
 * The reports' aggregates, each over a scoped query (CrudService.scopedQuery: the rows the session
 * may see, aliased MAIN), so the data scope is the lists' own. A group is a store (storeId), a staff
 * member (the column the caller names: creatorId for work, employeeId for the book) or a day (the
 * first 10 characters of the stored time). Times are `YYYY-MM-DD HH:mm:ss` text on every dialect.
 */

type Window = { from: string; to: string };
export type Grouping = { kind: 'store' | 'clerk' | 'day'; clerkColumn: 'creatorId' | 'employeeId'; time: string };
export type Narrowing = { storeId?: number; staffId?: number; staffColumn: 'creatorId' | 'employeeId' };
export type Counted = { key: number | string | null; values: Record<string, number> };

const ref = (column: string) => sql.ref(`${MAIN}.${column}`);
const n = (value: unknown) => Number(value ?? 0);
const sumWhen = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;

function groupOf(g: Grouping): RawBuilder<unknown> {
  if (g.kind === 'store') return sql`${ref('storeId')}`;
  if (g.kind === 'clerk') return sql`${ref(g.clerkColumn)}`;
  return sql`substr(${ref(g.time)}, 1, 10)`;
}

function narrowed(qb: AnySelect, by: Narrowing): AnySelect {
  let q = qb;
  if (by.storeId !== undefined) q = q.where(ref('storeId'), '=', by.storeId);
  if (by.staffId !== undefined) q = q.where(ref(by.staffColumn), '=', by.staffId);
  return q;
}

async function grouped(
  qb: AnySelect,
  g: Grouping,
  window: Window | null,
  by: Narrowing,
  measures: Record<string, RawBuilder<unknown>>,
): Promise<Counted[]> {
  const group = groupOf(g);
  let q = narrowed(qb, by).select([group.as('k'), ...Object.entries(measures).map(([name, m]) => m.as(name))]);
  if (window) q = q.where(ref(g.time), '>=', window.from).where(ref(g.time), '<', window.to);
  const rows = (await q.groupBy(group as never).execute()) as Array<Record<string, unknown>>;
  return rows.map((r) => ({
    key: r.k === null || r.k === undefined ? null : g.kind === 'day' ? String(r.k) : Number(r.k),
    values: Object.fromEntries(Object.keys(measures).map((name) => [name, n(r[name])])),
  }));
}

/** Invitations by their time: made, planned, visited, bought, no-show (`now` tells planned from past). */
export function countInvitations(qb: AnySelect, g: Grouping, window: Window, by: Narrowing, now: string) {
  const status = ref('customerStatus');
  const time = ref('inviteTime');
  return grouped(qb, g, window, by, {
    made: sql<number>`count(*)`,
    planned: sumWhen(sql`${status} = '1' and ${time} >= ${now}`),
    visited: sumWhen(sql`${status} in ('2', '3')`),
    bought: sumWhen(sql`${status} = '3'`),
    noShow: sumWhen(sql`(${status} = '4' or (${status} = '1' and ${time} < ${now}))`),
  });
}

/**
 * Distinct customers invited in the window, those who came, bought, and took part in an activity in
 * it. In two steps, so that the activity is looked up once per customer and group rather than per
 * invitation (issue 38: at 3M invitations the treasurer's year asked it 1.5M times): the group's
 * invitations per customer (whether one of them came, one bought), then, for each of those
 * customers, whether an activity of hers lies in the window (idx_customer_activity_customer_time):
 * a look-up per customer of the scope, so a store's report never reads the chain's activities.
 * With `whole`, the same pass also answers the whole's distinct customers (by store and summed: a
 * customer's invitations all sit in her store), as `whole`.
 */
export async function countConversion(
  db: Db,
  qb: AnySelect,
  g: Grouping,
  window: Window,
  by: Narrowing,
  whole = false,
): Promise<{ groups: Counted[]; whole: Record<string, number> | null }> {
  const status = ref('customerStatus');
  const customer = ref('customerID');
  const group = groupOf(g);
  const perCustomer = narrowed(qb, by)
    .select([
      group.as('k'),
      ref('storeId').as('s'),
      customer.as('c'),
      sql<number>`max(case when ${status} in ('2', '3') then 1 else 0 end)`.as('v'),
      sql<number>`max(case when ${status} = '3' then 1 else 0 end)`.as('b'),
    ])
    .where(ref(g.time), '>=', window.from)
    .where(ref(g.time), '<', window.to)
    .groupBy([group, ref('storeId'), customer] as never);
  const activity = sql.table('customer_activity');
  const tookPart = sql`case when exists (select 1 from ${activity} ca where ca.${sql.ref('customerId')} = t.c and ca.${sql.ref('createTime')} >= ${window.from} and ca.${sql.ref('createTime')} < ${window.to}) then 1 else 0 end`;
  const perGroup = sql`select 0 as w, u.k as k, count(*) as invited, sum(u.v) as visited, sum(u.b) as bought, sum(u.p) as took from u group by u.k`;
  const ofWhole = sql`select 1 as w, null as k, count(*) as invited, sum(x.v) as visited, sum(x.b) as bought, sum(x.p) as took
    from (select u.s, u.c, max(u.v) as v, max(u.b) as b, max(u.p) as p from u group by u.s, u.c) x`;
  const { rows } = await sql<
    Record<string, unknown>
  >`with u as (select t.k, t.s, t.c, t.v, t.b, ${tookPart} as p from (${perCustomer}) t)
    ${perGroup}${whole ? sql` union all ${ofWhole}` : sql``}`.execute(db);
  const valuesOf = (r: Record<string, unknown>) => ({
    invited: n(r.invited),
    visited: n(r.visited),
    bought: n(r.bought),
    tookPart: n(r.took),
  });
  const groups = rows
    .filter((r) => Number(r.w) === 0)
    .map((r) => ({
      key: r.k === null || r.k === undefined ? null : g.kind === 'day' ? String(r.k) : Number(r.k),
      values: valuesOf(r),
    }));
  const total = rows.find((r) => Number(r.w) === 1);
  return { groups, whole: total ? valuesOf(total) : null };
}

/** Rows created in the window (customers taken on, activities recorded), and the prizes among activities. */
export function countCreated(qb: AnySelect, g: Grouping, window: Window | null, by: Narrowing, prizes = false) {
  const measures: Record<string, RawBuilder<unknown>> = { count: sql<number>`count(*)` };
  if (prizes) measures.prizes = sumWhen(sql`${ref('prizeName')} is not null and ${ref('prizeName')} <> ''`);
  return grouped(qb, g, window, by, measures);
}

/** Rows created before a time (a day's book starts from those). */
export async function countBefore(qb: AnySelect, column: string, before: string, by: Narrowing): Promise<number> {
  const row = await narrowed(qb, by)
    .select(sql<number>`count(*)`.as('n'))
    .where(ref(column), '<', before)
    .executeTakeFirst();
  return n(row?.n);
}

/** Rows created in the window by the values of some columns (customers by type, activities by name and prize). */
export async function countByValues(
  qb: AnySelect,
  columns: readonly string[],
  window: Window,
  by: Narrowing,
): Promise<Array<{ values: Array<string | null>; count: number }>> {
  const keys = columns.map((c) => ref(c));
  const rows = (await narrowed(qb, by)
    .select([...keys.map((k, i) => k.as(`v${i}`)), sql<number>`count(*)`.as('n')] as never)
    .where(ref('createTime'), '>=', window.from)
    .where(ref('createTime'), '<', window.to)
    .groupBy(keys as never)
    .execute()) as Array<Record<string, unknown>>;
  return rows.map((r) => ({
    values: columns.map((_, i) => (r[`v${i}`] === null || r[`v${i}`] === undefined ? null : String(r[`v${i}`]))),
    count: n(r.n),
  }));
}

/** The names of the groups: stores' (departments') and staff members'. */
export async function namesOf(db: Db, kind: 'store' | 'clerk', ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  if (kind === 'store') {
    for (const d of await db
      .selectFrom('base_sys_department')
      .select(['id', 'name'])
      .where('id', 'in', [...ids])
      .execute())
      out.set(d.id, d.name);
    return out;
  }
  const users = await db
    .selectFrom('base_sys_user')
    .select(['id', 'name', 'nickName', 'username'])
    .where('id', 'in', [...ids])
    .execute();
  for (const u of users) out.set(u.id, u.name || u.nickName || u.username);
  return out;
}

/** The roles holding a menu row whose permissions include `marker`. */
async function rolesHolding(trx: Db, marker: string): Promise<number[]> {
  const rows = await trx
    .selectFrom('base_sys_role_menu as rm')
    .innerJoin('base_sys_menu as m', 'm.id', 'rm.menuId')
    .select('rm.roleId')
    .where('m.perms', 'like', `%${marker}%`)
    .distinct()
    .execute();
  return rows.map((r) => r.roleId);
}

/**
 * Gives the menus with these ids (the reports page and its rows, the invitation export row) to
 * every role that holds, for each of `markers`, a menu row whose permissions include it (the
 * customer export: store managers, the treasurer), and lacks them. Roles made later get them as
 * any page, by ticking it.
 */
export async function grantMenusToRolesHolding(
  trx: Db,
  markers: string | readonly string[],
  menuIds: readonly number[],
): Promise<number> {
  if (menuIds.length === 0) return 0;
  const [first = '', ...rest] = typeof markers === 'string' ? [markers] : markers;
  let holders = await rolesHolding(trx, first);
  for (const marker of rest) {
    const also = new Set(await rolesHolding(trx, marker));
    holders = holders.filter((roleId) => also.has(roleId));
  }
  let granted = 0;
  for (const roleId of holders) {
    const held = new Set(
      (
        await trx
          .selectFrom('base_sys_role_menu')
          .select('menuId')
          .where('roleId', '=', roleId)
          .where('menuId', 'in', [...menuIds])
          .execute()
      ).map((r) => r.menuId),
    );
    const missing = menuIds.filter((id) => !held.has(id));
    if (missing.length === 0) continue;
    await trx
      .insertInto('base_sys_role_menu')
      .values(missing.map((menuId) => ({ roleId, menuId })))
      .execute();
    granted += 1;
  }
  return granted;
}

/** The ids of the page with this router and of its permission rows. */
export async function pageAndRows(trx: Db, router: string): Promise<number[]> {
  const page = await trx
    .selectFrom('base_sys_menu')
    .select('id')
    .where('router', '=', router)
    .where('type', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  if (!page) return [];
  const rows = await trx.selectFrom('base_sys_menu').select('id').where('parentId', '=', page.id).execute();
  return [page.id, ...rows.map((r) => r.id)];
}
