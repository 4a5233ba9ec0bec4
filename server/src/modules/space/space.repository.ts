import { spaceInfo, spaceType, type TreeRow } from '@backroom/contract';
import type { Db } from '../../core/db/index.js';
import type { DeletedRows } from '../../core/recycle.js';

/** Every category's place in the tree. */
export async function allTypeNodes(db: Db): Promise<TreeRow[]> {
  return db.selectFrom('space_type').select(['id', 'parentId']).execute();
}

export async function typeExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('space_type').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
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
  const types = (
    await db
      .selectFrom('space_type')
      .selectAll()
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute()
  ).filter((r) => !kept.has(r.id));
  const files = await db
    .selectFrom('space_info')
    .selectAll()
    .where('classifyId', 'in', [...ids])
    .orderBy('id')
    .execute();
  if (files.length > 0) {
    await db
      .deleteFrom('space_info')
      .where('classifyId', 'in', [...ids])
      .execute();
  }
  const others = types.map((r) => r.id);
  if (others.length > 0) await db.deleteFrom('space_type').where('id', 'in', others).execute();
  return [
    { table: spaceType.table, rows: types },
    { table: spaceInfo.table, rows: files },
  ];
}

/** Which of these URLs are files of the file space (other modules keep such URLs: an activity's prize photos). */
export async function knownFileUrls(db: Db, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .selectFrom('space_info')
    .select('url')
    .where('url', 'in', [...new Set(urls)])
    .execute();
  return new Set(rows.map((r) => r.url));
}
