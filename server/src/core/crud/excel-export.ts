import { Transform } from 'node:stream';
import { type Column, type Locale, label, PLUGIN_LARGE_EXPORT_ROWS, sysLog } from '@backroom/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import { formatTime } from '../db/index.js';
import { paramSeed, type SeedStep } from '../db/seeds.js';
import { refused } from '../errors.js';
import { alertHolders } from '../message-center.js';
import type { CrudService } from './crud-types.js';
import {
  attachment,
  columnsOf,
  exportCell,
  loadExcelJS,
  ownerCellOf,
  readDictionaries,
  safeText,
  sheetName,
  staffByIds,
  XLSX_TYPE,
} from './excel-cells.js';
import type { ListInput } from './query.js';

/*
 * An entity's Excel export (excel.ts mounts it): the rows the filters and the session's scope give,
 * masked as page answers them, streamed a batch at a time under the operator's row cap.
 */

/** Rows an export reads per query (keyset on id): memory stays flat however many rows go out. */
export const EXPORT_BATCH = 1000;
/** The parameter (base/sys/param) holding the export row cap per role label, with a `default`. */
export const EXPORT_CAP_PARAM = 'excelExportRowCap';
export const DEFAULT_EXPORT_CAP = 100_000;

/**
 * The seed step that adds the export cap parameter where it is missing (an operator may change it
 * later), named in the seed language.
 */
export const exportCapSeed = (locale: Locale): SeedStep =>
  paramSeed(
    'base',
    'excel-export-cap',
    {
      keyName: EXPORT_CAP_PARAM,
      name: label('Excel 导出行数上限', 'Excel 匯出列數上限', 'Excel export row cap'),
      dataType: 0,
      data: JSON.stringify({ default: DEFAULT_EXPORT_CAP }),
      // The value's form ({"default":N,"<role label>":N}, the largest of the operator's roles wins) is
      // explained in docs/architecture.md; a long remark would widen the parameter list for everyone.
      remark: label('按角色标识的导出行数上限', '依角色標識的匯出列數上限', 'Export row cap by role label'),
    },
    locale,
  );

/**
 * The most rows this operator may export at once: the largest cap among the labels of their roles
 * in the parameter, else its `default`. A missing or broken parameter means the built-in default.
 */
async function exportCap(ctx: AppContext, session: Session): Promise<number> {
  const param = await ctx.db.db
    .selectFrom('base_sys_param')
    .select('data')
    .where('keyName', '=', EXPORT_CAP_PARAM)
    .executeTakeFirst();
  let caps: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(param?.data ?? '{}');
    if (parsed && typeof parsed === 'object') caps = parsed as Record<string, unknown>;
  } catch {
    caps = {};
  }
  const capOf = (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
  const labels =
    session.roleIds.length === 0
      ? []
      : await ctx.db.db
          .selectFrom('base_sys_role')
          .select('label')
          .where('id', 'in', [...session.roleIds])
          .execute();
  const held = labels.map((r) => capOf(caps[r.label ?? ''])).filter((c): c is number => c !== undefined);
  if (held.length > 0) return Math.max(...held);
  return capOf(caps.default) ?? DEFAULT_EXPORT_CAP;
}

async function operatorName(ctx: AppContext, session: Session): Promise<string> {
  const user = await ctx.db.db
    .selectFrom('base_sys_user')
    .select(['name', 'username'])
    .where('id', '=', session.userId)
    .executeTakeFirst();
  return user?.name ? `${user.name} (${user.username})` : session.username;
}

const stamp = (date: Date) => formatTime(date).replace(/[-: ]/g, '');

/** The export's second sheet, in the three languages. */
const EXPORT_TEXT = {
  info: { 'zh-cn': '导出信息', 'zh-tw': '匯出資訊', en: 'Export info' },
  exporter: { 'zh-cn': '导出人', 'zh-tw': '匯出人', en: 'Exported by' },
  time: { 'zh-cn': '导出时间', 'zh-tw': '匯出時間', en: 'Exported at' },
  entity: { 'zh-cn': '数据', 'zh-tw': '資料', en: 'Data' },
  filters: { 'zh-cn': '筛选条件', 'zh-tw': '篩選條件', en: 'Filters' },
  rows: { 'zh-cn': '行数', 'zh-tw': '列數', en: 'Rows' },
} as const satisfies Record<string, Record<Locale, string>>;

/** Rows between two collections during an export. */
const COLLECT_EVERY = 20_000;
/**
 * An export makes short-lived garbage fast (row objects, cell models, XML text), and V8 grows its
 * heap rather than collect it soon: where the server runs with --expose-gc (`npm start` does), a
 * collection every COLLECT_EVERY rows keeps the resident memory of a large export flat.
 */
function collectGarbage(rows: number) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc && rows % COLLECT_EVERY < EXPORT_BATCH) gc();
}

/**
 * The file on its way to the client, counting the zipped bytes that pass. exceljs hands a sheet's
 * XML to the zip without waiting for it, so rows written faster than they are compressed (or than
 * the client reads them) would pile up in memory: the export waits after each batch until the
 * output has moved on since the batch before, which holds the backlog to about two batches and
 * passes a slow client's backpressure back to the database reads.
 */
class PacedOutput extends Transform {
  private bytes = 0;
  private marks: number[] = [];
  private wake: (() => void) | null = null;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.bytes += chunk.length;
    this.wake?.();
    done(null, chunk);
  }

  /** Resolves once the output has grown past where it stood two batches ago (or the stream is gone). */
  async caughtUp(): Promise<void> {
    this.marks.push(this.bytes);
    if (this.marks.length > 3) this.marks.shift();
    const target = this.marks.length >= 3 ? (this.marks[0] as number) : -1;
    while (this.bytes <= target && !this.destroyed) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        // Never wait forever on a stream that will not move (a client that went away is destroyed).
        setTimeout(resolve, 1000).unref();
      });
      this.wake = null;
    }
    if (this.destroyed) throw new Error('the export stream was closed');
  }
}

/**
 * Streams the rows the filters and the scope give, as page answers them (masked), straight to the
 * reply: a header row of column labels, then the rows read a batch at a time; a second sheet
 * names the exporter, the time, the filters and the row count. Above the operator's cap the
 * export is refused before anything is sent. The request log entry of the call records who
 * exported what (its input: filters and columns) and, added here, how many rows went out.
 */
export async function exportRows(
  ctx: AppContext,
  service: CrudService,
  route: { input: ListInput & { columns: string[] }; session: Session; request: FastifyRequest; locale: Locale },
  reply: FastifyReply,
) {
  const { input, session, request, locale } = route;
  const entity = service.entity;
  const { columns: chosen, ...filters } = input;
  const names = [...new Set(chosen)];
  const columns = columnsOf(entity, names);
  const [total, cap] = await Promise.all([service.count(filters, session), exportCap(ctx, session)]);
  if (total > cap) throw refused('excel.rowCap', { cap, count: total });
  const [dicts, exporter] = await Promise.all([
    readDictionaries(
      ctx.db.loose,
      columns.map(([, c]) => c),
      locale,
    ),
    operatorName(ctx, session),
  ]);
  const now = new Date();
  const stream = new PacedOutput();
  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(`${entity.label[locale]}-${stamp(now)}.xlsx`))
    .header('cache-control', 'no-store');
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: false,
    useSharedStrings: false,
    zip: { zlib: { level: 6 } },
  });
  workbook.creator = exporter;
  workbook.lastModifiedBy = exporter;
  workbook.created = now;
  workbook.modified = now;
  const sheet = workbook.addWorksheet(sheetName(entity.label[locale]));
  sheet.addRow(columns.map(([, c]) => c.label[locale])).commit();
  // The owner column names the staff user (what an import reads back), not their id.
  const ownerColumn = entity.ownership && names.includes(entity.ownership.owner) ? entity.ownership.owner : null;
  const written = (async () => {
    let count = 0;
    for await (const batch of service.scan(filters, session, EXPORT_BATCH)) {
      const owners = ownerColumn
        ? await staffByIds(
            ctx.db.loose,
            batch.map((row) => row[ownerColumn]).filter((id): id is number => typeof id === 'number'),
          )
        : undefined;
      const cellOf = (name: string, column: Column, value: unknown) => {
        if (name !== ownerColumn || typeof value !== 'number') return exportCell(column, value, locale, dicts);
        const owner = owners?.get(value);
        return owner ? ownerCellOf(owner) : value;
      };
      for (const row of batch) {
        sheet.addRow(columns.map(([name, column]) => cellOf(name, column, row[name]))).commit();
      }
      count += batch.length;
      await stream.caughtUp();
      collectGarbage(count);
    }
    sheet.commit();
    const info = workbook.addWorksheet(sheetName(EXPORT_TEXT.info[locale]));
    info.addRow([EXPORT_TEXT.exporter[locale], safeText(exporter)]).commit();
    info.addRow([EXPORT_TEXT.time[locale], formatTime(now)]).commit();
    info.addRow([EXPORT_TEXT.entity[locale], entity.label[locale]]).commit();
    info.addRow([EXPORT_TEXT.filters[locale], safeText(JSON.stringify(filters))]).commit();
    info.addRow([EXPORT_TEXT.rows[locale], count]).commit();
    info.commit();
    // The request log records the validated input once the reply is done: the filters, the columns and now the count.
    request.loggedInput = { ...input, exportedRows: count };
    if (count >= PLUGIN_LARGE_EXPORT_ROWS) {
      ctx.plugins.notify({
        type: 'export.large',
        at: formatTime(now),
        entity: entity.prefix,
        rows: count,
        username: exporter,
      });
      alertHolders(ctx.messages, ctx.log, sysLog.perms.page, {
        kind: 'exportLarge',
        params: { entity: entity.label[locale], rows: count, username: exporter },
        link: '/sys/log',
      });
    }
    await workbook.commit();
  })();
  written.catch((error: unknown) => {
    // A client that went away (a cancelled download) is no failure of ours: the rows stop, nothing to log.
    const clientLeft = reply.raw.destroyed && !reply.raw.writableFinished;
    if (!clientLeft) ctx.log.error({ err: error, entity: entity.prefix }, 'excel export failed while streaming');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply.send(stream);
}
