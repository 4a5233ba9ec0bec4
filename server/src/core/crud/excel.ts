import { randomUUID } from 'node:crypto';
import {
  type Entity,
  EXCEL_IMPORT_MAX_BYTES,
  EXCEL_REPORT_MAX_ROWS,
  type ImportReport,
  type ImportRowAction,
  type Locale,
} from '@backroom/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Session } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import { AppError, badRequest, refused } from '../errors.js';
import { endpointOf, mount, originOf } from '../http/server.js';
import type { CrudService, ImportWarningRow } from './crud-types.js';
import { attachment, columnLetter, columnsOf, readDictionaries, XLSX_TYPE } from './excel-cells.js';
import { exportCapSeed, exportRows } from './excel-export.js';
import { attachWarnings, type ImportFile, type Outcome, readImportFile, runBatch } from './excel-import.js';
import { TEMPLATE_TEXT, template } from './excel-template.js';
import type { ListInput } from './query.js';

/*
 * An entity's Excel routes (mountExcel): export (excel-export.ts), the import template
 * (excel-template.ts), and importCheck and importCommit, which read the file (excel-import.ts) and
 * write its rows through the service's own write path. The export cap's names are exported here
 * for the tests and the upgrade check.
 */
export { DEFAULT_EXPORT_CAP, EXPORT_BATCH, EXPORT_CAP_PARAM } from './excel-export.js';

/** How long a checked import waits for its commit. */
const IMPORT_TTL_SECONDS = 30 * 60;

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
function reportOf(outcomes: Outcome[], token: string | null, ignoredColumns: string[]): ImportReport {
  const counts: Record<ImportRowAction, number> = { insert: 0, update: 0, skip: 0, error: 0 };
  for (const o of outcomes) counts[o.action] += 1;
  const errors = outcomes.filter((o) => o.action === 'error');
  const others = outcomes.filter((o) => o.action !== 'error');
  const listed = [...errors, ...others]
    .slice(0, EXCEL_REPORT_MAX_ROWS)
    .sort((a, b) => a.row - b.row)
    .map(({ id: _id, ...row }) => row);
  return { token, counts, rows: listed, truncated: outcomes.length > listed.length, ignoredColumns };
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

  // An export-only option (import: false) declares no template or import calls.
  if (!excel.importable) return;

  mount(app, ctx.gate, endpointOf(entity, 'import'), async ({ reply, locale }) => {
    const bytes = await template(ctx, entity, locale);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachment(`${entity.label[locale]}-${TEMPLATE_TEXT.template[locale]}.xlsx`))
      .send(bytes);
  });

  /** Checks a file (a dry run: the writes happen in a transaction that is rolled back) and keeps it for the commit. */
  async function check(request: FastifyRequest, session: Session, locale: Locale): Promise<ImportReport> {
    const bytes = await uploadedFile(request);
    const { ignored = [], ...file } = await readImportFile(entity, bytes, locale);
    const dicts = await readDictionaries(ctx.db.loose, importColumns, locale);
    let outcomes: Outcome[] = [];
    let writes: ImportWarningRow[] = [];
    try {
      await ctx.db.db.transaction().execute(async (trx) => {
        ({ outcomes, writes } = await runBatch({ trx, service, session, locale, file, dicts }));
        throw new DryRun();
      });
    } catch (error) {
      if (!(error instanceof DryRun)) throw error;
    }
    // After the dry run's rollback: the module reads what is stored, not what the batch wrote.
    attachWarnings(entity, file, outcomes, await service.importWarnings(writes, session, locale), locale);
    const passed = outcomes.filter((o) => o.action === 'insert' || o.action === 'update').map((o) => o.row);
    const token = passed.length > 0 ? await keepChecked(ctx, entity, session.userId, file, passed) : null;
    return reportOf(outcomes, token, ignored);
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
    const dicts = await readDictionaries(ctx.db.loose, importColumns, locale);
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
      return { inserted: batch.inserted.length, updated: batch.previous.length, previous: batch.previous };
    });
    service.changed();
    if (result.previous.length > 0 && service.imported) {
      await service.imported(result.previous, session).catch((error: unknown) => {
        ctx.log.warn({ err: error }, 'an import hook failed');
      });
    }
    return { inserted: result.inserted, updated: result.updated };
  });
}
