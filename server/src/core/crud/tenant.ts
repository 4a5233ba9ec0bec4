import { TENANT_COLUMN } from '@backroom/contract';
import type { Principal } from '../auth/principal.js';

/*
 * Tenants: an entity declared with `tenant: true` keeps its rows per tenant in the hidden column
 * TENANT_COLUMN. The operator's tenant is their user's (Principal.tenantId, read with the user the
 * token names), never a header's or a body's: an add stores it, and every read and write of the
 * CRUD factory matches it (a principal without a tenant works on the rows of none). Rows of another
 * tenant are not there for the operator: info, update and delete answer 404 as for a missing id.
 */

type TenantPrincipal = Pick<Principal, 'tenantId'>;

/** Anything with a where (a select, an update's select of rows): what `whereTenant` narrows. */
type Whereable<Q> = {
  where(ref: string, op: 'is' | '=', value: number | null): Q;
};

/** The rows of the principal's tenant; `ref` is the qualified tenant column (`a.tenantId`, or bare). */
export function whereTenant<Q extends Whereable<Q>>(qb: Q, principal: TenantPrincipal, ref = TENANT_COLUMN): Q {
  return principal.tenantId === null ? qb.where(ref, 'is', null) : qb.where(ref, '=', principal.tenantId);
}

/** A row's values as an add stores them: the operator's tenant, whatever else they hold. */
export function withTenant(data: Record<string, unknown>, principal: TenantPrincipal): Record<string, unknown> {
  return { ...data, [TENANT_COLUMN]: principal.tenantId };
}
