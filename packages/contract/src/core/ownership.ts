import { type Columns, col } from './columns.js';
import { label } from './i18n.js';

/**
 * The columns that name a row's owner (a staff user's id) and its store (a department's id), and,
 * where the entity keeps it, its recorder (`creator`): the staff user who added the row, set by the
 * server on add and never changed after (not by a client, a hand-over, an import or a move-in).
 * Ownership moves with the customer; credit for the work does not.
 */
export type Ownership<K extends string = string> = { readonly owner: K; readonly store: K; readonly creator?: K };

/** The column a tenant entity's rows carry their tenant in. */
export const TENANT_COLUMN = 'tenantId';

const tenantColumn = col.int({
  label: label('租户', '租戶', 'Tenant'),
  nullable: true,
  index: true,
  hidden: true,
});

/**
 * An entity's columns with the tenant column where its rows are kept per tenant. The tenant
 * column is hidden: no body sets it and no answer carries it, so the row and body types (which
 * leave hidden columns out) need not know it.
 */
export function withTenantColumn<C extends Columns>(table: string, columns: C, tenant: boolean): C {
  if (!tenant) return columns;
  if (TENANT_COLUMN in columns) {
    throw new Error(`${table}: ${TENANT_COLUMN} comes with the tenant option, not as a column`);
  }
  return { ...columns, [TENANT_COLUMN]: tenantColumn } as C;
}
