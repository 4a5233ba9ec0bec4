import type { Db } from '../../core/db/index.js';

export type LogInsert = {
  userId: number | null;
  action: string;
  ip: string | null;
  params: string | null;
  createTime: string;
  updateTime: string;
};

export async function insertLogs(db: Db, rows: readonly LogInsert[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('base_sys_log')
    .values([...rows])
    .execute();
}

export async function clearLogs(db: Db) {
  await db.deleteFrom('base_sys_log').execute();
}

/** Deletes rows older than `before` a slice at a time, so a big purge never holds the table for long. */
export async function deleteLogsBefore(db: Db, before: string, batch = 10_000): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await db
      .selectFrom('base_sys_log')
      .select('id')
      .where('createTime', '<', before)
      .limit(batch)
      .execute();
    if (ids.length === 0) return total;
    await db
      .deleteFrom('base_sys_log')
      .where(
        'id',
        'in',
        ids.map((r) => r.id),
      )
      .execute();
    total += ids.length;
  }
}

export async function readConf(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('base_sys_conf').select('cValue').where('cKey', '=', key).executeTakeFirst();
  return row?.cValue;
}

export async function writeConf(db: Db, key: string, value: string, now: string) {
  const exists = await db.selectFrom('base_sys_conf').select('id').where('cKey', '=', key).executeTakeFirst();
  if (exists)
    await db.updateTable('base_sys_conf').set({ cValue: value, updateTime: now }).where('id', '=', exists.id).execute();
  else
    await db
      .insertInto('base_sys_conf')
      .values({ cKey: key, cValue: value, createTime: now, updateTime: now })
      .execute();
}
