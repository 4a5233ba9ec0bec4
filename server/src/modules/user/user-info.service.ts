import {
  customerInfo,
  phoneSearchForms,
  type UserAddress,
  type UserCustomerMatch,
  type UserInfo,
  type UserInfoDetails,
  userInfo,
} from '@backroom/contract';
import { hashPassword } from '../../core/auth/password.js';
import { holds, type Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { MAIN } from '../../core/crud/query.js';
import { asLoose } from '../../core/db/index.js';
import { revealField } from '../customer/index.js';
import { addressesOf } from './user-address.repository.js';

type Row = Record<string, unknown>;

export type UserInfoService = CrudService & {
  details(id: number, session: Session): Promise<UserInfoDetails>;
  reveal(input: { id: number; field: string; reason: string }, session: Session): Promise<{ value: string }>;
};

/**
 * App users as staff see them. Scope: app users sign themselves up and belong to no store, so
 * every holder of the page permission sees all of them (the chain's app, not a store's); what the
 * customer rules keep from operators is kept here the same way: the phone is masked in every
 * answer and shown in clear only by `reveal` (its own permission, an audit entry in the customer
 * module's reveal log), and the customer a phone matches is named only when the operator's own
 * customer scope holds that customer.
 */
export function createUserInfoService(
  ctx: AppContext,
  addresses: CrudService,
  customers: CrudService,
): UserInfoService {
  const crud = createCrud(ctx, userInfo, {
    async beforeWrite(data, input, { existing }) {
      const out: Row = { ...data };
      if (typeof input.password === 'string' && input.password !== '') {
        out.password = await hashPassword(input.password);
        // The user's app sessions end: their tokens carry the version before.
        out.passwordV = Number(existing?.passwordV ?? 0) + 1;
      } else {
        delete out.password;
      }
      return out;
    },
    // Their addresses go with them, into the same recycle record.
    async beforeDelete(rows, _session, trx) {
      const ids = rows.map((r) => Number(r.id));
      const gone = await addressesOf(trx, ids);
      if (gone.length === 0) return [];
      await asLoose(trx).deleteFrom('user_address').where('userId', 'in', ids).execute();
      return [{ table: 'user_address', rows: gone }];
    },
  });

  /** The customer with this phone number that the operator's customer scope holds, if they may read customers. */
  async function customerMatch(phone: string | null, session: Session): Promise<UserCustomerMatch | null> {
    if (!phone || !holds(session, customerInfo.perms.info)) return null;
    const row = await customers
      .scopedQuery(session)
      .select([`${MAIN}.id as id`, `${MAIN}.customerName as customerName`])
      // The number in any spelling a customer row may keep it (phone.ts).
      .where(`${MAIN}.customerPhone`, 'in', [...new Set([phone, ...phoneSearchForms(phone)])])
      .orderBy(`${MAIN}.id`, 'asc')
      .executeTakeFirst();
    return row ? { id: Number(row.id), customerName: String(row.customerName) } : null;
  }

  return {
    ...crud,
    async details(id, session) {
      const row = (await crud.info(id, session)) as UserInfo;
      const [stored] = await crud.touchable(ctx.db.db, [id], session);
      const list = (await addresses.list({ userId: id, order: 'isDefault', sort: 'desc' }, session)) as UserAddress[];
      const phone = typeof stored?.phone === 'string' ? stored.phone : null;
      return { ...row, addresses: list, customer: await customerMatch(phone, session) };
    },
    reveal: (input, session) => revealField(ctx, crud, input, session),
  };
}
