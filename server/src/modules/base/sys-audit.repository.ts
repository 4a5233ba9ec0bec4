import { AUDIT_KEEP_PARAM, type AuditAction, type SysAuditRow } from '@backroom/contract';
import { asLoose, type Db, deleteCreatedBefore } from '../../core/db/index.js';

export type AuditFilters = {
  userId?: number;
  entity?: string;
  action?: AuditAction;
  recordId?: number;
  reqId?: string;
  keyWord?: string;
  from?: string;
  to?: string;
};

function filtered(db: Db, f: AuditFilters) {
  let q = db.selectFrom('base_sys_audit');
  if (f.userId !== undefined) q = q.where('userId', '=', f.userId);
  if (f.entity !== undefined && f.entity !== '') q = q.where('entity', '=', f.entity);
  if (f.action !== undefined) q = q.where('action', '=', f.action);
  if (f.recordId !== undefined) q = q.where('recordId', '=', f.recordId);
  if (f.reqId !== undefined && f.reqId !== '') q = q.where('reqId', '=', f.reqId);
  if (f.keyWord !== undefined && f.keyWord !== '') q = q.where('recordName', 'like', `%${escapeLike(f.keyWord)}%`);
  if (f.from !== undefined) q = q.where('createTime', '>=', f.from);
  if (f.to !== undefined) q = q.where('createTime', '<', f.to);
  return q;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** One page of events, newest first (the id is the order of writing). */
export async function auditPage(db: Db, f: AuditFilters, page: number, size: number): Promise<SysAuditRow[]> {
  const rows = await filtered(db, f)
    .selectAll()
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return rows as unknown as SysAuditRow[];
}

/**
 * The events counted stop at COUNT_CAP: a filter naming millions of events (an entity and an
 * action) counted them all for every page, a second at 10M events; past the cap the screen pages
 * on without knowing the end, and nobody reads 5,000 pages of 20.
 */
export const COUNT_CAP = 100_000;

export async function auditCount(db: Db, f: AuditFilters): Promise<number> {
  const capped = filtered(db, f).select('id').limit(COUNT_CAP).as('c');
  const row = await db
    .selectFrom(capped)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A batch of events older than `beforeId` (keyset, newest first): what an export reads. */
export async function auditBatch(db: Db, f: AuditFilters, beforeId: number | null, size: number) {
  let q = filtered(db, f).selectAll();
  if (beforeId !== null) q = q.where('id', '<', beforeId);
  return (await q.orderBy('id', 'desc').limit(size).execute()) as unknown as SysAuditRow[];
}

/** Whether a row of this table has this id (a record's history outlives the record). */
export async function rowExists(db: Db, table: string, id: number): Promise<boolean> {
  const row = await asLoose(db).selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Removes events created before `before`, 1,000 at a time, so no statement holds the table for long. */
export function deleteEventsBefore(db: Db, before: string, signal?: AbortSignal): Promise<number> {
  return deleteCreatedBefore(db, 'base_sys_audit', before, { batch: 1000, signal });
}

/** The `auditKeepDays` parameter's text, when there is one. */
export async function readAuditKeep(db: Db): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('base_sys_param')
    .select('data')
    .where('keyName', '=', AUDIT_KEEP_PARAM)
    .executeTakeFirst();
  return row?.data;
}
