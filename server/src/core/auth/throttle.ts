import type { Cache } from '../cache.js';

/** Failed logins allowed per account and per IP within the window before logins are refused. */
const ACCOUNT_LIMIT = 5;
const IP_LIMIT = 20;
const WINDOW_SECONDS = 15 * 60;

export type LoginThrottle = {
  /** Minutes still locked, or 0 when a login may be tried. */
  lockedFor(username: string, ip: string): Promise<number>;
  recordFailure(username: string, ip: string): Promise<void>;
  recordSuccess(username: string): Promise<void>;
  readonly windowMinutes: number;
};

export function createLoginThrottle(cache: Cache): LoginThrottle {
  const accountKey = (u: string) => `login-fail:user:${u.toLowerCase()}`;
  const ipKey = (ip: string) => `login-fail:ip:${ip}`;
  return {
    windowMinutes: WINDOW_SECONDS / 60,
    async lockedFor(username, ip) {
      const [account, byIp] = await Promise.all([cache.get(accountKey(username)), cache.get(ipKey(ip))]);
      return Number(account ?? 0) >= ACCOUNT_LIMIT || Number(byIp ?? 0) >= IP_LIMIT ? WINDOW_SECONDS / 60 : 0;
    },
    async recordFailure(username, ip) {
      await Promise.all([cache.incr(accountKey(username), WINDOW_SECONDS), cache.incr(ipKey(ip), WINDOW_SECONDS)]);
    },
    async recordSuccess(username) {
      await cache.del(accountKey(username));
    },
  };
}
