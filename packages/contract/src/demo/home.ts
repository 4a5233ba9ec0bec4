import { z } from 'zod';
import { defineController, returns } from '../core/entity.js';
import { label } from '../core/i18n.js';
import { defineMenus, menuPage } from '../core/menu.js';

/*
 * The home dashboard (route `/`): the operator's figures at a glance. Every signed-in staff member
 * may call it (`auth: 'login'`); each part is answered only to whoever may read what it counts
 * (customers, invitations, activities, task runs, app users), under their data scope, and is null
 * otherwise, so a clerk's home shows the clerk's own figures and nothing they could not open.
 */

/** How many days "last 30 days" covers, today included. */
export const HOME_TREND_DAYS = 30;
/** The longest custom range, in days (a year and a day). */
export const HOME_RANGE_MAX_DAYS = 366;

/**
 * The date ranges every figure of the dashboard counts, in the server's zone (the zone stored times
 * are written in): today; this week, Monday to Sunday (invitations planned for later in it
 * included); this month, its first to its last day; the last 30 days, ending with today; a custom
 * range of whole days, `from` to `to` inclusive.
 */
export const HOME_RANGES = ['today', 'week', 'month', 'last30', 'custom'] as const;
export type HomeRange = (typeof HOME_RANGES)[number];

const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The query of the three calls: a range (this week when absent), and its days when custom. */
export const homeRangeQuery = z.object({
  range: z.enum(HOME_RANGES).optional(),
  from: dayText.optional(),
  to: dayText.optional(),
});
export type HomeRangeQuery = z.infer<typeof homeRangeQuery>;
/** How many clerks the ranking lists, and how many task failures the list shows. */
export const HOME_RANKING_SIZE = 10;
export const HOME_FAILURES_SIZE = 5;

/** A figure another module provides when it is installed (the user module registers `appUsers`). */
export const HOME_PROVIDED_FIGURES = ['appUsers'] as const;
export type HomeProvidedFigure = (typeof HOME_PROVIDED_FIGURES)[number];

/** A total and how many of it were added within the range's window. */
export type HomeCount = { total: number; added: number };

/** The last failed runs of scheduled tasks (the detail cut to 200 characters). */
export type HomeTaskFailure = {
  id: number;
  taskId: number;
  taskName: string | null;
  detail: string | null;
  createTime: string;
};

/** A window of stored times (`YYYY-MM-DD HH:mm:ss`, the server's zone): from inclusive, to exclusive. */
export type HomeWindow = { from: string; to: string };

/**
 * The window every figure of one answer counts (the range's, from its first day's start to the start
 * of the day after its last), and its days. A figure's list is opened with this window (demo/home's
 * links), so the list counts the same rows whatever the browser's zone.
 */
export type HomeRangeWindow = HomeWindow & { range: HomeRange; days: string[] };

/** summary: the cards. A null part is one the operator may not read (or, for a provided figure, not installed). */
export type HomeSummary = {
  window: HomeRangeWindow;
  /** Every customer of the scope, and those added in the window. */
  customers: HomeCount | null;
  /**
   * Invitations whose time lies in the window; of them, those still "invited" with a time to come
   * (planned) and those whose customer came (visited or bought).
   */
  invitations: { count: number; planned: number; visited: number } | null;
  /** Activities recorded in the window. */
  activities: number | null;
  appUsers: HomeCount | null;
  taskFailures: HomeTaskFailure[] | null;
};

/** One day of the trend (`YYYY-MM-DD`); a count is null when its part is not the operator's to read. */
export type HomeTrendDay = { day: string; customers: number | null; invitations: number | null };

/** trend: new customers and invitations per day of the window, oldest first, every day listed. */
export type HomeTrend = { window: HomeRangeWindow; days: HomeTrendDay[]; customers: boolean; invitations: boolean };

export type HomeStoreCount = { storeId: number | null; storeName: string | null; count: number };
export type HomeTypeCount = { type: string | null; count: number };
/** A staff member of the ranking: the recorder (creatorId) of the customers counted. */
export type HomeClerkCount = { employeeId: number; name: string | null; count: number };

/**
 * breakdown: invitations by store (the window's), customers by type (all), and the staff by the new
 * customers they recorded in the window (work counts by the recorder, not the owner of today).
 */
export type HomeBreakdown = {
  window: HomeRangeWindow;
  invitationsByStore: HomeStoreCount[] | null;
  customersByType: HomeTypeCount[] | null;
  clerks: HomeClerkCount[] | null;
};

export const demoHome = defineController({
  module: 'demo',
  path: 'home',
  label: label('首页', '首頁', 'Home'),
  endpoints: {
    summary: {
      method: 'get',
      auth: 'login',
      input: homeRangeQuery,
      summary: label('首页概览', '首頁概覽', 'Home: key figures'),
      output: returns<HomeSummary>(),
    },
    trend: {
      method: 'get',
      auth: 'login',
      input: homeRangeQuery,
      summary: label('首页趋势', '首頁趨勢', 'Home: trend by day'),
      output: returns<HomeTrend>(),
    },
    breakdown: {
      method: 'get',
      auth: 'login',
      input: homeRangeQuery,
      summary: label('首页分布', '首頁分佈', 'Home: breakdowns'),
      output: returns<HomeBreakdown>(),
    },
  },
});

/**
 * The home page, first of the seeded tree, with the family's router and view path, so its own
 * clients open it as their home too. A seed step of its own: existing installs receive it.
 */
export const demoHomeMenus = defineMenus(
  'demo',
  '1',
  [menuPage('首页', '/', 'modules/demo/views/home/index.vue', 'icon-home', 0, [])],
  'menus-home',
);
