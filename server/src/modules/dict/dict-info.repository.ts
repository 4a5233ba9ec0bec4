import type { Db } from '../../core/db/index.js';

type Row = Record<string, unknown>;

/** The tree shape (id, parent, type) of every item of these types. */
export async function itemNodes(db: Db, typeIds: readonly number[]) {
  if (typeIds.length === 0) return [];
  return db
    .selectFrom('dict_info')
    .select(['id', 'parentId', 'typeId'])
    .where('typeId', 'in', [...new Set(typeIds)])
    .execute();
}

export async function itemNode(db: Db, id: number) {
  return db.selectFrom('dict_info').select(['id', 'parentId', 'typeId']).where('id', '=', id).executeTakeFirst();
}

export async function hasChildren(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('dict_info').select('id').where('parentId', '=', id).executeTakeFirst()) !== undefined;
}

/** Items exactly as stored, for the recycle bin. */
export async function itemsByIds(db: Db, ids: readonly number[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('dict_info')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

/** Every item of these types exactly as stored, for the recycle bin. */
export async function itemsOfTypes(db: Db, typeIds: readonly number[]): Promise<Row[]> {
  if (typeIds.length === 0) return [];
  return db
    .selectFrom('dict_info')
    .selectAll()
    .where('typeId', 'in', [...typeIds])
    .orderBy('id')
    .execute();
}

export async function deleteItems(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .deleteFrom('dict_info')
    .where('id', 'in', [...ids])
    .execute();
}

export async function deleteItemsOfTypes(db: Db, typeIds: readonly number[]) {
  if (typeIds.length === 0) return;
  await db
    .deleteFrom('dict_info')
    .where('typeId', 'in', [...typeIds])
    .execute();
}

/** What the data map carries of the items of these types, by orderNum (then age). */
export async function dataItems(db: Db, typeIds: readonly number[]) {
  if (typeIds.length === 0) return [];
  return db
    .selectFrom('dict_info')
    .select(['id', 'typeId', 'name', 'nameZhCn', 'nameZhTw', 'nameEn', 'value', 'orderNum', 'parentId'])
    .where('typeId', 'in', [...typeIds])
    .orderBy('orderNum')
    .orderBy('id')
    .execute();
}
