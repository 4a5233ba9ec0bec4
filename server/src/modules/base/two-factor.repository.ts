import type { Db } from '../../core/db/index.js';

export async function readTwoFactor(db: Db, userId: number) {
  return db
    .selectFrom('base_sys_user')
    .select(['id', 'username', 'totpSecret', 'totpStep'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Turns two-factor sign-in on: the sealed secret, the step of the code that confirmed it, the recovery codes' digests. */
export async function enableTwoFactor(
  db: Db,
  userId: number,
  sealed: string,
  step: number,
  digests: readonly string[],
) {
  await db.updateTable('base_sys_user').set({ totpSecret: sealed, totpStep: step }).where('id', '=', userId).execute();
  await db.deleteFrom('base_sys_recovery_code').where('userId', '=', userId).execute();
  await db
    .insertInto('base_sys_recovery_code')
    .values(digests.map((code) => ({ userId, code })))
    .execute();
}

/** Turns two-factor sign-in off for these users: secret, step and recovery codes gone. */
export async function clearTwoFactor(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await db
    .updateTable('base_sys_user')
    .set({ totpSecret: null, totpStep: null })
    .where('id', 'in', [...userIds])
    .execute();
  await db
    .deleteFrom('base_sys_recovery_code')
    .where('userId', 'in', [...userIds])
    .execute();
}

/**
 * Records a time step as used, only if it is later than the last one: of two sign-ins racing with
 * the same code (on one instance or several), one wins.
 */
export async function claimStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('base_sys_user')
    .set({ totpStep: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totpStep', 'is', null), eb('totpStep', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Uses up a recovery code by its digest: true once, false for every later use. */
export async function claimRecoveryCode(db: Db, userId: number, digest: string): Promise<boolean> {
  const result = await db
    .deleteFrom('base_sys_recovery_code')
    .where('userId', '=', userId)
    .where('code', '=', digest)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countRecoveryCodes(db: Db, userId: number): Promise<number> {
  const rows = await db.selectFrom('base_sys_recovery_code').select('id').where('userId', '=', userId).execute();
  return rows.length;
}
