import type { SessionStore } from '../../core/auth/gate.js';
import type { Bus } from '../../core/bus.js';
import type { Db } from '../../core/db/index.js';
import { isUniqueViolation } from '../../core/db/unique.js';

/** Used-up refresh tokens share the table with revoked sessions, under their own prefix. */
const REFRESH_PREFIX = 'refresh:';

/**
 * Logged-out sessions and used-up refresh tokens. Kept in the database so a restart does not bring
 * them back, and in memory so the check on every request costs a set lookup. A logout is in the
 * table before it is announced on the bus, and the bus writes its announcement to the database too
 * (core/durable-bus.ts), so an instance that missed the message reads it there within seconds.
 */
export async function createSessionStore(
  db: Db,
  bus: Bus,
  instanceId: string,
): Promise<SessionStore & { prune(): Promise<void> }> {
  const now = () => Math.floor(Date.now() / 1000);
  const rows = await db
    .selectFrom('base_sys_revoked')
    .select(['sid', 'expireAt'])
    .where('expireAt', '>', now())
    .execute();
  const revoked = new Map(rows.map((r) => [r.sid, Number(r.expireAt)]));
  // A logout on another instance reaches this one at once (scaled-out mode).
  bus.subscribe((event) => {
    if (event.type === 'revoke' && event.from !== instanceId) revoked.set(event.sid, event.expireAt);
  });
  /** Revocations under way, by sid: a logout that also ends its session row revokes once, not twice. */
  const revoking = new Map<string, { expireAt: number; work: Promise<void> }>();
  async function store(sid: string, expireAt: number) {
    const exists = await db.selectFrom('base_sys_revoked').select('sid').where('sid', '=', sid).executeTakeFirst();
    // A second logout of the same session has nothing to add; a race between two is harmless.
    if (!exists) {
      await db
        .insertInto('base_sys_revoked')
        .values({ sid, expireAt })
        .execute()
        .catch((error: unknown) => {
          if (!isUniqueViolation(error)) throw error;
        });
    }
    await bus.publish({ type: 'revoke', sid, expireAt, from: instanceId });
  }
  return {
    async isRevoked(sid) {
      const expireAt = revoked.get(sid);
      return expireAt !== undefined && expireAt > now();
    },
    async revoke(sid, expireAt) {
      revoked.set(sid, Math.max(expireAt, revoked.get(sid) ?? 0));
      const under = revoking.get(sid);
      if (under && under.expireAt >= expireAt) return under.work;
      const work = store(sid, expireAt).finally(() => {
        if (revoking.get(sid)?.work === work) revoking.delete(sid);
      });
      revoking.set(sid, { expireAt, work });
      return work;
    },
    async consume(refreshId, expireAt) {
      const key = `${REFRESH_PREFIX}${refreshId}`;
      if (revoked.has(key)) return false;
      try {
        // The primary key decides between racing uses, on this instance or any other.
        await db.insertInto('base_sys_revoked').values({ sid: key, expireAt }).execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        revoked.set(key, expireAt);
        return false;
      }
      revoked.set(key, expireAt);
      return true;
    },
    async prune() {
      const t = now();
      for (const [sid, expireAt] of revoked) if (expireAt <= t) revoked.delete(sid);
      await db.deleteFrom('base_sys_revoked').where('expireAt', '<=', t).execute();
    },
  };
}
