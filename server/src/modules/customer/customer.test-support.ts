import { customerActivity, customerInfo, customerInvitationRecord, type UserLevel } from '@backroom/contract';
import { dataOf, type TestApp } from '../../testing/harness.js';

export const PASSWORD = 'chain-pass1';

export type Staff = { id: number; username: string; token: string };

/**
 * A small chain for the customer tests: a region with two stores, a manager and two clerks in
 * store A, a manager and a clerk in store B, and a head-office user with no store. Each holds
 * every customer permission through a role whose data permission is their own department.
 */
export type Chain = {
  admin: string;
  region: number;
  storeA: number;
  storeB: number;
  headOffice: number;
  managerA: Staff;
  clerkA1: Staff;
  clerkA2: Staff;
  managerB: Staff;
  clerkB1: Staff;
  office: Staff;
};

/** Every permission the three entities' served endpoints need. */
export const CUSTOMER_PERMS = [customerInfo, customerInvitationRecord, customerActivity].flatMap((entity) =>
  entity.endpoints.map((e) => e.perm).filter((perm): perm is string => perm !== null),
);

type Id = { id: number };

export async function setUpChain(t: TestApp): Promise<Chain> {
  const admin = (await t.login()).token;
  const departments = dataOf(
    await t.post<Array<{ id: number; parentId: number | null }>>('/admin/base/sys/department/list', {}, admin),
  );
  const top = departments.find((d) => d.parentId === null);
  if (!top) throw new Error('no top department');
  const addDepartment = async (name: string, parentId: number, isStore: boolean) =>
    dataOf(await t.post<Id>('/admin/base/sys/department/add', { name, parentId, isStore }, admin)).id;
  const region = await addDepartment('测试大区', top.id, false);
  const storeA = await addDepartment('门店甲', region, true);
  const storeB = await addDepartment('门店乙', region, true);
  const headOffice = await addDepartment('总部客服', top.id, false);
  const menuId = dataOf(
    await t.post<Id>(
      '/admin/base/sys/menu/add',
      { name: 'customer perms', type: 2, perms: CUSTOMER_PERMS.join(',') },
      admin,
    ),
  ).id;
  const roles = new Map<number, number>();
  async function roleFor(departmentId: number): Promise<number> {
    const known = roles.get(departmentId);
    if (known !== undefined) return known;
    const id = dataOf(
      await t.post<Id>(
        '/admin/base/sys/role/add',
        {
          name: `customers ${departmentId}`,
          label: `customers-${departmentId}`,
          relevance: true,
          menuIdList: [menuId],
          departmentIdList: [departmentId],
        },
        admin,
      ),
    ).id;
    roles.set(departmentId, id);
    return id;
  }
  async function staff(username: string, name: string, departmentId: number, userLevel: UserLevel): Promise<Staff> {
    const id = dataOf(
      await t.post<Id>(
        '/admin/base/sys/user/add',
        {
          username,
          name,
          password: PASSWORD,
          departmentId,
          userLevel,
          roleIdList: [await roleFor(departmentId)],
        },
        admin,
      ),
    ).id;
    return { id, username, token: (await t.login(username, PASSWORD)).token };
  }
  return {
    admin,
    region,
    storeA,
    storeB,
    headOffice,
    managerA: await staff('mgr.a', '甲店长', storeA, 'storeManger'),
    clerkA1: await staff('clerk.a1', '甲店员一', storeA, 'clerk'),
    clerkA2: await staff('clerk.a2', '甲店员二', storeA, 'clerk'),
    managerB: await staff('mgr.b', '乙店长', storeB, 'storeManger'),
    clerkB1: await staff('clerk.b1', '乙店员一', storeB, 'clerk'),
    office: await staff('office.hq', '总部客服', headOffice, 'hr'),
  };
}

let serial = 0;

/** A phone number no other test in the process uses. */
export function uniquePhone(): string {
  serial += 1;
  return `139${String(Date.now() % 100_000).padStart(5, '0')}${String(serial).padStart(3, '0')}`;
}

/** Creates a customer through customer/info/create as this operator; answers its id and code. */
export async function createCustomer(
  t: TestApp,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<{ id: number; customerCode: string }> {
  return dataOf(
    await t.post<{ id: number; customerCode: string }>(
      '/admin/customer/info/create',
      { customerName: '测试客户', customerPhone: uniquePhone(), ...fields },
      token,
    ),
  );
}

/** The stored row of a customer, read from the database, not through the API. */
export async function storedCustomer(t: TestApp, id: number) {
  return t.ctx.db.db.selectFrom('customer_info').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Rows in a table, counted in the database. */
export async function rowCount(
  t: TestApp,
  table: 'customer_info' | 'customer_invitation_record' | 'customer_activity',
) {
  const row = await t.ctx.db.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
