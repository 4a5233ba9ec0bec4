import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type DbHandle, pingDatabase } from './core/db/index.js';

/** Longest a health check waits for the database's `select 1`: a hung database answers 503 this fast. */
export const HEALTH_DATABASE_TIMEOUT_MS = 2000;
/** Longest it waits for Redis's PING. */
export const HEALTH_REDIS_TIMEOUT_MS = 1000;

/**
 * What `GET /api/health` answers. `redis` is `off` when the instance runs without REDIS_URL (the
 * embedded mode needs none). While the instance drains (SIGTERM) nothing is checked: the answer is
 * `{"status":"draining"}` at once.
 */
export type HealthReport =
  | { status: 'ok' | 'down'; database: 'ok' | 'down'; redis: 'ok' | 'down' | 'off' }
  | { status: 'draining' };

export type Health = {
  /** Whether SIGTERM has come: health answers 503, and every answer closes its connection. */
  readonly draining: boolean;
  beginDrain(): void;
  check(): Promise<HealthReport>;
};

/** Resolves with what `work` gives, or `fallback` once `ms` have passed (the work goes on unobserved). */
function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The readiness of this instance: the database answers a trivial query and Redis (when configured)
 * a PING, each within its bound. Checks that arrive while one is under way share it, so a hung
 * database costs one pending query however often the balancer asks.
 */
export function createHealth(deps: {
  db: DbHandle;
  /** Redis's state as core/redis.ts `redisStatus` reads it (within HEALTH_REDIS_TIMEOUT_MS); undefined without REDIS_URL. */
  redis: (() => Promise<'ok' | 'down'>) | undefined;
  log: FastifyBaseLogger;
}): Health {
  let draining = false;
  let database: { answer: Promise<'ok' | 'down'>; startedAt: number } | undefined;
  let lastWarning = 0;
  const pingOnce = (): Promise<'ok' | 'down'> => {
    // A check still pending past its bound is not shared any longer: one stuck on a connection
    // that will never answer must not keep the instance down once the database is back.
    if (database && Date.now() - database.startedAt <= HEALTH_DATABASE_TIMEOUT_MS) return database.answer;
    const answer = pingDatabase(deps.db)
      .then(() => 'ok' as const)
      .catch((error: unknown) => {
        // A balancer asks every few seconds: say why at most every 30 s.
        if (Date.now() - lastWarning > 30_000) {
          lastWarning = Date.now();
          deps.log.warn({ err: error }, 'health: the database does not answer');
        }
        return 'down' as const;
      })
      .finally(() => {
        if (database?.answer === answer) database = undefined;
      });
    database = { answer, startedAt: Date.now() };
    return answer;
  };
  return {
    get draining() {
      return draining;
    },
    beginDrain() {
      draining = true;
    },
    async check() {
      if (draining) return { status: 'draining' };
      const [db, redis] = await Promise.all([
        within(pingOnce(), HEALTH_DATABASE_TIMEOUT_MS, 'down' as const),
        deps.redis ? deps.redis() : ('off' as const),
      ]);
      // Redis down is a 503 too: what needs it (sign-in, captchas, throttles, revocations) cannot
      // be served. A balancer that fails open when every instance is down (AWS ALB, Envoy's panic
      // threshold) keeps sending them what needs no Redis during an outage of the shared Redis.
      return { status: db === 'ok' && redis !== 'down' ? 'ok' : 'down', database: db, redis };
    },
  };
}

/**
 * `GET /api/health` (and HEAD), the load balancer's readiness check: 200 when this instance can
 * serve, 503 naming the part that is down, 503 `draining` from SIGTERM on. It needs no token and the
 * request log leaves it out (a balancer asks every few seconds).
 *
 * The body is plain JSON, not the API's `{code,message,data}` envelope: balancers and orchestrators
 * read the status code, people and scripts read `{"status":"ok","database":"ok","redis":"ok"}` as
 * the issue that asked for it wrote it, and the answer must not depend on the envelope's language
 * header or message table. It is no endpoint of the contract (not in EPS nor OpenAPI): it is the
 * instance's, not the application's.
 *
 * While draining, every answer also carries `Connection: close`, so clients on keep-alive
 * connections (a balancer's pool) open their next request elsewhere rather than on a socket that
 * is about to close.
 */
export function registerHealth(app: FastifyInstance, health: Health): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (health.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.get('/api/health', { config: { requestLog: false } }, async (_request, reply) => {
    const report = await health.check();
    return reply
      .status(report.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(report);
  });
}
