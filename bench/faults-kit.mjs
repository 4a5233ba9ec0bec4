// The parts of the fault bench (faults.mjs): a Redis of the bench's own, a throwaway database on
// the PostgreSQL or MariaDB server given, the cut of its connections, and a small round-robin
// balancer that follows each instance's /api/health as a load balancer would.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDb } from './scale-kit.mjs';

/** Resolves once something listens on 127.0.0.1:`port`; rejects after `timeoutMs`. */
async function waitForPort(port, timeoutMs) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > end) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await sleep(50);
  }
}

/**
 * A redis-server of the bench's own on `port` (never the machine's): `start()`, `stop()` (killed,
 * as a crash or an OOM kill ends it; it keeps nothing on disk) and `url`.
 */
export function benchRedis(port) {
  let child = null;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      const failed = new Promise((_, reject) => child.once('error', reject));
      await Promise.race([waitForPort(port, 10_000), failed]);
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The URL `base` with another database in its path. */
function withDatabase(base, database) {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A new, empty database on the server `baseUrl` names (PostgreSQL or MariaDB): `url`, `kind`,
 * `cutConnections()` (ends every connection to it but the caller's: what a restart, a failover or
 * an administrator does; answers how many) and `drop()`.
 */
export async function benchDatabase(baseUrl) {
  const kind = /^postgres/.test(baseUrl) ? 'postgres' : 'mysql';
  const name = `br_faults_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const admin = await openDb({ kind, dbUrl: baseUrl });
  await admin.run(`create database ${name}`);
  return {
    kind,
    name,
    url: withDatabase(baseUrl, name),
    async cutConnections() {
      if (kind === 'postgres') {
        const rows = await admin.all(
          'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = ? and pid <> pg_backend_pid()',
          [name],
        );
        return rows.filter((r) => r.ended).length;
      }
      const rows = await admin.all('select id from information_schema.processlist where db = ?', [name]);
      for (const row of rows) await admin.run(`kill ${Number(row.id)}`).catch(() => undefined);
      return rows.length;
    },
    async drop() {
      const force = kind === 'postgres' ? ' with (force)' : '';
      await admin.run(`drop database if exists ${name}${force}`);
      await admin.close();
    },
  };
}

/** How often the balancer asks each instance for its health, and how long it waits for the answer. */
const HEALTH_EVERY_MS = 250;
const HEALTH_TIMEOUT_MS = 1000;

/** Reads a whole request or response body. */
function readBody(stream) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** An error of the connect itself: nothing reached the instance, so another may take the request. */
const CONNECT_FAILED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * A round-robin balancer on a free port in front of `backends` (`http://127.0.0.1:<port>` each). An
 * instance takes requests while its `GET /api/health` answers 200, as an ALB's or HAProxy's active
 * checks would (failing open when none does); a request whose connect is refused goes to the next instance (nothing was sent),
 * but one that reached an instance and lost its connection is answered 502, never sent again (a
 * write may have been applied). `stats.retried` counts the requests sent elsewhere after a refused
 * connect. `close()` stops it.
 */
export async function startBalancer(backends) {
  const state = backends.map((base) => ({ base, url: new URL(base), healthy: false, answering: false }));
  // Idle connections are let go after 30 s, before the instances' own keep-alive timeout (Fastify's
  // 72 s) could close one under a request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 30_000 });
  const stats = { retried: 0 };
  let next = 0;
  let closed = false;

  const check = async (backend) => {
    try {
      const response = await fetch(`${backend.base}/api/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
      const report = await response.json().catch(() => null);
      backend.healthy = response.status === 200;
      // Up but reporting a part down (not draining): a candidate when no instance is healthy.
      backend.answering = response.status === 200 || (response.status === 503 && report?.status !== 'draining');
    } catch {
      backend.healthy = false;
      backend.answering = false;
    }
  };
  const checking = (async () => {
    while (!closed) {
      await Promise.all(state.map(check));
      await sleep(HEALTH_EVERY_MS);
    }
  })();

  // Fails open as AWS's ALB and Envoy's panic threshold do: when no instance is healthy (a shared
  // Redis down turns every one's health to 503), those still answering get the requests.
  const pick = (excluded) => {
    const healthy = state.some((b) => b.healthy && !excluded.has(b));
    for (let i = 0; i < state.length; i += 1) {
      const backend = state[(next + i) % state.length];
      if (excluded.has(backend) || !(healthy ? backend.healthy : backend.answering)) continue;
      next = (next + i + 1) % state.length;
      return backend;
    }
    return null;
  };

  const forward = (backend, req, body) =>
    new Promise((resolve, reject) => {
      const upstream = http.request(
        {
          agent,
          host: backend.url.hostname,
          port: backend.url.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: backend.url.host, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
        },
        (response) => {
          readBody(response).then(
            (payload) => resolve({ status: response.statusCode ?? 502, headers: response.headers, payload }),
            reject,
          );
        },
      );
      let connected = false;
      upstream.on('socket', (socket) => {
        if (!socket.connecting) connected = true;
        else socket.once('connect', () => (connected = true));
      });
      upstream.on('error', (error) => reject(Object.assign(error, { connected })));
      upstream.end(body);
    });

  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    const tried = new Set();
    for (;;) {
      const backend = pick(tried);
      if (!backend) {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"code":1003,"message":"no healthy instance"}');
        return;
      }
      tried.add(backend);
      try {
        const answer = await forward(backend, req, body);
        const headers = { ...answer.headers };
        delete headers['transfer-encoding'];
        delete headers.connection;
        res.writeHead(answer.status, headers).end(answer.payload);
        return;
      } catch (error) {
        if (!error.connected && CONNECT_FAILED.has(error.code)) {
          backend.healthy = false;
          backend.answering = false;
          stats.retried += 1;
          continue;
        }
        res.writeHead(502, { 'content-type': 'application/json', 'x-balancer-error': String(error.code ?? 'reset') });
        res.end('{"code":1003,"message":"bad gateway"}');
        return;
      }
    }
  });
  // The load's clients keep their connections: longer than any pause of theirs.
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    base: `http://127.0.0.1:${address.port}`,
    stats,
    /** Whether the balancer sends requests to the instance at `base` now. */
    isHealthy: (base) => state.find((b) => b.base === base)?.healthy === true,
    async close() {
      closed = true;
      await checking;
      await new Promise((resolve) => server.close(resolve));
      server.closeAllConnections?.();
      agent.destroy();
    },
  };
}
