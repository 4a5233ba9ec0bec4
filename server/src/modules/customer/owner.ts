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
  const store = storeOf(row.departmentId, await allDepartments(db));
  return { ...row, employeeNumber: row.username, storeId: store?.id ?? null, storeName: store?.name ?? null };
}

/** An enabled staff user who may own rows; a clear 400 otherwise. */
export async function requireOwner(db: Db, id: number): Promise<Staff> {
  const staff = await loadStaff(db, id);
  if (!staff || Number(staff.status) !== 1) throw badRequest('customer.ownerMissing', { id });
  return staff;
}

/**
 * Whether the operator may give a row to this owner: anyone may take a row for themselves; giving
 * it to someone else takes a manager of the owner's store or above (a superuser, or a non-clerk
 * whose roles' data permission covers that store, or the owner's department when they work in no
 * store). A clerk never hands rows to others, whatever their role's departments say.
 */
export async function assertMayAssign(db: Db, session: Session, owner: Staff): Promise<void> {
  if (owner.id === session.userId || session.isSuper) return;
  const operator = await loadStaff(db, session.userId);
  if (!operator || operator.userLevel === 'clerk') throw refused('customer.assignClerk');
  const managesStore =
    operator.userLevel === 'storeManger' && operator.storeId !== null && operator.storeId === owner.storeId;
  if (managesStore || seesDepartment(session, owner.storeId ?? owner.departmentId)) return;
  throw refused('customer.ownerNotInScope', { name: owner.name ?? owner.username });
}
