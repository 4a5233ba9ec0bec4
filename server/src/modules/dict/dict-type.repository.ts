import type { Db } from '../../core/db/index.js';

export async function typeExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('dict_type').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Every type, oldest first (the open types call). */
export async function allTypes(db: Db) {
  return db.selectFrom('dict_type').selectAll().orderBy('id').execute();
}

/** Types by key, or every type when no keys are given. */
export async function typesByKeys(db: Db, keys: readonly string[] | undefined) {
  let query = db.selectFrom('dict_type').select(['id', 'key']).orderBy('id');
  if (keys !== undefined) {
    if (keys.length === 0) return [];
    query = query.where('key', 'in', [...keys]);
  }
  return query.execute();
}
