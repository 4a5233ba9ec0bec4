import { createHash } from 'node:crypto';
import type { HomeClerkCount, HomeCount, HomeStoreCount, HomeTypeCount } from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { countIn } from '../../core/crud/aggregate.js';
import type { CrudService } from '../../core/crud/factory.js';
import { OPEN_INVITATION } from './customer-info.repository.js';
import {
  countByDay,
  customersByType,
  invitationsByStore,
  invitationVisits,
  recordersByNewRows,
} from './customer-stats.repository.js';

/**
 * How long the customers by type of one scope (and their sum, the scope's total) are kept, from
 * TYPES_CACHE_FROM customers on. They are
 * the figures over every row the scope holds (the others cover a window, read as ranges of the
 * dashboard indexes): at a million customers counting them walks a million index entries, 0.3 to
 * 0.7 s, so a dashboard opened again within the minute reads the count made last
 * (docs/architecture.md, "Home dashboard").
 */
export const TYPES_CACHE_SECONDS = 60;
/**
 * A scope with fewer customers than this is counted afresh every time (a few milliseconds), so its
 * total never trails the windowed figures beside it (a new customer counted in "new this week" but
 * not yet in the total); only larger ones, whose count costs, are kept.
 */
export const TYPES_CACHE_FROM = 20_000;

/** invitationStatus values that mean the customer came: visited (2) and bought (3). */
const VISITED = ['2', '3'] as const;

/**
 * The customer figures of the home dashboard. Each reads through the entity's scopedQuery, so the
 * declared data scope (ownership) holds as on the entity's own pages: a clerk counts their own rows.
 * Windows are `YYYY-MM-DD HH:mm:ss` texts (from inclusive, to exclusive).
 */
type Window = { from: string; to: string };

export type CustomerStats = {
  customers(session: Session, window: Window): Promise<HomeCount>;
  /** Invitations in the window; of them the planned ones (still invited, from `now` on) and the visited ones. */
  invitations(
    session: Session,
    window: Window,
    now: string,
  ): Promise<{ count: number; planned: number; visited: number }>;
  activities(session: Session, window: Window): Promise<number>;
  newCustomersByDay(session: Session, window: Window): Promise<Map<string, number>>;
  invitationsByDay(session: Session, window: Window): Promise<Map<string, number>>;
  invitationsByStore(session: Session, window: Window): Promise<HomeStoreCount[]>;
  customersByType(session: Session): Promise<HomeTypeCount[]>;
  /** The staff who recorded the most new customers in the window (creatorId: the work, not today's owner). */
  clerksByNewCustomers(session: Session, window: Window, limit: number): Promise<HomeClerkCount[]>;
};

/**
 * What the ownership scope reads of a principal (core/crud/scope.ts), as a short key: two sessions
 * with the same fingerprint see the same rows, on any instance sharing the cache.
 */
export function scopeFingerprint(session: Session): string {
  const ids = (set: ReadonlySet<number> | null) => (set === null ? '*' : [...set].sort((a, b) => a - b).join(','));
  const scope = session.isSuper
    ? 'super'
    : `${session.userLevel}|${session.userId}|${ids(session.departmentIds)}|${ids(session.ownDepartmentIds)}`;
  return createHash('sha256').update(scope).digest('base64url').slice(0, 22);
}

export function createCustomerStats(
  ctx: AppContext,
  customers: CrudService,
  invitations: CrudService,
  activities: CrudService,
): CustomerStats {
  const db = ctx.db.db;
  /** The scope's customers by type, counted at most once a minute (their sum is the scope's total). */
  async function typeCounts(session: Session): Promise<HomeTypeCount[]> {
    const key = `customer:home-types:${scopeFingerprint(session)}`;
    // Only a saving: while the cache is down (Redis, 503) the home counts without it.
    const kept = await ctx.cache.get(key).catch(() => undefined);
    if (kept !== undefined) return JSON.parse(kept) as HomeTypeCount[];
    const counted = await customersByType(customers.scopedQuery(session));
    if (counted.reduce((sum, t) => sum + t.count, 0) >= TYPES_CACHE_FROM)
      await ctx.cache.set(key, JSON.stringify(counted), TYPES_CACHE_SECONDS).catch(() => undefined);
    return counted;
  }
  return {
    async customers(session, window) {
      const total = (await typeCounts(session)).reduce((sum, t) => sum + t.count, 0);
      const added = await countIn(customers.scopedQuery(session), 'createTime', window.from, window.to);
      return { total, added };
    },
    invitations: (session, window, now) =>
      invitationVisits(invitations.scopedQuery(session), window, { visited: VISITED, open: OPEN_INVITATION, now }),
    activities: (session, window) => countIn(activities.scopedQuery(session), 'createTime', window.from, window.to),
    newCustomersByDay: (session, window) => countByDay(customers.scopedQuery(session), 'createTime', window),
    invitationsByDay: (session, window) => countByDay(invitations.scopedQuery(session), 'inviteTime', window),
    invitationsByStore: (session, window) => invitationsByStore(db, invitations.scopedQuery(session), window),
    customersByType: typeCounts,
    clerksByNewCustomers: (session, window, limit) =>
      recordersByNewRows(db, customers.scopedQuery(session), window, limit),
  };
}
