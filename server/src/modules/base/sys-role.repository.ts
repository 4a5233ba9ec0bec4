import { SUPER_ROLE_LABEL } from '@backroom/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Session } from '../../core/auth/principal.js';
import { MAIN } from '../../core/crud/query.js';
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
    .select(['id', 'name', 'label', 'userId', 'relevance'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Every role these users hold, once per user and role, with the user's name (a refusal names it). */
export async function rolesOfUsers(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('base_sys_user_role as ur')
    .innerJoin('base_sys_role as r', 'r.id', 'ur.roleId')
    .innerJoin('base_sys_user as u', 'u.id', 'ur.userId')
    .select(['r.id', 'r.label', 'r.relevance', 'u.username'])
    .where('ur.userId', 'in', [...userIds])
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

/**
 * The roles this operator could give (assertRolesGrantable decides exactly): not the superuser's,
 * every menu the role holds held by the operator, every department it names within the operator's
 * data scope. The role list shows them, so that a store manager finds the clerk role to give.
 */
export function grantableRole(
  // biome-ignore lint/suspicious/noExplicitAny: the CRUD factory's query builder is untyped (core/crud/query.ts AnySelect)
  eb: ExpressionBuilder<any, any>,
  session: Pick<Session, 'menuIds' | 'departmentIds'>,
) {
  const menuIds = [...session.menuIds];
  const outsideMenus = eb
    .selectFrom('base_sys_role_menu as grm')
    .select(sql`1`.as('one'))
    .whereRef('grm.roleId', '=', `${MAIN}.id`);
  const departments = session.departmentIds;
  const outsideDepartments = eb
    .selectFrom('base_sys_role_department as grd')
    .select(sql`1`.as('one'))
    .whereRef('grd.roleId', '=', `${MAIN}.id`);
  return eb.and([
    eb(`${MAIN}.label`, '!=', SUPER_ROLE_LABEL),
    eb.not(eb.exists(menuIds.length > 0 ? outsideMenus.where('grm.menuId', 'not in', menuIds) : outsideMenus)),
    ...(departments === null
      ? []
      : [
          eb.not(
            eb.exists(
              departments.size > 0
                ? outsideDepartments.where('grd.departmentId', 'not in', [...departments])
                : outsideDepartments,
            ),
          ),
        ]),
  ]);
}
