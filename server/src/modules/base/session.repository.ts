import type { SessionStore } from '../../core/auth/gate.js';
import type { Bus } from '../../core/bus.js';
import type { Db } from '../../core/db/index.js';
import { isUniqueViolation } from '../../core/db/unique.js';

/** Used-up refresh tokens share the table with revoked sessions, under their own prefix. */
const REFRESH_PREFIX = 'refresh:';

/**
 * Logged-out sessions and used-up refresh tokens. Kept in the database so a restart does not bring
 * them back, and in memory so the check on every request costs a set lookup.
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
  return {
    async isRevoked(sid) {
      const expireAt = revoked.get(sid);
      return expireAt !== undefined && expireAt > now();
    },
    async revoke(sid, expireAt) {
      revoked.set(sid, expireAt);
      await bus.publish({ type: 'revoke', sid, expireAt, from: instanceId }).catch(() => undefined);
      const exists = await db.selectFrom('base_sys_revoked').select('sid').where('sid', '=', sid).executeTakeFirst();
      // A second logout of the same session has nothing to add; a race between two is harmless.
      if (!exists)
        await db
          .insertInto('base_sys_revoked')
          .values({ sid, expireAt })
          .execute()
          .catch(() => undefined);
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
