import { randomBytes } from 'node:crypto';
import { parseInZone, type TaskLog } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { redisServerMissing, startTestRedis, type TestRedis } from '../../testing/redis-server.js';
import { MISSED_AFTER_MS } from './scheduler/schedule.js';
import { eventually, installProbe, logsOf, type ProbeRun, sleep, taskOf } from './task.test-support.js';

const missing = redisServerMissing();
if (missing) console.warn(`[integration] skipped: the BullMQ scheduler through Redis outages (${missing})`);

const ZONE = 'Asia/Shanghai';
const instant = (text: string) => parseInZone(text, ZONE)?.getTime() ?? Number.NaN;
/** An outage longer than the grace a late tick gets: the ticks in it are missed. */
const OUTAGE_MS = MISSED_AFTER_MS + 1500;

type Missed = { error: 'missed'; ticks: number; from: string };
const missedOf = (logs: readonly TaskLog[]): Missed[] =>
  logs
    .filter((l) => l.status === 0 && l.detail !== null)
    .map((l) => JSON.parse(l.detail as string) as { error?: string })
    .filter((d): d is Missed => d.error === 'missed');

/**
 * The rule of docs/operations.md "Redis outages": a tick that comes while Redis is down is not run late; the
 * task log shows the ticks missed as one failed row, and the schedule goes on from Redis being back.
 */
describe.skipIf(missing !== null).each(testTargets())(
  'the BullMQ scheduler on $name through Redis outages',
  (target) => {
    let redis: TestRedis;
    let t: TestApp;
    let admin: string;
    const runs: ProbeRun[] = [];
    const runsOf = (id: number) => runs.filter((r) => r.taskId === id);
    const add = async (body: Record<string, unknown> = {}) =>
      dataOf(
        await t.post<{ id: number }>(
          '/admin/task/info/add',
          { name: 'outage probe', service: 'test:probe', taskType: 1, every: 1000, status: 1, ...body },
          admin,
        ),
      ).id;

    beforeAll(async () => {
      redis = await startTestRedis();
      t = await startApp(target, {
        REDIS_URL: redis.url,
        REDIS_PREFIX: `br-outage:${randomBytes(4).toString('hex')}:`,
        TASK_TIMEZONE: ZONE,
        TASK_SYNC_MS: '300',
      });
      installProbe(t, 'a', runs);
      admin = (await t.login()).token;
    }, 60_000);
    afterAll(async () => {
      await redis?.start().catch(() => undefined);
      redis?.resume();
      await t?.stop();
      await redis?.close();
    });

    it('Redis restarted empty: the ticks of the outage are one "missed" row, none runs late, a task started meanwhile runs once it is back', async () => {
      const id = await add();
      await eventually(async () => runsOf(id).length >= 2, 8000);
      await redis.stop();
      const down = Date.now();
      // Started while Redis is down: saved and answered at once, planned when Redis is back.
      const t0 = Date.now();
      const later = await add({ name: 'started in the outage' });
      expect(Date.now() - t0).toBeLessThan(1000);
      await sleep(OUTAGE_MS);
      await redis.start();
      const back = Date.now();
      await eventually(async () => missedOf(await logsOf(t, admin, id)).length > 0, 8000);
      await eventually(async () => runsOf(id).some((r) => r.startedAt >= back) && runsOf(later).length > 0, 8000);

      const [missed, ...more] = missedOf(await logsOf(t, admin, id));
      expect(more).toEqual([]);
      // From the first tick the outage took (the one after the last run) to Redis being back.
      expect(instant(missed?.from as string)).toBeGreaterThanOrEqual(Math.floor(down / 1000) * 1000 - 1000);
      expect(instant(missed?.from as string)).toBeLessThanOrEqual(down + 1000);
      expect(missed?.ticks).toBeGreaterThanOrEqual(Math.floor(OUTAGE_MS / 1000) - 1);
      expect(missed?.ticks).toBeLessThanOrEqual(Math.ceil((Date.now() - down) / 1000) + 1);
      // Nothing ran for a tick of the outage: what ran after it was planned after it.
      const late = runsOf(id).filter((r) => r.startedAt >= down + 1000);
      expect(late.every((r) => (r.plannedAt as number) >= back - 1000)).toBe(true);
      expect((await taskOf(t, admin, id)).status).toBe(1);
    });

    it('Redis frozen with its data: the tick that comes late is one "missed" row, not a late run', async () => {
      const id = await add();
      await eventually(async () => runsOf(id).length >= 2, 8000);
      redis.pause();
      const down = Date.now();
      await sleep(OUTAGE_MS);
      redis.resume();
      const back = Date.now();
      await eventually(async () => missedOf(await logsOf(t, admin, id)).length > 0, 8000);
      await eventually(async () => runsOf(id).some((r) => r.startedAt >= back), 8000);
      const [missed, ...more] = missedOf(await logsOf(t, admin, id));
      expect(more).toEqual([]);
      expect(instant(missed?.from as string)).toBeLessThanOrEqual(down + 1000);
      expect(missed?.ticks).toBeGreaterThanOrEqual(1);
      const late = runsOf(id).filter((r) => r.startedAt >= down + 1000);
      expect(late.every((r) => (r.plannedAt as number) >= back - MISSED_AFTER_MS)).toBe(true);
    });
  },
);
