import { SUPER_ROLE_LABEL } from '@backroom/contract';
import { sql } from 'kysely';
import { LEGACY_MD5_PREFIX } from '../../core/auth/password.js';
import { type AnySelect, MAIN } from '../../core/crud/query.js';
import { type Db, type DbKind, stringAgg } from '../../core/db/index.js';
import { linkTable } from '../../core/db/links.js';
import type { DeletedRows } from '../../core/recycle.js';
import { recordPasswordHash } from './password-history.repository.js';

const userRoles = linkTable('base_sys_user_role', 'userId', 'roleId');

export const roleIdsOfUsers = (db: Db, userIds: readonly number[]) => userRoles.grouped(db, userIds);
export const replaceUserRoles = (db: Db, userId: number, roleIds: readonly number[]) =>
  userRoles.replace(db, userId, roleIds);

/**
 * The page and list view of users: each row with its department's name, its roles' names
 * (comma-separated), whether it has enrolled in two-factor sign-in and whether it is still on a
 * legacy password hash, in the one query.
 */
export function withDepartmentAndRoleNames(qb: AnySelect, kind: DbKind): AnySelect {
  const roleNames = sql<
    string | null
  >`(select ${stringAgg(kind, 'r.name')} from ${sql.table('base_sys_user_role')} as ur inner join ${sql.table('base_sys_role')} as r on ${sql.ref('r.id')} = ${sql.ref('ur.roleId')} where ${sql.ref('ur.userId')} = ${sql.ref(`${MAIN}.id`)})`;
  return (
    qb
      .leftJoin('base_sys_department as d', 'd.id', `${MAIN}.departmentId`)
      .select('d.name as departmentName')
      .select(roleNames.as('roleName'))
      .select(sql<number>`case when ${sql.ref(`${MAIN}.totpSecret`)} is null then 0 else 1 end`.as('twoFactor'))
      // Still on a hash brought in by move-in (core/auth/password.ts, LEGACY_MD5_PREFIX).
      .select(
        sql<number>`case when ${sql.ref(`${MAIN}.password`)} like ${`${LEGACY_MD5_PREFIX}%`} then 1 else 0 end`.as(
          'legacyPassword',
        ),
      )
  );
}

/** Which of these users hold the superuser role. */
export async function superUserIds(db: Db, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('base_sys_user_role as ur')
    .innerJoin('base_sys_role as r', 'r.id', 'ur.roleId')
    .select('ur.userId')
    .where('r.label', '=', SUPER_ROLE_LABEL)
    .where('ur.userId', 'in', [...userIds])
    .execute();
  return new Set(rows.map((r) => r.userId));
}

/** Deletes these users' role links; returns them as they were stored, for the recycle bin. */
export async function deleteUserRoles(db: Db, userIds: readonly number[]): Promise<DeletedRows[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('base_sys_user_role')
    .selectAll()
    .where('userId', 'in', [...userIds])
    .orderBy('id')
    .execute();
  await db
    .deleteFrom('base_sys_user_role')
    .where('userId', 'in', [...userIds])
    .execute();
  return [{ table: 'base_sys_user_role', rows }];
}

export async function findUserForLogin(db: Db, username: string) {
  return db
    .selectFrom('base_sys_user')
    .select(['id', 'username', 'password', 'passwordV', 'status', 'passwordChangeRequired', 'totpSecret'])
    .where('username', '=', username)
    .executeTakeFirst();
}

/** Puts the user's stored password hash into the password history. */
export async function recordCurrentPassword(db: Db, userId: number): Promise<void> {
  const user = await db.selectFrom('base_sys_user').select('password').where('id', '=', userId).executeTakeFirst();
  if (user) await recordPasswordHash(db, userId, user.password);
}

export async function findUser(db: Db, id: number) {
  return db.selectFrom('base_sys_user').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function moveUsers(db: Db, userIds: readonly number[], departmentId: number, now: string) {
  await db
    .updateTable('base_sys_user')
    .set({ departmentId, updateTime: now })
    .where('id', 'in', [...userIds])
    .execute();
}

export async function departmentExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('base_sys_department').select('id').where('id', '=', id).executeTakeFirst());
}

/** The staff user bound to a WeCom member (enterprise WeChat sign-in); the binding is stored in lower case. */
export async function findUserByWecomId(db: Db, wecomUserId: string) {
  return db
    .selectFrom('base_sys_user')
    .select(['id', 'username', 'passwordV', 'status', 'totpSecret'])
    .where('wecomUserId', '=', wecomUserId)
    .executeTakeFirst();
}
