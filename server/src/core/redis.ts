import type { Redis } from 'ioredis';
import type { Bus, BusEvent } from './bus.js';
import type { Cache } from './cache.js';

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

/** The scaled-out cache: every instance sees the same captchas, throttles and counters. */
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
    async incr(key, ttlSeconds) {
      // The window starts with the first failure: EXPIRE NX leaves a running window alone.
      const result = await redis
        .multi()
        .incr(k(key))
        .expire(k(key), Math.max(1, Math.ceil(ttlSeconds)), 'NX')
        .exec();
      return Number(result?.[0]?.[1] ?? 0);
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
