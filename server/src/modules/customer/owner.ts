import { type Session, seesDepartment } from '../../core/auth/principal.js';
import type { Db } from '../../core/db/index.js';
import { badRequest, refused } from '../../core/errors.js';
import { allDepartments, type DepartmentRow, findStaff, type StaffRow } from './staff.repository.js';

/** A staff user with the store they work in, resolved. */
export type Staff = StaffRow & {
  /** The user's staff number: the login name (base_sys_user has no other staff number). */
  employeeNumber: string;
  storeId: number | null;
  storeName: string | null;
  /**
   * Where the rows this user owns sit (their store column): the store, or, for staff who work in no
   * store (head office, a region), their own department, so the scopes that cover them cover their rows.
   */
  homeId: number | null;
  homeName: string | null;
};

/**
 * The store of a department: the department itself when it is marked as a store, else its nearest
 * ancestor that is (a till or a back office set up below a store belongs to that store), else none
 * (head office and regional staff work in no store).
 */
export function storeOf(departmentId: number | null, departments: readonly DepartmentRow[]): DepartmentRow | null {
  const byId = new Map(departments.map((d) => [d.id, d]));
  const seen = new Set<number>();
  let current = departmentId === null ? undefined : byId.get(departmentId);
  while (current && !seen.has(current.id)) {
    if (current.isStore) return current;
    seen.add(current.id);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return null;
}

/** The staff user with this id and their store; undefined when there is none. */
export async function loadStaff(db: Db, id: number): Promise<Staff | undefined> {
  const row = await findStaff(db, id);
  if (!row) return undefined;
  const departments = await allDepartments(db);
  const store = storeOf(row.departmentId, departments);
  const home = store ?? departments.find((d) => d.id === row.departmentId) ?? null;
  return {
    ...row,
    employeeNumber: row.username,
    storeId: store?.id ?? null,
    storeName: store?.name ?? null,
    homeId: home?.id ?? null,
    homeName: home?.name ?? null,
  };
}

/** An enabled staff user who may own rows; a clear 400 otherwise. */
export async function requireOwner(db: Db, id: number): Promise<Staff> {
  const staff = await loadStaff(db, id);
  if (!staff || Number(staff.status) !== 1) throw badRequest('customer.ownerMissing', { id });
  return staff;
}

/**
 * Whether the operator may give a row to this owner: anyone may take a row for themselves; giving
 * it to someone else takes a manager of the owner's store or above: a superuser, a store manager
 * whose own department holds that store (their store, or the region above it), or a non-clerk whose
 * roles' data permission covers it (the owner's department when they work in no store). A clerk
 * never gives rows to others, whatever their role's departments say.
 */
export function assertMayAssign(session: Session, owner: Staff): void {
  if (owner.id === session.userId || session.isSuper) return;
  if (session.userLevel === 'clerk') throw refused('customer.assignClerk');
  const place = owner.homeId;
  const manages = session.userLevel === 'storeManger' && place !== null && session.ownDepartmentIds.has(place);
  if (manages || seesDepartment(session, place)) return;
  throw refused('customer.ownerNotInScope', { name: owner.name ?? owner.username });
}
