import { sql } from 'kysely';
import { type AnySelect, MAIN } from '../../core/crud/query.js';
import { withStaffNames } from './customer-info.repository.js';

/**
 * The customer's name and phone, the owner's and the recorder's names and the store's name beside each
 * invitation. The phone is read in clear here: the service masks it (invitation.service.ts, afterRead).
 */
export function withInvitationNames(qb: AnySelect): AnySelect {
  return withStaffNames(qb)
    .leftJoin('customer_info as c', 'c.id', `${MAIN}.customerID`)
    .leftJoin('base_sys_department as d', 'd.id', `${MAIN}.storeId`)
    .select([
      sql.ref<string>('c.customerName').as('customerName'),
      sql.ref<string>('c.customerPhone').as('customerPhone'),
      sql.ref<string>('d.name').as('storeName'),
    ]);
}

/** inviteTime within [inviteTimeFrom, inviteTimeTo): the calendar's day or week. */
export function filterInviteTime(qb: AnySelect, input: Record<string, unknown>): AnySelect {
  let q = qb;
  if (typeof input.inviteTimeFrom === 'string') q = q.where(`${MAIN}.inviteTime`, '>=', input.inviteTimeFrom);
  if (typeof input.inviteTimeTo === 'string') q = q.where(`${MAIN}.inviteTime`, '<', input.inviteTimeTo);
  return q;
}
