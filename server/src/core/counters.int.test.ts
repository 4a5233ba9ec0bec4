import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { type Counters, createMemoryCounters } from './counters.js';
import { connectRedis, createRedisCounters } from './redis.js';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('[integration] skipped: the Redis counters (TEST_REDIS_URL is not set)');
const redis = redisUrl ? await connectRedis(redisUrl) : undefined;

const stores: Array<[string, () => Counters]> = [['memory', () => createMemoryCounters()]];
if (redis) stores.push(['redis', () => createRedisCounters(redis, `br-test:${randomUUID()}:`)]);

afterAll(async () => {
  await redis?.quit();
});

describe.skipIf(!redis)('the redis counters', () => {
  it('count within a window that starts with the first count', async () => {
    const prefix = `br-test:${randomUUID()}:`;
    const counters = createRedisCounters(redis as NonNullable<typeof redis>, prefix);
    expect(await counters.reserve([{ key: 'w', limit: 10 }], 2)).toEqual([1]);
    expect(await counters.reserve([{ key: 'w', limit: 10 }], 100)).toEqual([2]);
    // The window set by the first count (2 s) is not extended by later ones.
    const ttl = await redis?.pttl(`${prefix}w`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2000);
  });
});

describe.each(stores)('the %s counters', (_name, make) => {
  const counters = make();
  afterAll(() => counters.close());

  it('refuse at the limit of any key and then add to none', async () => {
    const slots = [
      { key: 'a', limit: 5 },
      { key: 'b', limit: 2 },
    ];
    expect(await counters.reserve(slots, 60)).toEqual([1, 1]);
    expect(await counters.reserve(slots, 60)).toEqual([2, 2]);
    expect(await counters.reserve(slots, 60)).toBeUndefined();
    expect(await counters.reserve([{ key: 'a', limit: 5 }], 60)).toEqual([3]);
  });

  it('let exactly the limit through a parallel burst', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => counters.reserve([{ key: 'burst', limit: 7 }], 60)),
    );
    expect(results.filter((r) => r !== undefined).length).toBe(7);
  });

  it('peek tells a count and the end of its window without counting', async () => {
    expect(await counters.peek('p')).toBeUndefined();
    await counters.reserve([{ key: 'p', limit: 5 }], 60);
    await counters.reserve([{ key: 'p', limit: 5 }], 60);
    const seen = await counters.peek('p');
    expect(seen?.n).toBe(2);
    expect(seen?.expireAt).toBeGreaterThan(Date.now() + 55_000);
    expect(seen?.expireAt).toBeLessThanOrEqual(Date.now() + 60_000);
    expect((await counters.peek('p'))?.n).toBe(2);
  });

  it('keep notes by group until their time, and forget one or the whole group', async () => {
    await counters.note('g', 'alice', 'a1', 60);
    await counters.note('g', 'bob', 'b1', 60);
    await counters.note('g', 'alice', 'a2', 60);
    const notes = await counters.notes('g');
    expect(notes.map((n) => [n.member, n.value]).sort()).toEqual([
      ['alice', 'a2'],
      ['bob', 'b1'],
    ]);
    await counters.unnote('g', 'alice');
    expect((await counters.notes('g')).map((n) => n.member)).toEqual(['bob']);
    await counters.unnote('g');
    expect(await counters.notes('g')).toEqual([]);
    await counters.note('short', 'x', 'y', 1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await counters.notes('short')).toEqual([]);
  });

  it('release gives one count back, reset starts over', async () => {
    const slot = [{ key: 'r', limit: 2 }];
    await counters.reserve(slot, 60);
    await counters.reserve(slot, 60);
    expect(await counters.reserve(slot, 60)).toBeUndefined();
    await counters.release('r');
    expect(await counters.reserve(slot, 60)).toEqual([2]);
    await counters.reset('r');
    expect(await counters.reserve(slot, 60)).toEqual([1]);
    // Releasing what is not there leaves nothing behind.
    await counters.release('never');
    expect(await counters.reserve([{ key: 'never', limit: 1 }], 60)).toEqual([1]);
  });
});

describe('the memory counters', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('count within a window that starts with the first count', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const counters = createMemoryCounters();
    try {
      expect(await counters.reserve([{ key: 'w', limit: 10 }], 1)).toEqual([1]);
      expect(await counters.reserve([{ key: 'w', limit: 10 }], 100)).toEqual([2]);
      // The window set by the first count (1 s) is not extended by later ones.
      vi.advanceTimersByTime(1001);
      expect(await counters.reserve([{ key: 'w', limit: 10 }], 1)).toEqual([1]);
    } finally {
      await counters.close();
    }
  });

  it('when full, refuse a new key rather than drop a live count, and take new keys once counts expire', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const counters = createMemoryCounters({ maxEntries: 3 });
    try {
      expect(await counters.reserve([{ key: 'lock', limit: 1 }], 60)).toEqual([1]);
      await counters.reserve([{ key: 'x', limit: 9 }], 1);
      await counters.reserve([{ key: 'y', limit: 9 }], 1);
      expect(await counters.reserve([{ key: 'flood', limit: 9 }], 60)).toBeUndefined();
      // The lock is still there.
      expect(await counters.reserve([{ key: 'lock', limit: 1 }], 60)).toBeUndefined();
      vi.advanceTimersByTime(1001);
      expect(await counters.reserve([{ key: 'flood', limit: 9 }], 60)).toEqual([1]);
      expect(await counters.reserve([{ key: 'lock', limit: 1 }], 60)).toBeUndefined();
    } finally {
      await counters.close();
    }
  });
});
