import {
  customerActivity,
  customerInfo,
  customerInvitationRecord,
  type PageResult,
  recycleData,
  spaceInfo,
  sysDepartment,
  sysRole,
  sysUser,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Chain, createCustomer, type Staff, setUpChain } from './modules/customer/customer.test-support.js';
import { PNG, upload } from './modules/space/upload.fixtures.js';
import { dataOf, type Reply, startApp, type TestApp, testTargets } from './testing/harness.js';

/*
 * An id the operator may not see answers exactly as an id nobody has, on every read and write that
 * takes ids: same status, code and message (issue 35 §9). Each case is tried by a clerk and a store
 * manager of store B on a row of store A (or of the admin), and on an id no row ever had; both hold
 * every permission the calls need, so the answer is the scope's alone, never a 403.
 */

/** An id no table of a fresh install reaches. */
const NOBODYS = 999_999_999;
const HEADERS = { language: 'en' };

type Hidden = {
  user: number;
  department: number;
  role: number;
  recycle: number;
  file: number;
  customer: number;
  invitation: number;
  activity: number;
};
type Kind = keyof Hidden;
type Call = (t: TestApp, token: string, id: number) => Promise<Reply>;
/** One call with an id: the kind of row it names, and who may not see such a row here. */
type Case = { name: string; kind: Kind; call: Call; managerToo: boolean };

const get = (path: string) => (t: TestApp, token: string, id: number) => t.get(path, { id }, token, HEADERS);
const post = (path: string, body: (id: number) => unknown) => (t: TestApp, token: string, id: number) =>
  t.post(path, body(id), token, HEADERS);
const at = (prefix: string, action: string) => `${prefix}/${action}`;

const CASES: Case[] = (
  [
    // Users and departments follow the roles' department grants; roles are their creator's and holder's.
    { name: 'user info', kind: 'user', call: get(at(sysUser.prefix, 'info')) },
    {
      name: 'user update',
      kind: 'user',
      call: post(at(sysUser.prefix, 'update'), (id) => ({ id, nickName: 'probe' })),
    },
    { name: 'user delete', kind: 'user', call: post(at(sysUser.prefix, 'delete'), (id) => ({ ids: [id] })) },
    { name: 'user unlock', kind: 'user', call: post(at(sysUser.prefix, 'unlock'), (id) => ({ id })) },
    { name: 'user resetTwoFactor', kind: 'user', call: post(at(sysUser.prefix, 'resetTwoFactor'), (id) => ({ id })) },
    {
      name: 'department update',
      kind: 'department',
      call: post(at(sysDepartment.prefix, 'update'), (id) => ({ id, name: 'probe' })),
    },
    {
      name: 'department delete',
      kind: 'department',
      call: post(at(sysDepartment.prefix, 'delete'), (id) => ({ ids: [id], deleteUser: false })),
    },
    {
      name: 'department order',
      kind: 'department',
      call: post(at(sysDepartment.prefix, 'order'), (id) => [{ id, orderNum: 7 }]),
    },
    { name: 'role info', kind: 'role', call: get(at(sysRole.prefix, 'info')) },
    { name: 'role update', kind: 'role', call: post(at(sysRole.prefix, 'update'), (id) => ({ id, name: 'probe' })) },
    { name: 'role delete', kind: 'role', call: post(at(sysRole.prefix, 'delete'), (id) => ({ ids: [id] })) },
    // The recycle bin shows an operator the records of their own deletions.
    { name: 'recycle info', kind: 'recycle', call: get(at(recycleData.prefix, 'info')) },
    {
      name: 'recycle restore',
      kind: 'recycle',
      call: post(at(recycleData.prefix, 'restore'), (id) => ({ ids: [id] })),
    },
    // Customers and their records follow the retail scope.
    { name: 'customer info', kind: 'customer', call: get(at(customerInfo.prefix, 'info')) },
    { name: 'customer details', kind: 'customer', call: post(at(customerInfo.prefix, 'details'), (id) => ({ id })) },
    {
      name: 'customer update',
      kind: 'customer',
      call: post(at(customerInfo.prefix, 'update'), (id) => ({ id, remark: 'probe' })),
    },
    {
      name: 'customer delete',
      kind: 'customer',
      call: post(at(customerInfo.prefix, 'delete'), (id) => ({ ids: [id] })),
    },
    {
      name: 'customer remove',
      kind: 'customer',
      call: post(at(customerInfo.prefix, 'remove'), (id) => ({ ids: [id] })),
    },
    {
      name: 'customer batchUpdate',
      kind: 'customer',
      call: post(at(customerInfo.prefix, 'batchUpdate'), (id) => ({ ids: [id], remark: 'probe' })),
    },
    {
      name: 'customer batchDelete',
      kind: 'customer',
      call: post(at(customerInfo.prefix, 'batchDelete'), (id) => ({ ids: [id] })),
    },
    {
      name: 'customer reveal',
      kind: 'customer',
      call: post(at(customerInfo.prefix, 'reveal'), (id) => ({ id, field: 'customerPhone', reason: 'probe' })),
    },
    {
      name: 'invitation create for the customer',
      kind: 'customer',
      call: post(at(customerInvitationRecord.prefix, 'create'), (id) => ({
        customerID: id,
        inviteTime: '2026-11-25 10:00:00',
      })),
    },
    {
      name: 'activity create for the customer',
      kind: 'customer',
      call: post(at(customerActivity.prefix, 'create'), (id) => ({
        customerId: id,
        customerName: 'probe',
        customerPhone: '13900000000',
        customerAddress: 'x',
      })),
    },
    { name: 'invitation info', kind: 'invitation', call: get(at(customerInvitationRecord.prefix, 'info')) },
    {
      name: 'invitation update',
      kind: 'invitation',
      call: post(at(customerInvitationRecord.prefix, 'update'), (id) => ({ id, remark: 'probe' })),
    },
    {
      name: 'invitation delete',
      kind: 'invitation',
      call: post(at(customerInvitationRecord.prefix, 'delete'), (id) => ({ ids: [id] })),
    },
    { name: 'activity info', kind: 'activity', call: get(at(customerActivity.prefix, 'info')) },
    {
      name: 'activity update',
      kind: 'activity',
      call: post(at(customerActivity.prefix, 'update'), (id) => ({ id, remark: 'probe' })),
    },
    {
      name: 'activity delete',
      kind: 'activity',
      call: post(at(customerActivity.prefix, 'delete'), (id) => ({ ids: [id] })),
    },
    {
      name: 'activity reveal',
      kind: 'activity',
      call: post(at(customerActivity.prefix, 'reveal'), (id) => ({ id, field: 'customerPhone', reason: 'probe' })),
    },
  ] satisfies Array<Omit<Case, 'managerToo'>>
).map((c) => ({ ...c, managerToo: true }));

// A clerk sees only the files they added; a store manager sees the whole file space, so only the clerk probes it.
for (const [name, call] of [
  ['file info', get(at(spaceInfo.prefix, 'info'))],
  ['file update', post(at(spaceInfo.prefix, 'update'), (id) => ({ id, name: 'probe.png' }))],
  ['file delete', post(at(spaceInfo.prefix, 'delete'), (id) => ({ ids: [id] }))],
] as const) {
  CASES.push({ name, kind: 'file', call, managerToo: false });
}

/** Every permission of the entities above, for one role: what the probes reach is the scope's doing. */
const PROBE_PERMS = [sysUser, sysDepartment, sysRole, recycleData, spaceInfo].flatMap((entity) =>
  entity.endpoints.map((e) => e.perm).filter((perm): perm is string => perm !== null),
);

const TABLE: Record<Kind, string> = {
  user: 'base_sys_user',
  department: 'base_sys_department',
  role: 'base_sys_role',
  recycle: 'recycle_data',
  file: 'space_info',
  customer: 'customer_info',
  invitation: 'customer_invitation_record',
  activity: 'customer_activity',
};

describe.each(testTargets())('an id out of scope answers as an id nobody has, on $name', (target) => {
  let t: TestApp;
  let chain: Chain;
  const hidden = {} as Hidden;

  const stored = (kind: Kind, id: number) =>
    t.ctx.db.loose.selectFrom(TABLE[kind]).selectAll().where('id', '=', id).executeTakeFirst();

  /** Gives store B's clerk and manager every permission of the probed entities, over store B. */
  async function grantProbes(admin: string, staff: readonly Staff[]) {
    const menuId = dataOf(
      await t.post<{ id: number }>(
        '/admin/base/sys/menu/add',
        { name: 'probe perms', type: 2, perms: PROBE_PERMS.join(',') },
        admin,
      ),
    ).id;
    const role = dataOf(
      await t.post<{ id: number }>(
        '/admin/base/sys/role/add',
        { name: 'probes', label: 'probes', relevance: true, menuIdList: [menuId], departmentIdList: [chain.storeB] },
        admin,
      ),
    ).id;
    for (const person of staff) {
      const { roleIdList } = dataOf(
        await t.get<{ roleIdList: number[] }>(`${sysUser.prefix}/info`, { id: person.id }, admin),
      );
      dataOf(await t.post(`${sysUser.prefix}/update`, { id: person.id, roleIdList: [...roleIdList, role] }, admin));
    }
  }

  beforeAll(async () => {
    t = await startApp(target);
    chain = await setUpChain(t);
    const { admin, clerkA1 } = chain;
    await grantProbes(admin, [chain.clerkB1, chain.managerB]);

    // Store A's rows: its clerk, the store itself, its role, and a customer of clerk A1 with its records.
    hidden.user = clerkA1.id;
    hidden.department = chain.storeA;
    const roles = dataOf(await t.post<Array<{ id: number; label: string }>>(`${sysRole.prefix}/list`, {}, admin));
    hidden.role = roles.find((r) => r.label === `customers-${chain.storeA}`)?.id ?? 0;
    hidden.customer = (await createCustomer(t, clerkA1.token)).id;
    hidden.invitation = dataOf(
      await t.post<{ id: number }>(
        `${customerInvitationRecord.prefix}/create`,
        { customerID: hidden.customer, inviteTime: '2026-11-25 10:00:00' },
        clerkA1.token,
      ),
    ).id;
    hidden.activity = dataOf(
      await t.post<{ id: number }>(
        `${customerActivity.prefix}/create`,
        { customerId: hidden.customer, customerName: 'a', customerPhone: '13900000001', customerAddress: 'x' },
        clerkA1.token,
      ),
    ).id;
    // A file of the admin's (a clerk sees only their own) and a recycle record of the admin's deletion.
    const url = String(
      dataOf(await upload(t, clerkA1.token, [{ filename: 'a.png', content: PNG, type: 'image/png' }])),
    );
    hidden.file = dataOf(
      await t.post<{ id: number }>(
        `${spaceInfo.prefix}/add`,
        { url, name: 'a.png', type: 'image', size: PNG.length },
        admin,
      ),
    ).id;
    const param = dataOf(
      await t.post<{ id: number }>(
        '/admin/base/sys/param/add',
        { keyName: 'probeParam', name: 'p', data: 'p', dataType: 0 },
        admin,
      ),
    ).id;
    dataOf(await t.post('/admin/base/sys/param/delete', { ids: [param] }, admin));
    const records = dataOf(
      await t.post<PageResult<{ id: number }>>(`${recycleData.prefix}/page`, { page: 1, size: 1 }, admin),
    );
    hidden.recycle = records.list[0]?.id ?? 0;
    for (const [kind, id] of Object.entries(hidden)) expect(id, kind).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const cases = CASES.flatMap((c) => [
    { ...c, actor: 'clerkB1' as const, label: `${c.name} as store B's clerk` },
    ...(c.managerToo ? [{ ...c, actor: 'managerB' as const, label: `${c.name} as store B's manager` }] : []),
  ]);

  it.each(cases)('$label', async ({ kind, call, actor }) => {
    const token = chain[actor].token;
    const id = hidden[kind];
    const before = await stored(kind, id);
    expect(before, `the ${kind} row exists`).toBeDefined();
    const invisible = await call(t, token, id);
    const missing = await call(t, token, NOBODYS);
    // Not a refusal of the permission (both hold it), and never a success.
    expect(missing.status, missing.raw).not.toBe(403);
    expect(missing.body.code).not.toBe(1000);
    // A message may name the id it was given ("no customer 12"): it is compared with the id taken out.
    const answer = (reply: Reply, asked: number) => ({
      status: reply.status,
      code: reply.body.code,
      message: reply.body.message.split(String(asked)).join('<id>'),
      data: reply.body.data,
    });
    expect(answer(invisible, id)).toEqual(answer(missing, NOBODYS));
    expect(await stored(kind, id)).toEqual(before);
  });
});
