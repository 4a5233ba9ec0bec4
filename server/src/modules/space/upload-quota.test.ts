import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../core/context.js';
import { addUsage } from './upload-quota.js';

/** A context whose cache is down, as the shared cache is during a Redis outage (it answers 503). */
function contextWithCacheDown(): AppContext {
  const down = () => Promise.reject(new Error('the cache is down'));
  return { cache: { get: down, set: down } } as unknown as AppContext;
}

describe('upload usage', () => {
  it('leaves a failure of the cache to its caller, with no rejection left unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const ctx = contextWithCacheDown();
      await expect(addUsage(ctx, 7, 1, 100)).rejects.toThrow('the cache is down');
      // The next count of the same user is queued behind the failed one, and fails on its own.
      await expect(addUsage(ctx, 7, 1, 100)).rejects.toThrow('the cache is down');
      // Node reports unhandled rejections after the microtasks of the turn: give it two turns.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
