import { type DemoTenantRow, type DemoUntenantedRow, demoTenant } from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { listGoodsTitles } from './goods.repository.js';
import { tenantsOfDemoRows } from './tenant.repository.js';

/** The most rows each of the tenant demo's verbs answers. */
const DEMO_ROWS = 100;

export type TenantDemoService = CrudService & {
  use(session: Session): Promise<DemoTenantRow[]>;
  noUse(session: Session): Promise<DemoTenantRow[]>;
  noTenant(): Promise<DemoUntenantedRow[]>;
};

/**
 * The tenant demo: an entity declared with `tenant`, kept per tenant by the CRUD factory on every
 * standard call, and its three verbs. `use` and `noUse` run the same list query, with the tenant
 * filter on and (a superuser's only) off; they answer each row's tenant, which the standard calls
 * never do.
 */
export function createTenantDemoService(ctx: AppContext): TenantDemoService {
  const crud = createCrud(ctx, demoTenant);
  const listed = async (session: Session, allTenants: boolean): Promise<DemoTenantRow[]> => {
    const rows = (await crud.list({ order: 'id', sort: 'asc' }, session, { allTenants })).slice(0, DEMO_ROWS);
    const tenants = await tenantsOfDemoRows(
      ctx.db.db,
      rows.map((row) => Number(row.id)),
    );
    return rows.map((row) => ({ ...row, tenantId: tenants.get(Number(row.id)) ?? null }) as DemoTenantRow);
  };
  return {
    ...crud,
    use: (session) => listed(session, false),
    noUse: (session) => listed(session, true),
    noTenant: () => listGoodsTitles(ctx.db.db, DEMO_ROWS),
  };
}
