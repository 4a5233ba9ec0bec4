import { brokenRules } from '@backroom/contract';
import { hashPassword } from '../../core/auth/password.js';
import { type Db, type DbKind, formatTime, toDbBool } from '../../core/db/index.js';
import { recordPasswordHash } from './password-history.repository.js';
import { readPasswordPolicy } from './password-policy.js';

/**
 * The first sign-in of a user brought in by move-in (docs/move-in.md): the legacy MD5 just matched,
 * so it gives way to this install's scrypt hash, and a password the policy does not allow asks for
 * a new one (the forced change). The update holds only while the legacy hash is still there, so it
 * is accepted once: false when another sign-in replaced it first.
 */
export async function replaceLegacyHash(
  db: Db,
  kind: DbKind,
  user: { id: number; username: string; password: string },
  password: string,
): Promise<boolean> {
  const policy = await readPasswordPolicy(db);
  const breaksPolicy = brokenRules(password, policy, user.username).length > 0;
  const hash = await hashPassword(password);
  const done = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('base_sys_user')
      .set({
        password: hash,
        updateTime: formatTime(),
        ...(breaksPolicy ? { passwordChangeRequired: toDbBool(kind, true) } : {}),
      })
      .where('id', '=', user.id)
      .where('password', '=', user.password)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await recordPasswordHash(trx, user.id, hash);
    return true;
  });
  return done;
}
