import type { HomeClerkCount, HomeStoreCount, HomeTypeCount } from '@backroom/contract';
import { sql } from 'kysely';
import { type AnySelect, MAIN } from '../../core/crud/query.js';
import type { Db } from '../../core/db/index.js';

/*
 * Aggregates over a scoped query (CrudService.scopedQuery: the entity's rows the session may see,
 * aliased MAIN). Each reads only columns the dashboard indexes hold (createTime or inviteTime or
 * customerType, with storeId, employeeId and the invitation's status), so the database answers
 * from the index whatever the scope adds. Times are the stored `YYYY-MM-DD HH:mm:ss` text: a day
 * is its first 10 characters on every dialect.
 */

const ref = (column: string) => sql.ref(`${MAIN}.${column}`);
const dayOf = (column: string) => sql<string>`substr(${ref(column)}, 1, 10)`;
const countOf = (value: unknown) => Number(value ?? 0);

/**
 * Invitations in the window, how many of them have one of the `visited` statuses, and how many are
 * planned: still `open` (invited) with a time from `now` on.
 */
export async function invitationVisits(
  scoped: AnySelect,
  window: { from: string; to: string },
  statuses: { visited: readonly string[]; open: string; now: string },
): Promise<{ count: number; planned: number; visited: number }> {
  const { visited, open, now } = statuses;
  const row = await scoped
    .select((eb) => [
      eb.fn.countAll().as('n'),
      eb.fn
        .sum(
          eb
            .case()
            .when(eb.and([eb(ref('customerStatus'), '=', open), eb(ref('inviteTime'), '>=', now)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('p'),
      eb.fn
        .sum(
          eb
            .case()
            .when(ref('customerStatus'), 'in', [...visited])
            .then(1)
            .else(0)
            .end(),
        )
        .as('v'),
    ])
    .where(ref('inviteTime'), '>=', window.from)
    .where(ref('inviteTime'), '<', window.to)
    .executeTakeFirst();
  return { count: countOf(row?.n), planned: countOf(row?.p), visited: countOf(row?.v) };
}

/** How many rows fall on each day from `from` to before `to` (days without rows are left out). */
export async function countByDay(
  scoped: AnySelect,
  column: string,
  window: { from: string; to: string },
): Promise<Map<string, number>> {
  const day = dayOf(column);
  const rows = await scoped
    .select((eb) => [day.as('day') as never, eb.fn.countAll().as('n')])
    .where(ref(column), '>=', window.from)
    .where(ref(column), '<', window.to)
    .groupBy(day as never)
    .execute();
  return new Map(rows.map((r) => [String(r.day), countOf(r.n)]));
}

/** Invitations in the window (planned ones after it left out), by store, most first, with the store's name. */
export async function invitationsByStore(
  db: Db,
  scoped: AnySelect,
  window: { from: string; to: string },
): Promise<HomeStoreCount[]> {
  const rows = await scoped
    .select((eb) => [ref('storeId').as('storeId') as never, eb.fn.countAll().as('n')])
    .where(ref('inviteTime'), '>=', window.from)
    .where(ref('inviteTime'), '<', window.to)
    .groupBy(ref('storeId') as never)
    .execute();
  const ids = rows.map((r) => r.storeId as number | null).filter((id): id is number => id !== null);
  const names = new Map<number, string>();
  if (ids.length > 0) {
    const found = await db.selectFrom('base_sys_department').select(['id', 'name']).where('id', 'in', ids).execute();
    for (const d of found) names.set(d.id, d.name);
  }
  return rows
    .map((r) => {
      const storeId = r.storeId === null ? null : Number(r.storeId);
      return { storeId, storeName: storeId === null ? null : (names.get(storeId) ?? null), count: countOf(r.n) };
    })
    .sort((a, b) => b.count - a.count || (a.storeId ?? 0) - (b.storeId ?? 0));
}

/** Every row by customer type (null: none given), most first. */
export async function customersByType(scoped: AnySelect): Promise<HomeTypeCount[]> {
  const rows = await scoped
    .select((eb) => [ref('customerType').as('type') as never, eb.fn.countAll().as('n')])
    .groupBy(ref('customerType') as never)
    .execute();
  return rows
    .map((r) => ({ type: (r.type as string | null) ?? null, count: countOf(r.n) }))
    .sort((a, b) => b.count - a.count || String(a.type).localeCompare(String(b.type)));
}

/**
 * The recorders (creatorId) with the most rows created in the window, with their names: the first
 * `limit`. Work is the recorder's: a customer handed over since still counts for who took it on.
 */
export async function recordersByNewRows(
  db: Db,
  scoped: AnySelect,
  window: { from: string; to: string },
  limit: number,
): Promise<HomeClerkCount[]> {
  const rows = await scoped
    .select((eb) => [ref('creatorId').as('creatorId') as never, eb.fn.countAll().as('n')])
    .where(ref('createTime'), '>=', window.from)
    .where(ref('createTime'), '<', window.to)
    .where(ref('creatorId'), 'is not', null)
    .groupBy(ref('creatorId') as never)
    .orderBy('n', 'desc')
    .orderBy(ref('creatorId') as never)
    .limit(limit)
    .execute();
  const ids = rows.map((r) => Number(r.creatorId));
  const names = new Map<number, string | null>();
  if (ids.length > 0) {
    const found = await db
      .selectFrom('base_sys_user')
      .select(['id', 'name', 'nickName', 'username'])
      .where('id', 'in', ids)
      .execute();
    for (const u of found) names.set(u.id, u.name || u.nickName || u.username);
  }
  return rows.map((r) => ({
    employeeId: Number(r.creatorId),
    name: names.get(Number(r.creatorId)) ?? null,
    count: countOf(r.n),
  }));
}
