import type { Person, TokenPair } from '@backroom/contract';
import { create } from 'zustand';
import { KEYS, storage } from './storage';

/** A token counts as expired this long before it really does (docs/spec.md §4). */
export const EXPIRY_MARGIN_MS = 2000;

type SessionState = {
  token: string | undefined;
  /** The signed-in user as person answers (kept across reloads, read again when the shell starts). */
  userInfo: Person | undefined;
  setTokens(pair: TokenPair): void;
  setUserInfo(user: Person): void;
  clear(): void;
};

export const useSession = create<SessionState>((set) => ({
  token: storage.get<string>(KEYS.token),
  userInfo: storage.get<Person>(KEYS.userInfo),
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
    storage.remove(KEYS.token, KEYS.refreshToken, KEYS.userInfo, KEYS.menus, KEYS.menuPerms, KEYS.menuGroups);
    set({ token: undefined, userInfo: undefined });
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
