// Task scheduler drift: how late each run of 100 tasks, every one of them due every second, starts
// after the instant its schedule planned, with the embedded scheduler and with the BullMQ one.
//
//   npm run bench:task-drift                          both modes, 30 s each, SQLite, Redis at 127.0.0.1:6379
//   npm run bench:task-drift -- --seconds=10          shorter
//   npm run bench:task-drift -- --tasks=200
//   npm run bench:task-drift -- --db-url=postgres://postgres@127.0.0.1:5432/bench   (a throwaway database)
//   npm run bench:task-drift -- --redis-url=redis://127.0.0.1:6379 --modes=bullmq
//   npm run bench:task-drift -- --instances=2         two instances on one database (and one Redis) share the work
//
// The server runs in this process (its TypeScript through tsx), with a probe handler registered on
// each instance that notes when its handler is called and which tick the scheduler planned it for.
// It reports drift = actual start - planned start (p50, p99, max), runs missed and run twice.
// The figures are printed; they are not a timed test.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    tasks: { type: 'string', default: '100' },
    instances: { type: 'string', default: '1' },
    modes: { type: 'string', default: 'embedded,bullmq' },
    'db-url': { type: 'string' },
    'redis-url': { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    help: { type: 'boolean', default: false },
  },
});
if (opts.help) {
  console.log(
    'usage: npm run bench:task-drift -- [--seconds=30] [--tasks=100] [--instances=1] [--modes=embedded,bullmq] ' +
      '[--db-url=postgres://…|mysql://…] [--redis-url=redis://…]',
  );
  process.exit(0);
}

const SECONDS = Number(opts.seconds);
const TASKS = Number(opts.tasks);
const INSTANCES = Number(opts.instances);
const WARMUP_MS = 3000;

const { buildApp } = await import('../server/src/app.ts');
const { loadConfig } = await import('../server/src/core/config.ts');

const now = () => performance.timeOrigin + performance.now();

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function redisReachable(url) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true, connectTimeout: 1000 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function clearPrefix(url, prefix) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}

async function call(app, method, url, body, token) {
  const response = await app.inject({
    method,
    url: `/api${url}`,
    ...(method === 'POST' ? { payload: body } : {}),
    headers: token ? { authorization: token } : {},
  });
  const json = JSON.parse(response.body);
  if (json.code !== 1000) throw new Error(`${url}: ${json.message}`);
  return json.data;
}

async function runMode(mode) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'br-drift-'));
  const prefix = `br-drift:${randomBytes(4).toString('hex')}:`;
  const env = {
    DATA_DIR: dataDir,
    CAPTCHA: 'off',
    LOG_LEVEL: 'silent',
    ...(opts['db-url'] ? { DATABASE_URL: opts['db-url'] } : {}),
    ...(mode === 'bullmq' ? { REDIS_URL: opts['redis-url'], REDIS_PREFIX: prefix } : {}),
  };
  const runs = [];
  const apps = [];
  for (let i = 0; i < INSTANCES; i += 1) {
    const built = await buildApp(loadConfig(env));
    built.ctx.taskHandlers.register({
      name: 'bench:probe',
      label: { 'zh-cn': '基准探针', 'zh-tw': '基準探針', en: 'Bench probe' },
      args: (await import('zod')).z.object({}),
      async run(_args, _signal, run) {
        if (run.plannedAt) runs.push({ taskId: run.taskId, planned: run.plannedAt.getTime(), started: now() });
        return null;
      },
    });
    apps.push(built);
  }
  const [first] = apps;
  const signedIn = await call(first.app, 'POST', '/admin/base/open/login', { username: 'admin', password: '123456' });
  // A fresh database's admin chooses a password of its own before anything else works.
  const person = await call(first.app, 'GET', '/admin/base/comm/person', undefined, signedIn.token);
  const { token } =
    person.pendingStep === 'passwordChange'
      ? await call(
          first.app,
          'POST',
          '/admin/base/comm/passwordChange',
          { originalPassword: '123456', password: 'Drift-bench9' },
          signedIn.token,
        )
      : signedIn;
  // A database from an earlier run keeps its probe tasks: start from none.
  const old = await call(first.app, 'POST', '/admin/task/info/page', { size: 500, keyWord: 'drift probe' }, token);
  if (old.list.length) {
    await call(first.app, 'POST', '/admin/task/info/delete', { ids: old.list.map((t) => t.id) }, token);
  }
  const ids = [];
  for (let i = 0; i < TASKS; i += 1) {
    const { id } = await call(
      first.app,
      'POST',
      '/admin/task/info/add',
      { name: `drift probe ${i + 1}`, service: 'bench:probe', taskType: 1, every: 1000, status: 1 },
      token,
    );
    ids.push(id);
  }
  const from = now() + WARMUP_MS;
  const to = from + SECONDS * 1000;
  const cpuBefore = process.cpuUsage();
  await sleep(WARMUP_MS + SECONDS * 1000);
  const cpu = process.cpuUsage(cpuBefore);
  for (const id of ids) await call(first.app, 'POST', '/admin/task/info/stop', { id }, token);
  await sleep(1500);
  await call(first.app, 'POST', '/admin/task/info/delete', { ids }, token);
  for (const app of apps) await app.close();
  if (mode === 'bullmq') await clearPrefix(opts['redis-url'], prefix);
  fs.rmSync(dataDir, { recursive: true, force: true });

  const measured = runs.filter((r) => r.planned >= from && r.planned < to);
  const drift = measured.map((r) => r.started - r.planned).sort((a, b) => a - b);
  const ticks = new Map();
  for (const r of measured) ticks.set(`${r.taskId}:${r.planned}`, (ticks.get(`${r.taskId}:${r.planned}`) ?? 0) + 1);
  const twice = [...ticks.values()].filter((n) => n > 1).length;
  // Each task's planned ticks are 1 s apart: a gap of more than that is a tick that never ran.
  let missed = 0;
  const byTask = new Map();
  for (const r of measured) byTask.set(r.taskId, [...(byTask.get(r.taskId) ?? []), r.planned]);
  for (const planned of byTask.values()) {
    const sorted = [...new Set(planned)].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i += 1) missed += Math.round((sorted[i] - sorted[i - 1]) / 1000) - 1;
  }
  return {
    mode,
    runs: measured.length,
    expected: TASKS * SECONDS,
    p50: percentile(drift, 50),
    p99: percentile(drift, 99),
    max: drift.at(-1) ?? Number.NaN,
    twice,
    missed,
    cpu: (cpu.user + cpu.system) / 1000 / (SECONDS * 1000 + WARMUP_MS),
  };
}

const modes = opts.modes.split(',').map((m) => m.trim());
const results = [];
for (const mode of modes) {
  if (mode === 'bullmq' && !(await redisReachable(opts['redis-url']))) {
    console.log(`bullmq: skipped, no Redis answers at ${opts['redis-url']} (give --redis-url=)`);
    continue;
  }
  console.log(`${mode}: ${TASKS} tasks every 1 s for ${SECONDS} s (+${WARMUP_MS / 1000} s warm-up)…`);
  results.push(await runMode(mode));
}

const db = opts['db-url'] ? new URL(opts['db-url']).protocol.replace(':', '') : 'sqlite';
console.log(
  `\nTask start drift, ${TASKS} tasks every second, ${SECONDS} s, ${INSTANCES} instance(s), ${db}, ` +
    `Node ${process.versions.node}, ${os.cpus().length} cores\n`,
);
console.log('| mode     | runs / expected | p50 ms | p99 ms | max ms | run twice | missed | CPU (of 1 core) |');
console.log('| -------- | --------------: | -----: | -----: | -----: | --------: | -----: | --------------: |');
for (const r of results) {
  console.log(
    `| ${r.mode.padEnd(8)} | ${`${r.runs} / ${r.expected}`.padStart(15)} | ${r.p50.toFixed(1).padStart(6)} | ` +
      `${r.p99.toFixed(1).padStart(6)} | ${r.max.toFixed(1).padStart(6)} | ${String(r.twice).padStart(9)} | ` +
      `${String(r.missed).padStart(6)} | ${`${(r.cpu * 100).toFixed(0)} %`.padStart(15)} |`,
  );
}
process.exit(0);
