import { type Db, type DbKind, formatTime, insertReturningId, toDbBool } from '../../core/db/index.js';

export async function listOwnAddresses(db: Db, userId: number) {
  return db
    .selectFrom('user_address')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('isDefault', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The addresses among `ids` that belong to the user. */
export async function ownAddressIds(db: Db, userId: number, ids: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('user_address')
    .select('id')
    .where('userId', '=', userId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.id);
}

export async function countAddresses(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_address')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export type AddressFields = {
  contact?: string;
  phone?: string;
  province?: string;
  city?: string;
  district?: string;
  address?: string;
};

export async function insertAddress(
  db: Db,
  kind: DbKind,
  userId: number,
  fields: AddressFields & { contact: string; phone: string; address: string },
): Promise<number> {
  const now = formatTime();
  return insertReturningId(db, kind, 'user_address', {
    province: '',
    city: '',
    district: '',
    ...fields,
    userId,
    isDefault: toDbBool(kind, false),
    createTime: now,
    updateTime: now,
  });
}

export async function updateAddress(db: Db, id: number, fields: AddressFields): Promise<void> {
  await db
    .updateTable('user_address')
    .set({ ...fields, updateTime: formatTime() })
    .where('id', '=', id)
    .execute();
}

export async function deleteAddresses(db: Db, ids: readonly number[]): Promise<void> {
  await db
    .deleteFrom('user_address')
    .where('id', 'in', [...ids])
    .execute();
}

export async function addressesOf(db: Db, userIds: readonly number[]) {
  return db
    .selectFrom('user_address')
    .selectAll()
    .where('userId', 'in', [...userIds])
    .execute();
}

/**
 * Holds the app user's row until the transaction ends (a write that changes nothing): whoever
 * changes one user's default addresses takes this first, so two such transactions take turns.
 */
export async function lockAppUser(trx: Db, userId: number): Promise<void> {
  await trx
    .updateTable('user_info')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', userId)
    .execute();
}

/**
 * Makes one address the user's default and every other not, inside the caller's transaction. The
 * user's row is held first (lockAppUser; callers that write the address before take it before
 * that too), so two transactions changing one user's default take turns, and the last wins alone.
 */
export async function makeDefault(trx: Db, kind: DbKind, userId: number, id: number): Promise<void> {
  await lockAppUser(trx, userId);
  await trx
    .updateTable('user_address')
    .set({ isDefault: toDbBool(kind, false) })
    .where('userId', '=', userId)
    .where('id', '!=', id)
    .execute();
  await trx
    .updateTable('user_address')
    .set({ isDefault: toDbBool(kind, true) })
    .where('id', '=', id)
    .execute();
}
