import { MOVE_IN_AUDIT_ENTITY } from '@backroom/contract';
import type { AppContext } from '../core/context.js';
import type { Db } from '../core/db/index.js';
import { moveDepartments, moveGrants, moveMenus, moveParams, moveRoles, moveUsers } from './base-steps.js';
import { loadIdBook, type MoveInOptions, runOn } from './engine.js';
import { moveAppUsers, moveCustomers, moveDicts, moveFiles, moveLog, moveRecycle, moveTasks } from './more-steps.js';
import type { MoveInReport, Said, TableReport } from './report.js';
import { openSource } from './source.js';
import { clearStarterChain } from './starter-step.js';

export type { MoveInOptions } from './engine.js';

/** A move-in that must not run: the message says why. */
export class MoveInRefused extends Error {
  constructor(readonly said: Said) {
    super(said.key);
  }
}

/** Thrown inside the transaction of a dry run, so that everything it did is rolled back. */
class DryRunDone extends Error {}

/** Tables whose rows only people make: any of them here means the install is in use. */
const BUSINESS_TABLES = [
  'customer_info',
  'customer_invitation_record',
  'customer_activity',
  'user_info',
  'space_info',
] as const;

/** How far from a seed run a staff user may have been created and still count as the seed's. */
const SEED_WINDOW_MS = 10 * 60 * 1000;

/**
 * Whether the target holds data besides what the seeds made: rows in the business tables, or staff
 * created apart from the seed runs (base_sys_conf records when each seed step ran).
 */
async function holdsOwnData(trx: Db): Promise<string | null> {
  for (const table of BUSINESS_TABLES) {
    if (await trx.selectFrom(table).select('id').limit(1).executeTakeFirst()) return table;
  }
  const conf = await trx
    .selectFrom('base_sys_conf')
    .select(['createTime', 'updateTime'])
    .where('cKey', 'like', 'seed:%')
    .execute();
  const users = await trx.selectFrom('base_sys_user').select(['createTime']).execute();
  const at = (t: string) => new Date(t.replace(' ', 'T')).getTime();
  const seedTimes = [...conf.flatMap((c) => [at(c.createTime), at(c.updateTime)])];
  const first = Math.min(...users.map((u) => at(u.createTime)));
  if (Number.isFinite(first)) seedTimes.push(first);
  const own = users.some((u) => !seedTimes.some((t) => Math.abs(at(u.createTime) - t) <= SEED_WINDOW_MS));
  return own ? 'base_sys_user' : null;
}

/** The history's key of move-in runs: one event per run (recordId: the run's number). */
export const MOVE_IN_ENTITY = MOVE_IN_AUDIT_ENTITY;

/** The source as an event names it: a file's name, a server's host and database, never a password. */
export function sourceName(from: string): string {
  if (from.startsWith('sqlite:')) return `sqlite:${from.slice('sqlite:'.length).split(/[\\/]/).pop() ?? ''}`;
  try {
    const url = new URL(from);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '?';
  }
}

/** A table's counts as one event field: created, updated, unchanged, skipped. */
const countsOf = (t: TableReport) =>
  `created ${t.created}, updated ${t.updated}, unchanged ${t.unchanged}, skipped ${t.skipped}`;

/** The run's one event, in its transaction: the source, and each table's counts (rows the run wrote). */
async function recordRun(ctx: AppContext, trx: Db, from: string, report: MoveInReport): Promise<void> {
  // Earlier runs' events still in SQLite's inbox are counted too (core/history.ts).
  await ctx.history.settle(trx);
  const runs = await trx
    .selectFrom('base_sys_audit')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('entity', '=', MOVE_IN_ENTITY)
    .executeTakeFirst();
  await ctx.history.record(trx, null, MOVE_IN_ENTITY, [
    {
      recordId: Number(runs?.n ?? 0) + 1,
      recordName: sourceName(from),
      action: 'moveIn',
      changes: report.tables.map((t) => ({ f: t.table, n: countsOf(t) })),
    },
  ]);
}

/**
 * Brings a cool-admin database into this install, in one transaction (docs/move-in.md). The report
 * says table by table what was read, created, updated, left unchanged and skipped; a dry run does
 * all of it and rolls it back.
 */
export async function moveIn(ctx: AppContext, options: MoveInOptions): Promise<MoveInReport> {
  const source = await openSource(options.from);
  const report: MoveInReport = { dryRun: options.dryRun === true, tables: [], notes: [] };
  try {
    if (!source.has('base_sys_user')) throw new MoveInRefused({ key: 'moveIn.notCoolAdmin' });
    await ctx.db.db
      .transaction()
      .execute(async (trx) => {
        const book = await loadIdBook(trx);
        if (book.ids.size === 0 && !options.merge) {
          const table = await holdsOwnData(trx);
          if (table) throw new MoveInRefused({ key: 'moveIn.targetInUse', params: { table } });
        }
        const run = runOn(ctx, trx, source, options, report, book);
        // The first move-in only: a later one finds the chain gone, or kept on purpose.
        if (book.ids.size === 0) await clearStarterChain(run);
        await moveDepartments(run, book);
        const roles = await moveRoles(run, book);
        await moveUsers(run, book);
        await moveMenus(run, book);
        await moveGrants(run, book, roles);
        await moveParams(run, book);
        await moveDicts(run, book);
        await moveCustomers(run, book);
        await moveAppUsers(run, book);
        await moveFiles(run, book);
        await moveLog(run, book);
        await moveRecycle(run, book);
        await moveTasks(run, book);
        await recordRun(ctx, trx, options.from, report);
        if (options.dryRun) throw new DryRunDone();
      })
      .catch((error: unknown) => {
        if (!(error instanceof DryRunDone)) throw error;
      });
    // Users, roles, menus and departments changed: principals cached by the gate are read again.
    if (!options.dryRun) ctx.gate.invalidate();
  } finally {
    await source.close();
  }
  return report;
}
