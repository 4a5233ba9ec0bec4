import type { Cache } from './cache.js';
import type { Counters } from './counters.js';
import { AppError, unavailable } from './errors.js';

/** Whether an error is a part's being down (the 503 a guarded store throws). */
export const isUnavailable = (error: unknown): boolean => error instanceof AppError && error.status === 503;

/**
 * Every method of `target` with a failure of Redis (down, not answering within the command
 * timeout, refusing) turned into a 503 `common.redisUnavailable`, told to `onFailure`; what the
 * store itself refuses (an AppError) passes as it is.
 */
function guarded<T extends object>(target: T, onFailure: (error: unknown) => void): T {
  const out = {} as Record<string, unknown>;
  for (const [name, value] of Object.entries(target)) {
    if (typeof value !== 'function') {
      out[name] = value;
      continue;
    }
    out[name] = async (...args: unknown[]) => {
      try {
        return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      } catch (error) {
        if (error instanceof AppError) throw error;
        onFailure(error);
        throw unavailable();
      }
    };
  }
  return out as T;
}

/** The shared cache on Redis, answering 503 while Redis is down (captchas, second-step challenges, imports). */
export const guardCache = (cache: Cache, onFailure: (error: unknown) => void): Cache => guarded(cache, onFailure);

/** The shared counters on Redis, answering 503 while Redis is down (throttles, per-address limits). */
export const guardCounters = (counters: Counters, onFailure: (error: unknown) => void): Counters =>
  guarded(counters, onFailure);
