/**
 * What runs tasks on time. Two implementations behind this one shape, chosen by configuration:
 * `embedded` (croner times, one lease per tick in the database, so instances sharing the database
 * run each tick once) and `bullmq` (REDIS_URL set: BullMQ job schedulers and workers).
 *
 * The database row is the truth for both: status says whether a task runs, repeatConf counts its
 * runs since it was started, nextRunTime and lastExecuteTime say when. A tick is run only after
 * a conditional update of the row that only one instance can win.
 */
export type TaskScheduler = {
  readonly mode: 'embedded' | 'bullmq';
  /** Resumes the running tasks (after a restart) and keeps watching the table for changes made elsewhere. */
  start(): Promise<void>;
  /**
   * Plans a running task from now (after start, or an edit of its schedule): its first tick and
   * nextRunTime. A task with no tick left is stopped.
   */
  plan(taskId: number): Promise<void>;
  /** Forgets a stopped or deleted task. */
  unplan(taskId: number): Promise<void>;
  /**
   * Takes no new tick from now on (SIGTERM: the instance drains); the runs under way may go on
   * until `deadline` (epoch ms), when close interrupts what is left. Nothing is handed over: each
   * tick was claimed once, and the other instances take the next ones as they come.
   */
  drain(deadline: number): void;
  /**
   * Stops taking ticks, interrupts runs still going (logged as such; after a drain, only those
   * still going at its deadline) and lets go of its timers and connections.
   */
  close(): Promise<void>;
};

/** repeatConf as the scheduler keeps it: how many scheduled runs since the task was last started. */
export type RepeatState = { count: number };

export function readRepeatState(text: string | null): RepeatState {
  if (!text) return { count: 0 };
  try {
    const value = JSON.parse(text) as { count?: unknown };
    const count = Number(value?.count);
    return { count: Number.isInteger(count) && count >= 0 ? count : 0 };
  } catch {
    return { count: 0 };
  }
}

export const writeRepeatState = (state: RepeatState) => JSON.stringify(state);

/** The instant a lease or a planned tick is stored as: ISO UTC with milliseconds (sorts as it compares). */
export const leaseText = (at: number) => new Date(at).toISOString();
