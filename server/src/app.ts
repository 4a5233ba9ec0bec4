import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { declarations } from '@backroom/contract';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createCaptchaService } from './core/auth/captcha.js';
import { AuthGate } from './core/auth/gate.js';
import { loadOrCreateSecret } from './core/auth/secret.js';
import { createLoginThrottle } from './core/auth/throttle.js';
import { createTokenService } from './core/auth/tokens.js';
import { createVault } from './core/auth/vault.js';
import { type Bus, createLocalBus } from './core/bus.js';
import { type Cache, createMemoryCache } from './core/cache.js';
import type { Config } from './core/config.js';
import type { AppContext } from './core/context.js';
import { type Counters, createMemoryCounters } from './core/counters.js';
import { type DbHandle, openDatabase, pingDatabase } from './core/db/index.js';
import { migrate } from './core/db/migrator.js';
import { withSchemaLock } from './core/db/schema-lock.js';
import { createSeedRegistry, runSeeds } from './core/db/seeds.js';
import { createDurableBus } from './core/durable-bus.js';
import { notFound } from './core/errors.js';
import { createHistory } from './core/history.js';
import { createHomeFigureRegistry } from './core/home-figures.js';
import { createHttpServer } from './core/http/server.js';
import { createMessageHub } from './core/message-center.js';
import { registerDocs } from './core/openapi.js';
import { createPluginHub } from './core/plugin-hooks.js';
import { createRecycleHub } from './core/recycle.js';
import { connectRedis, createRedisBus, createRedisCache, createRedisCounters, redisStatus } from './core/redis.js';
import { guardCache, guardCounters } from './core/redis-guard.js';
import { createTaskHandlerRegistry } from './core/task-handlers.js';
import { MIGRATIONS } from './db/migrations/index.js';
import { createHealth, HEALTH_REDIS_TIMEOUT_MS, type Health, registerHealth } from './health.js';
import {
  createBusLog,
  createSessionStore,
  loadPrincipal,
  messageGrantSeed,
  registerBase,
} from './modules/base/index.js';
import { registerCustomer } from './modules/customer/index.js';
import { registerDemo, registerDemoHome } from './modules/demo/index.js';
import { registerDict } from './modules/dict/index.js';
import { registerHelper } from './modules/helper/index.js';
import { registerPlugin } from './modules/plugin/index.js';
import { registerRecycle } from './modules/recycle/index.js';
import { registerSpace } from './modules/space/index.js';
import { registerTask } from './modules/task/index.js';
import { registerUser } from './modules/user/index.js';

/**
 * The web app's page may be framed by the app itself only (clickjacking), and frames what a menu
 * embeds: a menu whose view path is an http(s) address shows that page in a frame. Its scripts
 * come from the app's own origin only (the built page has no inline script), no plugin object
 * loads, and no `<base>` moves where relative addresses point.
 */
const APP_PAGE_HEADERS = {
  'content-security-policy':
    "frame-ancestors 'self'; frame-src 'self' http: https:; script-src 'self'; object-src 'none'; base-uri 'self'",
  'x-frame-options': 'SAMEORIGIN',
} as const;

/** A reporter that speaks at most once every 30 s: an outage repeats its error on every call. */
function everyThirtySeconds<A extends unknown[]>(report: (...args: A) => void): (...args: A) => void {
  let last = 0;
  return (...args) => {
    if (Date.now() - last < 30_000) return;
    last = Date.now();
    report(...args);
  };
}

export type App = {
  app: FastifyInstance;
  ctx: AppContext;
  /** The readiness `GET /api/health` answers (server/src/health.ts). */
  health: Health;
  /**
   * SIGTERM's first step (server/src/drain.ts): health answers 503 and every answer closes its
   * connection; the scheduler takes no new tick, and runs under way may go on until `deadline`.
   */
  beginDrain(deadline: number): void;
  close(): Promise<void>;
};

/** Builds the whole server: database (migrated and seeded), services, every module's routes, docs and the web app. */
export async function buildApp(config: Config, options: { db?: DbHandle } = {}): Promise<App> {
  const app = createHttpServer(config);
  // A restart or failover of the database ends every connection at once: one line says so, at
  // most every 30 s (core/db/connections.ts keeps the process up and drops the connections).
  let lastLost = 0;
  const onConnectionLost = (error: Error) => {
    if (Date.now() - lastLost < 30_000) return;
    lastLost = Date.now();
    app.log.warn({ err: error }, 'a database connection was lost; it is replaced on the next use');
  };
  const db = options.db ?? (await openDatabase(config.db, { onConnectionLost }));
  const closers: Array<() => Promise<void> | void> = [];
  const starters: Array<() => Promise<void> | void> = [];
  const drainers: Array<(deadline: number) => void> = [];
  try {
    await pingDatabase(db);
    // Under the cross-instance lock: instances starting together migrate once, one after another.
    await withSchemaLock(db, (session) => migrate(session, MIGRATIONS));
  } catch (error) {
    if (!options.db) await db.close();
    const where = config.db.kind === 'sqlite' ? config.db.file : config.db.kind;
    throw new Error(`cannot open the database (${where}): ${error instanceof Error ? error.message : String(error)}`);
  }
  // Embedded default: state in this process. With REDIS_URL: shared by every instance.
  const instanceId = randomUUID();
  let cache: Cache;
  let counters: Counters;
  // Captchas apart from the shared cache in this process, so a flood of them evicts nothing else.
  let captchas: Cache;
  let bus: Bus;
  let redis: Awaited<ReturnType<typeof connectRedis>> | undefined;
  // While Redis is down only what needs it answers 503 (core/redis-guard.ts); said every 30 s at most.
  const redisDown = everyThirtySeconds((error: unknown, what: string) =>
    app.log.warn({ err: error }, `Redis unavailable: ${what}`),
  );
  const answering503 = (error: unknown) => redisDown(error, 'answering 503 where it is needed');
  // Where a sign-in is counted while the shared counters are down (open.service.ts).
  const localCounters = config.redisUrl ? createMemoryCounters() : undefined;
  if (config.redisUrl) {
    try {
      redis = await connectRedis(config.redisUrl, (error) => app.log.warn({ err: error }, 'Redis connection error'));
      cache = guardCache(createRedisCache(redis, config.redisPrefix), answering503);
      counters = guardCounters(createRedisCounters(redis, config.redisPrefix), answering503);
      captchas = cache;
      // Written to the database before it is published, and read back from there by an instance that missed it.
      bus = await createDurableBus(await createRedisBus(redis, config.redisPrefix), createBusLog(db), {
        instanceId,
        onError: redisDown,
      });
    } catch (error) {
      redis?.disconnect();
      await localCounters?.close();
      if (!options.db) await db.close();
      throw new Error(`cannot reach Redis at REDIS_URL: ${error instanceof Error ? error.message : String(error)}`);
    }
  } else {
    cache = createMemoryCache({ maxEntries: config.cacheMaxEntries });
    counters = createMemoryCounters();
    captchas = createMemoryCache({ maxEntries: config.cacheMaxEntries });
    bus = createLocalBus();
  }
  const installSecret = loadOrCreateSecret(config.jwtSecret, config.dataDir);
  const tokens = createTokenService(installSecret, {
    access: config.tokenExpire,
    refresh: config.refreshExpire,
  });
  const sessions = await createSessionStore(db.db, bus, instanceId);
  const gate = new AuthGate(tokens, sessions, (userId) => loadPrincipal(db.db, userId), cache, bus, instanceId);
  const ctx: AppContext = {
    config,
    db,
    cache,
    counters,
    tokens,
    vault: createVault(installSecret),
    captcha: createCaptchaService(captchas, counters),
    throttle: createLoginThrottle(counters, undefined, localCounters),
    gate,
    sessions,
    log: app.log,
    recycle: createRecycleHub(),
    history: createHistory(db, app.log),
    bus,
    instanceId,
    plugins: createPluginHub(),
    messages: createMessageHub(),
    taskHandlers: createTaskHandlerRegistry(),
    homeFigures: createHomeFigureRegistry(),
    seeds: createSeedRegistry(),
    onStart: (fn) => starters.push(fn),
    onClose: (fn) => closers.push(fn),
    onDrain: (fn) => drainers.push(fn),
  };
  // The audit inbox's mover (SQLite): its timer once the app starts; a last move when it closes,
  // after every module's own closing (closers run in reverse), before the database closes.
  ctx.onStart(() => ctx.history.start());
  ctx.onClose(() => ctx.history.close());
  const health = createHealth({
    db,
    redis: redis ? () => redisStatus(redis, HEALTH_REDIS_TIMEOUT_MS) : undefined,
    log: app.log,
  });
  registerHealth(app, health);
  if (!config.captcha) app.log.warn('CAPTCHA=off: logins are not asked for a verification code');

  // Same-origin by default; other origins only when the operator lists them.
  if (config.corsOrigins.length > 0) {
    // Loaded only when configured: the default start does without it.
    const { default: fastifyCors } = await import('@fastify/cors');
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      allowedHeaders: ['authorization', 'content-type', 'language'],
      methods: ['GET', 'POST'],
    });
  }
  // Answers of 1 KB or more go compressed where the client takes it: brotli at a quality quick enough
  // for each answer, else gzip. The web app's files are compressed once, at build (web/vite.config.ts).
  await app.register(fastifyCompress, {
    threshold: 1024,
    // Up to 32 KB in one synchronous call rather than a zlib stream per answer (the plugin's own
    // bound is 8 KB on two cores, under a page of 20 customers): the stream's setup and teardown
    // cost more than compressing such an answer (about 0.1 ms).
    syncThreshold: 32 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerDocs(app, declarations);
  const base = await registerBase(app, ctx, declarations);
  // Modules after base receive its menu service to seed their own menus (menuSeed).
  await registerRecycle(app, ctx, base, declarations);
  await registerDict(app, ctx, base);
  await registerSpace(app, ctx, base);
  const customer = await registerCustomer(app, ctx, base);
  registerHelper(ctx, base);
  await registerUser(app, ctx, base, customer);
  await registerDemo(app, ctx, base);
  await registerPlugin(app, ctx, base);
  // Last: it schedules the handlers every module before it has registered.
  await registerTask(app, ctx, base);
  // After every module whose figures it shows: its seed gives the home to the roles they seeded.
  registerDemoHome(app, ctx, base, { customer: customer.stats });
  // After every module's roles: every role opens its messages, store managers write announcements.
  messageGrantSeed(ctx);
  // Initial rows, once every module has added its steps; then what works on them starts.
  await withSchemaLock(db, (session) => runSeeds(session, ctx.seeds.steps));
  for (const start of starters) await start();

  await registerWebApp(app, config);

  return {
    app,
    ctx,
    health,
    beginDrain(deadline) {
      health.beginDrain();
      for (const drain of drainers) drain(deadline);
    },
    async close() {
      await app.close();
      for (const fn of closers.reverse()) await fn();
      await cache.close();
      if (captchas !== cache) await captchas.close();
      await counters.close();
      await localCounters?.close();
      await bus.close();
      if (redis) await redis.quit().catch(() => undefined);
      if (!options.db) await db.close();
    },
  };
}

/**
 * The built web app: its files (with their compressed twins and cache headers), its page on `/`, and
 * every GET that is not an API path or a file answered with the page (history mode). Without a
 * build (web/dist absent) unknown paths answer the API's 404.
 */
async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const indexHtml = path.join(config.webDir, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    // Whether a file has a compressed twin (.br or .gz) the static plugin may send in its place:
    // then every answer for it, compressed or not, depends on Accept-Encoding and says so (Vary), so
    // that a cache between never hands brotli to a client that did not ask for it. Asked once a file.
    const twins = new Map<string, boolean>();
    const hasTwin = (file: string): boolean => {
      if (/\.(br|gz)$/.test(file)) return true;
      let known = twins.get(file);
      if (known === undefined) {
        known = fs.existsSync(`${file}.br`) || fs.existsSync(`${file}.gz`);
        twins.set(file, known);
      }
      return known;
    };
    await app.register(fastifyStatic, {
      root: config.webDir,
      index: false,
      // No path with a dot folder or dot file (`/.vite/…`, `/.env`): build metadata is not the app's
      // to hand out, and such a path is a 404 like any missing file.
      dotfiles: 'ignore',
      // The .br and .gz files the web build writes beside each text file, as the browser accepts.
      preCompressed: true,
      // Hashed assets never change under their names: browsers keep them a year without asking.
      // Anything else (index.html above all) is asked about each time, so a new release shows at
      // the next load. (The plugin's own header would say max-age=0 for both.)
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (hasTwin(filePath)) res.setHeader('vary', 'Accept-Encoding');
        // The page, or its .br / .gz twin.
        if (/\.html(\.br|\.gz)?$/.test(filePath))
          for (const [name, value] of Object.entries(APP_PAGE_HEADERS)) res.setHeader(name, value);
      },
    });
  }
  if (hasWeb) {
    // The root is a folder to the static plugin, which refuses to list it (403); it is the web
    // app's home route like every other path the app owns.
    app.get('/', (_request, reply) =>
      reply.type('text/html; charset=utf-8').headers(APP_PAGE_HEADERS).sendFile('index.html'),
    );
  }
  app.setNotFoundHandler(async (request, reply) => {
    // Unknown API paths answer in the envelope; any other GET is a route of the web app (history mode).
    const pathname = request.url.split('?', 1)[0] ?? '';
    // API paths and missing files (a stale asset name) are real 404s; other GETs are web app routes.
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      /\.[a-z0-9]+$/i.test(pathname) ||
      !hasWeb ||
      request.method !== 'GET'
    ) {
      const error = notFound('common.routeNotFound');
      throw error;
    }
    return reply.type('text/html; charset=utf-8').headers(APP_PAGE_HEADERS).sendFile('index.html');
  });
}
