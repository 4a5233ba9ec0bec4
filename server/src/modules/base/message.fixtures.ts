import { baseMessage, baseNotice } from '@backroom/contract';
import { dataOf, type Reply, type TestApp } from '../../testing/harness.js';
import { listen, openSse } from '../../testing/sse.js';

/*
 * The message center's cases for the authorization matrix (authz-matrix.int.test.ts), whose own
 * file is long enough: a valid call of each endpoint, and the announcement rows it reads and writes.
 */

type Who = { userId: number; token: string };
type MatrixCtx = { t: TestApp; admin: string; one: Who; cache: Map<string, number>; unique(prefix: string): string };

/** An announcement to the limited user, from the limited user (a non-superuser sees her own). */
export const noticeRow = (c: MatrixCtx) => ({
  title: c.unique('mx-notice'),
  content: '<p>matrix</p>',
  userIds: [c.one.userId],
});

async function noticeOfOne(c: MatrixCtx): Promise<number> {
  const id = dataOf(await c.t.post<{ id: number }>(baseNotice.api.add.url, noticeRow(c), c.admin)).id;
  await c.t.ctx.db.db.updateTable('base_notice').set({ senderId: c.one.userId }).where('id', '=', id).execute();
  return id;
}

export const noticeInputs = {
  row: noticeRow,
  patch: { title: 'patched' },
  existing: async (c: MatrixCtx) => {
    const known = c.cache.get('notice');
    if (known !== undefined) return known;
    const id = await noticeOfOne(c);
    c.cache.set('notice', id);
    return id;
  },
  fresh: noticeOfOne,
};

const bases = new WeakMap<TestApp, Promise<string>>();

/** The stream, opened for real on a listening socket: a ticket, then `200 text/event-stream`. */
async function openStream(c: MatrixCtx): Promise<Reply> {
  let base = bases.get(c.t);
  if (!base) {
    base = listen(c.t);
    bases.set(c.t, base);
  }
  const { ticket } = dataOf(await c.t.post<{ ticket: string }>(baseMessage.api.ticket.url, {}, c.one.token));
  const stream = await openSse(`${await base}/api${baseMessage.api.stream.url}?ticket=${ticket}`);
  stream.close();
  const ok = stream.status === 200 && String(stream.headers['content-type']).startsWith('text/event-stream');
  return {
    status: stream.status,
    body: ok ? { code: 1000, message: 'success' } : { code: 0, message: '' },
    raw: '',
    headers: {},
  };
}

export const messageCases = {
  [baseMessage.api.page.url]: { input: () => ({ page: 1, size: 5 }) },
  [baseMessage.api.unreadCount.url]: { input: () => ({}) },
  [baseMessage.api.read.url]: { input: () => ({ ids: [1] }) },
  [baseMessage.api.readAll.url]: { input: () => ({}) },
  // GET and POST share the path: the body saves nothing when read as a GET's query.
  [baseMessage.api.preferences.url]: { input: () => ({ list: [] }) },
  [baseMessage.api.ticket.url]: { input: () => ({}) },
  [baseMessage.api.notice.url]: { input: async (c: MatrixCtx) => ({ id: await noticeInputs.existing(c) }) },
  [baseMessage.api.stream.url]: { input: () => ({}), send: (c: MatrixCtx) => openStream(c) },
  [baseNotice.api.receipts.url]: { input: async (c: MatrixCtx) => ({ id: await noticeInputs.existing(c) }) },
};
