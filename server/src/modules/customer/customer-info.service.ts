import { randomInt } from 'node:crypto';
import {
  CUSTOMER_FIND_ALL_CAP,
  type CustomerDuplicate,
  type CustomerInfo,
  type CustomerPreCreate,
  type CustomerStatus,
  customerInfo,
  type PageResult,
} from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud, type LooseTrx } from '../../core/crud/factory.js';
import type { ListInput } from '../../core/crud/query.js';
import { isUniqueViolation } from '../../core/db/unique.js';
import { AppError, badRequest, conflict, refused } from '../../core/errors.js';
import type { DeletionOrigin } from '../../core/recycle.js';
import {
  type CustomerPatch,
  customerCodeOf,
  customerIdsOwnedBy,
  customersWithPhone,
  filterCustomers,
  moveCustomerRecords,
  nextCustomerCode,
  ownerFields,
  SLICE,
  updateCustomers,
  withStaffNames,
} from './customer-info.repository.js';
import { tellHandOver } from './customer-kinds.js';
import { importPhoneWarnings } from './import-warnings.js';
import { assertMayAssign, loadStaff, requireOwner, type Staff } from './owner.js';
import { managersOf } from './reminders.repository.js';

type Row = Record<string, unknown>;
type PageListInput = ListInput & { page: number; size: number };
type Draft = Row & { customerPhone: string; employeeId?: number | null; customerCode?: string | null };

/** How often a create takes a fresh code after another writer took the one it read. */
const CODE_ATTEMPTS = 20;
/** customerStatus of a cancelled customer (remove). */
const CANCELLED: CustomerStatus = '2';

export type BatchUpdateInput = {
  ids: number[];
  customerStatus?: CustomerStatus;
  customerType?: string | null;
  remark?: string;
  employeeId?: number;
};

export type CustomerInfoService = CrudService & {
  findPage(input: PageListInput, session: Session): Promise<PageResult<CustomerInfo>>;
  findAll(input: ListInput, session: Session): Promise<CustomerInfo[]>;
  remove(ids: readonly number[], session: Session): Promise<void>;
  batchUpdate(input: BatchUpdateInput, session: Session): Promise<{ count: number }>;
  batchDelete(ids: readonly number[], session: Session, origin: DeletionOrigin): Promise<void>;
  preCreate(draft: Draft, session: Session): Promise<CustomerPreCreate>;
  create(input: Draft & { force?: boolean }, session: Session): Promise<{ id: number; customerCode: string }>;
  handOver(
    input: { fromEmployeeId: number; toEmployeeId: number },
    session: Session,
  ): Promise<{ customers: number; invitations: number; activities: number }>;
};

const givenCode = (draft: Row): string | undefined =>
  typeof draft.customerCode === 'string' && draft.customerCode.trim() !== '' ? draft.customerCode.trim() : undefined;

/**
 * A write that lost the race for its generated code (the pre-check or the unique index saw the
 * other writer; the factory answers the index's refusal as a 409, `common.conflict` when the value
 * it lost on was not in the input, as a generated code is not: core/crud/write-checks.ts lostUniqueRace).
 */
const lostCodeRace = (error: unknown) =>
  isUniqueViolation(error) ||
  (error instanceof AppError &&
    error.status === 409 &&
    (error.key === 'common.duplicateValue' || error.key === 'common.conflict'));

export function createCustomerInfoService(ctx: AppContext): CustomerInfoService {
  const { db } = ctx.db;

  /**
   * What one transaction has read already: the owners it named and the last code it generated. An
   * import writes thousands of rows in one transaction through the same write path as add, and
   * each row would otherwise read its owner (two queries) and the highest code again: on
   * PostgreSQL each is a round trip.
   */
  const known = new WeakMap<object, { owners: Map<number, Staff>; lastCode?: number }>();
  const knownIn = (trx: LooseTrx) => {
    let entry = known.get(trx);
    if (!entry) {
      entry = { owners: new Map() };
      known.set(trx, entry);
    }
    return entry;
  };

  /** The owner a written row gets: the one named (if the operator may give it to them), else the operator. */
  async function ownerFor(trx: LooseTrx, session: Session, employeeId: unknown): Promise<Staff> {
    const id = typeof employeeId === 'number' ? employeeId : session.userId;
    const { owners } = knownIn(trx);
    const owner = owners.get(id) ?? (await requireOwner(trx, id));
    owners.set(id, owner);
    assertMayAssign(session, owner);
    return owner;
  }

  /**
   * The code of a new row without one: the next after the highest, read once a transaction (later
   * rows of it count on from there; a code given by a client never reaches here in a batch, as an
   * import's code names a row to update).
   */
  async function codeFor(trx: LooseTrx, data: Row): Promise<string> {
    const given = givenCode(data);
    if (given !== undefined) return given;
    const entry = knownIn(trx);
    const code =
      entry.lastCode !== undefined ? `C${String(entry.lastCode + 1).padStart(8, '0')}` : await nextCustomerCode(trx);
    entry.lastCode = Number(code.slice(1));
    return code;
  }

  const crud = createCrud(ctx, customerInfo, {
    join: (qb) => withStaffNames(qb),
    joinedOrder: { employeeName: 'employeeName', creatorName: 'creatorName' },
    filter: filterCustomers,
    // A total is kept 2 s per principal and filters (the next pages of a search reuse it; every
    // write through this service forgets them): at 1M customers a superuser's count is most of
    // the page's cost (docs/benchmarks.md, "Customer keyword search").
    countCacheMs: 2000,
    importWarnings: (rows, session, locale) => importPhoneWarnings(db, crud, rows, session, locale),
    async beforeWrite(data, _input, { session, trx, mode, existing }) {
      // The store and the staff number are the owner's, never what a client says.
      delete data.storeId;
      delete data.storeName;
      delete data.employeeNumber;
      if (mode === 'add') {
        Object.assign(data, ownerFields(await ownerFor(trx, session, data.employeeId)));
        data.customerCode = await codeFor(trx, data);
        return data;
      }
      // A code is never taken away: a client sending the whole row back with an empty one keeps it.
      if (givenCode(data) === undefined) delete data.customerCode;
      if (data.employeeId === null) throw badRequest('customer.ownerRequired');
      if (data.employeeId !== undefined && data.employeeId !== existing?.employeeId) {
        Object.assign(data, ownerFields(await ownerFor(trx, session, data.employeeId)));
      }
      return data;
    },
    async afterWrite(id, input, { trx, mode, existing }) {
      // A new owner takes the customer's invitations and activities along, as a hand-over does.
      const previous = existing?.employeeId;
      if (mode !== 'update' || typeof input.employeeId !== 'number' || input.employeeId === previous) return;
      const owner = await loadStaff(trx, input.employeeId);
      if (owner) await moveCustomerRecords(trx, [id], owner);
    },
  });

  /**
   * Runs an insert whose generated code another writer may take first: the unique index turns the
   * loser away, and it tries again with the next code. A code the client chose is not retried.
   */
  async function withFreshCode<T>(rows: readonly Row[], insert: (attempt: number) => Promise<T>): Promise<T> {
    const generated = rows.some((row) => givenCode(row) === undefined);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await insert(attempt);
      } catch (error) {
        if (!lostCodeRace(error)) throw error;
        if (!generated || attempt >= CODE_ATTEMPTS) {
          if (error instanceof AppError) throw error;
          throw conflict('common.conflict');
        }
      }
    }
  }

  /** A code past the highest, drawn among the next `4 × attempt` (a writer that lost `attempt - 1` rounds). */
  async function spreadCode(attempt: number): Promise<string> {
    const next = Number((await nextCustomerCode(db)).slice(1));
    return `C${String(next + randomInt(4 * attempt)).padStart(8, '0')}`;
  }

  /** Customers anywhere in the chain with this phone; `visible` says whether the operator's scope holds them. */
  async function duplicatesOf(phone: string, session: Session): Promise<CustomerDuplicate[]> {
    const found = await customersWithPhone(db, phone);
    if (found.length === 0) return [];
    const visible = new Set((await crud.list({ customerPhone: phone }, session)).map((r) => r.id as number));
    const inScope: CustomerDuplicate[] = found
      .filter((c) => visible.has(c.id))
      .map((c) => ({ ...c, visible: true as const }));
    // Beyond the scope only the store, once: whom to ask, and nothing of the customer.
    const stores = [...new Set(found.filter((c) => !visible.has(c.id)).map((c) => c.storeName))];
    return [...inScope, ...stores.map((storeName) => ({ visible: false as const, storeName }))];
  }

  /** The rows are there and within the operator's scope, checked in slices; a 404 as a whole otherwise. */
  async function assertTouchable(trx: LooseTrx, ids: readonly number[], session: Session): Promise<Row[]> {
    const rows: Row[] = [];
    for (let i = 0; i < ids.length; i += SLICE)
      rows.push(...(await crud.touchable(trx, ids.slice(i, i + SLICE), session)));
    return rows;
  }

  /** Gives the invitations and activities of the customers that change hands to their new owner. */
  async function followOwner(trx: LooseTrx, rows: readonly Row[], owner: Staff): Promise<void> {
    const moving = rows.filter((row) => row.employeeId !== owner.id || row.storeId !== owner.homeId);
    await moveCustomerRecords(
      trx,
      moving.map((row) => row.id as number),
      owner,
    );
  }

  const service: CustomerInfoService = {
    ...crud,
    async add(input, session) {
      if (Array.isArray(input) || givenCode(input) !== undefined)
        return withFreshCode(Array.isArray(input) ? input : [input], () => crud.add(input, session));
      // Writers adding at once all read the same highest code, and only one of them wins each round:
      // 8 of them at once lost 20 rounds in a row about one time in twenty (bench:faults). After a
      // lost round the next code is drawn a little past the highest, further each round, so they
      // spread out; a code may be skipped, as a database sequence skips one.
      return withFreshCode([input], async (attempt) =>
        crud.add(attempt === 1 ? input : { ...input, customerCode: await spreadCode(attempt) }, session),
      );
    },

    // The factory's rows are the declaration's rows (createRowMapper), with the joined owner name.
    findPage: (input, session) => crud.page(input, session) as Promise<PageResult<CustomerInfo>>,

    async findAll(input, session) {
      // Counted first: a list over the cap is refused before a single row is read.
      const total = await crud.count(input, session);
      if (total > CUSTOMER_FIND_ALL_CAP) throw badRequest('customer.findAllCap', { cap: CUSTOMER_FIND_ALL_CAP, total });
      return (await crud.list(input, session)) as CustomerInfo[];
    },

    async remove(ids, session) {
      await db.transaction().execute(async (trx) => {
        const rows = await assertTouchable(trx, ids, session);
        await updateCustomers(trx, ids, { customerStatus: CANCELLED });
        await ctx.history.recordChanges(trx, session, customerInfo, rows, { customerStatus: CANCELLED }, 'status');
      });
      crud.changed();
    },

    async batchUpdate(input, session) {
      const { ids, ...fields } = input;
      const patch: CustomerPatch = {};
      for (const key of ['customerStatus', 'customerType', 'remark'] as const) {
        if (fields[key] !== undefined) Object.assign(patch, { [key]: fields[key] });
      }
      if (Object.keys(patch).length === 0 && fields.employeeId === undefined) throw badRequest('customer.batchNothing');
      const count = await db.transaction().execute(async (trx) => {
        const rows = await assertTouchable(trx, ids, session);
        if (fields.employeeId !== undefined) {
          const owner = await ownerFor(trx, session, fields.employeeId);
          // Every row gets the same owner and store: one check says whether they stay in scope.
          crud.assertWritable(ownerFields(owner), session);
          Object.assign(patch, ownerFields(owner));
          await followOwner(trx, rows, owner);
        }
        const count = await updateCustomers(trx, ids, patch);
        await ctx.history.recordChanges(trx, session, customerInfo, rows, patch, 'update');
        return count;
      });
      crud.changed();
      return { count };
    },

    async batchDelete(ids, session, origin) {
      await crud.delete(ids, session, origin);
    },

    async preCreate(draft, session) {
      const owner = await ownerFor(db, session, draft.employeeId);
      return {
        duplicates: await duplicatesOf(draft.customerPhone, session),
        customerCode: givenCode(draft) ?? (await nextCustomerCode(db)),
        employeeId: owner.id,
        employeeName: owner.name ?? owner.username,
        employeeNumber: owner.employeeNumber,
        storeId: owner.homeId,
        storeName: owner.homeName,
      };
    },

    async create(input, session) {
      const { force, ...draft } = input;
      const duplicates = await duplicatesOf(draft.customerPhone, session);
      if (duplicates.length > 0 && force !== true) {
        throw conflict('customer.duplicatePhone', { count: duplicates.length });
      }
      const result = await service.add(draft, session);
      const id = 'id' in result ? result.id : (result.ids[0] as number);
      return { id, customerCode: (await customerCodeOf(db, id)) ?? '' };
    },

    async handOver({ fromEmployeeId, toEmployeeId }, session) {
      if (fromEmployeeId === toEmployeeId) throw badRequest('customer.handOverSame');
      const from = await loadStaff(db, fromEmployeeId);
      if (!from) throw badRequest('customer.ownerMissing', { id: fromEmployeeId });
      const to = await requireOwner(db, toEmployeeId);
      if (from.storeId === null || from.storeId !== to.storeId) throw refused('customer.handOverStores');
      // The operator manages that store (or is above it): giving away one clerk's rows and giving them to the other.
      assertMayAssign(session, from);
      assertMayAssign(session, to);
      crud.assertWritable(ownerFields(to), session);
      const moved = await db.transaction().execute(async (trx) => {
        const ids = await customerIdsOwnedBy(trx, from.id);
        const rows = await assertTouchable(trx, ids, session);
        const records = await moveCustomerRecords(trx, ids, to);
        const customers = await updateCustomers(trx, ids, ownerFields(to));
        await ctx.history.recordChanges(trx, session, customerInfo, rows, ownerFields(to), 'handOver');
        return { customers, ...records };
      });
      crud.changed();
      await tellHandOver(
        ctx.messages,
        async (storeId) => (await managersOf(db, [storeId])).map((m) => m.id),
        from,
        to,
        moved,
      ).catch((error: unknown) => ctx.log.warn({ err: error }, 'telling of a hand-over failed'));
      return moved;
    },
  };
  return service;
}
