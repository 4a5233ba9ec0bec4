/**
 * Work under way, by key: a caller asking for a key while its work runs gets that work's promise
 * instead of starting its own, and the key is free again once the work settles (either way). What
 * requests arriving together share: the auth gate's principal reads (core/auth/gate.ts) and the
 * CRUD factory's page totals (core/crud/totals.ts).
 */
export class InFlight<K, V> {
  private readonly runs = new Map<K, Promise<V>>();

  /** The promise of the work under way for `key`, or of `work()` started now. */
  run(key: K, work: () => Promise<V>): Promise<V> {
    const under = this.runs.get(key);
    if (under) return under;
    const started = work();
    this.runs.set(key, started);
    const forget = () => {
      if (this.runs.get(key) === started) this.runs.delete(key);
    };
    started.then(forget, forget);
    return started;
  }

  /** Later callers start their own work; what is under way goes on for those who wait on it. */
  clear(): void {
    this.runs.clear();
  }
}
