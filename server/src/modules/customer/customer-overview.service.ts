import {
  type CustomerActivity,
  type CustomerDetails,
  type CustomerHomeData,
  type CustomerInfo,
  type CustomerInvitation,
  INVITATION_STATUS,
} from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import { calendarWindows } from '../../core/calendar.js';
import type { CrudService } from '../../core/crud/factory.js';

export type CustomerOverview = {
  details(id: number, session: Session): Promise<CustomerDetails>;
  homeBaseData(session: Session): Promise<CustomerHomeData>;
};

/**
 * What reads across the three entities: a customer's details, and the home screen's figures. Each
 * goes through the entities' own page, list and count, so their data scope and masking hold here too.
 */
export function createCustomerOverview(
  customers: CrudService,
  invitations: CrudService,
  activities: CrudService,
): CustomerOverview {
  /** Invitations of each status value whose inviteTime falls in the window. */
  async function invitationsByStatus(window: { from: string; to: string }, session: Session) {
    const counts = await Promise.all(
      INVITATION_STATUS.map((status) =>
        invitations.count({ customerStatus: status, inviteTimeFrom: window.from, inviteTimeTo: window.to }, session),
      ),
    );
    return Object.fromEntries(INVITATION_STATUS.map((status, i) => [status, counts[i] ?? 0]));
  }

  return {
    async details(id, session) {
      const customer = (await customers.info(id, session)) as CustomerInfo;
      const [invited, recorded] = await Promise.all([
        invitations.list({ customerID: id, order: 'inviteTime', sort: 'desc' }, session),
        activities.list({ customerId: id, order: 'createTime', sort: 'desc' }, session),
      ]);
      return {
        ...customer,
        invitations: invited as CustomerInvitation[],
        activities: recorded as CustomerActivity[],
      };
    },

    async homeBaseData(session) {
      const { today, week, month } = calendarWindows(new Date());
      const [total, newToday, newThisWeek, invitedToday, invitedThisWeek, activitiesThisMonth, recent] =
        await Promise.all([
          customers.count({}, session),
          customers.count({ createTimeFrom: today.from, createTimeTo: today.to }, session),
          customers.count({ createTimeFrom: week.from, createTimeTo: week.to }, session),
          invitationsByStatus(today, session),
          invitationsByStatus(week, session),
          activities.count({ createTimeFrom: month.from, createTimeTo: month.to }, session),
          customers.page({ page: 1, size: 5, order: 'updateTime', sort: 'desc' }, session),
        ]);
      return {
        customers: { total, newToday, newThisWeek },
        invitations: { today: invitedToday, thisWeek: invitedThisWeek },
        activitiesThisMonth,
        recent: recent.list.map((r) => ({
          id: r.id as number,
          customerCode: (r.customerCode as string | null) ?? null,
          customerName: r.customerName as string,
          updateTime: r.updateTime as string,
        })),
      };
    },
  };
}
