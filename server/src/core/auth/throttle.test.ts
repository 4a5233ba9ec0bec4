import { describe, expect, it } from 'vitest';
import { type Counters, createMemoryCounters } from '../counters.js';
import { guardCounters } from '../redis-guard.js';
import { createLoginThrottle } from './throttle.js';

describe('the sign-in throttle', () => {
  it('escalates an account past five failures from anywhere, with delays doubling up to 30 s', async () => {
    const slept: number[] = [];
    const throttle = createLoginThrottle(createMemoryCounters(), async (ms) => {
      slept.push(ms);
    });
    const seen: Array<{ escalated: boolean; delayMs: number }> = [];
    for (let i = 0; i < 12; i += 1) {
      // A new address each time: no pair reaches its lock.
      const attempt = await throttle.begin('Victim', `10.9.0.${i}`);
      seen.push({ escalated: attempt.escalated, delayMs: attempt.delayMs });
      await attempt.pause();
      await attempt.failed();
    }
    expect(seen.slice(0, 5).every((s) => !s.escalated && s.delayMs === 0)).toBe(true);
    expect(seen.slice(5).map((s) => s.delayMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(slept).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    // The name's case does not make another account.
    expect((await throttle.begin('victim', '10.9.1.1')).escalated).toBe(true);
    expect(await throttle.escalated('VICTIM')).toBe(true);
    expect(await throttle.escalated('someone-else')).toBe(false);
  });

  it('locks the pair at five and tells the minutes left; another address is not locked', async () => {
    const throttle = createLoginThrottle(createMemoryCounters(), async () => undefined);
    for (let i = 0; i < 5; i += 1) await (await throttle.begin('pair', '10.9.2.1')).failed();
    await expect(throttle.begin('pair', '10.9.2.1')).rejects.toMatchObject({
      status: 429,
      key: 'auth.locked',
      params: { minutes: 15 },
    });
    const other = await throttle.begin('pair', '10.9.2.2');
    expect(other.escalated).toBe(true);
    // Unlock clears the account and its pairs.
    await other.withdrawn();
    await throttle.unlock('PAIR');
    const again = await throttle.begin('pair', '10.9.2.1');
    expect(again.escalated).toBe(false);
  });

  it('a password change without an address keeps a hard limit of five on the account', async () => {
    const throttle = createLoginThrottle(createMemoryCounters(), async () => undefined);
    for (let i = 0; i < 4; i += 1) expect(await (await throttle.begin('self')).failed()).toBe(false);
    expect(await (await throttle.begin('self')).failed()).toBe(true);
    await expect(throttle.begin('self')).rejects.toMatchObject({ status: 429 });
  });

  it('while the shared counts are down: their 503, or with `local` the same limits counted in this process', async () => {
    const down = new Proxy(createMemoryCounters(), {
      get: () => async () => {
        throw new Error('Connection is closed.');
      },
    }) as Counters;
    const fallback = createMemoryCounters();
    const throttle = createLoginThrottle(
      guardCounters(down, () => undefined),
      async () => undefined,
      fallback,
    );
    await expect(throttle.begin('cut', '10.9.3.1')).rejects.toMatchObject({
      status: 503,
      key: 'common.redisUnavailable',
    });
    const attempt = await throttle.begin('cut', '10.9.3.1', { local: true });
    expect(attempt.degraded).toBe(true);
    await attempt.failed();
    for (let i = 0; i < 4; i += 1) await (await throttle.begin('cut', '10.9.3.1', { local: true })).failed();
    // The pair's lock holds on the local counts as it does on the shared ones.
    await expect(throttle.begin('cut', '10.9.3.1', { local: true })).rejects.toMatchObject({ status: 429 });
    expect((await fallback.peek('login-fail:pair:cut@10.9.3.1'))?.n).toBe(5);
    // A throttle without a fallback never counts locally.
    const strict = createLoginThrottle(
      guardCounters(down, () => undefined),
      async () => undefined,
    );
    await expect(strict.begin('cut', '10.9.3.2', { local: true })).rejects.toMatchObject({ status: 503 });
  });
});
