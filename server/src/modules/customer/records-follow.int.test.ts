import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../db/migrations/index.js';
import { dataOf, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { type Chain, createCustomer, setUpChain } from './customer.test-support.js';

/**
 * Invitations and activities recorded before they followed their customer carry their recorder as
 * owner: the migration gives them their customer's owner and store, and leaves rows without one.
 */
describe.each(testTargets())('realigning invitations and activities with their customers on $name', (target) => {
  let t: TestApp;
  let c: Chain;

  beforeAll(async () => {
    t = await startApp(target);
    c = await setUpChain(t);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('gives every invitation and activity its customer’s owner and store', async () => {
    const { db, kind } = t.ctx.db;
    const customer = (await createCustomer(t, c.clerkA1.token, { customerName: '旧数据' })).id;
    const invitation = dataOf(
      await t.post<{ id: number }>(
        '/admin/customer/invitationRecord/create',
        { customerID: customer, inviteTime: '2026-03-02 10:00:00' },
        c.clerkA1.token,
      ),
    ).id;
    const activity = dataOf(
      await t.post<{ id: number }>(
        '/admin/customer/activity/create',
        { customerId: customer, customerName: '旧数据', customerPhone: '13912340002', customerAddress: '人民路 2 号' },
        c.clerkA1.token,
      ),
    ).id;
    const walkIn = dataOf(
      await t.post<{ id: number }>(
        '/admin/customer/activity/create',
        { customerName: '路人', customerPhone: '13912340003', customerAddress: '人民路 3 号' },
        c.clerkB1.token,
      ),
    ).id;
    // As an earlier release wrote them: the recorder (a manager of the other store) as owner, their store.
    await db
      .updateTable('customer_invitation_record')
      .set({ employeeId: c.managerB.id, storeId: c.storeB })
      .where('id', '=', invitation)
      .execute();
    await db
      .updateTable('customer_activity')
      .set({ employeeId: c.managerB.id, storeId: c.storeB, storeName: '门店乙' })
      .where('id', '=', activity)
      .execute();
    const migration = MIGRATIONS['20261128120100_customer_align-records-to-customers'];
    if (!migration) throw new Error('no migration');
    for (const statement of migration.sql[kind]) await sql.raw(statement).execute(db);

    const inv = await db
      .selectFrom('customer_invitation_record')
      .selectAll()
      .where('id', '=', invitation)
      .executeTakeFirst();
    expect(inv).toMatchObject({ employeeId: c.clerkA1.id, storeId: c.storeA });
    const act = await db.selectFrom('customer_activity').selectAll().where('id', '=', activity).executeTakeFirst();
    expect(act).toMatchObject({ employeeId: c.clerkA1.id, storeId: c.storeA, storeName: '门店甲' });
    const other = await db.selectFrom('customer_activity').selectAll().where('id', '=', walkIn).executeTakeFirst();
    expect(other).toMatchObject({ employeeId: c.clerkB1.id, storeId: c.storeB, customerId: null });
  });
});
