import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataOf, startApps, type Target, type TestApp, testTargets } from '../../testing/harness.js';
import { waitFor } from '../../testing/server-process.js';
import { clearRedisPrefix, logsOf } from './task.test-support.js';

/**
 * The scheduler of a draining instance (SIGTERM, server/src/drain.ts): it takes no new tick, the
 * other instances take them, and the run under way finishes, or is interrupted (and logged so) at
 * the drain's deadline. Scheduling does not depend on the database's kind: SQLite, two instances
 * on one file; both schedulers, BullMQ when a Redis server is given.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('[integration] skipped: the BullMQ scheduler while draining (TEST_REDIS_URL is not set)');
const sqlite = testTargets()[0] as Target;

const modes = [
  { mode: 'embedded' as const, env: (): Record<string, string> => ({}) },
  ...(redisUrl
    ? [
        {
          mode: 'bullmq' as const,
          env: (): Record<string, string> => ({
            REDIS_URL: redisUrl,
            REDIS_PREFIX: `br-drain:${randomBytes(4).toString('hex')}:`,
          }),
        },
      ]
    : []),
];

type Start = { instance: string; at: number };

/**
 * `test:gate` on each app: records each run's start; a run of the held instance waits until the
 * test opens the gate (or its signal aborts), any other returns at once.
 */
function installGate(apps: TestApp[], held: string) {
  const starts: Start[] = [];
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  apps.forEach((app, i) => {
    const instance = `instance-${i + 1}`;
    app.ctx.taskHandlers.register({
      name: 'test:gate',
      label: { 'zh-cn': '闸门', 'zh-tw': '閘門', en: 'Gate' },
      args: z.object({}).strict(),
      async run(_args, signal) {
        starts.push({ instance, at: Date.now() });
        if (instance !== held) return 'passed';
        await new Promise<void>((resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          void gate.then(resolve);
        });
        return 'opened';
      },
    });
  });
  return { starts, open: () => open() };
}

describe.each(modes)('the $mode scheduler of a draining instance', ({ env }) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  /** Apps a test stopped itself; the cleanup leaves them. */
  const stopped = new Set<TestApp>();

  async function twoInstances() {
    const shared: Record<string, string> = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      TASK_SYNC_MS: '300',
      TASK_TIMEOUT: '60',
      ...env(),
    };
    const apps = await startApps(sqlite, 2, shared);
    cleanups.push(async () => {
      for (const app of apps) if (!stopped.has(app)) await app.stop();
      if (shared.REDIS_PREFIX) await clearRedisPrefix(redisUrl as string, shared.REDIS_PREFIX);
    });
    return apps as [TestApp, TestApp];
  }

  async function everySecond(app: TestApp, token: string) {
    return dataOf(
      await app.post<{ id: number }>(
        '/admin/task/info/add',
        { name: 'gated', service: 'test:gate', taskType: 1, every: 1000, status: 1 },
        token,
      ),
    ).id;
  }

  it('takes no new tick, the other instance takes them, and the run under way finishes', async () => {
    const [a, b] = await twoInstances();
    const gate = installGate([a, b], 'instance-1');
    const token = (await a.login()).token;
    const id = await everySecond(a, token);
    await waitFor(() => gate.starts.some((s) => s.instance === 'instance-1'), 'a run on the first instance');
    const drainedAt = Date.now();
    a.beginDrain(drainedAt + 30_000);
    // Three ticks' time: the draining instance starts none of them, the other goes on.
    await waitFor(
      () => gate.starts.filter((s) => s.instance === 'instance-2' && s.at > drainedAt).length >= 3,
      'the other instance to take the next ticks',
    );
    expect(gate.starts.filter((s) => s.instance === 'instance-1' && s.at > drainedAt)).toEqual([]);
    // The run under way finishes on the draining instance, and is logged as done.
    gate.open();
    await waitFor(async () => (await logsOf(b, token, id)).some((l) => l.detail === 'opened'), 'the held run to end');
    const held = (await logsOf(b, token, id)).find((l) => l.detail === 'opened');
    expect(held?.status).toBe(1);
  }, 60_000);

  it('interrupts the run still going at the deadline, and logs it so', async () => {
    const [a, b] = await twoInstances();
    const gate = installGate([a, b], 'instance-1');
    const token = (await a.login()).token;
    const id = await everySecond(a, token);
    await waitFor(() => gate.starts.some((s) => s.instance === 'instance-1'), 'a run on the first instance');
    const deadline = Date.now() + 1500;
    a.beginDrain(deadline);
    const closing = Date.now();
    // The end of a drain: App.close (the database stays with the other instance, for the log).
    stopped.add(a);
    await a.stop();
    const closedAt = Date.now();
    // It waited for the run until the deadline, then cut it.
    expect(closedAt).toBeGreaterThanOrEqual(deadline - 50);
    expect(closedAt - closing).toBeLessThan(1500 + 4000);
    const logs = await logsOf(b, token, id);
    expect(logs.map((l) => ({ status: l.status, detail: l.detail }))).toContainEqual({
      status: 0,
      detail: JSON.stringify({ error: 'interrupted' }),
    });
    gate.open();
  }, 60_000);
});
