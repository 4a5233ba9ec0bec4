import { RECYCLE_KEEP_PARAM } from '@backroom/contract';
import { asLoose, type Db, deleteCreatedBefore } from '../../core/db/index.js';

type Row = Record<string, unknown>;

export const RECYCLE_TABLE = 'recycle_data';

export type RecordInsert = {
  entityInfo: string;
  userId: number | null;
  data: string;
  related: string;
  url: string;
  params: string | null;
  count: number;
  createTime: string;
  updateTime: string;
};

export async function insertRecord(db: Db, record: RecordInsert) {
  await asLoose(db).insertInto(RECYCLE_TABLE).values(record).execute();
}

/** Records by id, as stored (JSON still text). */
export async function recordsByIds(db: Db, ids: readonly number[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  return (await asLoose(db)
    .selectFrom(RECYCLE_TABLE)
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute()) as Row[];
}

export async function markRestored(db: Db, ids: readonly number[], now: string) {
  await asLoose(db)
    .updateTable(RECYCLE_TABLE)
    .set({ restoreTime: now, updateTime: now })
    .where('id', 'in', [...ids])
    .execute();
}

/** Which of these ids a table already holds. */
export async function existingIds(db: Db, table: string, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await asLoose(db)
      .selectFrom(table)
      .select('id')
      .where('id', 'in', unique.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(Number(row.id));
  }
  return found;
}

/** The first stored value of a column among these values, if any is taken. */
export async function takenValue(db: Db, table: string, column: string, values: readonly unknown[]) {
  const unique = [...new Set(values)];
  for (let i = 0; i < unique.length; i += 500) {
    const row = await asLoose(db)
      .selectFrom(table)
      .select(column)
      .where(column, 'in', unique.slice(i, i + 500))
      .executeTakeFirst();
    if (row) return (row as Row)[column];
  }
  return undefined;
}

/** Puts rows back exactly as they were stored, ids included, a slice at a time. */
export async function insertRows(db: Db, table: string, rows: readonly Row[]) {
  for (let i = 0; i < rows.length; i += 50) {
    await asLoose(db)
      .insertInto(table)
      .values(rows.slice(i, i + 50) as Row[])
      .execute();
  }
}

/** Deletes records older than `before` a slice at a time; returns how many went. */
export function deleteRecordsBefore(db: Db, before: string, signal?: AbortSignal): Promise<number> {
  return deleteCreatedBefore(db, 'recycle_data', before, { signal });
}

/** The `recycleKeep` parameter's text, when an operator has set one. */
export async function readKeepParam(db: Db): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('base_sys_param')
    .select('data')
    .where('keyName', '=', RECYCLE_KEEP_PARAM)
    .executeTakeFirst();
  return row?.data;
}

/** Deletes rows by id (an undone import's added rows). */
export async function deleteRows(db: Db, table: string, ids: readonly number[]) {
  if (ids.length === 0) return;
  await asLoose(db)
    .deleteFrom(table)
    .where('id', 'in', [...ids])
    .execute();
}

/** Writes a row's stored values back over it (an undone import's changed rows). */
export async function updateRow(db: Db, table: string, id: number, values: Row) {
  await asLoose(db).updateTable(table).set(values).where('id', '=', id).execute();
}
