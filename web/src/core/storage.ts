/** Everything Backroom keeps in the browser, under one prefix (docs/spec.md §3 "stored locally"). */
const PREFIX = 'backroom.';

export const KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  userInfo: 'userInfo',
  locale: 'locale',
  settings: 'settings',
  theme: 'theme',
  menuGroups: 'menuGroups',
  menuPerms: 'menuPerms',
  menus: 'menus',
} as const;

type Stored<T> = { value: T; expireAt?: number };

export const storage = {
  get<T>(key: string): T | undefined {
    try {
      const raw = localStorage.getItem(PREFIX + key);
      if (raw === null) return undefined;
      return (JSON.parse(raw) as Stored<T>).value;
    } catch {
      return undefined;
    }
  },
  /** When it expires, in ms since the epoch; undefined when it never does or is absent. */
  expireAt(key: string): number | undefined {
    try {
      const raw = localStorage.getItem(PREFIX + key);
      return raw === null ? undefined : (JSON.parse(raw) as Stored<unknown>).expireAt;
    } catch {
      return undefined;
    }
  },
  set<T>(key: string, value: T, expireAt?: number) {
    const entry: Stored<T> = expireAt === undefined ? { value } : { value, expireAt };
    localStorage.setItem(PREFIX + key, JSON.stringify(entry));
  },
  remove(...keys: string[]) {
    for (const key of keys) localStorage.removeItem(PREFIX + key);
  },
};
