import type { Counters } from '../counters.js';
import { AppError } from '../errors.js';

/** Failed password checks allowed per account and per IP within the window before they are refused. */
const ACCOUNT_LIMIT = 5;
const IP_LIMIT = 20;
const WINDOW_SECONDS = 15 * 60;

/** One password check, counted as a failure from before it runs until it is settled otherwise. */
export type LoginAttempt = {
  /** The password was wrong: the attempt stays counted. True when the account is now at its limit. */
  failed(): Promise<boolean>;
  /** The password was right: the account starts over and the IP gets its attempt back. */
  succeeded(): Promise<void>;
  /** No wrong password was found (a wrong captcha, a disabled user): the attempt is given back. */
  withdrawn(): Promise<void>;
};

export type LoginThrottle = {
  /**
   * Takes an attempt for the account (and the IP, when given) before its password is checked, so
   * parallel guesses cannot pass the limit together; a 429 `auth.locked` when either is at its limit.
   */
  begin(username: string, ip?: string): Promise<LoginAttempt>;
  readonly windowMinutes: number;
};

export function createLoginThrottle(counters: Counters): LoginThrottle {
  const accountKey = (u: string) => `login-fail:user:${u.toLowerCase()}`;
  const ipKey = (ip: string) => `login-fail:ip:${ip}`;
  return {
    windowMinutes: WINDOW_SECONDS / 60,
    async begin(username, ip) {
      const account = accountKey(username);
      const slots = [{ key: account, limit: ACCOUNT_LIMIT }];
      if (ip !== undefined) slots.push({ key: ipKey(ip), limit: IP_LIMIT });
      const counts = await counters.reserve(slots, WINDOW_SECONDS);
      if (!counts) throw new AppError(429, 'auth.locked', { minutes: WINDOW_SECONDS / 60 });
      const releaseIp = () => (ip === undefined ? Promise.resolve() : counters.release(ipKey(ip)));
      return {
        async failed() {
          return (counts[0] ?? 0) >= ACCOUNT_LIMIT;
        },
        async succeeded() {
          await Promise.all([counters.reset(account), releaseIp()]);
        },
        async withdrawn() {
          await Promise.all([counters.release(account), releaseIp()]);
        },
      };
    },
  };
}
