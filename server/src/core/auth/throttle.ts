import type { UserLock } from '@backroom/contract';
import type { Counters } from '../counters.js';
import { formatTime } from '../db/index.js';
import { AppError } from '../errors.js';
import { isUnavailable } from '../redis-guard.js';

/**
 * Sign-in throttling (docs/architecture.md, "Sign-in throttling"). Failed password checks are
 * counted per account, per account and address (the pair) and per address, over a window:
 * - the pair and the address are refused outright at their limits (the hard lock);
 * - the account is never refused, so guesses sprayed from many addresses cannot lock its owner
 *   out: past ESCALATE_AFTER failures every attempt on it needs a fresh captcha (even with
 *   CAPTCHA=off) and waits a growing delay before its password is checked.
 */
const ESCALATE_AFTER = 5;
const PAIR_LIMIT = 5;
const IP_LIMIT = 20;
const WINDOW_SECONDS = 15 * 60;
/** The escalated attempts' delays: 1 s, 2 s, 4 s, … up to 30 s. */
const DELAY_BASE_MS = 1000;
const DELAY_CAP_MS = 30_000;
/** The account slot's own limit: far above any real use, it only keeps the count bounded. */
const ACCOUNT_CEILING = 1_000_000;
/** The addresses noted per account, for the operator (and for unlock to clear their pairs). */
const NOTED = 'login-accounts';

/** One password check, counted as a failure from before it runs until it is settled otherwise. */
export type LoginAttempt = {
  /** The account is past its free attempts: this one needs a fresh captcha and waits `delayMs`. */
  readonly escalated: boolean;
  readonly delayMs: number;
  /**
   * The shared counts could not be reached (Redis down) and this attempt is counted in this process
   * only (`begin` with `local`): the limits hold per instance, and the caller says so (the sign-in
   * answers 503 whatever the password, except to tell a disabled account its refusal).
   */
  readonly degraded: boolean;
  /** Waits the escalation delay (nothing when not escalated). */
  pause(): Promise<void>;
  /**
   * The password was wrong: the attempt stays counted (noted for the operator when the account
   * exists). True when the account is now past its free attempts.
   */
  failed(known?: boolean): Promise<boolean>;
  /** The password was right: the account and the pair start over, the address gets its attempt back. */
  succeeded(): Promise<void>;
  /** No wrong password was found (a wrong captcha, a disabled user): the attempt is given back. */
  withdrawn(): Promise<void>;
};

/** An account the throttle holds back, as the operator sees it: the contract's answer of base/sys/user/locks. */
export type AccountLock = UserLock;

export type LoginThrottle = {
  /**
   * Takes an attempt for the account, and for the pair and the address when `ip` is given, before
   * its password is checked, in one atomic step, so parallel guesses cannot pass a limit together;
   * a 429 `auth.locked` when the pair or the address is at its limit. Without `ip` (a password
   * change in the profile) the account's count is a hard limit of its own. While the shared counts
   * are down it answers their 503, or, with `local`, counts in this process (`degraded`).
   */
  begin(username: string, ip?: string, options?: { local?: boolean }): Promise<LoginAttempt>;
  /**
   * Whether a sign-in to this account now needs a captcha for its escalation: what a login page
   * that hides the captcha (CAPTCHA=off) asks before it offers the field again.
   */
  escalated(username: string): Promise<boolean>;
  /** The accounts now escalated or locked from some address, with why. */
  locks(): Promise<AccountLock[]>;
  /** Clears the account's count, its pairs' and its notes. */
  unlock(username: string): Promise<void>;
  readonly windowMinutes: number;
};

export function createLoginThrottle(
  shared: Counters,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  /** Where attempts are counted while `shared` is down, for the callers that ask (`local`); none: never. */
  fallback?: Counters,
): LoginThrottle {
  const norm = (u: string) => u.toLowerCase();
  const accountKey = (u: string) => `login-fail:user:${norm(u)}`;
  const pairKey = (u: string, ip: string) => `login-fail:pair:${norm(u)}@${ip}`;
  const ipKey = (ip: string) => `login-fail:ip:${ip}`;
  const ipsOf = (u: string) => `login-ips:${norm(u)}`;
  const minutesLeft = (expireAt: number | undefined) =>
    Math.max(1, Math.ceil(((expireAt ?? Date.now() + WINDOW_SECONDS * 1000) - Date.now()) / 60_000));

  return {
    windowMinutes: WINDOW_SECONDS / 60,
    async begin(username, ip, options = {}) {
      const account = accountKey(username);
      const pair = ip === undefined ? undefined : pairKey(username, ip);
      const slots =
        ip === undefined || pair === undefined
          ? [{ key: account, limit: ESCALATE_AFTER }]
          : [
              { key: account, limit: ACCOUNT_CEILING },
              { key: pair, limit: PAIR_LIMIT },
              { key: ipKey(ip), limit: IP_LIMIT },
            ];
      let store = shared;
      let counts: number[] | undefined;
      try {
        counts = await shared.reserve(slots, WINDOW_SECONDS);
      } catch (error) {
        if (!fallback || !options.local || !isUnavailable(error)) throw error;
        store = fallback;
        counts = await fallback.reserve(slots, WINDOW_SECONDS);
      }
      const degraded = store !== shared;
      if (!counts) {
        // Say how long the refusal lasts: the longest of the windows at their limit.
        const held = await Promise.all(slots.map((slot) => store.peek(slot.key)));
        const ends = held
          .filter((count, i) => count !== undefined && count.n >= (slots[i]?.limit ?? 0))
          .map((count) => count?.expireAt ?? 0);
        throw new AppError(429, 'auth.locked', { minutes: minutesLeft(ends.length ? Math.max(...ends) : undefined) });
      }
      const accountCount = counts[0] ?? 0;
      const escalated = ip !== undefined && accountCount > ESCALATE_AFTER;
      const delayMs = escalated ? Math.min(DELAY_BASE_MS * 2 ** (accountCount - ESCALATE_AFTER - 1), DELAY_CAP_MS) : 0;
      const releaseIp = () => (ip === undefined ? Promise.resolve() : store.release(ipKey(ip)));
      return {
        escalated,
        delayMs,
        degraded,
        pause: () => (delayMs > 0 ? sleep(delayMs) : Promise.resolve()),
        async failed(known = true) {
          if (known && ip !== undefined) {
            // Which accounts are held and from where: what the operator sees, and what unlock clears.
            const now = Date.now();
            await Promise.all([
              store.note(NOTED, norm(username), JSON.stringify({ lastIp: ip, at: now }), WINDOW_SECONDS),
              store.note(ipsOf(username), ip, String(now), WINDOW_SECONDS),
            ]);
          }
          return accountCount >= ESCALATE_AFTER;
        },
        async succeeded() {
          await Promise.all([
            store.reset(account),
            pair === undefined ? Promise.resolve() : store.reset(pair),
            releaseIp(),
          ]);
        },
        async withdrawn() {
          await Promise.all([
            store.release(account),
            pair === undefined ? Promise.resolve() : store.release(pair),
            releaseIp(),
          ]);
        },
      };
    },

    async escalated(username) {
      return ((await shared.peek(accountKey(username)))?.n ?? 0) >= ESCALATE_AFTER;
    },

    async locks() {
      const accounts = await shared.notes(NOTED);
      const found = await Promise.all(
        accounts.map(async ({ member: username, value }): Promise<AccountLock | undefined> => {
          const [count, addresses] = await Promise.all([
            shared.peek(accountKey(username)),
            shared.notes(ipsOf(username)),
          ]);
          const pairs = await Promise.all(
            addresses.map(async ({ member: ip }) => ({ ip, count: await shared.peek(pairKey(username, ip)) })),
          );
          const lockedIps = pairs.filter((p) => (p.count?.n ?? 0) >= PAIR_LIMIT).map((p) => p.ip);
          const failures = count?.n ?? 0;
          const escalated = failures >= ESCALATE_AFTER;
          if (!escalated && lockedIps.length === 0) return undefined;
          const windows = [count, ...pairs.map((p) => p.count)].filter((c) => c !== undefined);
          const since = Math.min(...windows.map((c) => c.expireAt)) - WINDOW_SECONDS * 1000;
          const until = Math.max(...windows.map((c) => c.expireAt));
          let lastIp: string | null = null;
          try {
            lastIp = String((JSON.parse(value) as { lastIp?: unknown }).lastIp ?? '') || null;
          } catch {
            lastIp = null;
          }
          return {
            username,
            failures,
            lastIp,
            since: formatTime(new Date(since)),
            until: formatTime(new Date(until)),
            escalated,
            lockedIps,
          };
        }),
      );
      return found.filter((lock) => lock !== undefined);
    },

    async unlock(username) {
      const addresses = await shared.notes(ipsOf(username));
      await Promise.all([
        shared.reset(accountKey(username)),
        ...addresses.map(({ member: ip }) => shared.reset(pairKey(username, ip))),
        shared.unnote(ipsOf(username)),
        shared.unnote(NOTED, norm(username)),
      ]);
    },
  };
}
