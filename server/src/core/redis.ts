import type { Redis } from 'ioredis';
import type { Bus, BusEvent } from './bus.js';
import type { Cache } from './cache.js';
import type { Counters } from './counters.js';

const CHANNEL = 'auth';

/**
 * A connection that fails fast and says so, rather than queueing commands forever. Connection
 * errors go to `onError` at most every 30 s (ioredis keeps reconnecting meanwhile).
 */
export async function connectRedis(url: string, onError: (error: Error) => void = () => undefined): Promise<Redis> {
  // Loaded only in the scaled-out mode.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  let last = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - last < 30_000) return;
    last = Date.now();
    onError(error);
  });
  return redis;
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
    async close() {},
  };
}

/** Auth events between instances over Redis pub/sub (a subscriber needs a connection of its own). */
export async function createRedisBus(redis: Redis, prefix: string): Promise<Bus> {
  const subscriber = redis.duplicate();
  subscriber.on('error', () => undefined);
  const channel = `${prefix}${CHANNEL}`;
  const handlers = new Set<(event: BusEvent) => void>();
  await subscriber.subscribe(channel);
  subscriber.on('message', (_channel: string, message: string) => {
    let event: BusEvent;
    try {
      event = JSON.parse(message) as BusEvent;
    } catch {
      return;
    }
    for (const handler of handlers) handler(event);
  });
  return {
    async publish(event) {
      await redis.publish(channel, JSON.stringify(event));
    },
    subscribe(handler) {
      handlers.add(handler);
    },
    async close() {
      handlers.clear();
      subscriber.disconnect();
    },
  };
}
