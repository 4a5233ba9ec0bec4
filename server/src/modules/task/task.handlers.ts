import { z } from 'zod';
import type { TaskHandler } from '../../core/task-handlers.js';

const demoArgs = z
  .object({
    /** Echoed back in the result. */
    message: z.string().max(200).optional(),
    /** How long the run takes, milliseconds (to see durations and timeouts). */
    sleepMs: z.number().int().min(0).max(600_000).optional(),
    /** Make the run fail, to see a failed run in the log. */
    fail: z.boolean().optional(),
  })
  .strict();

/** Waits `ms`, or until the run is aborted (timeout, shutdown). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** A handler to try the scheduler with: it says hello, and can be slow or fail on request. */
export const demoHandler: TaskHandler = {
  name: 'task:demo',
  label: { 'zh-cn': '示例任务', 'zh-tw': '示例任務', en: 'Demo task' },
  args: demoArgs,
  async run(raw, signal, run) {
    const args = demoArgs.parse(raw);
    if (args.sleepMs) await sleep(args.sleepMs, signal);
    if (args.fail) throw new Error(args.message ?? 'the demo task failed as asked');
    return { message: args.message ?? 'hello from the demo task', taskId: run.taskId };
  },
};
