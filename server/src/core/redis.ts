import type { Redis } from 'ioredis';
import type { Bus, BusEvent } from './bus.js';
import type { Cache } from './cache.js';
import type { Counters } from './counters.js';

const CHANNEL = 'auth';

/** The longest wait between two attempts to reach Redis again: what bounds the recovery after an outage. */
export const REDIS_RETRY_CAP_MS = 500;

/** Waits before the `times`-th attempt to reconnect: 100, 200, 400 ms, then every REDIS_RETRY_CAP_MS. */
export const redisRetryDelay = (times: number) => Math.min(50 * 2 ** times, REDIS_RETRY_CAP_MS);

/**
 * How the request path's connection behaves while Redis is down: a command fails at once when the
 * connection is not up (no offline queue, no retry of a command in flight when it drops), and within
 * `commandTimeout` when Redis is connected but does not answer; the caller turns that into a 503
 * (core/redis-guard.ts). Meanwhile it reconnects every REDIS_RETRY_CAP_MS at most, so the first
 * request after Redis returns finds it connected.
 */
export const REDIS_REQUEST_OPTIONS = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 1000,
  // Short enough for a 503 within 1 s from a Redis that hangs; not shorter, as a stalled event loop
  // makes an answer that came in time look late.
  commandTimeout: 650,
  retryStrategy: redisRetryDelay,
} as const;

/** How long a start waits for Redis to answer (it may be starting too) before it gives up. */
const START_WAIT_MS = 5000;

/** Errors that say nothing listens there: a start fails on them at once, as on a bad address. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

/**
 * Resolves once the connection is ready, connecting it if it was not. Rejects at once when nothing
 * listens at the address, else with the last error after `ms` (meanwhile ioredis goes on trying:
 * a ready check or a command that timed out on a busy start).
 */
export async function whenReady(redis: Redis, ms = START_WAIT_MS): Promise<void> {
  if (redis.status === 'ready') return;
  if (redis.status === 'wait') redis.connect().catch(() => undefined);
  await new Promise<void>((resolve, reject) => {
    let lastError: unknown;
    const onError = (error: unknown) => {
      lastError = error;
      if (UNREACHABLE.has(String((error as { code?: unknown }).code))) done(error);
    };
    const done = (error?: unknown) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('error', onError);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onReady = () => done();
    const timer = setTimeout(() => done(lastError ?? new Error(`no answer within ${ms} ms`)), ms);
    redis.on('ready', onReady);
    redis.on('error', onError);
  });
}

/**
 * The request path's connection, connected (or the start fails). Connection errors go to
 * `onError` at most every 30 s (ioredis keeps reconnecting meanwhile).
 */
export async function connectRedis(url: string, onError: (error: Error) => void = () => undefined): Promise<Redis> {
  // Loaded only in the scaled-out mode.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, REDIS_REQUEST_OPTIONS);
  let last = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - last < 30_000) return;
    last = Date.now();
    onError(error);
  });
  try {
    await whenReady(redis);
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  return redis;
}

/**
 * Whether Redis answers now (the health check, server/src/health.ts): `ok` once a PING comes back
 * within `timeoutMs`, `down` otherwise, and at once while the client is not connected (a PING
 * would wait in the offline queue).
 */
export async function redisStatus(redis: Redis, timeoutMs: number): Promise<'ok' | 'down'> {
  if (redis.status !== 'ready') return 'down';
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), timeoutMs);
  });
  const ping = redis.ping().then(
    () => 'ok' as const,
    () => 'down' as const,
  );
  return Promise.race([ping, late]).finally(() => clearTimeout(timer));
}

/** The scaled-out cache: every instance sees the same captchas and pending imports. */
export function createRedisCache(redis: Redis, prefix: string): Cache {
  const k = (key: string) => `${prefix}${key}`;
  return {
    async get(key) {
      return (await redis.get(k(key))) ?? undefined;
    },
    async set(key, value, ttlSeconds) {
      await redis.set(k(key), value, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
    },
    async take(key) {
      return (await redis.getdel(k(key))) ?? undefined;
    },
    async del(key) {
      await redis.del(k(key));
    },
    async close() {},
  };
}

// KEYS: the counters; ARGV[1]: the window in seconds, ARGV[1 + i]: the limit of KEYS[i].
// Nothing is added when one key is at its limit: the empty answer means refused.
const RESERVE = `
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[i + 1]) then return {} end
end
local counts = {}
for i, key in ipairs(KEYS) do
  counts[i] = redis.call('INCR', key)
  if redis.call('TTL', key) < 0 then redis.call('EXPIRE', key, ARGV[1]) end
end
return counts`;

const RELEASE = `if redis.call('DECR', KEYS[1]) <= 0 then redis.call('DEL', KEYS[1]) end`;

// KEYS[1]: the group's values (a hash), KEYS[2]: their expiry times (a sorted set); ARGV[1]: now, ms.
// Drops the expired notes, then answers the rest as member, value, expireAt triples.
const NOTES = `
local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
for _, member in ipairs(expired) do redis.call('HDEL', KEYS[1], member) end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
local out = {}
local live = redis.call('ZRANGE', KEYS[2], 0, -1, 'WITHSCORES')
for i = 1, #live, 2 do
  local value = redis.call('HGET', KEYS[1], live[i])
  if value then
    out[#out + 1] = live[i]
    out[#out + 1] = value
    out[#out + 1] = live[i + 1]
  end
end
return out`;

/**
 * The scaled-out counters: one Lua script checks and counts every key of a reservation, so bursts
 * spread over all instances pass no limit. (Single-node Redis: the keys of one call need not share
 * a cluster slot.)
 */
export function createRedisCounters(redis: Redis, prefix: string): Counters {
  const k = (key: string) => `${prefix}${key}`;
  return {
    async reserve(slots, windowSeconds) {
      const window = Math.max(1, Math.ceil(windowSeconds));
      const keys = slots.map((slot) => k(slot.key));
      const counts = (await redis.eval(
        RESERVE,
        keys.length,
        ...keys,
        window,
        ...slots.map((slot) => slot.limit),
      )) as number[];
      return counts.length === 0 ? undefined : counts.map(Number);
    },
    async release(key) {
      await redis.eval(RELEASE, 1, k(key));
    },
    async reset(key) {
      await redis.del(k(key));
    },
    async peek(key) {
      const [[, n], [, ttl]] = (await redis.multi().get(k(key)).pttl(k(key)).exec()) as [
        [unknown, string | null],
        [unknown, number],
      ];
      const count = Number(n ?? 0);
      return count > 0 && ttl > 0 ? { n: count, expireAt: Date.now() + ttl } : undefined;
    },
    async note(group, member, value, ttlSeconds) {
      const [values, times] = [k(`notes:${group}`), k(`notes-at:${group}`)];
      const ttl = Math.max(1, Math.ceil(ttlSeconds));
      await redis
        .multi()
        .hset(values, member, value)
        .zadd(times, Date.now() + ttl * 1000, member)
        // The group goes with its newest note.
        .expire(values, ttl)
        .expire(times, ttl)
        .exec();
    },
    async notes(group) {
      const flat = (await redis.eval(NOTES, 2, k(`notes:${group}`), k(`notes-at:${group}`), Date.now())) as string[];
      const notes = [];
      for (let i = 0; i + 2 < flat.length; i += 3) {
        notes.push({ member: String(flat[i]), value: String(flat[i + 1]), expireAt: Number(flat[i + 2]) });
      }
      return notes;
    },
    async unnote(group, member) {
      const [values, times] = [k(`notes:${group}`), k(`notes-at:${group}`)];
      if (member === undefined) await redis.del(values, times);
      else await redis.multi().hdel(values, member).zrem(times, member).exec();
    },
    async close() {},
  };
}

/** How often the bus asks its subscription whether Redis still answers (a Redis that hangs keeps its socket open). */
const BUS_PING_MS = 2000;

/**
 * Auth events between instances over Redis pub/sub (a subscriber needs a connection of its own).
 * The link is up once the channel is subscribed and down from the moment the connection drops or a
 * ping goes unanswered; after a reconnect the channel is subscribed again before it is up, so a
 * listener that reads what it missed when the link comes up misses nothing after.
 */
export async function createRedisBus(redis: Redis, prefix: string): Promise<Bus> {
  const subscriber = redis.duplicate({ autoResubscribe: false });
  subscriber.on('error', () => undefined);
  const channel = `${prefix}${CHANNEL}`;
  const handlers = new Set<(event: BusEvent) => void>();
  const links = new Set<(up: boolean) => void>();
  let up = false;
  const setLink = (next: boolean) => {
    if (next === up) return;
    up = next;
    for (const listener of links) listener(next);
  };
  const join = () => subscriber.subscribe(channel).then(() => setLink(true));
  subscriber.on('message', (_channel: string, message: string) => {
    let event: BusEvent;
    try {
      event = JSON.parse(message) as BusEvent;
    } catch {
      return;
    }
    for (const handler of handlers) handler(event);
  });
  subscriber.on('close', () => setLink(false));
  subscriber.on('ready', () => void join().catch(() => undefined));
  await whenReady(subscriber);
  // Subscribed before the bus is handed out, trying again while a busy start makes it time out.
  for (const deadline = Date.now() + START_WAIT_MS; !up; ) {
    await join().catch((error: unknown) => {
      if (Date.now() > deadline) throw error;
      return new Promise((resolve) => setTimeout(resolve, 100));
    });
  }
  const pings = setInterval(() => {
    if (subscriber.status !== 'ready') return;
    subscriber.ping().then(
      () => (up ? undefined : join().catch(() => undefined)),
      () => setLink(false),
    );
  }, BUS_PING_MS);
  pings.unref();
  return {
    async publish(event) {
      await redis.publish(channel, JSON.stringify(event));
    },
    subscribe(handler) {
      handlers.add(handler);
    },
    onLink(listener) {
      links.add(listener);
    },
    async close() {
      clearInterval(pings);
      handlers.clear();
      links.clear();
      subscriber.disconnect();
    },
  };
}
