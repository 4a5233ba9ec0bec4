import type { HomeWindow } from '@backroom/contract';

/*
 * Where each figure of the home leads: the list of the rows it counts, with the same filter in the
 * URL (the list screens read it: core/crud/url-filters.tsx). Windows come from the server
 * (HomeSummary.window, its zone), never from the browser's clock, so a list counts what its figure
 * says wherever the browser is.
 */

export const LIST_PATHS = {
  customers: '/customer/info',
  invitations: '/customer/invitation',
  activities: '/customer/activity',
  appUsers: '/user/list',
} as const;

type Query = Record<string, string | number | readonly string[] | undefined>;

/** A path with its filters as a query (arrays joined with commas; unset ones left out). */
export function withFilters(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The window of one trend day (`YYYY-MM-DD`): from its start to the next day's. */
export function dayWindow(day: string): HomeWindow {
  const [y, m, d] = day.split('-').map(Number);
  const next = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
  return { from: `${day} 00:00:00`, to: `${next} 00:00:00` };
}

const created = (w: HomeWindow) => ({ createTimeFrom: w.from, createTimeTo: w.to });
const invited = (w: HomeWindow) => ({ inviteTimeFrom: w.from, inviteTimeTo: w.to });

/** invitationStatus values that mean the customer came (as the server counts "visited"). */
export const VISITED_STATUSES = ['2', '3'] as const;

export const figureLinks = {
  customers: () => LIST_PATHS.customers,
  newCustomers: (w: HomeWindow) => withFilters(LIST_PATHS.customers, created(w)),
  invitations: (w: HomeWindow) => withFilters(LIST_PATHS.invitations, invited(w)),
  visited: (w: HomeWindow) => withFilters(LIST_PATHS.invitations, { ...invited(w), customerStatus: VISITED_STATUSES }),
  activities: (w: HomeWindow) => withFilters(LIST_PATHS.activities, created(w)),
  appUsers: () => LIST_PATHS.appUsers,
  customersOfType: (type: string) => withFilters(LIST_PATHS.customers, { customerType: type }),
  invitationsOfStore: (w: HomeWindow, storeId: number) =>
    withFilters(LIST_PATHS.invitations, { ...invited(w), storeId }),
  /** The customers a staff member recorded in the window (the ranking counts work by the recorder). */
  customersOfRecorder: (w: HomeWindow, creatorId: number) =>
    withFilters(LIST_PATHS.customers, { ...created(w), creatorId }),
};
