import type { Person, TokenPair } from '@backroom/contract';
import { create } from 'zustand';
import { KEYS, storage } from './storage';

/** A token counts as expired this long before it really does (docs/spec.md §4). */
export const EXPIRY_MARGIN_MS = 2000;

type SessionState = {
  token: string | undefined;
  /** The signed-in user as person answers (kept across reloads, read again when the shell starts). */
  userInfo: Person | undefined;
  /** A sign-in: whatever the last user left is forgotten (clear), then the new pair is kept. */
  begin(pair: TokenPair): void;
  setTokens(pair: TokenPair): void;
  setUserInfo(user: Person): void;
  /** Signs out locally: the tokens, the user and everything kept per user (onSessionEnd) forgotten. */
  clear(): void;
};

/** What each store forgets of a user when the session ends (see onSessionEnd). */
const sessionEndResets = new Set<() => void>();

/**
 * Registers what a store keeps per user (open tabs, menus, permissions, the query cache, scroll
 * positions…) to forget when the session ends: a sign-out, a session the server ended (401), or
 * a sign-in over what another user left. The next user starts from nothing of the last one's.
 * Answers the unregistering.
 */
export function onSessionEnd(reset: () => void): () => void {
  sessionEndResets.add(reset);
  return () => sessionEndResets.delete(reset);
}

/** Who signed out last in this page (a sign-out, or a session the server ended); see wayBackFor. */
let lastUsername: string | undefined;

/**
 * Whether a sign-in as `username` may follow the way back a sign-out left (the page the last user
 * was on): only the same person comes back to it; someone else starts at home. Unknown (a sign-in
 * without a typed name) counts as someone else once another user was signed in here.
 */
export function mayReturnTo(username: string | undefined): boolean {
  return lastUsername === undefined || (username !== undefined && username === lastUsername);
}

/** The keys kept in the browser for one user only; locale, theme and settings belong to the device. */
const PER_USER_KEYS = [KEYS.token, KEYS.refreshToken, KEYS.userInfo, KEYS.menus, KEYS.menuPerms, KEYS.menuGroups];

export const useSession = create<SessionState>((set, get) => ({
  token: storage.get<string>(KEYS.token),
  userInfo: storage.get<Person>(KEYS.userInfo),
  begin(pair) {
    get().clear();
    get().setTokens(pair);
  },
  setTokens(pair) {
    const now = Date.now();
    storage.set(KEYS.token, pair.token, now + pair.expire * 1000);
    storage.set(KEYS.refreshToken, pair.refreshToken, now + pair.refreshExpire * 1000);
    set({ token: pair.token });
  },
  setUserInfo(user) {
    storage.set(KEYS.userInfo, user);
    set({ userInfo: user });
  },
  clear() {
    const ending = get().userInfo?.username;
    if (ending) lastUsername = ending;
    storage.remove(...PER_USER_KEYS);
    set({ token: undefined, userInfo: undefined });
    for (const reset of sessionEndResets) {
      try {
        reset();
      } catch {
        // One store failing to forget must not keep the others from it.
      }
    }
  },
}));

function expired(key: string): boolean {
  const expireAt = storage.expireAt(key);
  return expireAt === undefined || Date.now() >= expireAt - EXPIRY_MARGIN_MS;
}

export const tokenExpired = () => expired(KEYS.token);
export const refreshExpired = () => expired(KEYS.refreshToken);
export const currentToken = () => storage.get<string>(KEYS.token);
export const currentRefreshToken = () => storage.get<string>(KEYS.refreshToken);
