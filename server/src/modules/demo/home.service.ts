import {
  customerActivity,
  customerInfo,
  customerInvitationRecord,
  HOME_FAILURES_SIZE,
  HOME_RANKING_SIZE,
  type HomeBreakdown,
  type HomeRangeQuery,
  type HomeSummary,
  type HomeTrend,
  taskInfo,
} from '@backroom/contract';
import { holds, type Session } from '../../core/auth/principal.js';
import { rangeWindow } from '../../core/calendar.js';
import type { AppContext } from '../../core/context.js';
import { formatTime } from '../../core/db/index.js';
import type { CustomerStats } from '../customer/index.js';
import { recentFailures } from '../task/index.js';

export type HomeService = {
  summary(session: Session, range: HomeRangeQuery): Promise<HomeSummary>;
  trend(session: Session, range: HomeRangeQuery): Promise<HomeTrend>;
  breakdown(session: Session, range: HomeRangeQuery): Promise<HomeBreakdown>;
};

/**
 * The home dashboard's figures. Every staff member may ask; each part is computed only for an
 * operator who may read its entity (the page permission), under their data scope, else null. The
 * three calls count the one window of the range asked (core/calendar.ts, rangeWindow: this week,
 * Monday to Sunday, when none is asked), so the cards, the trend's days, the bars by store and the
 * ranking count the same rows, as homeBaseData does for its week (the same calendar). The calls
 * run one after another: on SQLite they would anyway, and elsewhere a dashboard opened by many at
 * once takes one connection each, not seven.
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
    async summary(session, range) {
      const now = new Date();
      const window = rangeWindow(range, now);
      const appUsers = ctx.homeFigures.get('appUsers');
      return {
        window,
        customers: may.customers(session) ? await customer.customers(session, window) : null,
        invitations: may.invitations(session) ? await customer.invitations(session, window, formatTime(now)) : null,
        activities: may.activities(session) ? await customer.activities(session, window) : null,
        appUsers: appUsers && holds(session, appUsers.perm) ? await appUsers.read(session, window) : null,
        taskFailures: may.tasks(session) ? await recentFailures(ctx.db.db, HOME_FAILURES_SIZE, 200) : null,
      };
    },
    async trend(session, range) {
      const window = rangeWindow(range);
      const customers = may.customers(session) ? await customer.newCustomersByDay(session, window) : null;
      const invitations = may.invitations(session) ? await customer.invitationsByDay(session, window) : null;
      return {
        window,
        days: window.days.map((day) => ({
          day,
          customers: customers ? (customers.get(day) ?? 0) : null,
          invitations: invitations ? (invitations.get(day) ?? 0) : null,
        })),
        customers: customers !== null,
        invitations: invitations !== null,
      };
    },
    async breakdown(session, range) {
      const window = rangeWindow(range);
      const customers = may.customers(session);
      return {
        window,
        invitationsByStore: may.invitations(session) ? await customer.invitationsByStore(session, window) : null,
        customersByType: customers ? await customer.customersByType(session) : null,
        clerks: customers ? await customer.clerksByNewCustomers(session, window, HOME_RANKING_SIZE) : null,
      };
    },
  };
}
