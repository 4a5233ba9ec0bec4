import { SUPER_ROLE_LABEL, withDescendants } from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { Db } from '../../core/db/index.js';
import { badRequest, refused } from '../../core/errors.js';
import { allDepartments } from './sys-department.repository.js';
import { departmentIdsOfRoles, findRoles, menuIdsOfRoles, rolesOfUsers } from './sys-role.repository.js';

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

/** The departments these roles reach: their own, with every sub-department where relevance is on. */
async function reachOf(db: Db, roles: ReadonlyArray<{ id: number; relevance: unknown }>) {
  const departments = await departmentIdsOfRoles(
    db,
    roles.map((r) => r.id),
  );
  const all = await allDepartments(db);
  return new Map(
    roles.map((role) => {
      const own = departments.get(role.id) ?? [];
      return [role.id, Number(role.relevance) ? withDescendants(all, own) : new Set(own)] as const;
    }),
  );
}

const within = (reach: Iterable<number>, held: ReadonlySet<number> | null) =>
  held === null || [...reach].every((id) => held.has(id));

/**
 * Giving someone a role (or taking it away) grants everything the role holds, so the operator must
 * hold all of it: every menu, and every department it reaches within her own data scope. The
 * superuser role only a superuser may give. The refusal names the role.
 */
export async function assertRolesGrantable(db: Db, session: Session, roleIds: readonly number[]) {
  const unique = [...new Set(roleIds)];
  const roles = await findRoles(db, unique);
  if (roles.length !== unique.length) throw badRequest('user.roleMissing');
  if (session.isSuper) return;
  if (roles.some((r) => r.label === SUPER_ROLE_LABEL)) throw refused('user.superOnly');
  const [menus, reach] = await Promise.all([menuIdsOfRoles(db, unique), reachOf(db, roles)]);
  for (const role of roles) {
    if ((menus.get(role.id) ?? []).some((id) => !session.menuIds.has(id)))
      throw refused('user.roleBeyondPerms', { name: role.name });
    if (!within(reach.get(role.id) ?? [], session.departmentIds))
      throw refused('user.roleBeyondScope', { name: role.name });
  }
}

/**
 * Changing a user (an edit, a new password, disabling, a move, a delete, an unlock, a 2FA reset) is
 * for an operator whose data scope holds every department the user's roles reach: a store manager
 * runs her store's clerks, not an account of the whole chain that sits in her store. Permissions are
 * not compared here (HR resets a clerk's password without holding the clerk's customer rights); who
 * may give which role is assertRolesGrantable's. The superuser's own rule is `user.superOnly`.
 */
export async function assertUsersWithinReach(db: Db, session: Session, userIds: readonly number[]) {
  if (session.departmentIds === null || userIds.length === 0) return;
  const held = await rolesOfUsers(db, userIds);
  const reach = await reachOf(db, held);
  for (const role of held) {
    if (role.label === SUPER_ROLE_LABEL) continue;
    if (!within(reach.get(role.id) ?? [], session.departmentIds))
      throw refused('user.beyondReach', { name: role.username });
  }
}
