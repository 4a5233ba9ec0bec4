import { type Column, isPhoneColumn, normalisePhone, type Tables, tables } from '@backroom/contract';
import type { AppContext } from '../core/context.js';
import {
  asLoose,
  type Db,
  type DbKind,
  formatTime,
  insertManyReturningIds,
  type LooseDb,
  toDbBool,
} from '../core/db/index.js';
import { type MoveInReport, type Said, skip, type TableReport, tableReport } from './report.js';
import type { Source, SourceRow } from './source.js';

export type MoveInOptions = {
  /** The cool-admin database: `sqlite:<file>`, `postgres://…` or `mysql://…`. */
  readonly from: string;
  /** Do everything in a transaction, report, and roll it back. */
  readonly dryRun?: boolean;
  /** Allow a target that holds data of its own besides the seed. */
  readonly merge?: boolean;
  /** The source's local upload folder: the files of space_info are copied from it. */
  readonly uploads?: string;
  /** Bring the request log (base_sys_log) too. */
  readonly withLog?: boolean;
};

export type TargetTable = keyof Tables;

/** What one move-in run works with: the target transaction, the source, the ids brought so far. */
export type Run = {
  readonly ctx: AppContext;
  readonly trx: Db;
  readonly db: LooseDb;
  readonly kind: DbKind;
  readonly source: Source;
  readonly options: MoveInOptions;
  readonly report: MoveInReport;
  readonly now: string;
  /** The id here of a source row brought in (this run or an earlier one). */
  idOf(sourceTable: string, sourceId: unknown): number | undefined;
  /** Every source id of a table brought in, with its id here. */
  idsOf(sourceTable: string): ReadonlyMap<string, number>;
};

/** The mapping of source ids, as base_sys_move_in keeps it. */
export type IdBook = {
  readonly ids: Map<string, Map<string, number>>;
  /** Rows to write at the end of a table: new mappings and changed ones. */
  readonly pending: Array<{ sourceTable: string; sourceId: string; targetId: number; known: boolean }>;
};

export function sourceKey(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value);
}

export async function loadIdBook(trx: Db): Promise<IdBook> {
  const ids = new Map<string, Map<string, number>>();
  const rows = await trx.selectFrom('base_sys_move_in').select(['sourceTable', 'sourceId', 'targetId']).execute();
  for (const row of rows) {
    let table = ids.get(row.sourceTable);
    if (!table) {
      table = new Map();
      ids.set(row.sourceTable, table);
    }
    table.set(row.sourceId, row.targetId);
  }
  return { ids, pending: [] };
}

export function rememberId(book: IdBook, sourceTable: string, sourceId: string, targetId: number): void {
  let table = book.ids.get(sourceTable);
  if (!table) {
    table = new Map();
    book.ids.set(sourceTable, table);
  }
  const known = table.get(sourceId);
  if (known === targetId) return;
  table.set(sourceId, targetId);
  book.pending.push({ sourceTable, sourceId, targetId, known: known !== undefined });
}

/** Writes the mappings made since the last call. */
export async function flushIdBook(trx: Db, book: IdBook): Promise<void> {
  const fresh = book.pending.filter((p) => !p.known);
  for (let i = 0; i < fresh.length; i += 500) {
    await trx
      .insertInto('base_sys_move_in')
      .values(
        fresh.slice(i, i + 500).map(({ sourceTable, sourceId, targetId }) => ({ sourceTable, sourceId, targetId })),
      )
      .execute();
  }
  for (const p of book.pending.filter((x) => x.known)) {
    await trx
      .updateTable('base_sys_move_in')
      .set({ targetId: p.targetId })
      .where('sourceTable', '=', p.sourceTable)
      .where('sourceId', '=', p.sourceId)
      .execute();
  }
  book.pending.length = 0;
}

/** cool-admin's times: `YYYY-MM-DD HH:mm:ss`, with milliseconds on SQLite, Date objects from PostgreSQL. */
export function timeOf(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : formatTime(value);
  if (typeof value === 'number') return formatTime(new Date(value));
  const text = String(value).trim().replace('T', ' ');
  const match = /^(\d{4}-\d{2}-\d{2})( \d{2}:\d{2}(:\d{2})?)?/.exec(text);
  if (!match) return null;
  const [, day, clock] = match;
  if (!clock) return `${day} 00:00:00`;
  return `${day}${clock.length === 6 ? `${clock}:00` : clock}`;
}

export function boolOf(value: unknown): boolean {
  if (typeof value === 'string') return ['1', 'true', 't', 'y', 'yes'].includes(value.trim().toLowerCase());
  return Boolean(value);
}

function intOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : null;
}

/**
 * The value of a source column as the target column keeps it; undefined when it cannot be stored
 * (the insert then takes the column's default, an update leaves it).
 */
function storedValue(kind: DbKind, column: Column, value: unknown): unknown {
  if (value === null || value === undefined) return column.nullable ? null : undefined;
  let out: unknown;
  switch (column.kind) {
    case 'int':
    case 'bigint':
      out = intOf(value);
      break;
    case 'decimal':
      out = Number.isFinite(Number(value)) ? Number(value) : null;
      break;
    case 'bool':
      out = toDbBool(kind, boolOf(value));
      break;
    case 'datetime':
      out = timeOf(value);
      break;
    case 'json':
      out = typeof value === 'string' ? value : JSON.stringify(value);
      break;
    case 'string':
    case 'text': {
      // A JSON column of the source (cool-admin's log params, its role id lists) comes parsed from
      // MySQL's and PostgreSQL's drivers: kept here as its JSON text.
      const typed =
        value instanceof Date ? formatTime(value) : typeof value === 'object' ? JSON.stringify(value) : String(value);
      // A phone as the old install kept it (`+86 138…`, `0138…`) comes in its one spelling (phone.ts),
      // so the unique phone of an app user and the duplicate check of a customer see it; one that
      // reads as no number comes as it was.
      const text = isPhoneColumn(column) ? (normalisePhone(typed) ?? typed) : typed;
      out = column.length !== undefined ? [...text].slice(0, column.length).join('') : text;
      break;
    }
  }
  if (out === null) return column.nullable ? null : undefined;
  if (column.values && !column.values.includes(out as string | number)) return undefined;
  return out;
}

/**
 * A source row's columns that the target table has too (same names: cool-admin and Backroom share
 * the family's table shapes), as the target keeps them. `omit` leaves out columns a step maps itself.
 */
export function sameColumns(
  run: Run,
  target: TargetTable,
  row: SourceRow,
  omit: readonly string[] = [],
): Record<string, unknown> {
  const decl = tables[target];
  const out: Record<string, unknown> = {};
  for (const [name, column] of Object.entries(decl.columns as Record<string, Column>)) {
    if (omit.includes(name) || !(name in row)) continue;
    const value = storedValue(run.kind, column, row[name]);
    if (value !== undefined) out[name] = value;
  }
  if (decl.base === 'entity') {
    out.createTime = timeOf(row.createTime) ?? run.now;
    out.updateTime = timeOf(row.updateTime) ?? (out.createTime as string);
  }
  return out;
}

/** What a step makes of one source row. */
export type Prepared =
  | {
      readonly values: Record<string, unknown>;
      /** A row here that is the same thing (a seeded role, a user of the same name), when not mapped yet. */
      readonly match?: () => number | undefined | Promise<number | undefined>;
      /** Columns an existing row keeps (decided on the row as it is here). */
      readonly keep?: (existing: Record<string, unknown>) => readonly string[];
    }
  | { readonly skip: Said };

export type Step = {
  /** The table the report and the mapping name (the source table, or a name for derived rows). */
  readonly name: string;
  readonly target: TargetTable;
  readonly rows: SourceRow[];
  /** The source id of a row (its `id` when not given). */
  readonly idOf?: (row: SourceRow) => string | null;
  prepare(row: SourceRow): Prepared | Promise<Prepared>;
  /** A column pointing to another row of the same table: set once every row is in. */
  readonly parent?: {
    readonly column: string;
    readonly of: (row: SourceRow) => unknown;
    /** Rows here whose parent is not the move-in's to set (Backroom's own menus). */
    readonly fixed?: (targetId: number) => boolean;
  };
  /** Rows whose columns are never changed once here (join rows: a match is all there is). */
  readonly insertOnly?: boolean;
};

const same = (a: unknown, b: unknown) => {
  const norm = (v: unknown) =>
    v === undefined || v === null ? null : typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
  return norm(a) === norm(b);
};

async function targetRows(
  db: LooseDb,
  table: string,
  ids: readonly number[],
): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = (await db
      .selectFrom(table)
      .selectAll()
      .where('id', 'in', ids.slice(i, i + 500))
      .execute()) as Array<Record<string, unknown>>;
    for (const row of rows) out.set(Number(row.id), row);
  }
  return out;
}

/**
 * Brings one table's rows: a row brought before (the mapping knows it) or matched here is
 * updated where it differs, any other is created; the report counts each.
 */
export async function moveRows(run: Run, book: IdBook, step: Step): Promise<TableReport> {
  const entry = tableReport(run.report, step.name);
  entry.read += step.rows.length;
  const idOfRow = step.idOf ?? ((row: SourceRow) => sourceKey(row.id));
  const known = book.ids.get(step.name) ?? new Map<string, number>();
  const existing = await targetRows(run.db, step.target, [...known.values()]);
  const inserts: Array<{ sourceId: string; values: Record<string, unknown> }> = [];
  const touched = new Set<number>();
  for (const row of step.rows) {
    const sourceId = idOfRow(row);
    if (sourceId === null) {
      skip(entry, { key: 'moveIn.skip.noId' });
      continue;
    }
    const prepared = await step.prepare(row);
    if ('skip' in prepared) {
      skip(entry, prepared.skip);
      continue;
    }
    let targetId = known.get(sourceId);
    let current = targetId === undefined ? undefined : existing.get(targetId);
    if (current === undefined) {
      targetId = prepared.match ? await prepared.match() : undefined;
      if (targetId !== undefined) {
        current = (await targetRows(run.db, step.target, [targetId])).get(targetId);
        if (current) rememberId(book, step.name, sourceId, targetId);
      }
    }
    if (current === undefined || targetId === undefined) {
      inserts.push({ sourceId, values: prepared.values });
      continue;
    }
    if (step.insertOnly) {
      entry.unchanged += 1;
      continue;
    }
    const here = current;
    const kept = new Set(prepared.keep?.(here) ?? []);
    const changes = Object.fromEntries(
      Object.entries(prepared.values).filter(
        ([k, v]) => !kept.has(k) && k !== 'createTime' && k !== 'updateTime' && !same(here[k], v),
      ),
    );
    if (Object.keys(changes).length === 0) {
      entry.unchanged += 1;
      continue;
    }
    await run.db
      .updateTable(step.target)
      .set({ ...changes, updateTime: prepared.values.updateTime ?? run.now })
      .where('id', '=', targetId)
      .execute();
    entry.updated += 1;
    touched.add(targetId);
  }
  for (let i = 0; i < inserts.length; i += 2000) {
    const slice = inserts.slice(i, i + 2000);
    const ids = await insertManyReturningIds(
      run.db,
      run.kind,
      step.target,
      slice.map((s) => s.values),
    );
    slice.forEach((s, k) => {
      const id = ids[k] as number;
      rememberId(book, step.name, s.sourceId, id);
      touched.add(id);
    });
    entry.created += slice.length;
  }
  if (step.parent) await setParents(run, book, step, entry, touched);
  await flushIdBook(run.trx, book);
  return entry;
}

/** Points each row at its parent once all are in; a parent the source does not have leaves it at the top. */
async function setParents(run: Run, book: IdBook, step: Step, entry: TableReport, touched: Set<number>) {
  const parent = step.parent;
  if (!parent) return;
  const ids = book.ids.get(step.name) ?? new Map<string, number>();
  const idOfRow = step.idOf ?? ((row: SourceRow) => sourceKey(row.id));
  const wanted = new Map<number, number | null>();
  for (const row of step.rows) {
    const sourceId = idOfRow(row);
    const targetId = sourceId === null ? undefined : ids.get(sourceId);
    if (targetId === undefined || parent.fixed?.(targetId)) continue;
    const parentKey = sourceKey(parent.of(row));
    wanted.set(targetId, parentKey === null ? null : (ids.get(parentKey) ?? null));
  }
  const current = await targetRows(run.db, step.target, [...wanted.keys()]);
  for (const [id, parentId] of wanted) {
    const row = current.get(id);
    if (!row || same(row[parent.column], parentId)) continue;
    await run.db
      .updateTable(step.target)
      .set({ [parent.column]: parentId })
      .where('id', '=', id)
      .execute();
    if (!touched.has(id)) {
      touched.add(id);
      entry.updated += 1;
      entry.unchanged -= 1;
    }
  }
}

export function runOn(
  ctx: AppContext,
  trx: Db,
  source: Source,
  options: MoveInOptions,
  report: MoveInReport,
  book: IdBook,
): Run {
  return {
    ctx,
    trx,
    db: asLoose(trx),
    kind: ctx.db.kind,
    source,
    options,
    report,
    now: formatTime(),
    idOf: (table, id) => {
      const key = sourceKey(id);
      return key === null ? undefined : book.ids.get(table)?.get(key);
    },
    idsOf: (table) => book.ids.get(table) ?? new Map(),
  };
}
