import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { Database } from '../../core/db/schema.js';

/** task_info and task_log as stored (times are `YYYY-MM-DD HH:mm:ss` in the task time zone; the lease is ISO UTC). */
type TaskInfoTable = Database['task_info'];

export type TaskRow = {
  id: number;
  name: string;
  status: number;
  type: number;
  taskType: number;
  cron: string | null;
  every: number | null;
  startDate: string | null;
  endDate: string | null;
  limit: number | null;
  repeatConf: string | null;
  lockExpireTime: string | null;
  /** The planned next tick as the screen shows it (task time zone, to the second). */
  nextRunTime: string | null;
  jobId: string | null;
  service: string;
  data: string | null;
};

const TASK_COLUMNS = [
  'id',
  'name',
  'status',
  'type',
  'taskType',
  'cron',
  'every',
  'startDate',
  'endDate',
  'limit',
  'repeatConf',
  'lockExpireTime',
  'nextRunTime',
  'jobId',
  'service',
  'data',
] as const;

/** Numbers come back as text from some drivers for some types; the scheduler compares them. */
function normalize(row: TaskRow): TaskRow {
  return {
    ...row,
    id: Number(row.id),
    status: Number(row.status),
    type: Number(row.type),
    taskType: Number(row.taskType),
    every: row.every === null ? null : Number(row.every),
    limit: row.limit === null ? null : Number(row.limit),
  };
}

export async function findTask(db: Db, id: number): Promise<TaskRow | undefined> {
  const row = await db.selectFrom('task_info').select(TASK_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? normalize(row) : undefined;
}

export async function findRunningTasks(db: Db): Promise<TaskRow[]> {
  const rows = await db.selectFrom('task_info').select(TASK_COLUMNS).where('status', '=', 1).execute();
  return rows.map(normalize);
}

export type TaskState = Pick<
  Updateable<TaskInfoTable>,
  'status' | 'repeatConf' | 'lockExpireTime' | 'nextRunTime' | 'lastExecuteTime' | 'jobId'
>;

/** Writes scheduler state, unconditionally (start, stop, a new plan). */
export async function writeTaskState(db: Db, id: number, state: TaskState): Promise<void> {
  await db.updateTable('task_info').set(state).where('id', '=', id).execute();
}

/**
 * Writes scheduler state only while the row still is what the caller read: running, with this lease
 * and this repeat state. Answers whether this caller won (one row changed); a concurrent claim, a
 * stop or an edit in between makes it lose, and the row is left alone.
 */
export async function compareAndSetTaskState(
  db: Db,
  id: number,
  expected: { lockExpireTime?: string | null; repeatConf: string | null; leaseDueBy?: string; nextRunTime?: string },
  state: TaskState,
): Promise<boolean> {
  let query = db.updateTable('task_info').set(state).where('id', '=', id).where('status', '=', 1);
  query =
    expected.repeatConf === null
      ? query.where('repeatConf', 'is', null)
      : query.where('repeatConf', '=', expected.repeatConf);
  if (expected.lockExpireTime !== undefined) {
    query =
      expected.lockExpireTime === null
        ? query.where('lockExpireTime', 'is', null)
        : query.where('lockExpireTime', '=', expected.lockExpireTime);
  }
  if (expected.nextRunTime !== undefined) query = query.where('nextRunTime', '=', expected.nextRunTime);
  // The lease has run out by the caller's clock: nobody claims a tick before it is due.
  if (expected.leaseDueBy !== undefined) query = query.where('lockExpireTime', '<=', expected.leaseDueBy);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type LogInsert = Insertable<Database['task_log']>;

export async function insertTaskLog(db: Db, row: LogInsert): Promise<void> {
  await db.insertInto('task_log').values(row).execute();
}

/** Marks a last run in the row (run once, and the BullMQ worker, which claims through Redis). */
export async function touchLastExecute(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('task_info').set({ lastExecuteTime: at }).where('id', '=', id).execute();
}

export type LogPageInput = { id?: number; status?: 0 | 1; page: number; size: number };

/** A page of runs, newest first, with the task's name. */
export async function pageTaskLogs(db: Db, input: LogPageInput) {
  const t = db;
  let base = t.selectFrom('task_log as l');
  if (input.id !== undefined) base = base.where('l.taskId', '=', input.id);
  if (input.status !== undefined) base = base.where('l.status', '=', input.status);
  const [countRow, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
    base
      .leftJoin('task_info as i', 'i.id', 'l.taskId')
      .select([
        'l.id',
        'l.createTime',
        'l.updateTime',
        'l.taskId',
        'l.status',
        'l.detail',
        'l.duration',
        'l.trigger',
        'i.name as taskName',
      ])
      .orderBy('l.id', 'desc')
      .limit(input.size)
      .offset((input.page - 1) * input.size)
      .execute(),
  ]);
  return {
    list: rows,
    pagination: { page: input.page, size: input.size, total: Number(countRow?.total ?? 0) },
  };
}

/** The run log of these tasks exactly as stored, then gone (the recycle bin keeps them). */
export async function takeTaskLogs(db: Db, taskIds: readonly number[]): Promise<Record<string, unknown>[]> {
  if (taskIds.length === 0) return [];
  const rows = await db.selectFrom('task_log').selectAll().where('taskId', 'in', taskIds).execute();
  if (rows.length > 0) await db.deleteFrom('task_log').where('taskId', 'in', taskIds).execute();
  return rows as Record<string, unknown>[];
}

/** Which of these services already have a system task (seeding adds only the missing ones). */
export async function systemTaskServices(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('task_info').select('service').where('type', '=', 0).execute();
  return new Set(rows.map((r) => r.service));
}

/** The system task running a handler, if there is one. */
export async function findSystemTask(db: Db, service: string): Promise<TaskRow | undefined> {
  const row = await db
    .selectFrom('task_info')
    .select('id')
    .where('type', '=', 0)
    .where('service', '=', service)
    .executeTakeFirst();
  return row ? findTask(db, row.id) : undefined;
}

export async function setTaskCron(db: Db, id: number, cron: string, now: string): Promise<void> {
  await db.updateTable('task_info').set({ cron, updateTime: now }).where('id', '=', id).execute();
}

/** A parameter's value, read at seed time (a system task's time of day). */
export async function paramValue(db: Db, keyName: string): Promise<string | null> {
  const row = await db.selectFrom('base_sys_param').select('data').where('keyName', '=', keyName).executeTakeFirst();
  return row?.data ?? null;
}

export async function insertSystemTask(db: Db, row: Insertable<TaskInfoTable>): Promise<void> {
  await db.insertInto('task_info').values(row).execute();
}

/** Keeps the newest `keep` runs of a task; older ones go (the log is a window, not an archive). */
export async function pruneTaskLogs(db: Db, taskId: number, keep: number): Promise<number> {
  const edge = await db
    .selectFrom('task_log')
    .select('id')
    .where('taskId', '=', taskId)
    .orderBy('id', 'desc')
    .limit(1)
    .offset(keep - 1)
    .executeTakeFirst();
  if (!edge) return 0;
  const result = await db
    .deleteFrom('task_log')
    .where('taskId', '=', taskId)
    .where('id', '<', Number(edge.id))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The newest failed runs (status 0) with their task's name, the detail cut to `detailMax` characters. */
export async function recentFailures(db: Db, limit: number, detailMax: number) {
  const rows = await db
    .selectFrom('task_log as l')
    .leftJoin('task_info as t', 't.id', 'l.taskId')
    .select(['l.id', 'l.taskId', 't.name as taskName', 'l.detail', 'l.createTime'])
    .where('l.status', '=', 0)
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...r,
    taskName: r.taskName ?? null,
    detail: r.detail === null ? null : r.detail.slice(0, detailMax),
  }));
}
