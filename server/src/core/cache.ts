/**
 * Short-lived shared state: captchas, pending imports. The embedded default keeps it in this
 * process, dropping the oldest entries when full; the scaled-out mode (REDIS_URL) puts the same
 * calls on Redis. Counts that limit requests live in core/counters, where nothing evicts them.
 */
export type Cache = {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Reads and deletes in one step: a captcha answer can be used once. */
  take(key: string): Promise<string | undefined>;
  del(key: string): Promise<void>;
  close(): Promise<void>;
};

type Entry = { value: string; expireAt: number };

export function createMemoryCache(options: { maxEntries?: number } = {}): Cache {
  const maxEntries = options.maxEntries ?? 100_000;
  const map = new Map<string, Entry>();
  const live = (key: string): Entry | undefined => {
    const entry = map.get(key);
    if (entry && entry.expireAt <= Date.now()) {
      map.delete(key);
      return undefined;
    }
    return entry;
  };
  const put = (key: string, value: string, ttlSeconds: number) => {
    // A flood of captcha requests must not grow memory without bound: drop the oldest entries.
    if (map.size >= maxEntries && !map.has(key)) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    map.set(key, { value, expireAt: Date.now() + ttlSeconds * 1000 });
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of map) if (entry.expireAt <= now) map.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async get(key) {
      return live(key)?.value;
    },
    async set(key, value, ttlSeconds) {
      put(key, value, ttlSeconds);
    },
    async take(key) {
      const entry = live(key);
      map.delete(key);
      return entry?.value;
    },
    async del(key) {
      map.delete(key);
    },
    async close() {
      clearInterval(sweep);
      map.clear();
    },
  };
}
