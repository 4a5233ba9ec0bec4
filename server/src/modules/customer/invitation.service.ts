import {
  type CustomerInvitation,
  customerInvitationRecord,
  INVITATION_STATUS,
  type PageResult,
} from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { createJoinedMasker } from '../../core/crud/masking.js';
import type { ListInput } from '../../core/crud/query.js';
import { badRequest } from '../../core/errors.js';
import { customerPlace, OPEN_INVITATION } from './customer-info.repository.js';
import { visibleCustomer } from './customer-ref.js';
import { filterInviteTime, withInvitationNames } from './invitation.repository.js';

type Row = Record<string, unknown>;

export type InvitationService = CrudService & {
  findPage(
    input: ListInput & { page: number; size: number },
    session: Session,
  ): Promise<PageResult<CustomerInvitation>>;
  create(input: Row, session: Session): Promise<{ id: number }>;
};

const isInvitationStatus = (value: unknown): boolean => (INVITATION_STATUS as readonly unknown[]).includes(value);

/**
 * Invitations to visit a store. Rules on every write (add, create, update): the status is a value of
 * the invitationStatus dictionary ("1" invited by default), the customer is one the operator may
 * see, and the invitation belongs to that customer: its owner (employeeId) and store are the
 * customer's, whoever records it (admin booking for a clerk's customer books it for that clerk),
 * and they move with the customer (customer-info.repository.ts, moveCustomerRecords).
 */
export function createInvitationService(ctx: AppContext, customers: CrudService): InvitationService {
  // The customer's phone beside each row leaves masked, as the customer's own column does.
  const maskJoined = createJoinedMasker(customerInvitationRecord.joined);
  const crud = createCrud(ctx, customerInvitationRecord, {
    join: withInvitationNames,
    afterRead: (rows) => rows.map(maskJoined),
    joinedOrder: {
      customerName: 'customerName',
      employeeName: 'employeeName',
      creatorName: 'creatorName',
      storeName: 'storeName',
    },
    filter: filterInviteTime,
    async beforeWrite(data, _input, { session, trx, mode, existing }) {
      if (mode === 'add' && (data.customerStatus === undefined || data.customerStatus === '')) {
        data.customerStatus = OPEN_INVITATION;
      }
      if (data.customerStatus !== undefined && !isInvitationStatus(data.customerStatus)) {
        throw badRequest('customer.invitationStatus', {
          value: String(data.customerStatus),
          values: INVITATION_STATUS.join(', '),
        });
      }
      // The owner and the store are the customer's, whoever records it and whatever the client says.
      // A customer named anew must be one the operator may see; an update of another field reads
      // the one it has (gone to the recycle bin: the row keeps where it was).
      delete data.employeeId;
      delete data.storeId;
      const named = mode === 'add' || (data.customerID !== undefined && data.customerID !== existing?.customerID);
      const customer = named
        ? await visibleCustomer(customers, trx, data.customerID as number, session)
        : await customerPlace(trx, existing?.customerID as number);
      if (customer) Object.assign(data, { employeeId: customer.employeeId ?? null, storeId: customer.storeId ?? null });
      return data;
    },
  });

  return {
    ...crud,
    // The factory's rows are the declaration's rows (createRowMapper), with the joined names.
    findPage: (input, session) => crud.page(input, session) as Promise<PageResult<CustomerInvitation>>,
    async create(input, session) {
      const result = await crud.add(input, session);
      return { id: 'id' in result ? result.id : (result.ids[0] as number) };
    },
  };
}
