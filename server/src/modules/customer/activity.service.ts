import {
  type CustomerActivity,
  customerActivity,
  idTypeLabels,
  isIdNumber,
  looksMasked,
  ownValue,
  type PageResult,
} from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud, type LooseTrx } from '../../core/crud/factory.js';
import type { ListInput } from '../../core/crud/query.js';
import { AppError, badRequest } from '../../core/errors.js';
import { knownFileUrls } from '../space/index.js';
import { customerPlace, filterCreated, withStaffNames } from './customer-info.repository.js';
import { visibleCustomer } from './customer-ref.js';
import { assertMayAssign, requireOwner, type Staff } from './owner.js';

type Row = Record<string, unknown>;

export type ActivityService = CrudService & {
  findPage(input: ListInput & { page: number; size: number }, session: Session): Promise<PageResult<CustomerActivity>>;
  create(input: Row, session: Session): Promise<{ id: number }>;
};

/** Prize photos are files of the file space: a URL from anywhere else is refused, naming it. */
async function assertSpaceFiles(trx: LooseTrx, photos: unknown): Promise<void> {
  if (!Array.isArray(photos) || photos.length === 0) return;
  const urls = photos as string[];
  const known = await knownFileUrls(trx, urls);
  const stranger = urls.find((url) => !known.has(url));
  if (stranger !== undefined) throw badRequest('customer.prizePhotoUnknown', { url: stranger });
}

/**
 * The ID number fits the form of its type (issue 24 §2): the column's schema took any known form,
 * the row's type decides which one. Checked on the row as it will be, when either of them changes.
 */
function assertIdNumberOfType(data: Row, existing: Row | undefined): void {
  if (data.idCardNo === undefined && data.idCardType === undefined) return;
  const no = data.idCardNo === undefined ? existing?.idCardNo : data.idCardNo;
  const type = data.idCardType === undefined ? existing?.idCardType : data.idCardType;
  if (typeof no !== 'string' || no === '' || typeof type !== 'string' || type === '') return;
  // A mask left in the write is refused as no ID number at all (masking.ts, assertNoMaskLeft).
  if (looksMasked(no)) return;
  if (isIdNumber(no, type)) return;
  const { label } = customerActivity.columns.idCardNo;
  throw new AppError(400, 'validation.idNumberOfType', {
    field: label,
    type: ownValue(idTypeLabels, type) ?? type,
  });
}

/**
 * Welfare and promotion activities. On every write: the prize photos are file-space files; an
 * activity recorded for a customer (customerId) needs one the operator may see and belongs to it:
 * its owner and store are the customer's, whoever records it, and it moves with the customer
 * (customer-info.repository.ts, moveCustomerRecords); its customerName and customerPhone are the
 * customer's. Without a customer it is the recorder's (the operator, or whom a manager names).
 */
export function createActivityService(ctx: AppContext, customers: CrudService): ActivityService {
  const crud = createCrud(ctx, customerActivity, {
    join: (qb) => withStaffNames(qb),
    joinedOrder: { employeeName: 'employeeName', creatorName: 'creatorName' },
    filter: filterCreated,
    async beforeWrite(data, _input, { session, trx, mode, existing }) {
      assertIdNumberOfType(data, existing);
      await assertSpaceFiles(trx, data.prizePhoto);
      // The owner and store come from the customer (or the recorder), never from the client.
      delete data.storeId;
      delete data.storeName;
      const customerId = data.customerId === undefined ? existing?.customerId : data.customerId;
      if (typeof customerId === 'number') {
        // A customer named anew must be one the operator may see; an update of another field reads
        // the one it has (gone to the recycle bin: the row keeps what it has).
        const named = mode === 'add' || (data.customerId !== undefined && data.customerId !== existing?.customerId);
        const customer = named
          ? await visibleCustomer(customers, trx, customerId, session)
          : await customerPlace(trx, customerId);
        delete data.employeeId;
        if (customer) {
          // The spec's name and phone are kept on the record, as the customer has them.
          Object.assign(data, {
            employeeId: customer.employeeId ?? null,
            storeId: customer.storeId ?? null,
            storeName: customer.storeName ?? null,
            customerName: customer.customerName,
            customerPhone: customer.customerPhone,
          });
        }
        return data;
      }
      // No customer (an import, a walk-in): the recorder's, as a manager names them.
      if (mode === 'add' || (data.employeeId !== undefined && data.employeeId !== existing?.employeeId)) {
        const employeeId = typeof data.employeeId === 'number' ? data.employeeId : session.userId;
        if (mode === 'update' && data.employeeId === null) throw badRequest('customer.ownerRequired');
        const recorder: Staff = await requireOwner(trx, employeeId);
        assertMayAssign(session, recorder);
        Object.assign(data, { employeeId: recorder.id, storeId: recorder.homeId, storeName: recorder.homeName });
      }
      return data;
    },
  });

  return {
    ...crud,
    // The factory's rows are the declaration's rows (createRowMapper), with the joined names.
    findPage: (input, session) => crud.page(input, session) as Promise<PageResult<CustomerActivity>>,
    async create(input, session) {
      const result = await crud.add(input, session);
      return { id: 'id' in result ? result.id : (result.ids[0] as number) };
    },
  };
}
