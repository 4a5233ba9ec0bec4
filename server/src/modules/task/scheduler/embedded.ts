import { formatInZone } from '@backroom/contract';
import type { AppContext } from '../../../core/context.js';
import {
  compareAndSetTaskState,
  findRunningTasks,
  findTask,
  type TaskRow,
  writeTaskState,
} from '../task-info.repository.js';
import type { Runner } from './runner.js';
import { firstTick, MISSED_AFTER_MS, nextTick } from './schedule.js';
import { leaseText, readRepeatState, type TaskScheduler, writeRepeatState } from './types.js';

/** setTimeout's longest delay; a tick further away is re-armed when this one fires. */
const MAX_DELAY = 2_147_483_647;

/**
 * The in-process scheduler. Each running task has one timer per instance, armed at the instant in
 * its `lockExpireTime`: the lease on the current tick ends exactly when the next tick is due. At
 * that instant every instance tries the same conditional update (still running, same lease, lease
 * run out by its clock, same run count) that moves the lease on to the following tick; the one
 * whose update changes a row runs the tick, the others re-arm at the new lease. Every
 * `taskSyncMs` each instance re-reads the running tasks, to follow starts, stops and edits made
 * through another instance.
 */
export function createEmbeddedScheduler(ctx: AppContext, runner: Runner): TaskScheduler {
  const db = ctx.db.db;
  const zone = ctx.config.taskTimezone;
  const armed = new Map<number, { lease: string; timer: NodeJS.Timeout }>();
  const firing = new Set<number>();
  let syncTimer: NodeJS.Timeout | undefined;
  let closed = false;
  /** Set by a drain: until when the runs under way may go on. */
  let finishBy: number | undefined;

  /** No tick from now on: no timer, no sync. */
  function stopTicking() {
    closed = true;
    if (syncTimer) clearInterval(syncTimer);
    for (const id of [...armed.keys()]) disarm(id);
  }

  const warn = (error: unknown, what: string, taskId?: number) =>
    ctx.log.warn({ err: error, taskId }, `task scheduler: ${what}`);

  function disarm(id: number) {
    const current = armed.get(id);
    if (current) clearTimeout(current.timer);
    armed.delete(id);
  }

  function arm(id: number, lease: string | null) {
    if (closed) return;
    const current = armed.get(id);
    if (current && current.lease === lease) return;
    disarm(id);
    if (lease === null) return;
    const delay = Math.min(Math.max(Date.parse(lease) - Date.now(), 0), MAX_DELAY);
    const timer = setTimeout(() => void fire(id, lease), delay);
    timer.unref();
    armed.set(id, { lease, timer });
  }

  /** Follows the row as it now is: armed at its lease while it runs, forgotten otherwise. */
  async function follow(id: number) {
    const row = await findTask(db, id);
    if (row && row.status === 1) arm(id, row.lockExpireTime);
    else disarm(id);
  }

  /** A running task without a lease (restored, or last run by the BullMQ scheduler) gets its first tick. */
  async function planFresh(row: TaskRow) {
    const first = firstTick(row, zone, Date.now());
    await compareAndSetTaskState(
      db,
      row.id,
      { lockExpireTime: null, repeatConf: row.repeatConf },
      first === null
        ? { status: 0, nextRunTime: null, jobId: null }
        : { lockExpireTime: leaseText(first), nextRunTime: formatInZone(new Date(first), zone), jobId: null },
    );
    await follow(row.id);
  }

  async function fire(id: number, lease: string) {
    if (armed.get(id)?.lease === lease) armed.delete(id);
    if (closed || firing.has(id)) return;
    const due = Date.parse(lease);
    // Early (a timer can fire a millisecond before its time) or further away than one timer reaches.
    if (Date.now() < due) {
      arm(id, lease);
      return;
    }
    firing.add(id);
    try {
      const row = await findTask(db, id);
      if (row?.status !== 1) return disarm(id);
      if (row.lockExpireTime !== lease) {
        // Another instance took this tick, or the task was re-planned: follow the row.
        if (row.lockExpireTime === null) return await planFresh(row);
        return arm(id, row.lockExpireTime);
      }
      const now = Date.now();
      const already = readRepeatState(row.repeatConf).count;
      // A limit lowered below the runs already made ends the task without another run.
      const exhausted = row.limit !== null && already >= row.limit;
      // A tick missed while the server was down or stalled is skipped, not run late.
      const runs = !exhausted && now - due <= MISSED_AFTER_MS;
      const count = already + (runs ? 1 : 0);
      const next = exhausted ? null : nextTick(row, zone, due, now);
      const upcoming = next !== null && !(row.limit !== null && count >= row.limit) ? next : null;
      const won = await compareAndSetTaskState(
        db,
        id,
        { lockExpireTime: lease, repeatConf: row.repeatConf, leaseDueBy: leaseText(now) },
        {
          lockExpireTime: upcoming === null ? null : leaseText(upcoming),
          nextRunTime: upcoming === null ? null : formatInZone(new Date(upcoming), zone),
          ...(upcoming === null ? { status: 0 } : {}),
          ...(runs
            ? { repeatConf: writeRepeatState({ count }), lastExecuteTime: formatInZone(new Date(now), zone) }
            : {}),
        },
      );
      if (!won) return await follow(id);
      if (upcoming !== null) arm(id, leaseText(upcoming));
      if (runs) void runner.execute(row, new Date(due), 0);
    } catch (error) {
      // The next sync re-arms the task from the row.
      warn(error, 'a tick could not be claimed', id);
    } finally {
      firing.delete(id);
    }
  }

  async function sync() {
    if (closed) return;
    try {
      const rows = await findRunningTasks(db);
      const seen = new Set<number>();
      for (const row of rows) {
        seen.add(row.id);
        if (firing.has(row.id)) continue;
        if (row.lockExpireTime === null) await planFresh(row);
        else arm(row.id, row.lockExpireTime);
      }
      for (const id of [...armed.keys()]) if (!seen.has(id)) disarm(id);
    } catch (error) {
      warn(error, 'the task table could not be read');
    }
  }

  return {
    mode: 'embedded',
    async start() {
      await sync();
      syncTimer = setInterval(() => void sync(), ctx.config.taskSyncMs);
      syncTimer.unref();
    },
    async plan(id) {
      const row = await findTask(db, id);
      if (row?.status !== 1) return disarm(id);
      const first = firstTick(row, zone, Date.now());
      if (first === null) {
        await writeTaskState(db, id, { status: 0, nextRunTime: null, lockExpireTime: null });
        return disarm(id);
      }
      const lease = leaseText(first);
      await writeTaskState(db, id, {
        lockExpireTime: lease,
        nextRunTime: formatInZone(new Date(first), zone),
        jobId: null,
      });
      arm(id, lease);
    },
    async unplan(id) {
      disarm(id);
    },
    drain(deadline) {
      finishBy = deadline;
      stopTicking();
    },
    async close() {
      stopTicking();
      await runner.close({ finishBy });
    },
  };
}
