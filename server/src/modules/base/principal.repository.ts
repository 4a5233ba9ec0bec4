import { SUPER_ROLE_LABEL, USER_LEVELS, type UserLevel, withDescendants } from '@backroom/contract';
import type { Principal } from '../../core/auth/principal.js';
import type { Db } from '../../core/db/index.js';

/** Splits a menu's perms text (`a:b:c,a:b:d`) into permission strings. */
export function splitPerms(perms: string | null | undefined): string[] {
  if (!perms) return [];
  return perms
    .split(',')
    .map((p) => p.replace(/\s+/g, ''))
    .filter(Boolean);
}

/** Reads who a user is and what they may do: roles, permissions, menus and departments. */
export async function loadPrincipal(db: Db, userId: number): Promise<Principal | null> {
  const user = await db
    .selectFrom('base_sys_user')
    .select([
      'id',
      'username',
      'passwordV',
      'status',
      'userLevel',
      'departmentId',
      'passwordChangeRequired',
      'totpSecret',
      'tenantId',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const roles = await db
    .selectFrom('base_sys_user_role as ur')
    .innerJoin('base_sys_role as r', 'r.id', 'ur.roleId')
    .select(['r.id', 'r.label', 'r.relevance', 'r.twoFactorRequired'])
    .where('ur.userId', '=', userId)
    .execute();
  const roleIds = roles.map((r) => r.id);
  const isSuper = roles.some((r) => r.label === SUPER_ROLE_LABEL);
  const twoFactorRequired = roles.some((r) => !!r.twoFactorRequired);
  const departments = await db.selectFrom('base_sys_department').select(['id', 'parentId']).execute();
  const own = departments.some((d) => d.id === user.departmentId) ? user.departmentId : null;
  const base = {
    userId: user.id,
    username: user.username,
    passwordV: user.passwordV,
    status: user.status,
    roleIds,
    userLevel: levelOf(user.userLevel),
    departmentId: user.departmentId,
    tenantId: user.tenantId,
    ownDepartmentIds: own === null ? new Set<number>() : withDescendants(departments, [own]),
    pendingStep: user.passwordChangeRequired
      ? ('passwordChange' as const)
      : twoFactorRequired && !user.totpSecret
        ? ('twoFactorEnrol' as const)
        : null,
    twoFactorRequired,
  };
  if (isSuper) {
    return { ...base, isSuper: true, perms: new Set(), menuIds: new Set(), departmentIds: null };
  }
  if (roleIds.length === 0) {
    return { ...base, isSuper: false, perms: new Set(), menuIds: new Set(), departmentIds: new Set() };
  }
  const [menus, grants] = await Promise.all([
    db
      .selectFrom('base_sys_role_menu as rm')
      .innerJoin('base_sys_menu as m', 'm.id', 'rm.menuId')
      .select(['m.id', 'm.perms'])
      .where('rm.roleId', 'in', roleIds)
      .execute(),
    db
      .selectFrom('base_sys_role_department')
      .select(['roleId', 'departmentId'])
      .where('roleId', 'in', roleIds)
      .execute(),
  ]);
  const perms = new Set<string>();
  const menuIds = new Set<number>();
  for (const menu of menus) {
    menuIds.add(menu.id);
    for (const perm of splitPerms(menu.perms)) perms.add(perm);
  }
  const existing = new Set(departments.map((d) => d.id));
  const departmentIds = new Set<number>();
  for (const role of roles) {
    const own = grants.filter((g) => g.roleId === role.id && existing.has(g.departmentId)).map((g) => g.departmentId);
    const reach = role.relevance ? withDescendants(departments, own) : new Set(own);
    for (const id of reach) departmentIds.add(id);
  }
  return { ...base, isSuper: false, perms, menuIds, departmentIds };
}

/** A stored level the declaration does not know (a hand-edited row) counts as the narrowest, a clerk. */
function levelOf(stored: string | null): UserLevel {
  return (USER_LEVELS as readonly string[]).includes(stored ?? '') ? (stored as UserLevel) : 'clerk';
}
