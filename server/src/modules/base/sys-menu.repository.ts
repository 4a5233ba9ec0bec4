import type { Db } from '../../core/db/index.js';
import type { TableRow } from '../../core/db/schema.js';
import type { DeletedRows } from '../../core/recycle.js';

export type MenuRow = TableRow<'base_sys_menu'>;

export async function allMenus(db: Db): Promise<MenuRow[]> {
  return db.selectFrom('base_sys_menu').selectAll().orderBy('orderNum').orderBy('id').execute();
}

export async function menusByIds(db: Db, ids: readonly number[]): Promise<MenuRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('base_sys_menu')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('orderNum')
    .orderBy('id')
    .execute();
}

/**
 * Deletes these menus and their role links; returns what went beside `keep` (rows the caller
 * records itself) as stored: the other menus, then the role links.
 */
export async function deleteMenus(
  db: Db,
  ids: readonly number[],
  keep: readonly number[] = [],
): Promise<DeletedRows[]> {
  if (ids.length === 0) return [];
  const kept = new Set(keep);
  const menus = (await menusByIds(db, ids)).filter((m) => !kept.has(m.id));
  const links = await db
    .selectFrom('base_sys_role_menu')
    .selectAll()
    .where('menuId', 'in', [...ids])
    .orderBy('id')
    .execute();
  await db
    .deleteFrom('base_sys_role_menu')
    .where('menuId', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('base_sys_menu')
    .where('id', 'in', [...ids])
    .execute();
  return [
    { table: 'base_sys_menu', rows: menus },
    { table: 'base_sys_role_menu', rows: links },
  ];
}

/** The roles holding a menu. */
export async function rolesOfMenu(db: Db, menuId: number): Promise<number[]> {
  const rows = await db.selectFrom('base_sys_role_menu').select('roleId').where('menuId', '=', menuId).execute();
  return rows.map((r) => Number(r.roleId));
}

/** Gives these roles a menu, leaving out the ones that hold it already. */
export async function grantMenu(db: Db, menuId: number, roleIds: readonly number[]): Promise<void> {
  const held = new Set(await rolesOfMenu(db, menuId));
  const missing = [...new Set(roleIds)].filter((id) => !held.has(id));
  if (missing.length === 0) return;
  await db
    .insertInto('base_sys_role_menu')
    .values(missing.map((roleId) => ({ roleId, menuId })))
    .execute();
}
