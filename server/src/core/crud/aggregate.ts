import { sql } from 'kysely';
import { type AnySelect, MAIN } from './query.js';

/**
 * Rows of a scoped query (CrudService.scopedQuery: the entity's rows the session may see, aliased
 * MAIN); with `from`, those whose `column` (a stored `YYYY-MM-DD HH:mm:ss` text) is at or after it,
 * and before `to`. The home dashboard's counts read through it, so each module's data scope holds.
 */
export async function countIn(scoped: AnySelect, column: string, from?: string, to?: string): Promise<number> {
  const ref = sql.ref(`${MAIN}.${column}`);
  let qb = scoped.select((eb) => eb.fn.countAll().as('n'));
  if (from !== undefined) qb = qb.where(ref, '>=', from);
  if (to !== undefined) qb = qb.where(ref, '<', to);
  const row = await qb.executeTakeFirst();
  return Number(row?.n ?? 0);
}
