import type { AuditPage, PageResult, SysLog } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEvents, changesOf, eventsOf } from '../../core/history.test-support.js';
import { dataOf, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { type Chain, createCustomer, setUpChain, uniquePhone } from './customer.test-support.js';

const INFO = '/admin/customer/info';
const AUDIT = '/admin/base/sys/audit';
const SYSTEM_RUN = { taskId: 1, plannedAt: new Date() };

describe.each(testTargets())('audit trail on $name', (target) => {
  let t: TestApp;
  let c: Chain;

  beforeAll(async () => {
    t = await startApp(target);
    c = await setUpChain(t);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('an add and an update each make exactly one event, the update with only what changed', async () => {
    const { id } = await createCustomer(t, c.clerkA1.token, { customerName: '王五', remark: '老客户' });
    const added = await eventsOf(t, 'customer/info', id);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ action: 'add', userId: c.clerkA1.id, userName: '甲店员一', recordName: '王五' });
    expect(changesOf(added[0])).toEqual(expect.arrayContaining([{ f: 'customerName', n: '王五' }]));

    const reply = await t.post(`${INFO}/update`, { id, customerName: '王六', remark: '老客户' }, c.clerkA1.token);
    expect(reply.status, reply.raw).toBe(200);
    const events = await eventsOf(t, 'customer/info', id);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ action: 'update', userId: c.clerkA1.id, recordName: '王六' });
    expect(changesOf(events[1])).toEqual([{ f: 'customerName', o: '王五', n: '王六' }]);
    expect(events[1]?.reqId).toMatch(/^[0-9a-z]+-[0-9a-f]{10}$/);
  });

  it('an update that changes nothing makes no event', async () => {
    const { id } = await createCustomer(t, c.clerkA1.token, { customerName: '同名' });
    await t.post(`${INFO}/update`, { id, customerName: '同名' }, c.clerkA1.token);
    expect(await eventsOf(t, 'customer/info', id)).toHaveLength(1);
  });

  it('a refused write makes no event, and the request log reads it as refused with its message', async () => {
    const { id } = await createCustomer(t, c.clerkA1.token, { customerName: '甲店客户' });
    const before = await allEvents(t);
    const refused = await t.post(`${INFO}/update`, { id, customerName: 'hacked' }, c.clerkB1.token);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    // A dictionary value that is not one: refused inside the transaction, rolled back.
    const bad = await t.post(`${INFO}/update`, { id, customerType: 'no-such-type' }, c.clerkA1.token);
    expect(bad.status).toBe(400);
    expect(await allEvents(t)).toBe(before);
    expect(await eventsOf(t, 'customer/info', id)).toHaveLength(1);

    let row: SysLog | undefined;
    for (let i = 0; i < 80 && !row; i += 1) {
      const page = dataOf(
        await t.post<PageResult<SysLog>>('/admin/base/sys/log/page', { size: 50, outcome: 'refused' }, c.admin),
      );
      row = page.list.find((r) => r.action === '/admin/customer/info/update' && r.userId === c.clerkB1.id);
      if (!row) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(row).toMatchObject({ status: refused.status, code: refused.body.code, message: refused.body.message });
    expect(row?.duration).toBeGreaterThanOrEqual(0);
  });

  it('the event and the request log row of one request share the request id', async () => {
    const { id } = await createCustomer(t, c.clerkA1.token, { customerName: '请求标识' });
    const [event] = await eventsOf(t, 'customer/info', id);
    expect(event?.reqId).toBeTruthy();
    let logged: SysLog | undefined;
    for (let i = 0; i < 80 && !logged; i += 1) {
      const page = dataOf(
        await t.post<PageResult<SysLog>>('/admin/base/sys/log/page', { size: 5, reqId: event?.reqId }, c.admin),
      );
      logged = page.list[0];
      if (!logged) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(logged).toMatchObject({
      action: '/admin/customer/info/create',
      status: 200,
      code: 1000,
      reqId: event?.reqId,
    });
  });

  it('a masked field is stored masked, and shown as changed to a reader who may not reveal it', async () => {
    const phone = uniquePhone();
    const next = uniquePhone();
    const { id } = await createCustomer(t, c.clerkA1.token, { customerPhone: phone });
    await t.post(`${INFO}/update`, { id, customerPhone: next }, c.clerkA1.token);
    const text = (await eventsOf(t, 'customer/info', id)).map((e) => e.changes ?? '').join('');
    expect(text).not.toContain(phone);
    expect(text).not.toContain(next);
    const update = (await eventsOf(t, 'customer/info', id))[1];
    expect(changesOf(update)).toEqual([
      { f: 'customerPhone', o: expect.stringContaining('****'), n: expect.stringContaining('****'), m: 1 },
    ]);
    // The chain's staff hold customer:info:reveal: they see the masked values, never the clear ones.
    const seen = dataOf(await t.get<AuditPage>(`${AUDIT}/record`, { entity: 'customer/info', id }, c.managerA.token));
    expect(seen.list[0]?.changes[0]).toMatchObject({ field: 'customerPhone', withheld: false });
    expect(JSON.stringify(seen)).not.toContain(next);
  });

  it('a secret is never stored, only that it changed', async () => {
    const user = dataOf(
      await t.post<{ id: number }>(
        '/admin/base/sys/user/add',
        { username: 'audit.secret', name: '密码用户', password: 'First-pass1', departmentId: c.storeA, roleIdList: [] },
        c.admin,
      ),
    ).id;
    const reply = await t.post('/admin/base/sys/user/update', { id: user, password: 'Second-pass2' }, c.admin);
    expect(reply.status, reply.raw).toBe(200);
    const events = await eventsOf(t, 'base/sys/user', user);
    const text = events.map((e) => e.changes ?? '').join('');
    expect(text).not.toMatch(/First-pass1|Second-pass2|scrypt|\$/);
    const stored = await t.ctx.db.db
      .selectFrom('base_sys_user')
      .select('password')
      .where('id', '=', user)
      .executeTakeFirst();
    expect(text).not.toContain(String(stored?.password).slice(0, 20));
    expect(events.at(-1)?.action).toBe('update');
    expect(changesOf(events.at(-1))).toEqual(expect.arrayContaining([{ f: 'password', w: 1 }]));
  });

  it('the user’s own password change makes one event, the password only "changed"; a refused one none', async () => {
    const user = dataOf(
      await t.post<{ id: number }>(
        '/admin/base/sys/user/add',
        { username: 'audit.own', name: '本人用户', password: 'Own-first1', departmentId: c.storeA, roleIdList: [] },
        c.admin,
      ),
    ).id;
    const { token } = await t.login('audit.own', 'Own-first1');
    const before = (await eventsOf(t, 'base/sys/user', user)).length;
    const wrong = await t.post(
      '/admin/base/comm/personUpdate',
      { nickName: 'Own', password: 'Own-second2', originalPassword: 'not-it-9A' },
      token,
    );
    expect(wrong.status).toBe(400);
    expect(await eventsOf(t, 'base/sys/user', user)).toHaveLength(before);
    const reply = await t.post(
      '/admin/base/comm/personUpdate',
      { nickName: 'Own', password: 'Own-second2', originalPassword: 'Own-first1' },
      token,
    );
    expect(reply.status, reply.raw).toBe(200);
    const events = (await eventsOf(t, 'base/sys/user', user)).slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]?.action).toBe('password');
    expect(events[0]?.userId).toBe(user);
    const changes = changesOf(events[0]);
    expect(changes).toEqual(
      expect.arrayContaining([
        { f: 'password', w: 1 },
        { f: 'nickName', n: 'Own' },
      ]),
    );
    expect(events[0]?.changes ?? '').not.toMatch(/Own-first1|Own-second2|scrypt|\$/);
  });

  it('a delete makes one event per row, and a restore from the recycle bin one more', async () => {
    const a = await createCustomer(t, c.managerA.token, { customerName: '删甲' });
    const b = await createCustomer(t, c.managerA.token, { customerName: '删乙' });
    const reply = await t.post(`${INFO}/delete`, { ids: [a.id, b.id] }, c.managerA.token);
    expect(reply.status, reply.raw).toBe(200);
    expect((await eventsOf(t, 'customer/info', a.id)).map((e) => e.action)).toEqual(['add', 'delete']);
    expect((await eventsOf(t, 'customer/info', b.id)).map((e) => e.action)).toEqual(['add', 'delete']);
    const bin = dataOf(await t.post<PageResult<{ id: number }>>('/admin/recycle/data/page', { size: 5 }, c.admin));
    const restored = await t.post('/admin/recycle/data/restore', { ids: [bin.list[0]?.id] }, c.admin);
    expect(restored.status, restored.raw).toBe(200);
    expect((await eventsOf(t, 'customer/info', a.id)).map((e) => e.action)).toEqual(['add', 'delete', 'restore']);
  });

  it('a hand-over makes one event per customer with its new owner, read as names', async () => {
    const { id } = await createCustomer(t, c.clerkA2.token, { customerName: '移交客户' });
    const reply = await t.post(
      `${INFO}/handOver`,
      { fromEmployeeId: c.clerkA2.id, toEmployeeId: c.clerkA1.id },
      c.managerA.token,
    );
    expect(reply.status, reply.raw).toBe(200);
    const events = await eventsOf(t, 'customer/info', id);
    expect(events.map((e) => e.action)).toEqual(['add', 'handOver']);
    const page = dataOf(await t.get<AuditPage>(`${AUDIT}/record`, { entity: 'customer/info', id }, c.managerA.token));
    expect(page.list[0]?.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'employeeId', old: '甲店员二', new: '甲店员一' })]),
    );
  });

  it('a clerk reads her own customer’s history, never another store’s, through any call', async () => {
    const mine = await createCustomer(t, c.clerkB1.token, { customerName: '乙店客户' });
    const theirs = await createCustomer(t, c.clerkA1.token, { customerName: '甲店秘密' });
    const own = await t.get<AuditPage>(`${AUDIT}/record`, { entity: 'customer/info', id: mine.id }, c.clerkB1.token);
    expect(own.status, own.raw).toBe(200);
    expect(dataOf(own).list).toHaveLength(1);
    const other = await t.get(`${AUDIT}/record`, { entity: 'customer/info', id: theirs.id }, c.clerkB1.token);
    expect(other.status).toBe(404);
    const missing = await t.get(`${AUDIT}/record`, { entity: 'customer/info', id: 99_999_999 }, c.clerkB1.token);
    expect(missing.status).toBe(404);
    expect(other.raw).toBe(missing.raw);
    expect((await t.post(`${AUDIT}/page`, { recordId: theirs.id }, c.clerkB1.token)).status).toBe(403);
    expect((await t.post(`${AUDIT}/export`, { recordId: theirs.id }, c.clerkB1.token)).status).toBe(403);
    // The manager of store A sees it.
    const manager = await t.get<AuditPage>(
      `${AUDIT}/record`,
      { entity: 'customer/info', id: theirs.id },
      c.managerA.token,
    );
    expect(dataOf(manager).list[0]).toMatchObject({ action: 'add', userName: '甲店员一', recordName: '甲店秘密' });
  });

  it('the audit page filters by operator, entity, action and record, and exports a workbook', async () => {
    const { id } = await createCustomer(t, c.clerkA2.token, { customerName: '筛选' });
    await t.post(`${INFO}/update`, { id, remark: '改了' }, c.clerkA2.token);
    const page = dataOf(
      await t.post<AuditPage>(
        `${AUDIT}/page`,
        { userId: c.clerkA2.id, entity: 'customer/info', action: 'update', recordId: id },
        c.admin,
      ),
    );
    expect(page.pagination.total).toBe(1);
    expect(page.list[0]).toMatchObject({ recordId: id, action: 'update', entityLabel: '客户信息' });
    const file = await t.post(`${AUDIT}/export`, { userId: c.clerkA2.id }, c.admin);
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('spreadsheetml');
  });

  it('a forced logout makes one event in the user’s history', async () => {
    const sessions = dataOf(
      await t.post<PageResult<{ id: number; userId: number }>>('/admin/base/sys/session/page', { size: 100 }, c.admin),
    );
    const target = sessions.list.find((s) => s.userId === c.office.id);
    if (!target) throw new Error('no session of the office user');
    const ended = await t.post('/admin/base/sys/session/end', { id: target.id }, c.admin);
    expect(ended.status, ended.raw).toBe(200);
    const events = await eventsOf(t, 'base/sys/user', c.office.id);
    expect(events.filter((e) => e.action === 'forceLogout')).toHaveLength(1);
  });

  it('retention removes events older than auditKeepDays and keeps all with 0', async () => {
    const old = '2000-01-01 00:00:00';
    await t.ctx.db.db
      .insertInto('base_sys_audit')
      .values({
        entity: 'test/old',
        recordId: 1,
        recordName: 'x',
        action: 'add',
        userId: null,
        userName: null,
        ip: null,
        reqId: null,
        changes: null,
        createTime: old,
        updateTime: old,
      })
      .execute();
    const handler = t.ctx.taskHandlers.get('base:audit-retention');
    if (!handler) throw new Error('base:audit-retention is not registered');
    await t.ctx.db.db.updateTable('base_sys_param').set({ data: '0' }).where('keyName', '=', 'auditKeepDays').execute();
    expect(await handler.run({}, new AbortController().signal, SYSTEM_RUN)).toMatchObject({ keepDays: 0, removed: 0 });
    await t.ctx.db.db
      .updateTable('base_sys_param')
      .set({ data: '365' })
      .where('keyName', '=', 'auditKeepDays')
      .execute();
    expect(await handler.run({}, new AbortController().signal, SYSTEM_RUN)).toMatchObject({
      keepDays: 365,
      removed: 1,
    });
    expect(await eventsOf(t, 'test/old', 1)).toHaveLength(0);
  });
});
