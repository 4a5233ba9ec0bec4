import { CODE } from '@backroom/contract';
import type { MessageKey, MessageParam } from './i18n.js';

/**
 * The one error type handlers throw. `key` names a message of core/i18n in every language;
 * the error handler turns it into the envelope with the matching HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502 | 503,
    readonly key: MessageKey,
    readonly params: Record<string, MessageParam> = {},
    /** Sent as the failure envelope's `data` (a second-factor challenge); most refusals carry none. */
    readonly data?: unknown,
  ) {
    super(key);
  }

  /**
   * 1002 for input that breaks a rule of its shape, 1003 for our own failures (500) and a part we
   * depend on being out of reach (503), 1001 for everything else.
   */
  get code(): number {
    if (this.status === 500 || this.status === 503) return CODE.internal;
    if (this.status === 400 && (this.key.startsWith('validation.') || this.key.startsWith('common.bad'))) {
      return CODE.validation;
    }
    return CODE.general;
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, MessageParam>) => new AppError(400, key, params);
export const unauthorized = (key: MessageKey = 'auth.required') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'auth.forbidden', params?: Record<string, MessageParam>) =>
  new AppError(403, key, params);
/**
 * A rule refuses this change to these rows (outside the data scope, superuser only, a grant the
 * operator does not hold). Not a 403: clients send every 403 to their "not authorized" page
 * (docs/spec.md §8), and this is a message the user can act on without leaving the screen.
 */
export const refused = (key: MessageKey, params?: Record<string, MessageParam>) => new AppError(400, key, params);
export const notFound = (key: MessageKey = 'common.notFound') => new AppError(404, key);
/**
 * A part the call needs is down for now (Redis): 503, "try again", never a 500. What does not need
 * the part goes on answering.
 */
export const unavailable = (key: MessageKey = 'common.redisUnavailable') => new AppError(503, key);
export const conflict = (key: MessageKey, params?: Record<string, MessageParam>) => new AppError(409, key, params);
