import { baseNotice, type Message, type NoticeReceipts, type PageResult } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Chain, setUpChain } from './modules/customer/customer.test-support.js';
import { dataOf, startApp, type TestApp, testTargets } from './testing/harness.js';
import { listen, openSse, streamOf } from './testing/sse.js';

/** Gives a user the announcement permissions through a role of its own, whose data scope is `departmentId`. */
export async function grantNotices(t: TestApp, userId: number, departmentId: number): Promise<void> {
  const admin = (await t.login()).token;
  const menuId = dataOf(
    await t.post<{ id: number }>(
      '/admin/base/sys/menu/add',
      { name: 'notice perms', type: 2, perms: Object.values(baseNotice.perms).join(',') },
      admin,
    ),
  ).id;
  const roleId = dataOf(
    await t.post<{ id: number }>(
      '/admin/base/sys/role/add',
      {
        name: `notices ${userId}`,
        label: `notices-${userId}`,
        relevance: true,
        menuIdList: [menuId],
        departmentIdList: [departmentId],
      },
      admin,
    ),
  ).id;
  await t.ctx.db.db.insertInto('base_sys_user_role').values({ userId, roleId }).execute();
  t.ctx.gate.invalidate();
}

const page = (t: TestApp, token: string, body: Record<string, unknown> = {}) =>
  t.post<PageResult<Message>>('/admin/base/message/page', { page: 1, size: 50, ...body }, token);

describe.each(testTargets())('message center on $name', (target) => {
  let t: TestApp;
  let chain: Chain;
  let base: string;
  beforeAll(async () => {
    t = await startApp(target);
    chain = await setUpChain(t);
    await grantNotices(t, chain.managerA.id, chain.storeA);
    chain.managerA.token = (await t.login(chain.managerA.username, 'chain-pass1')).token;
    base = await listen(t);
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('a manager announces to her store: its staff get it once, nobody else; the receipts follow reads', async () => {
    const { managerA, clerkA1, clerkA2, clerkB1, managerB } = chain;
    const live = await streamOf(t, base, clerkA1.token);
    expect(live.status).toBe(200);
    expect(live.headers['content-type']).toContain('text/event-stream');
    const added = await t.post<{ id: number }>(
      '/admin/base/notice/add',
      {
        title: 'Stock take Friday',
        content: '<p onclick="x()">Bring <b>gloves</b><script>alert(1)</script></p>',
        departmentIds: [chain.storeA],
      },
      managerA.token,
    );
    expect(added.status).toBe(200);
    const id = dataOf(added).id;
    const pushed = await live.waitFor((e) => JSON.parse(e.data).kind === 'notice');
    expect(JSON.parse(pushed.data)).toMatchObject({ title: 'Stock take Friday', body: 'Bring gloves' });
    live.close();

    for (const who of [clerkA1, clerkA2]) {
      const mine = dataOf(await page(t, who.token)).list.filter((m) => m.kind === 'notice');
      expect(mine).toHaveLength(1);
      expect(dataOf(await t.get<{ count: number }>('/admin/base/message/unreadCount', {}, who.token)).count).toBe(1);
    }
    for (const who of [clerkB1, managerB]) expect(dataOf(await page(t, who.token)).list).toHaveLength(0);

    // The content a recipient opens is sanitised; another's message id is not there for her.
    const messageId = dataOf(await page(t, clerkA1.token)).list[0]?.id ?? 0;
    const content = dataOf(await t.get<{ content: string }>('/admin/base/message/notice', { id }, clerkA1.token));
    expect(content.content).toContain('<b>gloves</b>');
    expect(content.content).not.toMatch(/script|onclick/);
    expect((await t.get('/admin/base/message/notice', { id }, clerkB1.token)).status).toBe(404);

    dataOf(await t.post('/admin/base/message/read', { ids: [messageId] }, clerkA1.token));
    // Marking another's message read changes nothing.
    dataOf(await t.post('/admin/base/message/read', { ids: [messageId] }, clerkA2.token));
    const receipts = dataOf(await t.post<NoticeReceipts>('/admin/base/notice/receipts', { id }, managerA.token));
    // The store's manager, two clerks (and nobody of store B).
    expect(receipts.total).toBe(3);
    expect(receipts.read).toBe(1);
    expect(receipts.list.find((r) => r.userId === clerkA1.id)?.readTime).toBeTruthy();
    expect(receipts.list.find((r) => r.userId === clerkA2.id)?.readTime).toBeNull();
    expect(receipts.stores).toEqual([{ departmentId: chain.storeA, name: '门店甲', total: 3, read: 1 }]);

    // Saved again: nobody gets it twice.
    dataOf(await t.post('/admin/base/notice/update', { id, title: 'Stock take Saturday' }, managerA.token));
    const after = dataOf(await page(t, clerkA2.token)).list.filter((m) => m.kind === 'notice');
    expect(after.map((m) => m.title)).toEqual(['Stock take Saturday']);
  });

  it('refuses recipients outside the sender’s scope, and a clerk without the permission', async () => {
    const outside = await t.post(
      '/admin/base/notice/add',
      { title: 'x', content: '<p>x</p>', departmentIds: [chain.storeB] },
      chain.managerA.token,
    );
    expect(outside.status).toBe(400);
    const user = await t.post(
      '/admin/base/notice/add',
      { title: 'x', content: '<p>x</p>', userIds: [chain.clerkB1.id] },
      chain.managerA.token,
    );
    expect(user.status).toBe(400);
    const none = await t.post('/admin/base/notice/add', { title: 'x', content: '<p>x</p>' }, chain.managerA.token);
    expect(none.status).toBe(400);
    const clerk = await t.post(
      '/admin/base/notice/add',
      { title: 'x', content: '<p>x</p>', departmentIds: [chain.storeA] },
      chain.clerkA1.token,
    );
    expect(clerk.status).toBe(403);
    // The receipts of another sender's announcement are not there for her.
    const admins = dataOf(
      await t.post<{ id: number }>(
        '/admin/base/notice/add',
        { title: 'From head office', content: '<p>hi</p>', roleIds: [], userIds: [chain.clerkB1.id] },
        chain.admin,
      ),
    ).id;
    expect((await t.post('/admin/base/notice/receipts', { id: admins }, chain.managerA.token)).status).toBe(404);
  });

  it('a stream resumes after the last id it had, and refuses a ticket used twice or none', async () => {
    const { clerkB1 } = chain;
    const first = await streamOf(t, base, clerkB1.token);
    const before = dataOf(await page(t, clerkB1.token)).list.length;
    await t.ctx.messages.notify({ kind: 'notice', userIds: [clerkB1.id], params: { title: 'one', excerpt: '' } });
    const one = await first.waitFor((e) => JSON.parse(e.data).title === 'one');
    first.close();
    // Made while no stream was open: the reconnect with the last id gets it.
    await t.ctx.messages.notify({ kind: 'notice', userIds: [clerkB1.id], params: { title: 'two', excerpt: '' } });
    const again = await streamOf(t, base, clerkB1.token, one.id ?? undefined);
    const two = await again.waitFor((e) => JSON.parse(e.data).title === 'two');
    expect(Number(two.id)).toBeGreaterThan(Number(one.id));
    expect(again.events.some((e) => JSON.parse(e.data).title === 'one')).toBe(false);
    again.close();
    expect(dataOf(await page(t, clerkB1.token)).list.length).toBe(before + 2);

    const { ticket } = dataOf(await t.post<{ ticket: string }>('/admin/base/message/ticket', {}, clerkB1.token));
    const used = await openSse(`${base}/api/admin/base/message/stream?ticket=${ticket}`);
    const twice = await openSse(`${base}/api/admin/base/message/stream?ticket=${ticket}`);
    expect(used.status).toBe(200);
    expect(twice.status).toBe(401);
    used.close();
    expect((await openSse(`${base}/api/admin/base/message/stream?ticket=${'x'.repeat(30)}`)).status).toBe(401);
    expect((await t.post('/admin/base/message/ticket', {})).status).toBe(401);
  });

  it('preferences: an optional kind turned off does not arrive; announcements always do', async () => {
    const { clerkA2 } = chain;
    const prefs = dataOf(
      await t.get<Array<{ kind: string; optional: boolean }>>('/admin/base/message/preferences', {}, clerkA2.token),
    );
    expect(prefs.find((p) => p.kind === 'notice')?.optional).toBe(false);
    const optional = prefs.find((p) => p.optional);
    expect(optional).toBeDefined();
    const kind = optional?.kind ?? '';
    dataOf(
      await t.post(
        '/admin/base/message/preferences',
        {
          list: [
            { kind, inApp: false, viaPlugin: false },
            { kind: 'notice', inApp: false, viaPlugin: false },
          ],
        },
        clerkA2.token,
      ),
    );
    const saved = dataOf(
      await t.get<Array<{ kind: string; inApp: boolean }>>('/admin/base/message/preferences', {}, clerkA2.token),
    );
    expect(saved.find((p) => p.kind === kind)?.inApp).toBe(false);
    expect(saved.find((p) => p.kind === 'notice')?.inApp).toBe(true);
    const before = dataOf(await page(t, clerkA2.token)).pagination.total;
    expect(await t.ctx.messages.notify({ kind, userIds: [clerkA2.id], params: {} })).toBe(0);
    expect(
      await t.ctx.messages.notify({ kind: 'notice', userIds: [clerkA2.id], params: { title: 't', excerpt: '' } }),
    ).toBe(1);
    expect(dataOf(await page(t, clerkA2.token)).pagination.total).toBe(before + 1);
  });

  it('mark all read empties the unread count; a bad page body is a 400', async () => {
    const { clerkA1 } = chain;
    const all = dataOf(await t.post<{ count: number }>('/admin/base/message/readAll', {}, clerkA1.token));
    expect(all.count).toBeGreaterThanOrEqual(0);
    expect(dataOf(await t.get<{ count: number }>('/admin/base/message/unreadCount', {}, clerkA1.token)).count).toBe(0);
    expect(dataOf(await page(t, clerkA1.token, { unread: true })).list).toHaveLength(0);
    expect((await page(t, clerkA1.token, { size: 5000 })).status).toBe(400);
  });

  it('a drain (SIGTERM) ends the open streams at once, so the shutdown is not held', async () => {
    const stream = await streamOf(t, base, chain.clerkA1.token);
    expect(stream.status).toBe(200);
    t.beginDrain(Date.now() + 5000);
    await stream.ended();
    expect(stream.events.filter((e) => e.event === 'message')).toHaveLength(0);
  });
});
