import { z } from 'zod';
import { defineController, idSchema, returns } from '../core/entity.js';
import { label } from '../core/i18n.js';
import { defineMenus, menuPage, permRow } from '../core/menu.js';
import type { HomeRangeWindow } from '../demo/home.js';

/*
 * The reports (menu 报表 / Reports, route /customer/report): for a range of days, grouped by store,
 * by clerk or by day, within the operator's data scope, as the lists would show them. Work counts
 * by its recorder (creatorId: invitations made, customers taken on, activities recorded); the book
 * by the owner of today (employeeId: a clerk's customers). Each table says which.
 */

export const REPORT_KINDS = ['invitations', 'customers', 'activities', 'conversion'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_GROUPS = ['store', 'clerk', 'day'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A report's question: the days `from` to `to` (inclusive), the grouping, and optionally one store or staff member. */
export const reportQuery = z.object({
  from: dayText,
  to: dayText,
  groupBy: z.enum(REPORT_GROUPS),
  storeId: idSchema.optional(),
  /** One staff member: the recorder of the work counted, the owner of the book. */
  employeeId: idSchema.optional(),
});
export type ReportQuery = z.infer<typeof reportQuery>;

/** A group of a report: its key (a store's or a staff member's id, a day), its name, its figures. */
export type ReportRow<M extends string> = { key: number | string | null; name: string | null } & Record<M, number>;

/** What every report answers: the window it counted, by what, its rows (most first) and their totals. */
export type ReportTable<M extends string, X = Record<never, never>> = {
  window: HomeRangeWindow;
  groupBy: ReportGroup;
  /** Whose work the clerk grouping names: the recorder for work, the owner for the book. */
  clerkIs: 'recorder' | 'owner';
  metrics: readonly M[];
  rows: ReportRow<M>[];
  totals: Record<M, number>;
} & X;

/**
 * Invitations by their time in the window (the invitationStatus dictionary: 1 invited, 2 visited,
 * 3 bought, 4 no-show): made; planned (still invited, time to come); visited (2 or 3); bought (3);
 * no-show (4, or still invited with a time past); the rates over those due (made less planned).
 */
export const INVITATION_METRICS = [
  'made',
  'planned',
  'visited',
  'bought',
  'noShow',
  'visitRate',
  'purchaseRate',
] as const;
/** Customers: new in the window (by recorder), the book today (by owner), and the new ones by customer type. */
export const CUSTOMER_METRICS = ['added', 'book'] as const;
/** Activities recorded in the window and prizes given (a prize named). */
export const ACTIVITY_METRICS = ['recorded', 'prizes'] as const;
/**
 * Conversion of the customers invited in the window (distinct customers): invited, came (visited or
 * bought), bought, and how many of those invited took part in an activity in the window.
 */
export const CONVERSION_METRICS = ['invited', 'visited', 'bought', 'tookPart', 'visitRate', 'purchaseRate'] as const;

export type InvitationMetric = (typeof INVITATION_METRICS)[number];
export type CustomerMetric = (typeof CUSTOMER_METRICS)[number];
export type ActivityMetric = (typeof ACTIVITY_METRICS)[number];
export type ConversionMetric = (typeof CONVERSION_METRICS)[number];

export type InvitationReport = ReportTable<InvitationMetric>;
export type CustomerReport = ReportTable<CustomerMetric, { byType: Array<{ type: string | null; count: number }> }>;
export type ActivityReport = ReportTable<
  ActivityMetric,
  { byActivity: Array<{ activityName: string | null; prizeName: string | null; count: number }> }
>;
export type ConversionReport = ReportTable<ConversionMetric>;

export const customerReport = defineController({
  module: 'customer',
  path: 'report',
  label: label('报表', '報表', 'Reports'),
  endpoints: {
    invitations: {
      method: 'post',
      permAs: 'view',
      summary: label('邀约报表', '邀約報表', 'Invitations report'),
      input: reportQuery,
      output: returns<InvitationReport>(),
    },
    customers: {
      method: 'post',
      permAs: 'view',
      summary: label('客户报表', '客戶報表', 'Customers report'),
      input: reportQuery,
      output: returns<CustomerReport>(),
    },
    activities: {
      method: 'post',
      permAs: 'view',
      summary: label('活动报表', '活動報表', 'Activities report'),
      input: reportQuery,
      output: returns<ActivityReport>(),
    },
    conversion: {
      method: 'post',
      permAs: 'view',
      summary: label('转化报表', '轉化報表', 'Conversion report'),
      input: reportQuery,
      output: returns<ConversionReport>(),
    },
    export: {
      method: 'post',
      summary: label('导出报表', '匯出報表', 'Export a report'),
      input: reportQuery.extend({ report: z.enum(REPORT_KINDS) }),
    },
  },
});

/** The reports page, a seed step of its own (existing installs receive it). */
export const customerReportMenus = defineMenus(
  'customer',
  '1',
  [
    menuPage('报表', '/customer/report', 'modules/customer/views/report.vue', 'icon-data', 4, [
      permRow('查询', [customerReport.perms.invitations], 1),
      permRow('导出', [customerReport.perms.export], 2),
    ]),
  ],
  'menus-reports',
);

/** The reports' words, shared by the screen and the exported file. */
export const REPORT_TEXTS = {
  reports: {
    invitations: label('邀约', '邀約', 'Invitations'),
    customers: label('客户', '客戶', 'Customers'),
    activities: label('活动', '活動', 'Activities'),
    conversion: label('转化', '轉化', 'Conversion'),
  },
  groups: {
    store: label('门店', '門市', 'Store'),
    clerk: label('员工', '員工', 'Staff'),
    day: label('日期', '日期', 'Day'),
  },
  clerkIs: {
    recorder: label(
      '工作按登记员工统计，客户总数按负责员工',
      '工作按登記員工統計，客戶總數按負責員工',
      'Work counts by who recorded it; the book by its owner',
    ),
    owner: label('按负责员工统计', '按負責員工統計', 'Counted by owner'),
  },
  metrics: {
    made: label('邀约数', '邀約數', 'Made'),
    planned: label('待到店', '待到店', 'Planned'),
    visited: label('到店', '到店', 'Visited'),
    bought: label('成交', '成交', 'Bought'),
    noShow: label('未到店', '未到店', 'No-show'),
    visitRate: label('到店率 %', '到店率 %', 'Visit rate %'),
    purchaseRate: label('成交率 %', '成交率 %', 'Purchase rate %'),
    added: label('新增客户', '新增客戶', 'New customers'),
    book: label('客户总数', '客戶總數', 'Book'),
    recorded: label('登记活动', '登記活動', 'Recorded'),
    prizes: label('发放奖品', '發放獎品', 'Prizes given'),
    invited: label('受邀客户', '受邀客戶', 'Invited'),
    tookPart: label('参加活动', '參加活動', 'Took part'),
  },
  words: {
    report: label('报表', '報表', 'Report'),
    range: label('日期范围', '日期範圍', 'Range'),
    groupBy: label('分组', '分組', 'Grouped by'),
    scope: label('数据范围', '資料範圍', 'Scope'),
    clerkIs: label('统计口径', '統計口徑', 'Counted'),
    exportedAt: label('导出时间', '匯出時間', 'Exported at'),
    total: label('合计', '合計', 'Total'),
    none: label('（无）', '（無）', '(none)'),
    customerType: label('客户类型', '客戶類型', 'Customer type'),
    activityName: label('活动名称', '活動名稱', 'Activity'),
    prizeName: label('奖品', '獎品', 'Prize'),
  },
  scopeAll: label('全部门店', '全部門市', 'every store'),
  scopeOwn: label('本人的客户', '本人的客戶', 'her own customers'),
  scopeDepartments: label(
    '其角色授予的部门与门店',
    '其角色授予的部門與門市',
    'the departments and stores her roles grant',
  ),
} as const;
