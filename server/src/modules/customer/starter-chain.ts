import type { Db } from '../../core/db/index.js';
import { deleteChain, firstCustomerTable, othersIn, readChainRows, signInTrace } from './starter-chain.repository.js';

/** How many stores the starter chain has (two regions of two, seeds.ts). */
export const STARTER_STORE_COUNT = 4;

/** The starter chain's usernames and role labels, as its seed writes them. */
export const starterNames = {
  manager: (store: number) => `store${store}.manager`,
  clerk: (store: number, n: number) => `store${store}.clerk${n}`,
  /** A store manager's role is labelled as the manager is: it grants that store alone. */
  managerRole: (store: number) => `store${store}.manager`,
  clerkRole: 'clerk',
  treasurer: 'treasurer',
  hr: 'hr',
} as const;

const STORES = Array.from({ length: STARTER_STORE_COUNT }, (_, i) => i + 1);
const STAFF = [
  ...STORES.flatMap((s) => [starterNames.manager(s), starterNames.clerk(s, 1), starterNames.clerk(s, 2)]),
  starterNames.treasurer,
  starterNames.hr,
];
const STORE_ROLES = STORES.map(starterNames.managerRole);
/** The roles of a job rather than a store: they stay when the chain goes (without its users). */
const JOB_ROLES = [starterNames.clerkRole, starterNames.treasurer, starterNames.hr];

/** What was found to have been done with the chain since it was seeded (the reason it stays). */
export type StarterTouch =
  /** Some of its staff or roles are gone, or stand in for ones that went. */
  | 'incomplete'
  /** One of its staff has signed in (a session, a call in the request log, a password of their own). */
  | 'signedIn'
  /** A row of it was edited since the seed (a user, a role, a store or a region). */
  | 'changed'
  /** Customers, invitations or activities exist: the chain has none of its own. */
  | 'business'
  /** Someone else works in its stores or regions, a department was added under them, a role of
   * another grants them, or a store manager's role was given to someone else. */
  | 'others';

export type StarterChain = {
  userIds: number[];
  /** The store managers' roles: they go with their stores. */
  storeRoleIds: number[];
  storeIds: number[];
  regionIds: number[];
};

export type StarterVerdict =
  | { state: 'none' }
  | { state: 'touched'; why: StarterTouch; detail: string }
  | { state: 'untouched'; chain: StarterChain };

const truthy = (v: unknown) => v === true || Number(v) === 1;

/**
 * Whether this install still holds the starter chain exactly as its seed made it, nobody having
 * used it: its 14 staff and 7 roles all there, made together by the seed and never edited; its four
 * stores (each with its manager and two clerks, nobody else) under its two regions, neither edited
 * nor holding any other department or user; no sign-in by its staff; no role of another granting its
 * departments and no store manager's role given to anyone else; and no customer, invitation,
 * activity or reveal at all. Any doubt keeps it.
 */
export async function judgeStarterChain(trx: Db): Promise<StarterVerdict> {
  const rows = await readChainRows(trx, STAFF, [...STORE_ROLES, ...JOB_ROLES]);
  if (rows.users.length === 0 && rows.roles.filter((r) => STORE_ROLES.includes(r.label ?? '')).length === 0) {
    return { state: 'none' };
  }
  const touched = (why: StarterTouch, detail: string): StarterVerdict => ({ state: 'touched', why, detail });
  const missing = [
    ...STAFF.filter((name) => !rows.users.some((u) => u.username === name)),
    ...[...STORE_ROLES, ...JOB_ROLES].filter((label) => !rows.roles.some((r) => r.label === label)),
  ];
  if (missing.length > 0) return touched('incomplete', missing.join(', '));
  // Made in one go by the seed (one clock reading), and never written since.
  const seededAt = rows.users[0]?.createTime;
  const made = [
    ...rows.users.map((u) => ({ ...u, name: u.username })),
    ...rows.roles.map((r) => ({ ...r, name: r.label ?? '' })),
  ];
  const remade = made.find((row) => row.createTime !== seededAt);
  if (remade) return touched('incomplete', remade.name);
  // A password set since the seed is a change even within the seed's second (times keep seconds).
  const edited =
    made.find((row) => row.updateTime !== row.createTime) ?? rows.users.find((u) => Number(u.passwordV) > 1);
  if (edited) return touched('changed', 'name' in edited ? edited.name : edited.username);

  const userOf = (name: string) => rows.users.find((u) => u.username === name);
  const department = (id: number | null | undefined) => rows.departments.find((d) => d.id === id);
  const storeIds: number[] = [];
  for (const store of STORES) {
    const members = [starterNames.manager(store), starterNames.clerk(store, 1), starterNames.clerk(store, 2)];
    const ids = new Set(members.map((name) => userOf(name)?.departmentId));
    const found = department([...ids][0]);
    if (ids.size !== 1 || !found || !truthy(found.isStore) || storeIds.includes(found.id)) {
      return touched('changed', members[0] ?? '');
    }
    storeIds.push(found.id);
  }
  const regionIds = [...new Set(storeIds.map((id) => department(id)?.parentId ?? null))].filter(
    (id): id is number => id !== null && department(id)?.parentId !== null,
  );
  if (regionIds.length !== 2) return touched('changed', 'regions');
  const chainDepartments = [...storeIds, ...regionIds];
  const editedDepartment = chainDepartments.map(department).find((d) => !d || d.updateTime !== d.createTime);
  if (editedDepartment !== undefined) return touched('changed', `department ${editedDepartment?.id ?? ''}`);

  const userIds = rows.users.map((u) => u.id);
  const others = await othersIn(trx, chainDepartments, userIds);
  if (others.length > 0) return touched('others', others.join(', '));
  const below = rows.departments.find(
    (d) => d.parentId !== null && chainDepartments.includes(d.parentId) && !storeIds.includes(d.id),
  );
  if (below) return touched('others', `department ${below.id}`);
  const storeRoleIds = rows.roles.filter((r) => STORE_ROLES.includes(r.label ?? '')).map((r) => r.id);
  const foreignGrant = rows.roleDepartments.find(
    (rd) => chainDepartments.includes(rd.departmentId) && !storeRoleIds.includes(rd.roleId),
  );
  if (foreignGrant) return touched('others', `role ${foreignGrant.roleId}`);
  const roleIds = rows.roles.map((r) => r.id);
  const link = rows.userRoles.find(
    (l) => (storeRoleIds.includes(l.roleId) && !userIds.includes(l.userId)) || !roleIds.includes(l.roleId),
  );
  if (link) return touched('others', `user ${link.userId}, role ${link.roleId}`);

  const signedIn = await signInTrace(trx, userIds);
  if (signedIn !== null) return touched('signedIn', rows.users.find((u) => u.id === signedIn)?.username ?? '');
  const table = await firstCustomerTable(trx);
  if (table) return touched('business', table);
  return { state: 'untouched', chain: { userIds, storeRoleIds, storeIds, regionIds } };
}

/** Removes a chain judged untouched, in the caller's transaction; its job roles stay, without users. */
export async function removeStarterChain(trx: Db, chain: StarterChain): Promise<void> {
  await deleteChain(trx, {
    userIds: chain.userIds,
    roleIds: chain.storeRoleIds,
    departmentIds: [chain.storeIds, chain.regionIds],
  });
}
