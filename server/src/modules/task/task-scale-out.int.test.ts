import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dataOf, startApps, testTargets } from '../../testing/harness.js';
import { clearRedisPrefix, installProbe, logsOf, type ProbeRun, sleep } from './task.test-support.js';

const redisUrl = process.env.TEST_REDIS_URL;
const postgres = testTargets().find((t) => t.name === 'postgres');
if (!postgres) console.warn('[integration] skipped: two task schedulers sharing PostgreSQL (TEST_PG_URL is not set)');
if (postgres && !redisUrl) {
  console.warn('[integration] skipped: two BullMQ task schedulers sharing Redis (TEST_REDIS_URL is not set)');
}

const modes = [
  { mode: 'embedded' as const, env: (): Record<string, string> => ({}) },
  ...(redisUrl
    ? [
        {
          mode: 'bullmq' as const,
          env: (): Record<string, string> => ({
            REDIS_URL: redisUrl,
            REDIS_PREFIX: `br-test:${randomBytes(4).toString('hex')}:`,
          }),
        },
      ]
    : []),
];

const WINDOW_MS = 30_000;

/**
 * Two server instances on one PostgreSQL database (and, for BullMQ, one Redis) both schedule the
 * same 1-second task for 30 s: every tick must run exactly once, on one instance or the other.
 * The two modes run side by side to keep the suite short.
 */
describe.skipIf(!postgres).concurrent('two instances sharing PostgreSQL', () => {
  it.each(modes)(
    'the $mode scheduler runs each tick of a 1-second task exactly once over 30 s',
    async ({ mode, env }) => {
      const shared: Record<string, string> = {
        JWT_SECRET: randomBytes(32).toString('hex'),
        TASK_SYNC_MS: '1000',
        ...env(),
      };
      const apps = await startApps(postgres as NonNullable<typeof postgres>, 2, shared);
      const runs: ProbeRun[] = [];
      try {
        apps.forEach((app, i) => {
          installProbe(app, `instance-${i + 1}`, runs);
        });
        const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
        const token = (await a.login()).token;
        const id = dataOf(
          await a.post<{ id: number }>(
            '/admin/task/info/add',
            { name: 'every second', service: 'test:probe', taskType: 1, every: 1000, status: 1 },
            token,
          ),
        ).id;
        await sleep(WINDOW_MS);
        // Stopped through the other instance: both must follow.
        dataOf(await b.post('/admin/task/info/stop', { id }, (await b.login()).token));
        const stoppedAt = Date.now();
        await sleep(1500);

        const mine = runs.filter((r) => r.taskId === id);
        const planned = mine.map((r) => r.plannedAt as number).sort((x, y) => x - y);
        const byInstance = new Map<string, number>();
        for (const run of mine) byInstance.set(run.instance, (byInstance.get(run.instance) ?? 0) + 1);
        console.log(
          `[scale-out ${mode}] ${mine.length} runs in ${WINDOW_MS / 1000} s: ` +
            [...byInstance].map(([name, count]) => `${name} ${count}`).join(', '),
        );
        // Exactly once: no tick twice, none skipped, and none after the stop.
        expect(new Set(planned).size).toBe(planned.length);
        expect(planned.slice(1).map((p, i) => p - (planned[i] as number))).toEqual(planned.slice(1).map(() => 1000));
        expect(mine.length).toBeGreaterThanOrEqual(WINDOW_MS / 1000 - 1);
        expect(mine.length).toBeLessThanOrEqual(WINDOW_MS / 1000 + 2);
        expect(mine.every((r) => r.startedAt <= stoppedAt + 200)).toBe(true);
        const logs = await logsOf(a, token, id);
        expect(logs).toHaveLength(mine.length);
        expect(logs.every((l) => l.status === 1 && l.trigger === 0)).toBe(true);
      } finally {
        for (const app of apps) await app.stop();
        if (mode === 'bullmq') await clearRedisPrefix(redisUrl as string, shared.REDIS_PREFIX ?? '');
      }
    },
    90_000,
  );
});
