import type { Db } from '../../core/db/index.js';
import type { DeletedRows } from '../../core/recycle.js';
import { deleteUserRoles } from './sys-user.repository.js';

export async function allDepartments(db: Db) {
  return db.selectFrom('base_sys_department').select(['id', 'parentId', 'orderNum']).execute();
}

/** The top department: the first one without a parent. Users of a deleted department move here. */
export async function topDepartmentId(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('base_sys_department')
    .select('id')
    .where('parentId', 'is', null)
    .orderBy('orderNum')
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

export async function userIdsInDepartments(db: Db, departmentIds: readonly number[]): Promise<number[]> {
  if (departmentIds.length === 0) return [];
  const rows = await db
    .selectFrom('base_sys_user')
    .select('id')
    .where('departmentId', 'in', [...departmentIds])
    .execute();
  return rows.map((r) => r.id);
}

/** Deletes these users and their role links; returns both as they were stored. */
export async function deleteUsers(db: Db, userIds: readonly number[]): Promise<DeletedRows[]> {
  if (userIds.length === 0) return [];
  const users = await db
    .selectFrom('base_sys_user')
    .selectAll()
    .where('id', 'in', [...userIds])
    .orderBy('id')
    .execute();
  const links = await deleteUserRoles(db, userIds);
  await db
    .deleteFrom('base_sys_user')
    .where('id', 'in', [...userIds])
    .execute();
  return [{ table: 'base_sys_user', rows: users }, ...links];
}

/** Deletes these departments and their role links; returns both as they were stored. */
export async function deleteDepartments(db: Db, ids: readonly number[]): Promise<DeletedRows[]> {
  if (ids.length === 0) return [];
  const departments = await db
    .selectFrom('base_sys_department')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
  const links = await db
    .selectFrom('base_sys_role_department')
    .selectAll()
    .where('departmentId', 'in', [...ids])
    .orderBy('id')
    .execute();
  await db
    .deleteFrom('base_sys_role_department')
    .where('departmentId', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('base_sys_department')
    .where('id', 'in', [...ids])
    .execute();
  return [
    { table: 'base_sys_department', rows: departments },
    { table: 'base_sys_role_department', rows: links },
  ];
}

export async function setDepartmentPlace(db: Db, id: number, parentId: number | null, orderNum: number, now: string) {
  await db
    .updateTable('base_sys_department')
    .set({ parentId, orderNum, updateTime: now })
    .where('id', '=', id)
    .execute();
}
