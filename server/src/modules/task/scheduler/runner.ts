import type { TaskTrigger } from '@backroom/contract';
import { formatInZone, taskInfo } from '@backroom/contract';
import type { AppContext } from '../../../core/context.js';
import { alertHolders } from '../../../core/message-center.js';
import { readTaskArgs } from '../task-args.js';
import { insertTaskLog, pruneTaskLogs, type TaskRow, touchLastExecute } from '../task-info.repository.js';

/** Longest result or error text a log row keeps. */
const MAX_DETAIL = 8000;
/** Runs of one task kept in its log; older rows go. */
export const TASK_LOG_KEEP = 1000;
/** How often (in runs of one task in this process) the log is trimmed to TASK_LOG_KEEP. */
const PRUNE_EVERY = 50;

/**
 * A failed run's detail: a code the screen translates, and the words of the error where there are
 * any. A successful run's detail is its result as JSON.
 */
export type RunFailure =
  | { error: 'failed'; message: string }
  | { error: 'timeout'; timeoutMs: number }
  | { error: 'handlerMissing'; service: string }
  | { error: 'badArgs'; message: string }
  | { error: 'interrupted' }
  /** Ticks that came while the scheduler could not run them (Redis down, the server stalled): not run late. */
  | { error: 'missed'; ticks: number; from: string };

export type RunOutcome = { status: 0 | 1; duration: number; detail: string | null };

export type Runner = {
  /**
   * Runs a task's handler with its arguments, at most the configured timeout, and writes the log
   * row. Never throws: whatever goes wrong is the failed run's detail.
   */
  execute(task: TaskRow, plannedAt: Date | null, trigger: TaskTrigger): Promise<RunOutcome>;
  /**
   * Writes the one failed log row that stands for `ticks` ticks missed from `from` on (the first
   * of them), instead of running them late.
   */
  recordMissed(task: TaskRow, from: Date, ticks: number): Promise<void>;
  /**
   * Waits for the runs under way until `finishBy` (epoch ms; a drain's deadline, none by default),
   * then aborts those still going and waits (at most `graceMs`) for their log rows.
   */
  close(options?: { finishBy?: number; graceMs?: number }): Promise<void>;
};

function clip(text: string): string {
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
}

function describe(result: unknown): string | null {
  if (result === undefined || result === null) return null;
  if (typeof result === 'string') return clip(result);
  try {
    return clip(JSON.stringify(result));
  } catch {
    return clip(String(result));
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

class Timeout extends Error {}
class Interrupted extends Error {}
/** A run that failed before its handler ran (no such handler, arguments its schema refuses). */
class NotRun extends Error {
  constructor(readonly failure: RunFailure) {
    super(failure.error);
  }
}

export function createRunner(ctx: AppContext): Runner {
  const { taskTimeoutMs, taskTimezone } = ctx.config;
  const running = new Map<AbortController, Promise<unknown>>();
  const runsSincePrune = new Map<number, number>();
  let closing = false;

  async function invoke(task: TaskRow, plannedAt: Date | null, signal: AbortSignal): Promise<unknown> {
    const handler = ctx.taskHandlers.get(task.service);
    if (!handler) throw new NotRun({ error: 'handlerMissing', service: task.service });
    const args = readTaskArgs(task.data, handler);
    if (!args.ok) throw new NotRun({ error: 'badArgs', message: args.problem });
    // A handler that hangs is abandoned at the timeout (its signal aborts); the scheduler goes on.
    return await new Promise((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      Promise.resolve()
        .then(() => handler.run(args.args, signal, { taskId: task.id, plannedAt }))
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  async function prune(taskId: number) {
    const runs = (runsSincePrune.get(taskId) ?? 0) + 1;
    if (runs < PRUNE_EVERY) {
      runsSincePrune.set(taskId, runs);
      return;
    }
    runsSincePrune.delete(taskId);
    await pruneTaskLogs(ctx.db.db, taskId, TASK_LOG_KEEP);
  }

  return {
    async execute(task, plannedAt, trigger) {
      const started = Date.now();
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Timeout()), taskTimeoutMs);
      timer.unref();
      if (closing) controller.abort(new Interrupted());
      const work = (async (): Promise<RunOutcome> => {
        let outcome: RunOutcome;
        try {
          const result = await invoke(task, plannedAt, controller.signal);
          outcome = { status: 1, duration: Date.now() - started, detail: describe(result) };
        } catch (error) {
          let failure: RunFailure;
          if (error instanceof Timeout) failure = { error: 'timeout', timeoutMs: taskTimeoutMs };
          else if (error instanceof Interrupted) failure = { error: 'interrupted' };
          else if (error instanceof NotRun) failure = error.failure;
          else failure = { error: 'failed', message: clip(messageOf(error)) };
          outcome = { status: 0, duration: Date.now() - started, detail: JSON.stringify(failure) };
          ctx.plugins.notify({
            type: 'task.failed',
            at: formatInZone(new Date(), taskTimezone),
            taskId: task.id,
            taskName: task.name,
            error: 'message' in failure ? failure.message : failure.error,
          });
          alertHolders(ctx.messages, ctx.log, taskInfo.perms.log, {
            kind: 'taskFailed',
            params: { task: task.name, error: 'message' in failure ? failure.message : failure.error },
            link: `/task/list?id=${task.id}`,
          });
        } finally {
          clearTimeout(timer);
        }
        const at = formatInZone(new Date(started), taskTimezone);
        try {
          await insertTaskLog(ctx.db.db, {
            taskId: task.id,
            status: outcome.status,
            detail: outcome.detail,
            duration: outcome.duration,
            trigger,
            createTime: at,
            updateTime: formatInZone(new Date(), taskTimezone),
          });
          if (trigger === 1) await touchLastExecute(ctx.db.db, task.id, at);
          await prune(task.id);
        } catch (error) {
          ctx.log.warn({ err: error, taskId: task.id }, 'could not write a task run to the log');
        }
        return outcome;
      })();
      running.set(controller, work);
      try {
        return await work;
      } finally {
        running.delete(controller);
      }
    },
    async recordMissed(task, from, ticks) {
      const now = formatInZone(new Date(), taskTimezone);
      const failure: RunFailure = { error: 'missed', ticks, from: formatInZone(from, taskTimezone) };
      await insertTaskLog(ctx.db.db, {
        taskId: task.id,
        status: 0,
        detail: JSON.stringify(failure),
        duration: 0,
        trigger: 0,
        createTime: now,
        updateTime: now,
      });
      await prune(task.id);
    },
    async close({ finishBy, graceMs = 3000 } = {}) {
      const left = finishBy === undefined ? 0 : finishBy - Date.now();
      if (left > 0 && running.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...running.values()]),
          new Promise((r) => {
            timer = setTimeout(r, left);
          }),
        ]);
        clearTimeout(timer);
      }
      closing = true;
      for (const controller of running.keys()) controller.abort(new Interrupted());
      const settled = Promise.allSettled([...running.values()]);
      await Promise.race([settled, new Promise((r) => setTimeout(r, graceMs).unref())]);
    },
  };
}
