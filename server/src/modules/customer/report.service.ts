import type {
  ActivityReport,
  ConversionReport,
  CustomerReport,
  HomeRangeWindow,
  InvitationReport,
  ReportQuery,
  ReportRow,
} from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import { rangeWindow } from '../../core/calendar.js';
import type { AppContext } from '../../core/context.js';
import type { CrudService } from '../../core/crud/factory.js';
import { formatTime } from '../../core/db/index.js';
import { scopeFingerprint, TYPES_CACHE_FROM, TYPES_CACHE_SECONDS } from './customer-stats.service.js';
import {
  type Counted,
  countBefore,
  countByValues,
  countConversion,
  countCreated,
  countInvitations,
  type Grouping,
  type Narrowing,
  namesOf,
} from './report.repository.js';

export type ReportService = {
  invitations(query: ReportQuery, session: Session): Promise<InvitationReport>;
  customers(query: ReportQuery, session: Session): Promise<CustomerReport>;
  activities(query: ReportQuery, session: Session): Promise<ActivityReport>;
  conversion(query: ReportQuery, session: Session): Promise<ConversionReport>;
};

/** A share in percent with one decimal (0 when there is nothing to share). */
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * The reports: read models over the customer module's entities, each through the entity's own
 * scopedQuery, so the operator counts what her lists show (a clerk her own rows, a manager her
 * store's, a region manager the region's, the treasurer every store). Work is counted by its
 * recorder (invitations made, customers taken on, activities recorded: creatorId), the book by the
 * owner of today (employeeId). A day grouping lists every day of the range, empty ones too.
 */
export function createReportService(
  ctx: AppContext,
  entities: { customers: CrudService; invitations: CrudService; activities: CrudService },
): ReportService {
  const db = ctx.db.db;
  const windowOf = (query: ReportQuery) => rangeWindow({ range: 'custom', from: query.from, to: query.to });
  const grouping = (query: ReportQuery, time: string, clerkColumn: Grouping['clerkColumn']): Grouping => ({
    kind: query.groupBy === 'clerk' ? 'clerk' : query.groupBy,
    clerkColumn,
    time,
  });
  const narrowing = (query: ReportQuery, staffColumn: Narrowing['staffColumn']): Narrowing => ({
    ...(query.storeId !== undefined ? { storeId: query.storeId } : {}),
    ...(query.employeeId !== undefined ? { staffId: query.employeeId } : {}),
    staffColumn,
  });

  /** Rows with names, every day of the window for a day grouping, most first otherwise (days in order). */
  async function rowsOf<M extends string>(
    query: ReportQuery,
    window: HomeRangeWindow,
    counted: Counted[],
    metrics: readonly M[],
    derive: (values: Record<string, number>) => Record<M, number>,
  ): Promise<ReportRow<M>[]> {
    const byKey = new Map(counted.map((c) => [c.key, c.values]));
    const keys: Array<number | string | null> = query.groupBy === 'day' ? window.days : counted.map((c) => c.key);
    const names =
      query.groupBy === 'day'
        ? new Map<number, string>()
        : await namesOf(
            db,
            query.groupBy,
            keys.filter((k): k is number => typeof k === 'number'),
          );
    const rows = keys.map((key) => ({
      key,
      name: typeof key === 'number' ? (names.get(key) ?? null) : key,
      ...derive(byKey.get(key) ?? {}),
    })) as ReportRow<M>[];
    if (query.groupBy !== 'day') {
      const first = metrics[0] as M;
      rows.sort((a, b) => b[first] - a[first] || String(a.key).localeCompare(String(b.key)));
    }
    return rows;
  }

  const sumOf = <M extends string>(rows: ReportRow<M>[], metric: M) => rows.reduce((s, r) => s + r[metric], 0);

  /**
   * The book's counts (every customer of the scope by owner or store, or those taken on before the
   * range), kept a minute for a scope of TYPES_CACHE_FROM customers or more, as the home keeps its
   * by-type count: they walk every index entry of the scope (a million for the treasurer of a
   * chain), where the other figures read the range alone. A smaller scope is counted every time.
   */
  async function bookOf<T>(key: string, session: Session, size: (value: T) => number, count: () => Promise<T>) {
    const full = `customer:report-book:${scopeFingerprint(session)}:${key}`;
    // Only a saving: while the cache is down (Redis, 503) the report counts without it.
    const kept = await ctx.cache.get(full).catch(() => undefined);
    if (kept !== undefined) return JSON.parse(kept) as T;
    const value = await count();
    if (size(value) >= TYPES_CACHE_FROM)
      await ctx.cache.set(full, JSON.stringify(value), TYPES_CACHE_SECONDS).catch(() => undefined);
    return value;
  }
  const narrowKey = (query: ReportQuery) => `${query.storeId ?? ''}:${query.employeeId ?? ''}`;

  return {
    async invitations(query, session) {
      const window = windowOf(query);
      const now = formatTime();
      const counted = await countInvitations(
        entities.invitations.scopedQuery(session),
        grouping(query, 'inviteTime', 'creatorId'),
        window,
        narrowing(query, 'creatorId'),
        now,
      );
      const metrics = ['made', 'planned', 'visited', 'bought', 'noShow', 'visitRate', 'purchaseRate'] as const;
      const derive = (v: Record<string, number>) => {
        const made = v.made ?? 0;
        const planned = v.planned ?? 0;
        const visited = v.visited ?? 0;
        const bought = v.bought ?? 0;
        const due = made - planned;
        return {
          made,
          planned,
          visited,
          bought,
          noShow: v.noShow ?? 0,
          visitRate: rate(visited, due),
          purchaseRate: rate(bought, due),
        };
      };
      const rows = await rowsOf(query, window, counted, metrics, derive);
      const totals = derive({
        made: sumOf(rows, 'made'),
        planned: sumOf(rows, 'planned'),
        visited: sumOf(rows, 'visited'),
        bought: sumOf(rows, 'bought'),
        noShow: sumOf(rows, 'noShow'),
      });
      return { window, groupBy: query.groupBy, clerkIs: 'recorder', metrics, rows, totals };
    },

    async customers(query, session) {
      const window = windowOf(query);
      const scoped = () => entities.customers.scopedQuery(session);
      // The three counts at once (PostgreSQL and MariaDB run them on connections of their own).
      const [added, book, before, typed] = await Promise.all([
        countCreated(scoped(), grouping(query, 'createTime', 'creatorId'), window, narrowing(query, 'creatorId')),
        query.groupBy === 'day'
          ? []
          : bookOf(
              `${query.groupBy}:${narrowKey(query)}`,
              session,
              (counted: Counted[]) => counted.reduce((n, c) => n + (c.values.count ?? 0), 0),
              () =>
                countCreated(
                  scoped(),
                  grouping(query, 'createTime', 'employeeId'),
                  null,
                  narrowing(query, 'employeeId'),
                ),
            ),
        // A day's book: the customers of the scope taken on by that day's end (those there before, and each day's).
        query.groupBy === 'day'
          ? bookOf(
              `before:${window.from}:${narrowKey(query)}`,
              session,
              (n: number) => n,
              () => countBefore(scoped(), 'createTime', window.from, narrowing(query, 'employeeId')),
            )
          : 0,
        countByValues(scoped(), ['customerType'], window, narrowing(query, 'creatorId')),
      ]);
      let running = before;
      const keys = new Map<number | string | null, Record<string, number>>();
      for (const c of added) keys.set(c.key, { added: c.values.count ?? 0, book: 0 });
      for (const c of book) keys.set(c.key, { added: keys.get(c.key)?.added ?? 0, book: c.values.count ?? 0 });
      const merged: Counted[] = [...keys].map(([key, values]) => ({ key, values }));
      const metrics = ['added', 'book'] as const;
      const rows = await rowsOf(query, window, merged, metrics, (v) => ({ added: v.added ?? 0, book: v.book ?? 0 }));
      if (query.groupBy === 'day')
        for (const row of rows) {
          running += row.added;
          row.book = running;
        }
      const byType = typed.map((r) => ({ type: r.values[0] ?? null, count: r.count }));
      byType.sort((a, b) => b.count - a.count || String(a.type).localeCompare(String(b.type)));
      const totals = {
        added: sumOf(rows, 'added'),
        book: query.groupBy === 'day' ? (rows.at(-1)?.book ?? 0) : sumOf(rows, 'book'),
      };
      return { window, groupBy: query.groupBy, clerkIs: 'recorder', metrics, rows, totals, byType };
    },

    async activities(query, session) {
      const window = windowOf(query);
      const scoped = () => entities.activities.scopedQuery(session);
      const [counted, named] = await Promise.all([
        countCreated(scoped(), grouping(query, 'createTime', 'creatorId'), window, narrowing(query, 'creatorId'), true),
        countByValues(scoped(), ['activityName', 'prizeName'], window, narrowing(query, 'creatorId')),
      ]);
      const metrics = ['recorded', 'prizes'] as const;
      const rows = await rowsOf(query, window, counted, metrics, (v) => ({
        recorded: v.count ?? 0,
        prizes: v.prizes ?? 0,
      }));
      const byActivity = named
        .map((r) => ({ activityName: r.values[0] ?? null, prizeName: r.values[1] ?? null, count: r.count }))
        .sort((a, b) => b.count - a.count || String(a.activityName).localeCompare(String(b.activityName)));
      const totals = { recorded: sumOf(rows, 'recorded'), prizes: sumOf(rows, 'prizes') };
      return { window, groupBy: query.groupBy, clerkIs: 'recorder', metrics, rows, totals, byActivity };
    },

    async conversion(query, session) {
      const window = windowOf(query);
      // Totals of distinct customers, by store and summed: a customer's invitations all sit in her
      // store, so one invited by two clerks is one customer of the whole (a grouping by store is that
      // already; another grouping counts it in the same pass).
      const byStore = query.groupBy === 'store';
      const { groups: counted, whole: wholeCounted } = await countConversion(
        db,
        entities.invitations.scopedQuery(session),
        grouping(query, 'inviteTime', 'creatorId'),
        window,
        narrowing(query, 'creatorId'),
        !byStore,
      );
      const metrics = ['invited', 'visited', 'bought', 'tookPart', 'visitRate', 'purchaseRate'] as const;
      const derive = (v: Record<string, number>) => ({
        invited: v.invited ?? 0,
        visited: v.visited ?? 0,
        bought: v.bought ?? 0,
        tookPart: v.tookPart ?? 0,
        visitRate: rate(v.visited ?? 0, v.invited ?? 0),
        purchaseRate: rate(v.bought ?? 0, v.invited ?? 0),
      });
      const rows = await rowsOf(query, window, counted, metrics, derive);
      const whole =
        wholeCounted ??
        counted.reduce<Record<string, number>>((acc, c) => {
          for (const [k, v] of Object.entries(c.values)) acc[k] = (acc[k] ?? 0) + v;
          return acc;
        }, {});
      return { window, groupBy: query.groupBy, clerkIs: 'recorder', metrics, rows, totals: derive(whole) };
    },
  };
}
