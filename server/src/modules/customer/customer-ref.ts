import type { Session } from '../../core/auth/principal.js';
import type { CrudService, LooseTrx } from '../../core/crud/factory.js';
import { AppError, badRequest } from '../../core/errors.js';

type Row = Record<string, unknown>;

/**
 * The customer an invitation or activity names, when the operator may see it: a missing one is a
 * clear 400 on the field (not a 404 of the call), and so is one outside the scope: the same answer,
 * so no call tells which customer ids exist.
 */
export async function visibleCustomer(
  customers: CrudService,
  trx: LooseTrx,
  id: number,
  session: Session,
): Promise<Row> {
  try {
    const [row] = await customers.touchable(trx, [id], session);
    if (row) return row;
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 404) throw error;
  }
  throw badRequest('customer.customerMissing', { id });
}
