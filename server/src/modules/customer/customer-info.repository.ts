import { type CustomerStatus, INVITATION_STATUS, phoneSearchForms } from '@backroom/contract';
import { sql } from 'kysely';
import { type AnySelect, MAIN } from '../../core/crud/query.js';
import { type Db, formatTime } from '../../core/db/index.js';
import type { Staff } from './owner.js';

/** The code every generated customer code has: `C` and 8 digits. */
export const CUSTOMER_CODE = /^C\d{8}$/;
/** The first and last generated codes, so the search for the highest one stays on the index. */
const CODE_RANGE = ['C00000000', 'C99999999'] as const;

/** Ids per statement when a change covers many rows. */
export const SLICE = 500;

/** An invitation still to happen (the invitationStatus dictionary's "invited"): a new invitation's status. */
export const OPEN_INVITATION = INVITATION_STATUS[0];

/** Filters of time windows: homeBaseData's, and the lists the home dashboard's figures open. */
export type TimeWindow = { createTimeFrom?: string; createTimeTo?: string };

/** createTime within [from, to): the home screen's "new today", "this week", "this month". */
export function filterCreated(qb: AnySelect, input: Record<string, unknown>): AnySelect {
  let q = qb;
  if (typeof input.createTimeFrom === 'string') q = q.where(`${MAIN}.createTime`, '>=', input.createTimeFrom);
  if (typeof input.createTimeTo === 'string') q = q.where(`${MAIN}.createTime`, '<', input.createTimeTo);
  return q;
}

/** The customer list's own filters: the family's salesmanId (the owner) and the time windows. */
export function filterCustomers(qb: AnySelect, input: Record<string, unknown>): AnySelect {
  const q = filterCreated(qb, input);
  return typeof input.salesmanId === 'number' ? q.where(`${MAIN}.employeeId`, '=', input.salesmanId) : q;
}

/** The owner's display name beside each row: the staff user's name, or their login name when it has none. */
export function withOwnerName(qb: AnySelect, ownerRef = `${MAIN}.employeeId`, alias = 'employeeName'): AnySelect {
  return qb
    .leftJoin('base_sys_user as u', 'u.id', ownerRef)
    .select(sql<string | null>`coalesce(${sql.ref('u.name')}, ${sql.ref('u.username')})`.as(alias));
}

/**
 * The owner's and the recorder's display names beside each row (employeeName, creatorName): who has
 * the customer now, and who recorded the row (ownership.creator, never moved).
 */
export function withStaffNames(qb: AnySelect): AnySelect {
  return withOwnerName(qb)
    .leftJoin('base_sys_user as cu', 'cu.id', `${MAIN}.creatorId`)
    .select(sql<string | null>`coalesce(${sql.ref('cu.name')}, ${sql.ref('cu.username')})`.as('creatorName'));
}

/**
 * The code after the highest generated one. Codes imported in other forms are skipped; two
 * writers may read the same one, and the unique index then turns the second away (it retries).
 */
export async function nextCustomerCode(db: Db): Promise<string> {
  const rows = await db
    .selectFrom('customer_info')
    .select('customerCode')
    .where('customerCode', '>=', CODE_RANGE[0])
    .where('customerCode', '<=', CODE_RANGE[1])
    .orderBy('customerCode', 'desc')
    .limit(50)
    .execute();
  const highest = rows.map((r) => r.customerCode).find((code) => code !== null && CUSTOMER_CODE.test(code));
  const next = highest ? Number(highest.slice(1)) + 1 : 1;
  return `C${String(next).padStart(8, '0')}`;
}

/**
 * Customers anywhere in the chain with this phone number, in any spelling a row may keep it
 * (phone.ts, phoneSearchForms), with their owner's name (no other field).
 */
export async function customersWithPhone(db: Db, phone: string) {
  return db
    .selectFrom('customer_info as c')
    .leftJoin('base_sys_user as u', 'u.id', 'c.employeeId')
    .select(['c.id', 'c.customerCode', 'c.customerName', 'c.storeName'])
    .select(sql<string | null>`coalesce(${sql.ref('u.name')}, ${sql.ref('u.username')})`.as('employeeName'))
    .where('c.customerPhone', 'in', [...new Set([phone, ...phoneSearchForms(phone)])])
    .orderBy('c.id')
    .limit(50)
    .execute();
}

export type CustomerPatch = {
  customerStatus?: CustomerStatus;
  customerType?: string | null;
  remark?: string;
  employeeId?: number;
  employeeNumber?: string;
  storeId?: number | null;
  storeName?: string | null;
};

/** The same change on these customers; answers how many rows it wrote. */
export async function updateCustomers(trx: Db, ids: readonly number[], patch: CustomerPatch): Promise<number> {
  const unique = [...new Set(ids)];
  const updateTime = formatTime();
  let count = 0;
  // In slices: a hand-over may move thousands of customers, more than a statement takes parameters.
  for (let i = 0; i < unique.length; i += SLICE) {
    const result = await trx
      .updateTable('customer_info')
      .set({ ...patch, updateTime })
      .where('id', 'in', unique.slice(i, i + SLICE))
      .executeTakeFirst();
    count += Number(result.numUpdatedRows);
  }
  return count;
}

/** The generated code of a customer just written. */
export async function customerCodeOf(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('customer_info').select('customerCode').where('id', '=', id).executeTakeFirst();
  return row?.customerCode ?? null;
}

/** The owner fields a customer takes from its (new) owner: their staff number and where their rows sit. */
export function ownerFields(owner: Staff) {
  return {
    employeeId: owner.id,
    employeeNumber: owner.employeeNumber,
    storeId: owner.homeId,
    storeName: owner.homeName,
  };
}

/** How many invitations and activities moved with their customers. */
export type MovedRecords = { invitations: number; activities: number };

/**
 * Gives every invitation and activity of these customers to `to` and the store the customers now
 * belong to (ownerFields of `to`), whoever recorded them: they follow their customer. Answers how
 * many of each moved. Run it in the transaction that moves the customers.
 */
export async function moveCustomerRecords(trx: Db, customerIds: readonly number[], to: Staff): Promise<MovedRecords> {
  const moved: MovedRecords = { invitations: 0, activities: 0 };
  const unique = [...new Set(customerIds)];
  const owner = ownerFields(to);
  const updateTime = formatTime();
  for (let i = 0; i < unique.length; i += SLICE) {
    const slice = unique.slice(i, i + SLICE);
    const invitations = await trx
      .updateTable('customer_invitation_record')
      .set({ employeeId: owner.employeeId, storeId: owner.storeId, updateTime })
      .where('customerID', 'in', slice)
      .executeTakeFirst();
    moved.invitations += Number(invitations.numUpdatedRows);
    const activities = await trx
      .updateTable('customer_activity')
      .set({ employeeId: owner.employeeId, storeId: owner.storeId, storeName: owner.storeName, updateTime })
      .where('customerId', 'in', slice)
      .executeTakeFirst();
    moved.activities += Number(activities.numUpdatedRows);
  }
  return moved;
}

/** Ids of every customer this staff user owns. */
export async function customerIdsOwnedBy(db: Db, employeeId: number): Promise<number[]> {
  const rows = await db.selectFrom('customer_info').select('id').where('employeeId', '=', employeeId).execute();
  return rows.map((r) => r.id);
}

/** Where a customer sits (owner and store), read as stored, without a scope: for the rows that follow it. */
export async function customerPlace(db: Db, id: number) {
  return db
    .selectFrom('customer_info')
    .select(['employeeId', 'storeId', 'storeName', 'customerName', 'customerPhone'])
    .where('id', '=', id)
    .executeTakeFirst();
}
