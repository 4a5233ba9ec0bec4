import type { PageResult, TaskInfo, TaskLog } from '@backroom/contract';
import { z } from 'zod';
import type { Config } from '../../core/config.js';
import { type DbName, dataOf, type TestApp } from '../../testing/harness.js';

/** Waits (polling) until the check holds; fails with the time it waited. */
export async function eventually(check: () => Promise<boolean>, ms = 10_000, every = 100): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`not true within ${ms} ms`);
    await sleep(every);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every logged run of a task, newest first. */
export async function logsOf(t: TestApp, token: string, id: number): Promise<TaskLog[]> {
  return dataOf(await t.get<PageResult<TaskLog>>('/admin/task/info/log', { id, page: 1, size: 500 }, token)).list;
}

export async function taskOf(t: TestApp, token: string, id: number): Promise<TaskInfo> {
  return dataOf(await t.get<TaskInfo>('/admin/task/info/info', { id }, token));
}

/** One run as a probe saw it: which task, which instance, the planned tick and when it really began. */
export type ProbeRun = { taskId: number; instance: string; plannedAt: number | null; startedAt: number };

/**
 * Registers `test:probe` on an app: it records each run in `runs` (shared by every app of a test,
 * which run in one process), and can fail or hang on request.
 */
export function installProbe(t: TestApp, instance: string, runs: ProbeRun[]) {
  const args = z.object({ fail: z.boolean().optional(), hangMs: z.number().int().min(0).optional() }).strict();
  t.ctx.taskHandlers.register({
    name: 'test:probe',
    label: { 'zh-cn': '探针', 'zh-tw': '探針', en: 'Probe' },
    args,
    async run(raw, _signal, run) {
      runs.push({ taskId: run.taskId, instance, plannedAt: run.plannedAt?.getTime() ?? null, startedAt: Date.now() });
      const { fail, hangMs } = args.parse(raw);
      // A hang that ignores its abort signal on purpose: the scheduler must not wait for it.
      if (hangMs) await new Promise((resolve) => setTimeout(resolve, hangMs));
      if (fail) throw new Error('probe failed as asked');
      return { instance };
    },
  });
}

/** A test target that hands out one database it does not own: apps started on it share it, and stopping them keeps it. */
export function sameDatabase(name: DbName, db: Config['db']) {
  return { name, create: async () => ({ db, drop: async () => {} }) };
}

/** Deletes the keys a test left under its own prefix. */
export async function clearRedisPrefix(url: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
