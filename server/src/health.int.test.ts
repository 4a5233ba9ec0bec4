import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { HEALTH_DATABASE_TIMEOUT_MS } from './health.js';
import { type Reply, startAppOn, startSqliteApp, type Target, type TestApp, testTargets } from './testing/harness.js';
import { freePort, waitFor } from './testing/server-process.js';
import { startTcpProxy, type TcpProxy } from './testing/tcp-proxy.js';

/**
 * `GET /api/health`, the balancer's readiness check (server/src/health.ts): no token, one trivial
 * query bounded in time, out of the request log, 503 naming what is down.
 */
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const health = (t: TestApp) => t.get<never>('/health') as Promise<Reply<never>>;
const bodyOf = (reply: Reply<never>) => JSON.parse(reply.raw) as Record<string, string>;

describe.each(testTargets())('the health check on $name', (target) => {
  it('answers 200 ok without a token, and stays out of the request log', async () => {
    const created = await target.create();
    const t = await startAppOn(target.name, created.db, created.drop);
    cleanups.push(() => t.stop());
    const reply = await health(t);
    expect(reply.status).toBe(200);
    // Plain JSON, not the envelope: what a balancer and a person read.
    expect(bodyOf(reply)).toEqual({ status: 'ok', database: 'ok', redis: 'off' });
    expect(reply.headers['cache-control']).toBe('no-store');
    // HEAD too, for balancers that ask that way.
    const head = await t.app.inject({ method: 'HEAD', url: '/api/health' });
    expect(head.statusCode).toBe(200);
    // A call after it is logged, the checks are not.
    const { token } = await t.login();
    await t.get('/admin/base/comm/person', {}, token);
    const actions = async () =>
      (await t.ctx.db.loose.selectFrom('base_sys_log').select('action').execute()).map((r) => String(r.action));
    await waitFor(async () => (await actions()).includes('/admin/base/comm/person'), 'the request log to be written');
    expect((await actions()).filter((a) => a.includes('health'))).toEqual([]);
  });
});

describe('the health check while draining', () => {
  it('answers 503 draining at once when the drain begins, closing each connection after its answer', async () => {
    const t = await startSqliteApp();
    cleanups.push(() => t.stop());
    t.beginDrain(Date.now() + 5000);
    const reply = await health(t);
    expect(reply.status).toBe(503);
    expect(bodyOf(reply)).toEqual({ status: 'draining' });
    expect(reply.headers.connection).toBe('close');
    // Requests are still served meanwhile, each closing its connection.
    const served = await t.get('/admin/base/open/eps');
    expect(served.status).toBe(200);
    expect(served.headers.connection).toBe('close');
  });
});

const servers = testTargets().filter((t): t is Target & { name: 'postgres' | 'mysql' } => t.name !== 'sqlite');
if (servers.length === 0)
  console.warn('[integration] health with the database down: skipped (no TEST_PG_URL or TEST_MYSQL_URL)');

describe.each(servers)('the health check with the database down, on $name', (target) => {
  /** The app on a fresh database, reaching it through a proxy the test can cut. */
  async function startBehindProxy(): Promise<{ t: TestApp; proxy: TcpProxy }> {
    const created = await target.create();
    if (created.db.kind === 'sqlite') throw new Error('not a server');
    const real = new URL(created.db.url);
    const proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port) });
    const t = await startAppOn(
      target.name,
      { kind: created.db.kind, url: proxy.through(created.db.url) },
      created.drop,
    );
    cleanups.push(async () => {
      await proxy.up();
      await t.stop();
      await proxy.close();
    });
    return { t, proxy };
  }

  it('answers 503 naming the database when it refuses, and 200 again once it is back', async () => {
    const { t, proxy } = await startBehindProxy();
    expect((await health(t)).status).toBe(200);
    await proxy.down();
    const down = await health(t);
    expect(down.status).toBe(503);
    expect(bodyOf(down)).toEqual({ status: 'down', database: 'down', redis: 'off' });
    await proxy.up();
    await waitFor(async () => (await health(t)).status === 200, 'health to come back');
  });

  it('answers 503 within its bound when the database hangs', async () => {
    const { t, proxy } = await startBehindProxy();
    expect((await health(t)).status).toBe(200);
    proxy.hang();
    const started = Date.now();
    const hung = await health(t);
    const took = Date.now() - started;
    expect(hung.status).toBe(503);
    expect(bodyOf(hung)).toMatchObject({ status: 'down', database: 'down' });
    expect(took).toBeGreaterThanOrEqual(HEALTH_DATABASE_TIMEOUT_MS - 50);
    // The bound, and a margin for a loaded machine.
    expect(took).toBeLessThan(HEALTH_DATABASE_TIMEOUT_MS + 1500);
  });
});

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedisServer) console.warn('[integration] health with Redis down: skipped (no redis-server on PATH)');

describe.runIf(hasRedisServer)('the health check with Redis', () => {
  /** A Redis of the test's own on a free port (never the machine's). */
  async function startRedis(): Promise<{ url: string; child: ChildProcess }> {
    const port = await freePort();
    const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    const url = `redis://127.0.0.1:${port}`;
    const { Redis } = await import('ioredis');
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    await waitFor(async () => {
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } catch {
        return false;
      }
    }, 'the test Redis to start');
    probe.disconnect();
    return { url, child };
  }

  it('answers ok with Redis up, and 503 naming Redis when it stops', async () => {
    const redis = await startRedis();
    const t = await startSqliteApp({ REDIS_URL: redis.url, REDIS_PREFIX: 'br-health:' });
    cleanups.push(() => t.stop());
    const up = await health(t);
    expect(up.status).toBe(200);
    expect(bodyOf(up)).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    const exited = new Promise((resolve) => redis.child.once('exit', resolve));
    redis.child.kill('SIGKILL');
    await exited;
    await waitFor(async () => (await health(t)).status === 503, 'health to see Redis gone');
    expect(bodyOf(await health(t))).toEqual({ status: 'down', database: 'ok', redis: 'down' });
  });
});
