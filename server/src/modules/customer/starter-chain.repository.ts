import type { Db } from '../../core/db/index.js';

/** The rows of the starter chain as they are now, and what around them points at them. */
export type ChainRows = {
  users: Array<{
    id: number;
    username: string;
    departmentId: number | null;
    createTime: string;
    updateTime: string;
    passwordV: number;
  }>;
  roles: Array<{ id: number; label: string | null; createTime: string; updateTime: string }>;
  departments: Array<{
    id: number;
    parentId: number | null;
    isStore: unknown;
    createTime: string;
    updateTime: string;
  }>;
  /** Every user-role link of the chain's users and of its roles. */
  userRoles: Array<{ userId: number; roleId: number }>;
  /** Every role's data permission on a department (few rows on an install this young). */
  roleDepartments: Array<{ roleId: number; departmentId: number }>;
};

/** The users with these usernames, the roles with these labels, every department and the links between them. */
export async function readChainRows(
  trx: Db,
  usernames: readonly string[],
  labels: readonly string[],
): Promise<ChainRows> {
  const users = await trx
    .selectFrom('base_sys_user')
    .select(['id', 'username', 'departmentId', 'createTime', 'updateTime', 'passwordV'])
    .where('username', 'in', [...usernames])
    .execute();
  const roles = await trx
    .selectFrom('base_sys_role')
    .select(['id', 'label', 'createTime', 'updateTime'])
    .where('label', 'in', [...labels])
    .execute();
  const departments = await trx
    .selectFrom('base_sys_department')
    .select(['id', 'parentId', 'isStore', 'createTime', 'updateTime'])
    .execute();
  const userIds = users.map((u) => u.id);
  const roleIds = roles.map((r) => r.id);
  const userRoles =
    userIds.length + roleIds.length === 0
      ? []
      : await trx
          .selectFrom('base_sys_user_role')
          .select(['userId', 'roleId'])
          .where((eb) =>
            eb.or([
              ...(userIds.length > 0 ? [eb('userId', 'in', userIds)] : []),
              ...(roleIds.length > 0 ? [eb('roleId', 'in', roleIds)] : []),
            ]),
          )
          .execute();
  const roleDepartments = await trx.selectFrom('base_sys_role_department').select(['roleId', 'departmentId']).execute();
  return { users, roles, departments, userRoles, roleDepartments };
}

/** The users among `departmentIds`' members that are not `userIds`: someone else working there. */
export async function othersIn(
  trx: Db,
  departmentIds: readonly number[],
  userIds: readonly number[],
): Promise<string[]> {
  if (departmentIds.length === 0) return [];
  const rows = await trx
    .selectFrom('base_sys_user')
    .select('username')
    .where('departmentId', 'in', [...departmentIds])
    .where('id', 'not in', [...userIds])
    .execute();
  return rows.map((r) => r.username);
}

/**
 * Whether any of these users ever signed in, as the install remembers it: a session (kept after it
 * ended), a call in the request log, a password of their own (its history).
 */
export async function signInTrace(trx: Db, userIds: readonly number[]): Promise<number | null> {
  for (const table of ['base_sys_session', 'base_sys_log', 'base_sys_password_history'] as const) {
    const row = await trx
      .selectFrom(table)
      .select('userId')
      .where('userId', 'in', [...userIds])
      .executeTakeFirst();
    if (row?.userId !== undefined && row.userId !== null) return row.userId;
  }
  return null;
}

/** The first of the customer module's tables that holds a row: the chain comes with none. */
export async function firstCustomerTable(trx: Db): Promise<string | null> {
  for (const table of [
    'customer_info',
    'customer_invitation_record',
    'customer_activity',
    'customer_reveal_log',
  ] as const) {
    if (await trx.selectFrom(table).select('id').limit(1).executeTakeFirst()) return table;
  }
  return null;
}

/**
 * Removes the chain: its users with their role links, the roles given (with their menus, data
 * permissions and links), then the departments, the stores before their regions.
 */
export async function deleteChain(
  trx: Db,
  chain: { userIds: readonly number[]; roleIds: readonly number[]; departmentIds: readonly number[][] },
): Promise<void> {
  const { userIds, roleIds } = chain;
  if (userIds.length > 0) {
    await trx
      .deleteFrom('base_sys_user_role')
      .where('userId', 'in', [...userIds])
      .execute();
    await trx
      .deleteFrom('base_sys_user')
      .where('id', 'in', [...userIds])
      .execute();
  }
  if (roleIds.length > 0) {
    for (const table of ['base_sys_user_role', 'base_sys_role_menu', 'base_sys_role_department'] as const) {
      await trx
        .deleteFrom(table)
        .where('roleId', 'in', [...roleIds])
        .execute();
    }
    await trx
      .deleteFrom('base_sys_role')
      .where('id', 'in', [...roleIds])
      .execute();
  }
  for (const ids of chain.departmentIds) {
    if (ids.length === 0) continue;
    await trx
      .deleteFrom('base_sys_role_department')
      .where('departmentId', 'in', [...ids])
      .execute();
    await trx
      .deleteFrom('base_sys_department')
      .where('id', 'in', [...ids])
      .execute();
  }
}
