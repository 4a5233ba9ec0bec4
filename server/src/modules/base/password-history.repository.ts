import { PASSWORD_HISTORY_MAX, POLICY_PARAM_KEYS } from '@backroom/contract';
import type { Db } from '../../core/db/index.js';
import { formatTime } from '../../core/db/index.js';

/** The policy's parameter texts, by key. */
export async function readPolicyParams(db: Db): Promise<Record<string, string | null>> {
  const rows = await db
    .selectFrom('base_sys_param')
    .select(['keyName', 'data'])
    .where('keyName', 'in', Object.values(POLICY_PARAM_KEYS))
    .execute();
  return Object.fromEntries(rows.map((r) => [r.keyName, r.data]));
}

/** The user's current hash and the recent ones, newest first. */
export async function recentPasswordHashes(db: Db, userId: number, count: number): Promise<string[]> {
  if (count <= 0) return [];
  const [user, history] = await Promise.all([
    db.selectFrom('base_sys_user').select('password').where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('base_sys_password_history')
      .select('password')
      .where('userId', '=', userId)
      .orderBy('id', 'desc')
      .limit(count)
      .execute(),
  ]);
  const hashes = [...(user ? [user.password] : []), ...history.map((h) => h.password)];
  return [...new Set(hashes)].slice(0, count);
}

/** Records a password just set (its stored hash); keeps the newest PASSWORD_HISTORY_MAX per user. */
export async function recordPasswordHash(db: Db, userId: number, hash: string): Promise<void> {
  const now = formatTime();
  await db
    .insertInto('base_sys_password_history')
    .values({ userId, password: hash, createTime: now, updateTime: now })
    .execute();
  const kept = await db
    .selectFrom('base_sys_password_history')
    .select('id')
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(PASSWORD_HISTORY_MAX)
    .execute();
  const oldest = kept.at(-1);
  if (kept.length === PASSWORD_HISTORY_MAX && oldest) {
    await db.deleteFrom('base_sys_password_history').where('userId', '=', userId).where('id', '<', oldest.id).execute();
  }
}

/** A deleted user's history goes with the user. */
export async function deletePasswordHistory(db: Db, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('base_sys_password_history')
    .where('userId', 'in', [...userIds])
    .execute();
}
