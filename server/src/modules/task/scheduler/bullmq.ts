import { formatInZone } from '@backroom/contract';
import type { Job, Queue, RepeatOptions, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AppContext } from '../../../core/context.js';
import { compareAndSetTaskState, findRunningTasks, findTask, writeTaskState } from '../task-info.repository.js';
import type { Runner } from './runner.js';
import { cronFor, firstTick, nextTick, usesCron, windowOf } from './schedule.js';
import { readRepeatState, type TaskScheduler, writeRepeatState } from './types.js';

const QUEUE = 'task';
/** Jobs of one instance's worker at once: a slow handler must not hold the others back. */
const CONCURRENCY = 64;
/** How long closing waits for the worker and the queue to let go of Redis before it cuts the connection. */
const CLOSE_WAIT_MS = 3000;
/** Claims lost to a concurrent change of the same row are retried this often. */
const CLAIM_ATTEMPTS = 5;

export const schedulerIdOf = (taskId: number) => `task-${taskId}`;
const taskIdOf = (schedulerId: string) =>
  /^task-\d+$/.test(schedulerId) ? Number(schedulerId.slice('task-'.length)) : undefined;

/**
 * Cron ticks computed by croner, as the embedded scheduler computes them (the same 5- and 6-field
 * patterns, the `0/5` steps of the family, the task time zone), and none after the endDate.
 */
function repeatStrategy(millis: number, opts: RepeatOptions): number | undefined {
  if (!opts.pattern) return undefined;
  const start = opts.startDate === undefined ? undefined : new Date(opts.startDate).getTime();
  const from = start !== undefined && start > millis ? start - 1 : millis;
  const next = cronFor(opts.pattern, opts.tz ?? 'UTC')
    .nextRun(new Date(from))
    ?.getTime();
  if (next === undefined) return undefined;
  if (opts.endDate !== undefined && next > new Date(opts.endDate).getTime()) return undefined;
  return next;
}

/**
 * The scaled-out scheduler: each running task is a BullMQ job scheduler (`task-<id>`) that adds one
 * delayed job per tick, and every instance runs a worker; BullMQ hands each job to exactly one
 * worker. The worker still claims the run on the row (still running, same run count), so a job
 * left over from a stopped or edited task does not run, and it stops the task at its limit or
 * past its endDate. Every `taskSyncMs` each instance reconciles the schedulers with the running
 * tasks (a task restored from the recycle bin, or started while the scheduler was embedded).
 */
export async function createBullScheduler(ctx: AppContext, runner: Runner): Promise<TaskScheduler> {
  // Loaded only in this mode: the embedded default never pays for BullMQ.
  const [{ Queue, Worker }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
  const db = ctx.db.db;
  const zone = ctx.config.taskTimezone;
  const prefix = `${ctx.config.redisPrefix}bull`;
  let lastWarning = 0;
  const warn = (error: unknown, what: string) => {
    // A Redis outage repeats its error on every retry: say it at most every 30 s.
    if (Date.now() - lastWarning < 30_000) return;
    lastWarning = Date.now();
    ctx.log.warn({ err: error }, `task scheduler (BullMQ): ${what}`);
  };
  // BullMQ's blocking commands need connections that retry forever instead of failing a request.
  const connection: Redis = new Redis(ctx.config.redisUrl as string, { maxRetriesPerRequest: null });
  connection.on('error', (error: Error) => warn(error, 'Redis connection error'));
  const queue: Queue = new Queue(QUEUE, { connection, prefix, settings: { repeatStrategy } });
  queue.on('error', (error) => warn(error, 'queue error'));
  let worker: Worker | undefined;
  let syncTimer: NodeJS.Timeout | undefined;
  let closed = false;
  /** Set by a drain: until when the runs under way may go on, and the worker's closing (it takes no job from then on). */
  let finishBy: number | undefined;
  let closingWorker: Promise<void> | undefined;

  /** No job and no reconcile from now on; the worker finishes the jobs it has. */
  function stopTaking(): Promise<void> | undefined {
    closed = true;
    if (syncTimer) clearInterval(syncTimer);
    closingWorker ??= worker?.close().catch((error: unknown) => warn(error, 'the worker did not close cleanly'));
    return closingWorker;
  }

  async function stopTask(taskId: number) {
    await queue.removeJobScheduler(schedulerIdOf(taskId));
  }

  async function plan(taskId: number) {
    const row = await findTask(db, taskId);
    if (row?.status !== 1) return stopTask(taskId);
    const now = Date.now();
    const first = firstTick(row, zone, now);
    const remaining = row.limit === null ? undefined : row.limit - readRepeatState(row.repeatConf).count;
    if (first === null || (remaining !== undefined && remaining <= 0)) {
      await writeTaskState(db, taskId, { status: 0, nextRunTime: null, lockExpireTime: null });
      return stopTask(taskId);
    }
    const window = windowOf(row, zone);
    const repeat: Omit<RepeatOptions, 'key'> = usesCron(row)
      ? { pattern: row.cron as string, tz: zone }
      : { every: row.every as number };
    if (window.start !== null && window.start > now) repeat.startDate = window.start;
    if (window.end !== null) repeat.endDate = window.end;
    if (remaining !== undefined) repeat.limit = remaining;
    const id = schedulerIdOf(taskId);
    await queue.upsertJobScheduler(id, repeat, {
      name: 'run',
      data: { taskId },
      opts: { removeOnComplete: true, removeOnFail: true, attempts: 1 },
    });
    const next = (await queue.getJobScheduler(id))?.next ?? first;
    await writeTaskState(db, taskId, {
      jobId: id,
      lockExpireTime: null,
      nextRunTime: formatInZone(new Date(next), zone),
    });
  }

  /** One tick of one task: claimed on the row, then run (the processor itself never fails). */
  async function process(job: Job<{ taskId: number }>) {
    const taskId = Number(job.data.taskId);
    // A scheduler's job id is `repeat:<scheduler>:<planned millis>`.
    const planned = Number(String(job.id).split(':').at(-1)) || job.timestamp + (job.opts.delay ?? 0);
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
      const row = await findTask(db, taskId);
      if (row?.status !== 1) return void (await stopTask(taskId));
      const window = windowOf(row, zone);
      // BullMQ may add one interval job past the endDate; it ends the task instead of running.
      if (window.end !== null && planned > window.end) {
        await writeTaskState(db, taskId, { status: 0, nextRunTime: null, lockExpireTime: null });
        return void (await stopTask(taskId));
      }
      const already = readRepeatState(row.repeatConf).count;
      // A limit lowered below the runs already made ends the task without another run.
      if (row.limit !== null && already >= row.limit) {
        await writeTaskState(db, taskId, { status: 0, nextRunTime: null, lockExpireTime: null });
        return void (await stopTask(taskId));
      }
      const count = already + 1;
      // The next tick as BullMQ plans it (the previous one plus the interval, or the pattern's next),
      // worked out here rather than asked of Redis on every run.
      const now = Date.now();
      const upcoming = nextTick(row, zone, planned, now);
      const done = upcoming === null || (row.limit !== null && count >= row.limit);
      const won = await compareAndSetTaskState(
        db,
        taskId,
        { repeatConf: row.repeatConf },
        {
          repeatConf: writeRepeatState({ count }),
          lastExecuteTime: formatInZone(new Date(now), zone),
          nextRunTime: done || upcoming === null ? null : formatInZone(new Date(upcoming), zone),
          lockExpireTime: null,
          ...(done ? { status: 0 } : {}),
        },
      );
      if (!won) continue;
      if (done) await stopTask(taskId);
      await runner.execute(row, new Date(planned), 0);
      return;
    }
    warn(new Error(`task ${taskId}: the run could not be claimed`), 'a tick was skipped');
  }

  async function reconcile() {
    if (closed) return;
    try {
      const [rows, schedulers] = await Promise.all([findRunningTasks(db), queue.getJobSchedulers(0, -1)]);
      const running = new Set(rows.map((r) => r.id));
      const planned = new Set<number>();
      for (const scheduler of schedulers) {
        const taskId = taskIdOf(scheduler.key);
        if (taskId === undefined) continue;
        if (running.has(taskId)) planned.add(taskId);
        else await stopTask(taskId);
      }
      for (const row of rows) if (!planned.has(row.id)) await plan(row.id);
    } catch (error) {
      warn(error, 'the schedulers could not be reconciled with the task table');
    }
  }

  return {
    mode: 'bullmq',
    async start() {
      worker = new Worker(
        QUEUE,
        async (job: Job<{ taskId: number }>) => {
          try {
            await process(job);
          } catch (error) {
            warn(error, 'a tick failed before its handler ran');
          }
        },
        { connection, prefix, concurrency: CONCURRENCY, settings: { repeatStrategy } },
      );
      worker.on('error', (error) => warn(error, 'worker error'));
      await worker.waitUntilReady();
      await reconcile();
      syncTimer = setInterval(() => void reconcile(), ctx.config.taskSyncMs);
      syncTimer.unref();
    },
    plan,
    unplan: stopTask,
    drain(deadline) {
      finishBy = deadline;
      void stopTaking();
    },
    async close() {
      // The worker stops taking jobs at once; the runs it has are interrupted and logged (after a
      // drain, those still going at its deadline), then it closes.
      const closing = stopTaking();
      await runner.close({ finishBy });
      // With Redis down, BullMQ's close would wait for it without end (its connection retries
      // forever), and so would the instance's exit: past a short wait the connection is cut.
      let timer: NodeJS.Timeout | undefined;
      const letGo = await Promise.race([
        Promise.allSettled([closing, queue.close()]).then(() => true),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), CLOSE_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!letGo) {
        warn(new Error(`not closed within ${CLOSE_WAIT_MS} ms`), 'Redis does not answer; leaving the queue as it is');
        connection.disconnect();
        return;
      }
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
