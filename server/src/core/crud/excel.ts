import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import {
  type Entity,
  EXCEL_IMPORT_MAX_BYTES,
  EXCEL_REPORT_MAX_ROWS,
  type ImportReport,
  type ImportRowAction,
  type Locale,
  label,
  PLUGIN_LARGE_EXPORT_ROWS,
} from '@backroom/contract';
import fastifyMultipart from '@fastify/multipart';
import type ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Session } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import { formatTime } from '../db/index.js';
import { paramSeed, type SeedStep } from '../db/seeds.js';
import { AppError, badRequest, refused } from '../errors.js';
import { endpointOf, mount, originOf } from '../http/server.js';
import {
  allowedWords,
  columnLetter,
  columnsOf,
  exportCell,
  loadExcelJS,
  ownerCellOf,
  readDictionaries,
  safeText,
  staffByIds,
} from './excel-cells.js';
import { type ImportFile, type Outcome, readImportFile, runBatch } from './excel-import.js';
import type { CrudService } from './factory.js';
import type { ListInput } from './query.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows an export reads per query (keyset on id): memory stays flat however many rows go out. */
export const EXPORT_BATCH = 1000;
/** The parameter (base/sys/param) holding the export row cap per role label, with a `default`. */
export const EXPORT_CAP_PARAM = 'excelExportRowCap';
export const DEFAULT_EXPORT_CAP = 100_000;
/** How long a checked import waits for its commit. */
const IMPORT_TTL_SECONDS = 30 * 60;

/**
 * The seed step that adds the export cap parameter where it is missing (an operator may change it
 * later), named in the seed language.
 */
const exportCapSeed = (locale: Locale): SeedStep =>
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

/** `attachment` with the name in UTF-8 (RFC 6266) and a plain fallback. */
function attachment(name: string): string {
  const plain = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const stamp = (date: Date) => formatTime(date).replace(/[-: ]/g, '');

const TEXT = {
  info: { 'zh-cn': '导出信息', 'zh-tw': '匯出資訊', en: 'Export info' },
  exporter: { 'zh-cn': '导出人', 'zh-tw': '匯出人', en: 'Exported by' },
  time: { 'zh-cn': '导出时间', 'zh-tw': '匯出時間', en: 'Exported at' },
  entity: { 'zh-cn': '数据', 'zh-tw': '資料', en: 'Data' },
  filters: { 'zh-cn': '筛选条件', 'zh-tw': '篩選條件', en: 'Filters' },
  rows: { 'zh-cn': '行数', 'zh-tw': '列數', en: 'Rows' },
  help: { 'zh-cn': '填写说明', 'zh-tw': '填寫說明', en: 'How to fill in' },
  values: { 'zh-cn': '可选值', 'zh-tw': '可選值', en: 'Allowed values' },
  template: { 'zh-cn': '导入模板', 'zh-tw': '匯入範本', en: 'import template' },
  example: {
    'zh-cn': '示例（请在第一个工作表中填写，从第 2 行起每行一条）',
    'zh-tw': '範例（請在第一個工作表中填寫，從第 2 列起每列一筆）',
    en: 'Example (fill in the first sheet, one record per row from row 2)',
  },
  ownerNote: {
    'zh-cn': '“{owner}”填写员工的用户名或工号，留空时归导入人所有',
    'zh-tw': '「{owner}」填寫員工的使用者名稱或工號，留空時歸匯入人所有',
    en: "{owner}: the username or staff number of a staff member; left empty, the row is the importer's",
  },
  keyNote: {
    'zh-cn': '填写“{key}”时更新该记录，留空时新增',
    'zh-tw': '填寫「{key}」時更新該筆記錄，留空時新增',
    en: 'A row with a {key} updates that record; a row without one adds a new record',
  },
  required: { 'zh-cn': '必填', 'zh-tw': '必填', en: 'required' },
} as const satisfies Record<string, Record<Locale, string>>;

/** The sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (text: string) => text.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

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
async function exportRows(
  ctx: AppContext,
  service: CrudService,
  route: { input: ListInput & { columns: string[] }; session: Session; request: FastifyRequest; locale: Locale },
  reply: import('fastify').FastifyReply,
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
      const cellOf = (name: string, column: import('@backroom/contract').Column, value: unknown) => {
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
    const info = workbook.addWorksheet(sheetName(TEXT.info[locale]));
    info.addRow([TEXT.exporter[locale], safeText(exporter)]).commit();
    info.addRow([TEXT.time[locale], formatTime(now)]).commit();
    info.addRow([TEXT.entity[locale], entity.label[locale]]).commit();
    info.addRow([TEXT.filters[locale], safeText(JSON.stringify(filters))]).commit();
    info.addRow([TEXT.rows[locale], count]).commit();
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

/**
 * The import template: the first sheet has the import columns' labels as its header (and lists of
 * the allowed words on enum and dictionary columns), the second an example row and what each
 * column takes, the third the allowed words of each such column.
 */
async function template(ctx: AppContext, entity: Entity, locale: Locale): Promise<Buffer> {
  const excel = entity.excel;
  if (!excel) throw new Error(`${entity.prefix} declares no excel option`);
  const columns = columnsOf(entity, excel.importColumns);
  const dicts = await readDictionaries(
    ctx.db.loose,
    columns.map(([, c]) => c),
  );
  const shape = entity.schemas.create.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Backroom';
  workbook.created = new Date();
  const data = workbook.addWorksheet(sheetName(entity.label[locale]));
  const help = workbook.addWorksheet(sheetName(TEXT.help[locale]));
  const values = workbook.addWorksheet(sheetName(TEXT.values[locale]));
  data.addRow(columns.map(([, c]) => c.label[locale]));
  data.getRow(1).font = { bold: true };
  help.addRow([TEXT.example[locale]]);
  help.addRow(columns.map(([, c]) => c.label[locale]));
  help.addRow(columns.map(([name, column]) => exampleCell(name, column, excel.example, locale, dicts)));
  help.addRow([]);
  if (excel.importKey) {
    const keyLabel = entity.columns[excel.importKey]?.label[locale] ?? excel.importKey;
    help.addRow([TEXT.keyNote[locale].replace('{key}', keyLabel)]);
  }
  const owner = entity.ownership?.owner;
  if (owner && excel.importColumns.includes(owner)) {
    const ownerLabel = entity.columns[owner]?.label[locale] ?? owner;
    help.addRow([TEXT.ownerNote[locale].replace('{owner}', ownerLabel)]);
  }
  const required = columns.filter(([name]) => shape[name] && !shape[name].safeParse(undefined).success);
  if (required.length > 0) {
    help.addRow([`${TEXT.required[locale]}: ${required.map(([, c]) => c.label[locale]).join(', ')}`]);
  }
  let listColumn = 0;
  columns.forEach(([, column], i) => {
    const words = allowedWords(column, locale, dicts);
    if (!words || words.length === 0) return;
    const letter = columnLetter(listColumn);
    values.getCell(`${letter}1`).value = column.label[locale];
    words.forEach((word, j) => {
      values.getCell(`${letter}${j + 2}`).value = word;
    });
    const target = columnLetter(i);
    // A drop-down of the allowed words on the data rows of this column.
    // exceljs keeps range validations on the sheet's dataValidations (its typings leave them out).
    (
      data as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }
    ).dataValidations.add(`${target}2:${target}10001`, {
      type: 'list',
      allowBlank: true,
      formulae: [`'${sheetName(TEXT.values[locale])}'!$${letter}$2:$${letter}$${words.length + 1}`],
      showErrorMessage: true,
    });
    listColumn += 1;
  });
  columns.forEach((_, i) => {
    data.getColumn(i + 1).width = 18;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function exampleCell(
  name: string,
  column: import('@backroom/contract').Column,
  example: Readonly<Record<string, string | number>>,
  locale: Locale,
  dicts: import('./excel-cells.js').Dictionaries,
): string | number | null {
  const given = example[name];
  if (given !== undefined) return given;
  const words = allowedWords(column, locale, dicts);
  if (words && words.length > 0) {
    const fallback = column.defaultValue ?? column.values?.[0];
    return fallback !== undefined
      ? (column.valueLabels?.[String(fallback)]?.[locale] ?? words[0] ?? null)
      : (words[0] ?? null);
  }
  return null;
}

/** What the cache keeps of a checked import until its commit. */
type CheckedImport = { userId: number; entity: string; file: ImportFile; passed: number[] };

const cacheKey = (entity: Entity, userId: number, token: string) => `excel:import:${entity.prefix}:${userId}:${token}`;

/** Keeps a checked import for its commit; answers its token. */
async function keepChecked(ctx: AppContext, entity: Entity, userId: number, file: ImportFile, passed: number[]) {
  const token = randomUUID();
  const kept: CheckedImport = { userId, entity: entity.prefix, file, passed };
  await ctx.cache.set(cacheKey(entity, userId, token), JSON.stringify(kept), IMPORT_TTL_SECONDS);
  return token;
}

/**
 * A checked import of these rows kept for a user, as importCheck keeps one: for tests that call
 * importCommit as someone who may not check (the authorization matrix grants one permission at a time).
 */
export function stageImport(
  ctx: AppContext,
  entity: Entity,
  userId: number,
  rows: Array<Record<string, string | number>>,
): Promise<string> {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const letters = Object.fromEntries(names.map((name, i) => [name, columnLetter(i)]));
  const file: ImportFile = { letters, rows: rows.map((cells, i) => ({ row: i + 2, cells })) };
  return keepChecked(
    ctx,
    entity,
    userId,
    file,
    file.rows.map((r) => r.row),
  );
}

/** Thrown to roll back a dry run once its report is made. */
class DryRun extends Error {}

/** The report of an import check: counts of every row, the rows listed (errors first) up to the cap. */
function reportOf(outcomes: Outcome[], token: string | null): ImportReport {
  const counts: Record<ImportRowAction, number> = { insert: 0, update: 0, skip: 0, error: 0 };
  for (const o of outcomes) counts[o.action] += 1;
  const errors = outcomes.filter((o) => o.action === 'error');
  const others = outcomes.filter((o) => o.action !== 'error');
  const listed = [...errors, ...others]
    .slice(0, EXCEL_REPORT_MAX_ROWS)
    .sort((a, b) => a.row - b.row)
    .map(({ id: _id, ...row }) => row);
  return { token, counts, rows: listed, truncated: outcomes.length > listed.length };
}

/** The one file of an importCheck upload, read into memory within the size limit. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('excel.noFile');
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file();
  } catch {
    throw badRequest('excel.noFile');
  }
  if (!file) throw badRequest('excel.noFile');
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'excel.tooLarge', { mb: EXCEL_IMPORT_MAX_BYTES / 1024 / 1024 });
    }
    throw badRequest('excel.noFile');
  }
}

/**
 * Mounts export, import (the template), importCheck and importCommit of an entity that declares
 * `excel`. Every path goes through the service: its scope, masking and write rules apply.
 */
export function mountExcel(app: FastifyInstance, ctx: AppContext, service: CrudService): void {
  const entity = service.entity;
  const excel = entity.excel;
  if (!excel) return;
  if (!ctx.seeds.steps.some((s) => s.module === 'base' && s.name === 'excel-export-cap'))
    ctx.seeds.add(exportCapSeed(ctx.config.seedLocale));
  const importColumns = columnsOf(entity, excel.importColumns).map(([, c]) => c);

  mount(app, ctx.gate, endpointOf(entity, 'export'), (route) =>
    exportRows(
      ctx,
      service,
      {
        input: route.input as ListInput & { columns: string[] },
        session: route.session,
        request: route.request,
        locale: route.locale,
      },
      route.reply,
    ),
  );

  mount(app, ctx.gate, endpointOf(entity, 'import'), async ({ reply, locale }) => {
    const bytes = await template(ctx, entity, locale);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachment(`${entity.label[locale]}-${TEXT.template[locale]}.xlsx`))
      .send(bytes);
  });

  /** Checks a file (a dry run: the writes happen in a transaction that is rolled back) and keeps it for the commit. */
  async function check(request: FastifyRequest, session: Session, locale: Locale): Promise<ImportReport> {
    const bytes = await uploadedFile(request);
    const file = await readImportFile(entity, bytes, locale);
    const dicts = await readDictionaries(ctx.db.loose, importColumns);
    let outcomes: Outcome[] = [];
    try {
      await ctx.db.db.transaction().execute(async (trx) => {
        ({ outcomes } = await runBatch({ trx, service, session, locale, file, dicts }));
        throw new DryRun();
      });
    } catch (error) {
      if (!(error instanceof DryRun)) throw error;
    }
    const passed = outcomes.filter((o) => o.action === 'insert' || o.action === 'update').map((o) => o.row);
    const token = passed.length > 0 ? await keepChecked(ctx, entity, session.userId, file, passed) : null;
    return reportOf(outcomes, token);
  }

  // Multipart bodies are accepted on the check route only; every other call stays JSON.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: EXCEL_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
    });
    mount(scope, ctx.gate, endpointOf(entity, 'importCheck'), ({ request, session, locale }) =>
      check(request, session, locale),
    );
  });

  mount(app, ctx.gate, endpointOf(entity, 'importCommit'), async (route) => {
    const { input, session, locale } = route;
    // Single use: taken from the cache whether the commit succeeds or not.
    const text = await ctx.cache.take(cacheKey(entity, session.userId, input.token));
    const kept = text ? (JSON.parse(text) as CheckedImport) : undefined;
    if (!kept || kept.userId !== session.userId || kept.entity !== entity.prefix)
      throw badRequest('excel.tokenExpired');
    const dicts = await readDictionaries(ctx.db.loose, importColumns);
    const result = await ctx.db.db.transaction().execute(async (trx) => {
      const batch = await runBatch({
        trx,
        service,
        session,
        locale,
        file: kept.file,
        dicts,
        only: new Set(kept.passed),
      });
      // All or nothing: a row that passed the check and fails now stops the whole commit.
      const failed = batch.outcomes.find((o) => o.action === 'error');
      if (failed) {
        throw refused('excel.changed', { row: failed.row, message: failed.errors?.[0]?.message ?? '' });
      }
      if (batch.inserted.length > 0 || batch.previous.length > 0) {
        await ctx.recycle.capture(trx, {
          entity: { module: entity.module, entityName: entity.entityName, table: entity.table },
          sets: [{ table: entity.table, rows: batch.previous }],
          added: [{ table: entity.table, ids: batch.inserted }],
          origin: originOf(route),
        });
      }
      return { inserted: batch.inserted.length, updated: batch.previous.length };
    });
    service.changed();
    return result;
  });
}
