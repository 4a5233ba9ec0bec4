import { customerInfo, type Message, type PageResult, type TaskInfo } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageImport } from '../../core/crud/excel.js';
import { dataOf, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { type Chain, createCustomer, type Staff, setUpChain } from './customer.test-support.js';
import { dayIn } from './reminders.js';

/*
 * Each kind of the customer module is made exactly once for the right people and nobody else: the
 * reminder jobs run twice (no duplicates), no-shows reach their owner and their store's manager
 * alone, a hand-over its new owner and the manager, a change by someone else the owner.
 */

async function messagesOf(t: TestApp, who: Staff, kind?: string): Promise<Message[]> {
  const page = await t.post<PageResult<Message>>(
    '/admin/base/message/page',
    { page: 1, size: 100, ...(kind ? { kind } : {}) },
    who.token,
  );
  return dataOf(page).list;
}

async function run(t: TestApp, service: string): Promise<unknown> {
  const handler = t.ctx.taskHandlers.get(service);
  if (!handler) throw new Error(`no handler ${service}`);
  return handler.run({}, new AbortController().signal, { taskId: 0, plannedAt: null });
}

describe.each(testTargets())('customer messages on $name', (target) => {
  let t: TestApp;
  let chain: Chain;
  let zone: string;
  const invite = async (who: Staff, day: string, time: string, status = '1') => {
    const customer = await createCustomer(t, who.token, { customerName: `${who.username} ${day} ${time}` });
    dataOf(
      await t.post(
        '/admin/customer/invitationRecord/add',
        { customerID: customer.id, inviteTime: `${day} ${time}:00`, customerStatus: status },
        who.token,
      ),
    );
    return customer;
  };
  beforeAll(async () => {
    t = await startApp(target);
    chain = await setUpChain(t);
    zone = t.ctx.config.taskTimezone;
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  it("tomorrow's visits: each owner gets one message listing hers, however often the task runs", async () => {
    const tomorrow = dayIn(zone, new Date(), 1);
    await invite(chain.clerkA1, tomorrow, '10:00');
    await invite(chain.clerkA1, tomorrow, '14:30');
    await invite(chain.clerkB1, tomorrow, '09:15');
    // Visited already: not a visit to remind of.
    await invite(chain.clerkA2, tomorrow, '11:00', '2');
    await run(t, 'customer:visits-tomorrow');
    await run(t, 'customer:visits-tomorrow');
    const a1 = await messagesOf(t, chain.clerkA1, 'visitTomorrow');
    expect(a1).toHaveLength(1);
    expect(a1[0]?.body).toMatch(/10:00 .*14:30/);
    expect(a1[0]?.link).toBe(`/customer/invitation?date=${tomorrow}`);
    expect(await messagesOf(t, chain.clerkB1, 'visitTomorrow')).toHaveLength(1);
    expect(await messagesOf(t, chain.clerkA2, 'visitTomorrow')).toHaveLength(0);
    expect(await messagesOf(t, chain.managerA, 'visitTomorrow')).toHaveLength(0);
  });

  it('no-shows: the owner gets one, each store manager a summary of her store alone', async () => {
    const yesterday = dayIn(zone, new Date(), -1);
    await invite(chain.clerkA1, yesterday, '10:00');
    await invite(chain.clerkA2, yesterday, '16:00', '4');
    await invite(chain.clerkA2, yesterday, '17:00', '3');
    await run(t, 'customer:visits-today');
    await run(t, 'customer:visits-today');
    expect(await messagesOf(t, chain.clerkA1, 'noShow')).toHaveLength(1);
    const a2 = await messagesOf(t, chain.clerkA2, 'noShow');
    expect(a2).toHaveLength(1);
    expect(a2[0]?.title).toMatch(/^1 /);
    const summary = await messagesOf(t, chain.managerA, 'noShowSummary');
    expect(summary).toHaveLength(1);
    expect(summary[0]?.title).toContain('2');
    expect(await messagesOf(t, chain.managerB, 'noShowSummary')).toHaveLength(0);
    expect(await messagesOf(t, chain.clerkB1, 'noShow')).toHaveLength(0);
  });

  it('the reminder tasks are on the task screen, and follow their time parameter', async () => {
    const tasks = dataOf(await t.post<TaskInfo[]>('/admin/task/info/list', {}, chain.admin)).filter((task) =>
      task.service.startsWith('customer:'),
    );
    expect(tasks.map((task) => [task.service, task.cron]).sort()).toEqual([
      ['customer:visits-today', '30 8 * * *'],
      ['customer:visits-tomorrow', '0 18 * * *'],
    ]);
    const params = dataOf(
      await t.post<Array<{ id: number; keyName: string }>>('/admin/base/sys/param/list', {}, chain.admin),
    );
    const param = params.find((p) => p.keyName === 'reminderTime');
    dataOf(await t.post('/admin/base/sys/param/update', { id: param?.id, data: '19:45' }, chain.admin));
    const after = dataOf(await t.post<TaskInfo[]>('/admin/task/info/list', {}, chain.admin));
    expect(after.find((task) => task.service === 'customer:visits-tomorrow')?.cron).toBe('45 19 * * *');
  });

  it('a hand-over tells the new owner and the store manager, nobody else', async () => {
    const handOver = await t.post(
      '/admin/customer/info/handOver',
      { fromEmployeeId: chain.clerkA1.id, toEmployeeId: chain.clerkA2.id },
      chain.managerA.token,
    );
    expect(handOver.status).toBe(200);
    const a2 = await messagesOf(t, chain.clerkA2, 'handOver');
    expect(a2).toHaveLength(1);
    expect(a2[0]?.body).toContain('甲店员一');
    expect(await messagesOf(t, chain.managerA, 'handOver')).toHaveLength(1);
    expect(await messagesOf(t, chain.clerkA1, 'handOver')).toHaveLength(0);
    expect(await messagesOf(t, chain.managerB, 'handOver')).toHaveLength(0);
  });

  it('a customer changed by someone else tells its owner which fields; her own change tells nobody', async () => {
    const customer = await createCustomer(t, chain.clerkB1.token, { customerName: 'Before' });
    dataOf(await t.post('/admin/customer/info/update', { id: customer.id, remark: 'mine' }, chain.clerkB1.token));
    expect(await messagesOf(t, chain.clerkB1, 'customerChanged')).toHaveLength(0);
    dataOf(
      await t.post('/admin/customer/info/update', { id: customer.id, customerName: 'After' }, chain.managerB.token),
    );
    const told = await messagesOf(t, chain.clerkB1, 'customerChanged');
    expect(told).toHaveLength(1);
    expect(told[0]?.title).toContain('乙店长');
    expect(told[0]?.body).toMatch(/客户姓名|Customer name/);
    // The clerk of another store hears nothing of it.
    expect(await messagesOf(t, chain.clerkA1, 'customerChanged')).toHaveLength(0);
  });

  it('a batch update by someone else tells each owner once, counting hers; a kind turned off stays quiet', async () => {
    const mine = [
      await createCustomer(t, chain.clerkA1.token, { customerName: 'Batch one' }),
      await createCustomer(t, chain.clerkA1.token, { customerName: 'Batch two' }),
      await createCustomer(t, chain.clerkA1.token, { customerName: 'Batch three' }),
    ];
    const hers = await createCustomer(t, chain.clerkA2.token, { customerName: 'Batch four' });
    dataOf(
      await t.post(
        '/admin/base/message/preferences',
        { list: [{ kind: 'customerChanged', inApp: false, viaPlugin: false }] },
        chain.clerkA2.token,
      ),
    );
    const a1Before = (await messagesOf(t, chain.clerkA1, 'customerChanged')).length;
    const a2Before = (await messagesOf(t, chain.clerkA2, 'customerChanged')).length;
    const b1Before = (await messagesOf(t, chain.clerkB1, 'customerChanged')).length;
    const result = dataOf(
      await t.post<{ count: number }>(
        '/admin/customer/info/batchUpdate',
        { ids: [...mine.map((c) => c.id), hers.id], remark: 'checked in batch' },
        chain.managerA.token,
      ),
    );
    expect(result.count).toBe(4);
    const told = await messagesOf(t, chain.clerkA1, 'customerChanged');
    expect(told).toHaveLength(a1Before + 1);
    const batch = told.find((m) => m.body.includes('Batch one'));
    expect(batch?.title).toContain('3');
    expect(batch?.body).toContain('Batch three');
    expect(batch?.body).toMatch(/备注|Remark/);
    expect(await messagesOf(t, chain.clerkA2, 'customerChanged')).toHaveLength(a2Before);
    expect(await messagesOf(t, chain.managerA, 'customerChanged')).toHaveLength(0);
    expect(await messagesOf(t, chain.clerkB1, 'customerChanged')).toHaveLength(b1Before);
    // Her own batch tells nobody.
    dataOf(
      await t.post(
        '/admin/customer/info/batchUpdate',
        { ids: mine.map((c) => c.id), remark: 'mine' },
        chain.clerkA1.token,
      ),
    );
    expect(await messagesOf(t, chain.clerkA1, 'customerChanged')).toHaveLength(a1Before + 1);
  });

  it('an import that updates her customers tells the owner once, counting them', async () => {
    const rows = [
      await createCustomer(t, chain.clerkA1.token, { customerName: 'Imported one' }),
      await createCustomer(t, chain.clerkA1.token, { customerName: 'Imported two' }),
    ];
    const codes = await t.ctx.db.db
      .selectFrom('customer_info')
      .select(['customerCode'])
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    const before = (await messagesOf(t, chain.clerkA1, 'customerChanged')).length;
    const token = await stageImport(
      t.ctx,
      customerInfo,
      chain.managerA.id,
      codes.map((c) => ({ customerCode: String(c.customerCode), remark: 'imported remark' })),
    );
    const done = dataOf(
      await t.post<{ updated: number }>('/admin/customer/info/importCommit', { token }, chain.managerA.token),
    );
    expect(done.updated).toBe(2);
    const told = await messagesOf(t, chain.clerkA1, 'customerChanged');
    expect(told).toHaveLength(before + 1);
    expect(told.find((m) => m.body.includes('Imported one'))?.body).toContain('Imported two');
    expect(await messagesOf(t, chain.managerA, 'customerChanged')).toHaveLength(0);
  });

  it("a failed task's alert reaches the holders of the task log permission (the admin), not the clerks", async () => {
    const id = dataOf(
      await t.post<{ id: number }>(
        '/admin/task/info/add',
        { name: 'fails', service: 'task:demo', data: '{"fail":true}', taskType: 1, every: 3_600_000, status: 0 },
        chain.admin,
      ),
    ).id;
    dataOf(await t.post('/admin/task/info/once', { id }, chain.admin));
    const admin = { id: 1, username: 'admin', token: chain.admin };
    const end = Date.now() + 10_000;
    let alerts: Message[] = [];
    while (Date.now() < end) {
      alerts = await messagesOf(t, admin, 'taskFailed');
      if (alerts.length > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.title).toContain('fails');
    expect(await messagesOf(t, chain.clerkA1, 'taskFailed')).toHaveLength(0);
  });
});
