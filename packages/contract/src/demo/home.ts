import { defineController, returns } from '../core/entity.js';
import { label } from '../core/i18n.js';
import { defineMenus, menuPage } from '../core/menu.js';

/*
 * The home dashboard (route `/`): the operator's figures at a glance. Every signed-in staff member
 * may call it (`auth: 'login'`); each part is answered only to whoever may read what it counts
 * (customers, invitations, activities, task runs, app users), under their data scope, and is null
 * otherwise, so a clerk's home shows the clerk's own figures and nothing they could not open.
 */

/** How many days the trend, the store bars and the clerks' ranking cover, today included. */
export const HOME_TREND_DAYS = 30;
/** How many clerks the ranking lists, and how many task failures the list shows. */
export const HOME_RANKING_SIZE = 10;
export const HOME_FAILURES_SIZE = 5;

/** A figure another module provides when it is installed (the user module registers `appUsers`). */
export const HOME_PROVIDED_FIGURES = ['appUsers'] as const;
export type HomeProvidedFigure = (typeof HOME_PROVIDED_FIGURES)[number];

/** A total and how many of it came this week (from Monday to the end of today, the server's time zone). */
export type HomeCount = { total: number; newThisWeek: number };

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
 * The windows the figures count, each ending where today ends (an invitation planned for later is
 * in none of them yet): the week from Monday, the month from its first day, and the trend's
 * HOME_TREND_DAYS days. A figure's list is opened with its window (demo/home's links), so the list
 * counts the same rows whatever the browser's zone.
 */
export type HomeWindows = { week: HomeWindow; month: HomeWindow; trend: HomeWindow };

/** summary: the cards. A null part is one the operator may not read (or, for a provided figure, not installed). */
export type HomeSummary = {
  windows: HomeWindows;
  customers: HomeCount | null;
  /** Invitations of this week (Monday to the end of today) and how many of them came to the store (visited or bought). */
  invitations: { thisWeek: number; visited: number } | null;
  activitiesThisMonth: number | null;
  appUsers: HomeCount | null;
  taskFailures: HomeTaskFailure[] | null;
};

/** One day of the trend (`YYYY-MM-DD`); a count is null when its part is not the operator's to read. */
export type HomeTrendDay = { day: string; customers: number | null; invitations: number | null };

/** trend: new customers and invitations per day, the last HOME_TREND_DAYS days, oldest first, every day listed. */
export type HomeTrend = { days: HomeTrendDay[]; customers: boolean; invitations: boolean };

export type HomeStoreCount = { storeId: number | null; storeName: string | null; count: number };
export type HomeTypeCount = { type: string | null; count: number };
export type HomeClerkCount = { employeeId: number; name: string | null; count: number };

/** breakdown: invitations by store (the trend's days), customers by type (all), clerks by new customers (the trend's days). */
export type HomeBreakdown = {
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
      summary: label('首页概览', '首頁概覽', 'Home: key figures'),
      output: returns<HomeSummary>(),
    },
    trend: {
      method: 'get',
      auth: 'login',
      summary: label('首页趋势', '首頁趨勢', 'Home: 30-day trend'),
      output: returns<HomeTrend>(),
    },
    breakdown: {
      method: 'get',
      auth: 'login',
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
