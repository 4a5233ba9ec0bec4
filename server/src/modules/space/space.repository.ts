import { spaceInfo, spaceType, type TreeRow } from '@backroom/contract';
import { asLoose, type Db } from '../../core/db/index.js';
import type { DeletedRows } from '../../core/recycle.js';

type Row = Record<string, unknown>;

/** Every category's place in the tree. */
export async function allTypeNodes(db: Db): Promise<TreeRow[]> {
  const rows = await asLoose(db).selectFrom(spaceType.table).select(['id', 'parentId']).execute();
  return rows.map((r) => ({ id: Number(r.id), parentId: r.parentId === null ? null : Number(r.parentId) }));
}

export async function typeExists(db: Db, id: number): Promise<boolean> {
  return (
    (await asLoose(db).selectFrom(spaceType.table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

/**
 * Deletes these categories (except `keep`, which the caller deletes and records itself) and every
 * file in any of them; returns what went, exactly as stored: the categories, then the files.
 */
export async function deleteTypesWithFiles(
  db: Db,
  ids: readonly number[],
  keep: readonly number[],
): Promise<DeletedRows[]> {
  if (ids.length === 0) return [];
  const kept = new Set(keep);
  const loose = asLoose(db);
  const types = (
    (await loose
      .selectFrom(spaceType.table)
      .selectAll()
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute()) as Row[]
  ).filter((r) => !kept.has(Number(r.id)));
  const files = (await loose
    .selectFrom(spaceInfo.table)
    .selectAll()
    .where('classifyId', 'in', [...ids])
    .orderBy('id')
    .execute()) as Row[];
  if (files.length > 0) {
    await loose
      .deleteFrom(spaceInfo.table)
      .where('classifyId', 'in', [...ids])
      .execute();
  }
  const others = types.map((r) => Number(r.id));
  if (others.length > 0) await loose.deleteFrom(spaceType.table).where('id', 'in', others).execute();
  return [
    { table: spaceType.table, rows: types },
    { table: spaceInfo.table, rows: files },
  ];
}
