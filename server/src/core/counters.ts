/**
 * Counts over a time window that nothing evicts: login throttles, per-IP request limits. A count is
 * taken before the work it limits, in one atomic step for all its keys, so a burst of parallel
 * requests cannot pass a limit together. The embedded default keeps the counts in this process
 * (bounded, dropping only expired counts); the scaled-out mode (REDIS_URL) keeps them on Redis.
 */
export type Counters = {
  /**
   * Adds one to every key, unless one of them is at its limit: then adds nothing. A key's window
   * starts with its first count. The new counts in the order of `slots`, or undefined if refused.
   */
  reserve(slots: readonly CounterSlot[], windowSeconds: number): Promise<number[] | undefined>;
  /** Gives one count back: the work it was taken for turned out not to count. */
  release(key: string): Promise<void>;
  /** Starts the key over. */
  reset(key: string): Promise<void>;
  /** A key's count and when its window ends (ms since the epoch), without counting; undefined when none runs. */
  peek(key: string): Promise<Count | undefined>;
  /**
   * Small records beside the counts, listed by group, each gone after its time: which accounts the
   * sign-in throttle holds and from which addresses, for the operator who unlocks them.
   */
  note(group: string, member: string, value: string, ttlSeconds: number): Promise<void>;
  notes(group: string): Promise<Note[]>;
  unnote(group: string, member?: string): Promise<void>;
  close(): Promise<void>;
};

export type CounterSlot = { key: string; limit: number };
export type Count = { n: number; expireAt: number };
export type Note = { member: string; value: string; expireAt: number };

/** Members one group keeps in this process; past it the oldest note goes (notes only explain, the counts decide). */
const NOTES_PER_GROUP = 10_000;

/** At ~200 bytes a count, the embedded store stays under ~40 MB. */
const MAX_COUNTS = 200_000;

/**
 * The embedded counters. When every place holds a live count, a new key is refused rather than an
 * old count dropped: a flood of new keys must not erase a lock.
 */
export function createMemoryCounters(options: { maxEntries?: number } = {}): Counters {
  const maxEntries = options.maxEntries ?? MAX_COUNTS;
  const counts = new Map<string, Count>();
  let sweptAt = 0;
  const sweep = (now: number) => {
    sweptAt = now;
    for (const [key, count] of counts) if (count.expireAt <= now) counts.delete(key);
  };
  const live = (key: string, now: number): Count | undefined => {
    const count = counts.get(key);
    if (count && count.expireAt <= now) {
      counts.delete(key);
      return undefined;
    }
    return count;
  };
  const groups = new Map<string, Map<string, Note>>();
  const liveNotes = (group: string, now: number): Map<string, Note> | undefined => {
    const notes = groups.get(group);
    if (!notes) return undefined;
    for (const [member, note] of notes) if (note.expireAt <= now) notes.delete(member);
    if (notes.size === 0) groups.delete(group);
    return notes.size === 0 ? undefined : notes;
  };
  const timer = setInterval(() => {
    const now = Date.now();
    sweep(now);
    for (const group of [...groups.keys()]) liveNotes(group, now);
  }, 60_000);
  timer.unref();
  return {
    // Synchronous inside: one call runs to its end before another starts, which makes it atomic.
    async reserve(slots, windowSeconds) {
      const now = Date.now();
      const current = slots.map((slot) => live(slot.key, now));
      if (slots.some((slot, i) => (current[i]?.n ?? 0) >= slot.limit)) return undefined;
      const added = current.filter((count) => count === undefined).length;
      if (counts.size + added > maxEntries) {
        // A full sweep at most once a second, so a flood cannot make every request pay for one.
        if (now - sweptAt >= 1000) sweep(now);
        if (counts.size + added > maxEntries) return undefined;
      }
      return slots.map((slot, i) => {
        const count = current[i];
        if (count) {
          count.n += 1;
          return count.n;
        }
        counts.set(slot.key, { n: 1, expireAt: now + windowSeconds * 1000 });
        return 1;
      });
    },
    async release(key) {
      const count = live(key, Date.now());
      if (!count) return;
      count.n -= 1;
      if (count.n <= 0) counts.delete(key);
    },
    async reset(key) {
      counts.delete(key);
    },
    async peek(key) {
      const count = live(key, Date.now());
      return count ? { ...count } : undefined;
    },
    async note(group, member, value, ttlSeconds) {
      let notes = groups.get(group);
      if (!notes) {
        // Groups are few (the noted accounts' address lists are groups too): bound them like the counts.
        if (groups.size >= maxEntries) return;
        notes = new Map();
        groups.set(group, notes);
      }
      notes.delete(member);
      if (notes.size >= NOTES_PER_GROUP) {
        const oldest = notes.keys().next().value;
        if (oldest !== undefined) notes.delete(oldest);
      }
      notes.set(member, { member, value, expireAt: Date.now() + ttlSeconds * 1000 });
    },
    async notes(group) {
      return [...(liveNotes(group, Date.now())?.values() ?? [])].map((note) => ({ ...note }));
    },
    async unnote(group, member) {
      if (member === undefined) groups.delete(group);
      else groups.get(group)?.delete(member);
    },
    async close() {
      clearInterval(timer);
      counts.clear();
      groups.clear();
    },
  };
}
