import { randomBytes } from 'node:crypto';
import type { TaskInfo } from '@backroom/contract';
import { formatInZone, parseInZone } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../core/config.js';
import { dataOf, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import {
  clearRedisPrefix,
  eventually,
  installProbe,
  logsOf,
  type ProbeRun,
  sameDatabase,
  sleep,
  taskOf,
} from './task.test-support.js';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('[integration] skipped: the BullMQ task scheduler (TEST_REDIS_URL is not set)');

/** Both schedulers on every database: the BullMQ one when a Redis server is given. */
const cases = testTargets().flatMap((target) => [
  { target, mode: 'embedded' as const },
  ...(redisUrl ? [{ target, mode: 'bullmq' as const }] : []),
]);

/** Task times read as clocks in Shanghai (not the server's UTC), so the zone is really used. */
const ZONE = 'Asia/Shanghai';

function envFor(mode: 'embedded' | 'bullmq', prefix: string): Record<string, string> {
  return {
    TASK_TIMEZONE: ZONE,
    TASK_TIMEOUT: '1',
    TASK_SYNC_MS: '300',
    ...(mode === 'bullmq' ? { REDIS_URL: redisUrl as string, REDIS_PREFIX: prefix } : {}),
  };
}

const wall = (at: number) => formatInZone(new Date(at), ZONE);
const instant = (text: string) => parseInZone(text, ZONE)?.getTime() ?? Number.NaN;

describe.each(cases)('the $mode scheduler on $target.name', ({ target, mode }) => {
  const prefix = `br-test:${randomBytes(4).toString('hex')}:`;
  const runs: ProbeRun[] = [];
  let t: TestApp;
  let admin: string;
  let database: { db: Config['db']; drop(): Promise<void> };

  const runsOf = (id: number) => runs.filter((r) => r.taskId === id);
  const add = async (body: Record<string, unknown>) =>
    dataOf(
      await t.post<{ id: number }>(
        '/admin/task/info/add',
        { name: 'probe', service: 'test:probe', taskType: 1, every: 1000, ...body },
        admin,
      ),
    ).id;
  const task = (id: number) => taskOf(t, admin, id);

  beforeAll(async () => {
    database = await target.create();
    t = await startApp(sameDatabase(target.name, database.db), envFor(mode, prefix));
    installProbe(t, 'a', runs);
    admin = (await t.login()).token;
  });
  afterAll(async () => {
    await t?.stop();
    await database?.drop();
    if (mode === 'bullmq') await clearRedisPrefix(redisUrl as string, prefix);
  });

  it.concurrent('runs an interval task N times when its limit is N, then stops it', async () => {
    const id = await add({ limit: 3 });
    await eventually(async () => (await task(id)).status === 0, 8000);
    await sleep(1500);
    const mine = runsOf(id);
    expect(mine).toHaveLength(3);
    expect(await logsOf(t, admin, id)).toHaveLength(3);
    const planned = mine.map((r) => r.plannedAt as number);
    expect(planned.slice(1).map((p, i) => p - (planned[i] as number))).toEqual([1000, 1000]);
    expect(await task(id)).toMatchObject({ status: 0, nextRunTime: null, repeatConf: '{"count":3}' });
  });

  it.concurrent('stops at its endDate and runs nothing planned after it', async () => {
    const end = Math.floor((Date.now() + 3500) / 1000) * 1000;
    const id = await add({ endDate: wall(end) });
    await eventually(async () => (await task(id)).status === 0, 9000);
    const count = runsOf(id).length;
    await sleep(1500);
    const mine = runsOf(id);
    // Stopping is decided when the next run would fall after endDate; the last run planned before
    // it may still be under way then (on a busy machine, BullMQ records it a moment later).
    expect(mine.length).toBeGreaterThanOrEqual(count);
    expect(mine.length).toBeLessThanOrEqual(count + 1);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    for (const run of mine) expect(run.plannedAt as number).toBeLessThanOrEqual(end);
    expect((await task(id)).nextRunTime).toBeNull();
  });

  it.concurrent('waits for its startDate', async () => {
    const start = Math.ceil((Date.now() + 3000) / 1000) * 1000;
    const id = await add({ startDate: wall(start) });
    expect((await task(id)).nextRunTime).toBe(wall(start));
    await sleep(Math.max(0, start - Date.now() - 300));
    expect(runsOf(id)).toHaveLength(0);
    await eventually(async () => runsOf(id).length >= 2, 6000);
    const [first] = runsOf(id);
    expect(first?.plannedAt).toBe(start);
    expect(first?.startedAt).toBeGreaterThanOrEqual(start);
    dataOf(await t.post('/admin/task/info/stop', { id }, admin));
  });

  it.concurrent('runs a 6-field cron pattern each second and keeps nextRunTime and lastExecuteTime true', async () => {
    const id = await add({ taskType: 0, cron: '* * * * * *', every: null });
    await eventually(async () => runsOf(id).length >= 3, 8000);
    for (const run of runsOf(id)) expect((run.plannedAt as number) % 1000).toBe(0);
    const row = await task(id);
    const last = runsOf(id).at(-1) as ProbeRun;
    expect(instant(row.nextRunTime as string)).toBeGreaterThan(last.plannedAt as number);
    expect(instant(row.nextRunTime as string) - (last.plannedAt as number)).toBeLessThanOrEqual(2000);
    expect(Math.abs(instant(row.lastExecuteTime as string) - last.startedAt)).toBeLessThanOrEqual(2000);
    dataOf(await t.post('/admin/task/info/stop', { id }, admin));
  });

  it.concurrent('stops, runs once while stopped, and starts again from a fresh count', async () => {
    const id = await add({ limit: 100 });
    await eventually(async () => runsOf(id).length >= 2, 6000);
    dataOf(await t.post('/admin/task/info/stop', { id }, admin));
    await sleep(300);
    const atStop = runsOf(id).length;
    await sleep(2200);
    expect(runsOf(id)).toHaveLength(atStop);
    expect(await task(id)).toMatchObject({ status: 0, nextRunTime: null });

    dataOf(await t.post('/admin/task/info/once', { id }, admin));
    await eventually(async () => runsOf(id).length === atStop + 1, 3000);
    expect(runsOf(id).at(-1)?.plannedAt).toBeNull();
    // The run is logged when it ends, just after the probe saw it begin.
    await eventually(async () => (await logsOf(t, admin, id))[0]?.trigger === 1, 3000);
    expect((await logsOf(t, admin, id))[0]).toMatchObject({ trigger: 1, status: 1 });
    expect((await task(id)).status).toBe(0);

    dataOf(await t.post('/admin/task/info/start', { id }, admin));
    await eventually(async () => runsOf(id).length >= atStop + 3, 6000);
    const row = await task(id);
    expect(row.status).toBe(1);
    expect(JSON.parse(row.repeatConf as string).count).toBeLessThan(atStop + 2);
    dataOf(await t.post('/admin/task/info/stop', { id }, admin));
  });

  it.concurrent('logs a handler that throws or hangs as failed, and keeps the schedule going', async () => {
    const failing = await add({ data: '{"fail":true}' });
    const hanging = await add({ data: '{"hangMs":4000}' });
    const steady = await add({});
    await eventually(
      async () => (await logsOf(t, admin, hanging)).length >= 3 && (await logsOf(t, admin, failing)).length >= 3,
      9000,
    );
    for (const id of [failing, hanging, steady]) dataOf(await t.post('/admin/task/info/stop', { id }, admin));
    for (const log of await logsOf(t, admin, failing)) {
      expect(log.status).toBe(0);
      expect(JSON.parse(log.detail as string)).toEqual({ error: 'failed', message: 'probe failed as asked' });
    }
    for (const log of await logsOf(t, admin, hanging)) {
      expect(log.status).toBe(0);
      expect(JSON.parse(log.detail as string)).toEqual({ error: 'timeout', timeoutMs: 1000 });
      expect(log.duration).toBeGreaterThanOrEqual(990);
    }
    // A hanging run does not hold its own next ticks, nor anyone else's.
    const planned = runsOf(hanging).map((r) => r.plannedAt as number);
    expect(planned.slice(1).map((p, i) => p - (planned[i] as number))).toEqual(planned.slice(1).map(() => 1000));
    const steadyRuns = runsOf(steady);
    expect(steadyRuns.length).toBeGreaterThanOrEqual(3);
    for (const run of steadyRuns) expect(run.startedAt - (run.plannedAt as number)).toBeLessThan(1000);
  });
});

describe.each(cases)('the $mode scheduler on $target.name across a restart', ({ target, mode }) => {
  const prefix = `br-test:${randomBytes(4).toString('hex')}:`;
  let database: { db: Config['db']; drop(): Promise<void> };
  const apps: TestApp[] = [];

  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    for (const app of apps) await app.stop().catch(() => undefined);
    await database?.drop();
    if (mode === 'bullmq') await clearRedisPrefix(redisUrl as string, prefix);
  });

  it('resumes the running tasks and leaves the stopped ones stopped', async () => {
    const boot = async () => {
      const app = await startApp(sameDatabase(target.name, database.db), envFor(mode, prefix));
      apps.push(app);
      return { app, token: (await app.login()).token };
    };
    const first = await boot();
    const add = async (body: Record<string, unknown>) =>
      dataOf(
        await first.app.post<{ id: number }>(
          '/admin/task/info/add',
          { name: 'survivor', service: 'task:demo', taskType: 1, every: 1000, ...body },
          first.token,
        ),
      ).id;
    const running = await add({});
    const stopped = await add({ name: 'sleeper', status: 0 });
    await eventually(async () => (await logsOf(first.app, first.token, running)).length >= 2, 6000);
    const before = (await logsOf(first.app, first.token, running)).length;
    await first.app.close();
    const down = Date.now();
    await sleep(1500);

    const second = await boot();
    await eventually(async () => (await logsOf(second.app, second.token, running)).length >= before + 3, 8000);
    const logs = await logsOf(second.app, second.token, running);
    expect(logs.every((l) => l.status === 1)).toBe(true);
    expect(instant(logs[0]?.createTime as string)).toBeGreaterThanOrEqual(Math.floor(down / 1000) * 1000);
    const row: TaskInfo = await taskOf(second.app, second.token, running);
    expect(row.status).toBe(1);
    expect(instant(row.nextRunTime as string)).toBeGreaterThan(Date.now() - 2000);
    expect(await logsOf(second.app, second.token, stopped)).toHaveLength(0);
    expect((await taskOf(second.app, second.token, stopped)).status).toBe(0);
  });
});
