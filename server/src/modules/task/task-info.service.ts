import { parseInZone, TASK_SERVER_FIELDS, type TaskHandlers, taskInfo } from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { formatTime } from '../../core/db/index.js';
import { badRequest, notFound, refused } from '../../core/errors.js';
import type { DeletionOrigin } from '../../core/recycle.js';
import type { Runner } from './scheduler/runner.js';
import { cronProblem, firstTick, normalizeCron, windowOf } from './scheduler/schedule.js';
import { type TaskScheduler, writeRepeatState } from './scheduler/types.js';
import { argsSchemaOf, readTaskArgs } from './task-args.js';
import {
  findSystemTask,
  findTask,
  type LogPageInput,
  pageTaskLogs,
  setTaskCron,
  type TaskRow,
  takeTaskLogs,
  writeTaskState,
} from './task-info.repository.js';

type Row = Record<string, unknown>;

/** Columns whose change means the task must be planned anew. */
const SCHEDULE_FIELDS = ['taskType', 'cron', 'every', 'startDate', 'endDate'] as const;

export type TaskInfoService = CrudService & {
  start(id: number, session: Session): Promise<void>;
  stop(id: number, session: Session): Promise<void>;
  /** Runs the task's handler now, outside its schedule; the run is logged like the others. */
  once(id: number, session: Session): Promise<void>;
  log(input: LogPageInput): ReturnType<typeof pageTaskLogs>;
  handlers(): TaskHandlers;
  /** A system task's daily time changed (its parameter was saved): its cron follows, and a running task is planned anew. */
  followTime(service: string, cron: string): Promise<void>;
};

export function createTaskInfoService(ctx: AppContext, scheduler: TaskScheduler, runner: Runner): TaskInfoService {
  const zone = ctx.config.taskTimezone;
  const db = ctx.db.db;

  /** The rules a task must keep whatever wrote it: a known handler, arguments it accepts, a schedule that reads. */
  function check(merged: Row, data: Row, existing: Row | undefined) {
    const service = String(merged.service ?? '');
    const handler = ctx.taskHandlers.get(service);
    if (!handler) throw badRequest('task.unknownHandler', { service });
    if (existing && Number(existing.type) === 0 && data.service !== undefined && data.service !== existing.service) {
      throw refused('task.systemService');
    }
    if (typeof data.data === 'string' && data.data.trim() === '') data.data = null;
    const args = readTaskArgs((data.data === undefined ? merged.data : data.data) as string | null, handler);
    if (!args.ok) {
      if (args.problem === 'json') throw badRequest('task.argsJson');
      throw badRequest('task.badArgs', { problem: args.problem });
    }
    if (Number(merged.taskType ?? 0) === 0) {
      const cron = typeof merged.cron === 'string' ? normalizeCron(merged.cron) : '';
      if (cron === '') throw badRequest('task.cronRequired');
      const problem = cronProblem(cron, zone);
      if (problem) throw badRequest('task.badCron', { problem });
      if (data.cron !== undefined || merged.cron !== cron) data.cron = cron;
    } else {
      if (merged.every === null || merged.every === undefined) throw badRequest('task.everyRequired');
      // An interval task has no pattern: "every is ignored when cron is set" then never bites.
      if (merged.cron !== null && merged.cron !== undefined) data.cron = null;
    }
    for (const field of ['startDate', 'endDate'] as const) {
      const text = merged[field];
      if (typeof text === 'string' && !parseInZone(text, zone)) {
        throw badRequest('validation.invalid', { field: taskInfo.columns[field].label });
      }
    }
    const window = windowOf(
      { startDate: (merged.startDate as string | null) ?? null, endDate: (merged.endDate as string | null) ?? null },
      zone,
    );
    if (window.start !== null && window.end !== null && window.end <= window.start) {
      throw badRequest('task.endBeforeStart');
    }
  }

  const crud = createCrud(ctx, taskInfo, {
    beforeWrite(data, _input, { mode, existing }) {
      // The scheduler's own fields never come from a client (the declared bodies drop them too).
      for (const field of TASK_SERVER_FIELDS) delete data[field];
      if (mode === 'add') data.type = 1;
      check({ ...existing, ...data }, data, existing);
      const wasRunning = existing !== undefined && Number(existing.status) === 1;
      const running = data.status === undefined ? wasRunning || mode === 'add' : data.status === 1;
      if (running && !wasRunning) data.repeatConf = writeRepeatState({ count: 0 });
      if (!running) Object.assign(data, { nextRunTime: null, lockExpireTime: null });
      return data;
    },
    async beforeDelete(rows, _session, trx) {
      if (rows.some((r) => Number(r.type) === 0)) throw refused('task.systemDelete');
      // The runs go with their task, into the same recycle record.
      const logs = await takeTaskLogs(
        trx,
        rows.map((r) => Number(r.id)),
      );
      return [{ table: 'task_log', rows: logs }];
    },
  });

  /** After a write: plan, re-plan or forget the task as its row now says. */
  async function follow(before: TaskRow | undefined, id: number) {
    const after = await findTask(db, id);
    if (after?.status !== 1) return scheduler.unplan(id);
    const started = before?.status !== 1;
    const rescheduled = before !== undefined && SCHEDULE_FIELDS.some((f) => before[f] !== after[f]);
    // The embedded scheduler reads the limit at each claim; BullMQ's job scheduler holds its own copy.
    const limitChanged = before !== undefined && before.limit !== after.limit && scheduler.mode === 'bullmq';
    if (started || rescheduled || limitChanged) await scheduler.plan(id);
  }

  async function existingTask(id: number): Promise<TaskRow> {
    const row = await findTask(db, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    ...crud,
    async add(input, session: Session) {
      const result = await crud.add(input, session);
      const ids = 'ids' in result ? result.ids : [result.id];
      for (const id of ids) await follow(undefined, id);
      return result;
    },
    async update(input, session: Session) {
      const before = await findTask(db, input.id);
      await crud.update(input, session);
      await follow(before, input.id);
    },
    async delete(ids, session: Session, origin: DeletionOrigin) {
      await crud.delete(ids, session, origin);
      for (const id of ids) await scheduler.unplan(id);
    },
    async start(id, session) {
      const row = await existingTask(id);
      if (row.status === 1) return;
      if (!ctx.taskHandlers.get(row.service)) throw badRequest('task.unknownHandler', { service: row.service });
      if (firstTick(row, zone, Date.now()) === null) throw refused('task.nothingLeft');
      // The start and its event in one transaction: one 'status' event, status 0 → 1.
      await db.transaction().execute(async (trx) => {
        await writeTaskState(trx, id, {
          status: 1,
          repeatConf: writeRepeatState({ count: 0 }),
          lockExpireTime: null,
          nextRunTime: null,
        });
        await ctx.history.recordChanges(trx, session, taskInfo, [row], { status: 1 }, 'status');
      });
      crud.resetCounts();
      await scheduler.plan(id);
    },
    async stop(id, session) {
      const row = await existingTask(id);
      await db.transaction().execute(async (trx) => {
        await writeTaskState(trx, id, { status: 0, lockExpireTime: null, nextRunTime: null });
        // A stop of a stopped task changes nothing and makes no event.
        await ctx.history.recordChanges(trx, session, taskInfo, [row], { status: 0 }, 'status');
      });
      crud.resetCounts();
      await scheduler.unplan(id);
    },
    async once(id, session) {
      const row = await existingTask(id);
      // The run itself is in the task log; the history says who asked for it.
      await db
        .transaction()
        .execute((trx) => ctx.history.record(trx, session, taskInfo, [{ recordId: id, row, action: 'runOnce' }]));
      // Not awaited: a long run must not hold the request; its log row tells how it went.
      void runner.execute(row, null, 1);
    },
    log: (input) => pageTaskLogs(db, input),
    async followTime(service, cron) {
      const task = await findSystemTask(db, service);
      if (!task || task.cron === cron) return;
      await setTaskCron(db, task.id, cron, formatTime());
      crud.resetCounts();
      if (task.status === 1) await scheduler.plan(task.id);
    },
    handlers() {
      return {
        timezone: zone,
        handlers: ctx.taskHandlers
          .all()
          .map((h) => ({ name: h.name, label: h.label, args: argsSchemaOf(h) }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      };
    },
  };
}
