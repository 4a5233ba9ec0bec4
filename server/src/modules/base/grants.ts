import { SUPER_ROLE_LABEL, withDescendants } from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { Db } from '../../core/db/index.js';
import { badRequest, refused } from '../../core/errors.js';
import { allDepartments } from './sys-department.repository.js';
import { departmentIdsOfRoles, findRoles, menuIdsOfRoles } from './sys-role.repository.js';

/** Nobody grants a menu (and so a permission) they do not hold. */
export function assertMenusGrantable(session: Session, menuIds: readonly number[]) {
  if (session.isSuper) return;
  if (menuIds.some((id) => !session.menuIds.has(id))) throw refused('role.grantMenu');
}

/** Nobody grants data permission over a department they do not hold. */
export function assertDepartmentsGrantable(session: Session, departmentIds: Iterable<number>) {
  if (session.departmentIds === null) return;
  const held = session.departmentIds;
  for (const id of departmentIds) if (!held.has(id)) throw refused('role.grantDepartment');
}

/**
 * The departments a role really reaches: with relevance on, its departments bring all their
 * sub-departments, and those too must be the operator's to give.
 */
export async function assertRoleReachGrantable(
  db: Db,
  session: Session,
  departmentIds: readonly number[],
  relevance: boolean,
) {
  if (session.departmentIds === null) return;
  const reach = relevance ? withDescendants(await allDepartments(db), departmentIds) : departmentIds;
  assertDepartmentsGrantable(session, reach);
}

/**
 * Giving someone a role grants everything the role holds, so the operator must hold all of it;
 * the superuser role only a superuser may give.
 */
export async function assertRolesGrantable(db: Db, session: Session, roleIds: readonly number[]) {
  const unique = [...new Set(roleIds)];
  const roles = await findRoles(db, unique);
  if (roles.length !== unique.length) throw badRequest('user.roleMissing');
  if (session.isSuper) return;
  if (roles.some((r) => r.label === SUPER_ROLE_LABEL)) throw refused('user.superOnly');
  const [menus, departments] = await Promise.all([menuIdsOfRoles(db, unique), departmentIdsOfRoles(db, unique)]);
  for (const role of roles) {
    assertMenusGrantable(session, menus.get(role.id) ?? []);
    await assertRoleReachGrantable(db, session, departments.get(role.id) ?? [], Boolean(Number(role.relevance)));
  }
}
