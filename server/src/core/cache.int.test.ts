import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type Cache, createMemoryCache } from './cache.js';
import { connectRedis, createRedisCache } from './redis.js';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('[integration] skipped: the Redis cache (TEST_REDIS_URL is not set)');
const redis = redisUrl ? await connectRedis(redisUrl) : undefined;

const caches: Array<[string, () => Cache]> = [['memory', () => createMemoryCache()]];
if (redis) caches.push(['redis', () => createRedisCache(redis, `br-test:${randomUUID()}:`)]);

afterAll(async () => {
  await redis?.quit();
});

describe.each(caches)('the %s cache', (_name, make) => {
  const cache = make();

  it('keeps a value until its ttl', async () => {
    await cache.set('a', 'one', 1);
    expect(await cache.get('a')).toBe('one');
    await new Promise((r) => setTimeout(r, 1100));
    expect(await cache.get('a')).toBeUndefined();
  });

  it('take reads a value once', async () => {
    await cache.set('captcha', '1234', 60);
    expect(await cache.take('captcha')).toBe('1234');
    expect(await cache.take('captcha')).toBeUndefined();
    expect(await cache.get('captcha')).toBeUndefined();
  });

  it('del removes', async () => {
    await cache.set('gone', 'x', 60);
    await cache.del('gone');
    expect(await cache.get('gone')).toBeUndefined();
  });
});
