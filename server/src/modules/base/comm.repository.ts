import type { Db } from '../../core/db/index.js';

export async function updatePerson(db: Db, userId: number, changes: Record<string, unknown>) {
  await db.updateTable('base_sys_user').set(changes).where('id', '=', userId).execute();
}
