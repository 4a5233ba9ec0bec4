import { type Entity, type Ownership, TENANT_COLUMN } from '@backroom/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Principal, Session } from '../auth/principal.js';
import { refused } from '../errors.js';
import { type AnySelect, MAIN } from './query.js';
import { whereTenant } from './tenant.js';

/**
 * The rows of an entity a session may see and touch, on every path (page, list, count, info, the
 * keyword walk, export, and the write path's touchable check): the session's tenant (unless a
 * superuser's list asks for all tenants), then the retail scope of an owned entity (below: a
 * clerk's own rows, a store manager's stores), then the module's own `scope` (CrudOptions).
 * Each reads nothing but the session, so the SQL is compiled once per principal (CompiledQueries).
 */
export function applyDataScope(
  qb: AnySelect,
  entity: Entity,
  moduleScope: ((qb: AnySelect, session: Session) => AnySelect) | undefined,
  session: Session,
  allTenants = false,
): AnySelect {
  const tenanted = entity.tenant && !allTenants ? whereTenant(qb, session, `${MAIN}.${TENANT_COLUMN}`) : qb;
  const owned = entity.ownership ? applyOwnershipScope(tenanted, entity.ownership, session) : tenanted;
  return moduleScope ? moduleScope(owned, session) : owned;
}

/*
 * The retail data scope of an owned entity (`ownership: { owner, store }` in its declaration):
 * which rows a principal sees and touches, by their retail level.
 *
 * - a superuser: every row;
 * - clerk: the rows they own;
 * - storeManger: the rows of their own department and those below it (their store), of the
 *   departments their roles' data permissions grant, and the rows they own;
 * - treasurer and hr: the rows of the departments their roles' data permissions grant (whether they
 *   may write is the permissions' business, as everywhere).
 *
 * It reads nothing but the principal, so the SQL it makes may be compiled once per principalKey.
 * `applyOwnershipScope` (SQL, for reads) and `ownsWithinScope` (a row's values, for writes) say the
 * same thing twice and must keep saying it.
 */

type ScopePrincipal = Pick<Principal, 'isSuper' | 'userId' | 'userLevel' | 'departmentIds' | 'ownDepartmentIds'>;

/** The departments whose rows a store manager reaches: their own tree and their roles' grants; null means all. */
function managerDepartments(principal: ScopePrincipal): ReadonlySet<number> | null {
  if (principal.departmentIds === null) return null;
  return new Set([...principal.ownDepartmentIds, ...principal.departmentIds]);
}

const NOTHING = sql<SqlBool>`1 = 0`;

/** The rows of an owned entity this principal may see; the main table is aliased `a` (MAIN). */
export function applyOwnershipScope(qb: AnySelect, ownership: Ownership, principal: ScopePrincipal): AnySelect {
  if (principal.isSuper) return qb;
  const owner = `${MAIN}.${ownership.owner}`;
  const store = `${MAIN}.${ownership.store}`;
  switch (principal.userLevel) {
    case 'clerk':
      return qb.where(owner, '=', principal.userId);
    case 'storeManger': {
      const stores = managerDepartments(principal);
      if (stores === null) return qb;
      return qb.where((eb) => {
        const mine: Expression<SqlBool>[] = [eb(owner, '=', principal.userId)];
        if (stores.size > 0) mine.push(eb(store, 'in', [...stores]));
        return eb.or(mine);
      });
    }
    case 'treasurer':
    case 'hr': {
      const granted = principal.departmentIds;
      if (granted === null) return qb;
      return granted.size === 0 ? qb.where(NOTHING) : qb.where(store, 'in', [...granted]);
    }
  }
}

/** Whether a row with these owner and store values lies in the principal's scope (what the SQL above selects). */
export function ownsWithinScope(
  ownership: Ownership,
  principal: ScopePrincipal,
  row: Record<string, unknown>,
): boolean {
  if (principal.isSuper) return true;
  const owner = row[ownership.owner];
  const store = row[ownership.store];
  const storeIn = (ids: ReadonlySet<number> | null) => ids === null || (typeof store === 'number' && ids.has(store));
  switch (principal.userLevel) {
    case 'clerk':
      return owner === principal.userId;
    case 'storeManger':
      return owner === principal.userId || storeIn(managerDepartments(principal));
    case 'treasurer':
    case 'hr':
      return storeIn(principal.departmentIds);
  }
}

/**
 * Refuses (400, code 1001) a row whose owner or store would lie outside the operator's scope: what
 * an add, an update, a batch or an import is about to store. Pass the row as it will be stored
 * (an update's values merged over the existing row).
 */
export function assertOwnedWritable(
  ownership: Ownership | null,
  principal: ScopePrincipal,
  row: Record<string, unknown>,
): void {
  if (ownership && !ownsWithinScope(ownership, principal, row)) throw refused('scope.writeOutside');
}
