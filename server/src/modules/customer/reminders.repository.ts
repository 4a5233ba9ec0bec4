import type { Db } from '../../core/db/index.js';

/** An invitation as a reminder lists it: whose, which store, when, and the customer's name. */
export type DayInvitation = {
  id: number;
  employeeId: number;
  storeId: number | null;
  inviteTime: string;
  customerName: string;
};

/** The owned invitations planned on a day (`YYYY-MM-DD`) whose status is one of these, by time. */
export async function invitationsOn(db: Db, day: string, statuses: readonly string[]): Promise<DayInvitation[]> {
  const rows = await db
    .selectFrom('customer_invitation_record as i')
    .innerJoin('customer_info as c', 'c.id', 'i.customerID')
    .select(['i.id', 'i.employeeId', 'i.storeId', 'i.inviteTime', 'c.customerName'])
    .where('i.inviteTime', '>=', `${day} 00:00:00`)
    .where('i.inviteTime', '<=', `${day} 23:59:59`)
    .where('i.customerStatus', 'in', [...statuses])
    .where('i.employeeId', 'is not', null)
    .orderBy('i.inviteTime')
    .orderBy('i.id')
    .execute();
  return rows.map((r) => ({ ...r, employeeId: r.employeeId as number }));
}

/** The enabled store managers whose own department is one of these stores, with it. */
export async function managersOf(db: Db, storeIds: readonly number[]): Promise<{ id: number; storeId: number }[]> {
  if (storeIds.length === 0) return [];
  const rows = await db
    .selectFrom('base_sys_user')
    .select(['id', 'departmentId'])
    .where('userLevel', '=', 'storeManger')
    .where('status', '=', 1)
    .where('departmentId', 'in', [...storeIds])
    .execute();
  return rows.map((r) => ({ id: r.id, storeId: r.departmentId as number }));
}

export async function departmentNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('base_sys_department')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A stored row by id, whatever the reader's scope (what a change notice compares with the row before). */
export async function storedRow(
  db: Db,
  table: 'customer_info' | 'customer_invitation_record' | 'customer_activity',
  id: number,
): Promise<Record<string, unknown> | undefined> {
  return db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst() as Promise<
    Record<string, unknown> | undefined
  >;
}

/** The stored rows of these ids (those that exist). */
export async function storedRows(
  db: Db,
  table: 'customer_info' | 'customer_invitation_record' | 'customer_activity',
  ids: readonly number[],
): Promise<Record<string, unknown>[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom(table)
    .selectAll()
    .where('id', 'in', [...ids])
    .execute() as Promise<Record<string, unknown>[]>;
}

export async function userNameOf(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('base_sys_user').select(['name', 'username']).where('id', '=', id).executeTakeFirst();
  return row?.name || row?.username || String(id);
}
