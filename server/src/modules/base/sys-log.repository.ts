import { type Db, deleteCreatedBefore } from '../../core/db/index.js';

export type LogInsert = {
  userId: number | null;
  action: string;
  ip: string | null;
  params: string | null;
  reqId: string | null;
  status: number | null;
  code: number | null;
  message: string | null;
  duration: number | null;
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

/** Deletes log rows older than `before`, in slices (the log grows to millions of rows). */
export function deleteLogsBefore(db: Db, before: string): Promise<number> {
  return deleteCreatedBefore(db, 'base_sys_log', before, { batch: 10_000 });
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
