import { SUPER_ROLE_LABEL } from '@backroom/contract';
import type { Db } from '../../core/db/index.js';
import { linkTable } from '../../core/db/links.js';
import type { DeletedRows } from '../../core/recycle.js';

const roleMenus = linkTable('base_sys_role_menu', 'roleId', 'menuId');
const roleDepartments = linkTable('base_sys_role_department', 'roleId', 'departmentId');

export const menuIdsOfRoles = (db: Db, roleIds: readonly number[]) => roleMenus.grouped(db, roleIds);
export const departmentIdsOfRoles = (db: Db, roleIds: readonly number[]) => roleDepartments.grouped(db, roleIds);
export const replaceRoleMenus = (db: Db, roleId: number, menuIds: readonly number[]) =>
  roleMenus.replace(db, roleId, menuIds);
export const replaceRoleDepartments = (db: Db, roleId: number, departmentIds: readonly number[]) =>
  roleDepartments.replace(db, roleId, departmentIds);

export async function findRoles(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('base_sys_role')
    .select(['id', 'label', 'userId', 'relevance'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Deletes these roles' menu, department and user links; returns them as they were stored. */
export async function deleteRoleLinks(db: Db, roleIds: readonly number[]): Promise<DeletedRows[]> {
  if (roleIds.length === 0) return [];
  const out: DeletedRows[] = [];
  for (const table of ['base_sys_role_menu', 'base_sys_role_department', 'base_sys_user_role'] as const) {
    const rows = await db
      .selectFrom(table)
      .selectAll()
      .where('roleId', 'in', [...roleIds])
      .orderBy('id')
      .execute();
    await db
      .deleteFrom(table)
      .where('roleId', 'in', [...roleIds])
      .execute();
    out.push({ table, rows });
  }
  return out;
}

export async function superRoleId(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('base_sys_role')
    .select('id')
    .where('label', '=', SUPER_ROLE_LABEL)
    .executeTakeFirst();
  return row?.id;
}
