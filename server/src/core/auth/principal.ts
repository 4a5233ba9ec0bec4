import type { PendingStep, UserLevel } from '@backroom/contract';

/** The signed-in staff member behind a request, as every permission and data-scope check sees it. */
export type Principal = {
  readonly userId: number;
  readonly username: string;
  readonly passwordV: number;
  readonly status: number;
  readonly isSuper: boolean;
  readonly roleIds: readonly number[];
  /** Permission strings held (`base:sys:user:page`); a superuser's check never looks here. */
  readonly perms: ReadonlySet<string>;
  readonly menuIds: ReadonlySet<number>;
  /** Departments whose users and rows this principal may see and change; null means all. */
  readonly departmentIds: ReadonlySet<number> | null;
  /** The retail level (clerk, storeManger, treasurer, hr): what the owned-row scope gives (core/crud/scope.ts). */
  readonly userLevel: UserLevel;
  /** The user's own department (a store manager's store); null when the user has none. */
  readonly departmentId: number | null;
  /**
   * The user's tenant: an entity declared with `tenant` shows and changes only this tenant's rows
   * (null: the rows of no tenant). It comes from the user the token names, never from a request.
   */
  readonly tenantId: number | null;
  /** The user's own department with every department below it; empty when the user has none. */
  readonly ownDepartmentIds: ReadonlySet<number>;
  /**
   * A sign-in step still owed (a forced password change, a required 2FA enrolment): until it is
   * done, only the endpoints marked `allowPending` answer (core/http/server.ts `mount`).
   */
  readonly pendingStep: PendingStep | null;
  /** A role of the user requires two-factor sign-in. */
  readonly twoFactorRequired: boolean;
};

export type Session = Principal & {
  readonly sid: string;
  /**
   * Names this principal as read at one moment: it changes whenever the user's roles, permissions
   * or departments are read again, so anything derived from the session alone (a data scope's SQL)
   * may be cached under it.
   */
  readonly principalKey: string;
};

export function holds(principal: Principal, perm: string): boolean {
  return principal.isSuper || principal.perms.has(perm);
}

export function seesDepartment(principal: Principal, departmentId: number | null): boolean {
  if (principal.departmentIds === null) return true;
  return departmentId !== null && principal.departmentIds.has(departmentId);
}
