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
  type HomeWindows,
  taskInfo,
} from '@backroom/contract';
import { holds, type Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { formatTime } from '../../core/db/index.js';
import type { CustomerStats } from '../customer/index.js';
import { recentFailures } from '../task/index.js';

export type HomeService = {
  summary(session: Session): Promise<HomeSummary>;
  trend(session: Session): Promise<HomeTrend>;
  breakdown(session: Session): Promise<HomeBreakdown>;
};

/**
 * The windows every figure of the dashboard counts, in the server's zone (the zone the stored times
 * are written in): each ends where today ends, so this week's, this month's and the trend's
 * invitations are the same rows wherever they overlap (an invitation planned for later this week
 * is counted by none until its day), and the trend's every day, `YYYY-MM-DD`, oldest first.
 */
export function homeWindows(now: Date): { windows: HomeWindows; days: string[] } {
  const at = (back: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
  const days: string[] = [];
  for (let back = HOME_TREND_DAYS - 1; back >= 0; back -= 1) days.push(formatTime(at(back)).slice(0, 10));
  const end = formatTime(at(-1));
  const monday = at((now.getDay() + 6) % 7);
  const first = new Date(now.getFullYear(), now.getMonth(), 1);
  return {
    windows: {
      week: { from: formatTime(monday), to: end },
      month: { from: formatTime(first), to: end },
      trend: { from: `${days[0]} 00:00:00`, to: end },
    },
    days,
  };
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
      const { windows } = homeWindows(new Date());
      const { week, month } = windows;
      const appUsers = ctx.homeFigures.get('appUsers');
      return {
        windows,
        customers: may.customers(session) ? await customer.customers(session, week) : null,
        invitations: may.invitations(session) ? await customer.invitations(session, week) : null,
        activitiesThisMonth: may.activities(session) ? await customer.activities(session, month) : null,
        appUsers: appUsers && holds(session, appUsers.perm) ? await appUsers.read(session, week.from) : null,
        taskFailures: may.tasks(session) ? await recentFailures(ctx.db.db, HOME_FAILURES_SIZE, 200) : null,
      };
    },
    async trend(session) {
      const {
        windows: { trend: window },
        days,
      } = homeWindows(new Date());
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
      const { trend: window } = homeWindows(new Date()).windows;
      const customers = may.customers(session);
      return {
        invitationsByStore: may.invitations(session) ? await customer.invitationsByStore(session, window) : null,
        customersByType: customers ? await customer.customersByType(session) : null,
        clerks: customers ? await customer.clerksByNewCustomers(session, window, HOME_RANKING_SIZE) : null,
      };
    },
  };
}
