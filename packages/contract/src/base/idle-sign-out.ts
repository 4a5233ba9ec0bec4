import type { UserLevel } from './sys-user.js';

/*
 * A shared counter PC (issue 37): after so many minutes without input the browser signs out, and
 * the server refuses that session's refresh, so a refresh token of 15 days cannot carry a PC left
 * signed in to the next person. One parameter (base/sys/param `idleSignOutMinutes`, seeded where
 * missing) holds the minutes, 0 meaning never:
 *
 *   {"default": 0, "store": 30, "roles": {"hr": 15}}
 *
 * - `roles`: per role, by the role's label; a user with several named roles gets the shortest of
 *   their figures above 0 (0 for each: never);
 * - else `store`: the store staff's sessions (user level clerk or store manager, the people at a
 *   counter; never a superuser's, whose level is only the default one);
 * - else `default`: everyone else's.
 *
 * A bare number is every session's figure. A figure that is not a whole number from 0 to
 * IDLE_MINUTES_MAX keeps the default's, so a typo never signs everyone out at once.
 */

export const IDLE_SIGN_OUT_PARAM = 'idleSignOutMinutes';

export type IdleSignOut = {
  readonly default: number;
  readonly store: number;
  readonly roles: Readonly<Record<string, number>>;
};

export const DEFAULT_IDLE_SIGN_OUT: IdleSignOut = { default: 0, store: 30, roles: {} };

/** A week: the longest idle time a figure may name. */
export const IDLE_MINUTES_MAX = 7 * 24 * 60;

/** The user levels whose sessions are the store staff's (`store`). */
export const STORE_LEVELS: readonly UserLevel[] = ['clerk', 'storeManger'];

const figure = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= IDLE_MINUTES_MAX ? value : null;

/** The setting a parameter's text holds (see above); what cannot be read is the default's. */
export function readIdleSignOut(text: string | null | undefined): IdleSignOut {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '');
  } catch {
    return DEFAULT_IDLE_SIGN_OUT;
  }
  const all = figure(parsed);
  if (all !== null) return { default: all, store: all, roles: {} };
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return DEFAULT_IDLE_SIGN_OUT;
  const given = parsed as Record<string, unknown>;
  const roles: Record<string, number> = {};
  if (given.roles && typeof given.roles === 'object' && !Array.isArray(given.roles)) {
    for (const [role, value] of Object.entries(given.roles as Record<string, unknown>)) {
      const minutes = figure(value);
      if (minutes !== null) roles[role] = minutes;
    }
  }
  return {
    default: figure(given.default) ?? DEFAULT_IDLE_SIGN_OUT.default,
    store: figure(given.store) ?? DEFAULT_IDLE_SIGN_OUT.store,
    roles,
  };
}

/** The minutes without input after which this user's session ends; 0 for never. */
export function idleMinutesOf(
  setting: IdleSignOut,
  user: { readonly userLevel: UserLevel; readonly roleLabels: readonly string[]; readonly isSuper?: boolean },
): number {
  const named = user.roleLabels
    .filter((role) => Object.hasOwn(setting.roles, role))
    .map((role) => setting.roles[role] ?? 0);
  if (named.length > 0) {
    const set = named.filter((minutes) => minutes > 0);
    return set.length > 0 ? Math.min(...set) : 0;
  }
  return !user.isSuper && STORE_LEVELS.includes(user.userLevel) ? setting.store : setting.default;
}
