import {
  type CustomerInvitation,
  customerInvitationRecord,
  INVITATION_STATUS,
  type PageResult,
} from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import type { ListInput } from '../../core/crud/query.js';
import { badRequest } from '../../core/errors.js';
import { OPEN_INVITATION } from './customer-info.repository.js';
import { visibleCustomer } from './customer-ref.js';
import { filterInviteTime, withInvitationNames } from './invitation.repository.js';
import { assertMayAssign, requireOwner } from './owner.js';

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
 * see and the invitation sits in that customer's store, and the inviting staff user is the operator
 * unless a manager names another.
 */
export function createInvitationService(ctx: AppContext, customers: CrudService): InvitationService {
  const crud = createCrud(ctx, customerInvitationRecord, {
    join: withInvitationNames,
    joinedOrder: { customerName: 'customerName', employeeName: 'employeeName', storeName: 'storeName' },
    filter: filterInviteTime,
    scopeMessage: 'customer.invitationNotInScope',
    async beforeWrite(data, _input, { session, trx, mode, existing }) {
      // The store follows the customer, never the client.
      delete data.storeId;
      if (mode === 'add' && (data.customerStatus === undefined || data.customerStatus === '')) {
        data.customerStatus = OPEN_INVITATION;
      }
      if (data.customerStatus !== undefined && !isInvitationStatus(data.customerStatus)) {
        throw badRequest('customer.invitationStatus', {
          value: String(data.customerStatus),
          values: INVITATION_STATUS.join(', '),
        });
      }
      if (mode === 'add' || (data.customerID !== undefined && data.customerID !== existing?.customerID)) {
        const customer = await visibleCustomer(customers, trx, data.customerID as number, session);
        data.storeId = customer.storeId ?? null;
      }
      if (mode === 'add' && (data.employeeId === undefined || data.employeeId === null)) {
        data.employeeId = session.userId;
      } else if (data.employeeId !== undefined && data.employeeId !== existing?.employeeId) {
        if (data.employeeId === null) throw badRequest('customer.ownerRequired');
        assertMayAssign(session, await requireOwner(trx, data.employeeId as number));
      }
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
