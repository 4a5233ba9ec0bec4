import {
  customerActivity,
  customerInfo,
  customerInvitationRecord,
  HOME_FAILURES_SIZE,
  HOME_RANKING_SIZE,
  HOME_TREND_DAYS,
  type HomeBreakdown,
  type HomeSummary,
  type HomeTrend,
  taskInfo,
} from '@backroom/contract';
import { holds, type Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { formatTime } from '../../core/db/index.js';
import { type CustomerStats, calendarWindows } from '../customer/index.js';
import { recentFailures } from '../task/index.js';

export type HomeService = {
  summary(session: Session): Promise<HomeSummary>;
  trend(session: Session): Promise<HomeTrend>;
  breakdown(session: Session): Promise<HomeBreakdown>;
};

/**
 * The trend's window: HOME_TREND_DAYS days to the end of today (invitations planned later are not
 * counted yet), and every day's `YYYY-MM-DD`, oldest first.
 */
export function trendDays(now: Date): { window: { from: string; to: string }; days: string[] } {
  const days: string[] = [];
  for (let back = HOME_TREND_DAYS - 1; back >= 0; back -= 1) {
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
    days.push(formatTime(day).slice(0, 10));
  }
  const tomorrow = formatTime(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));
  return { window: { from: `${days[0]} 00:00:00`, to: tomorrow }, days };
}

/**
 * The home dashboard's figures. Every staff member may ask; each part is computed only for an
 * operator who may read its entity (the page permission), under their data scope, else null. The
 * calls run one after another: on SQLite they would anyway, and elsewhere a dashboard opened by
 * many at once takes one connection each, not seven.
 */
export function createHomeService(ctx: AppContext, sources: { customer: CustomerStats }): HomeService {
  const { customer } = sources;
  const may = {
    customers: (s: Session) => holds(s, customerInfo.perms.page),
    invitations: (s: Session) => holds(s, customerInvitationRecord.perms.page),
    activities: (s: Session) => holds(s, customerActivity.perms.page),
    tasks: (s: Session) => holds(s, taskInfo.perms.log),
  };
  return {
    async summary(session) {
      const { week, month } = calendarWindows(new Date());
      const appUsers = ctx.homeFigures.get('appUsers');
      return {
        customers: may.customers(session) ? await customer.customers(session, week.from) : null,
        invitations: may.invitations(session) ? await customer.invitations(session, week) : null,
        activitiesThisMonth: may.activities(session) ? await customer.activities(session, month) : null,
        appUsers: appUsers && holds(session, appUsers.perm) ? await appUsers.read(session, week.from) : null,
        taskFailures: may.tasks(session) ? await recentFailures(ctx.db.db, HOME_FAILURES_SIZE, 200) : null,
      };
    },
    async trend(session) {
      const { window, days } = trendDays(new Date());
      const customers = may.customers(session) ? await customer.newCustomersByDay(session, window) : null;
      const invitations = may.invitations(session) ? await customer.invitationsByDay(session, window) : null;
      return {
        days: days.map((day) => ({
          day,
          customers: customers ? (customers.get(day) ?? 0) : null,
          invitations: invitations ? (invitations.get(day) ?? 0) : null,
        })),
        customers: customers !== null,
        invitations: invitations !== null,
      };
    },
    async breakdown(session) {
      const { window } = trendDays(new Date());
      const customers = may.customers(session);
      return {
        invitationsByStore: may.invitations(session) ? await customer.invitationsByStore(session, window) : null,
        customersByType: customers ? await customer.customersByType(session) : null,
        clerks: customers ? await customer.clerksByNewCustomers(session, window.from, HOME_RANKING_SIZE) : null,
      };
    },
  };
}
