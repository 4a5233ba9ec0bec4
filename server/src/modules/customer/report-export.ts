import { PassThrough } from 'node:stream';
import { type Locale, REPORT_TEXTS, type ReportKind, type ReportQuery, type ReportTable } from '@backroom/contract';
import type { FastifyReply } from 'fastify';
import type { Session } from '../../core/auth/principal.js';
import { attachment, loadExcelJS, safeText, sheetName, XLSX_TYPE } from '../../core/crud/excel-cells.js';
import type { Db } from '../../core/db/index.js';
import { formatTime } from '../../core/db/index.js';
import type { ReportService } from './report.service.js';

type AnyTable = ReportTable<string> & {
  byType?: Array<{ type: string | null; count: number }>;
  byActivity?: Array<{ activityName: string | null; prizeName: string | null; count: number }>;
};

/** Who the operator is and what her scope is, in words, for the file's heading. */
async function scopeWords(db: Db, session: Session, locale: Locale): Promise<string> {
  const user = await db
    .selectFrom('base_sys_user')
    .select(['name', 'username'])
    .where('id', '=', session.userId)
    .executeTakeFirst();
  const who = user?.name ? `${user.name} (${user.username})` : session.username;
  const scope = session.isSuper
    ? REPORT_TEXTS.scopeAll[locale]
    : session.userLevel === 'clerk'
      ? REPORT_TEXTS.scopeOwn[locale]
      : REPORT_TEXTS.scopeDepartments[locale];
  return `${who}: ${scope}`;
}

/**
 * A report as an Excel file, streamed as the customer export is (exceljs's streaming writer): a
 * heading with the report, the range, the grouping and the operator's scope, then the table as
 * the screen shows it (the groups, their figures and the totals), and the breakdown beneath.
 */
export async function exportReport(
  db: Db,
  reports: ReportService,
  input: ReportQuery & { report: ReportKind },
  session: Session,
  locale: Locale,
  reply: FastifyReply,
) {
  const { report, ...query } = input;
  const table = (await reports[report](query, session)) as AnyTable;
  const scope = await scopeWords(db, session, locale);
  const title = REPORT_TEXTS.reports[report][locale];
  const now = new Date();
  const stream = new PassThrough();
  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(`${title}-${query.from}-${query.to}.xlsx`))
    .header('cache-control', 'no-store');
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(title));
  const t = (key: keyof typeof REPORT_TEXTS.words) => REPORT_TEXTS.words[key][locale];
  const metric = (m: string) => REPORT_TEXTS.metrics[m as keyof typeof REPORT_TEXTS.metrics]?.[locale] ?? m;
  const written = (async () => {
    sheet.addRow([t('report'), title]).commit();
    sheet.addRow([t('range'), `${query.from} – ${query.to}`]).commit();
    sheet.addRow([t('groupBy'), REPORT_TEXTS.groups[query.groupBy][locale]]).commit();
    sheet.addRow([t('scope'), safeText(scope)]).commit();
    sheet.addRow([t('clerkIs'), REPORT_TEXTS.clerkIs[table.clerkIs][locale]]).commit();
    sheet.addRow([t('exportedAt'), formatTime(now)]).commit();
    sheet.addRow([]).commit();
    sheet.addRow([REPORT_TEXTS.groups[query.groupBy][locale], ...table.metrics.map(metric)]).commit();
    for (const row of table.rows)
      sheet.addRow([safeText(row.name ?? t('none')), ...table.metrics.map((m) => row[m] ?? 0)]).commit();
    sheet.addRow([t('total'), ...table.metrics.map((m) => table.totals[m] ?? 0)]).commit();
    if (table.byType) {
      sheet.addRow([]).commit();
      sheet.addRow([t('customerType'), metric('added')]).commit();
      for (const r of table.byType) sheet.addRow([safeText(r.type ?? t('none')), r.count]).commit();
    }
    if (table.byActivity) {
      sheet.addRow([]).commit();
      sheet.addRow([t('activityName'), t('prizeName'), metric('recorded')]).commit();
      for (const r of table.byActivity)
        sheet.addRow([safeText(r.activityName ?? t('none')), safeText(r.prizeName ?? t('none')), r.count]).commit();
    }
    sheet.commit();
    await workbook.commit();
  })();
  written.catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return reply.send(stream);
}
