import { TENANT_COLUMN } from '@backroom/contract';
import { asLoose, type Db } from '../../core/db/index.js';

/** The tenant of each tenant-demo row by id (the column no standard answer carries). */
export async function tenantsOfDemoRows(db: Db, ids: readonly number[]): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const rows = (await asLoose(db)
    .selectFrom('demo_tenant')
    .select(['id', TENANT_COLUMN])
    .where('id', 'in', [...ids])
    .execute()) as { id: number; tenantId: number | null }[];
  return new Map(rows.map((row) => [row.id, row.tenantId]));
}
