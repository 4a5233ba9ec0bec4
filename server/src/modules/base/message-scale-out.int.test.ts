import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, skipPasswordChange, startApps, type TestApp, testTargets } from '../../testing/harness.js';
import { listen, streamOf } from '../../testing/sse.js';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('[integration] skipped: messages across instances (TEST_REDIS_URL is not set)');

// On PostgreSQL when it is there (the realistic shared database), else on one SQLite file.
const target = testTargets().find((t) => t.name === 'postgres') ?? testTargets()[0];

describe.skipIf(!redisUrl || !target)('messages across instances sharing a database and Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    const env = {
      REDIS_URL: redisUrl as string,
      REDIS_PREFIX: `br-test:${randomBytes(4).toString('hex')}:`,
      JWT_SECRET: randomBytes(32).toString('hex'),
    };
    [a, b] = (await startApps(target as NonNullable<typeof target>, 2, env)) as [TestApp, TestApp];
    baseA = await listen(a);
    baseB = await listen(b);
    const admin = (await a.login()).token;
    userId = dataOf(
      await a.post<{ id: number }>(
        '/admin/base/sys/user/add',
        { username: 'msg.clerk', name: 'Clerk', password: 'msg-pass-1', userLevel: 'clerk' },
        admin,
      ),
    ).id;
    await skipPasswordChange(a, 'msg.clerk');
    token = (await a.login('msg.clerk', 'msg-pass-1')).token;
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop().catch(() => undefined);
  });

  const say = (app: TestApp, title: string) =>
    app.ctx.messages.notify({ kind: 'notice', userIds: [userId], params: { title, excerpt: '' } });

  it('a message made on A reaches a stream open on B (the ticket taken on A) within a second', async () => {
    const stream = await streamOf(b, baseB, token, undefined, a);
    expect(stream.status).toBe(200);
    const started = Date.now();
    await say(a, 'from A');
    await stream.waitFor((e) => JSON.parse(e.data).title === 'from A', 3000);
    expect(Date.now() - started).toBeLessThan(1000);
    stream.close();
  });

  it("a killed instance's client reconnects to the other and receives what was made meanwhile", async () => {
    const stream = await streamOf(b, baseB, token, undefined, a);
    await say(a, 'before the kill');
    const last = await stream.waitFor((e) => JSON.parse(e.data).title === 'before the kill');
    // B dies without a drain: its sockets are cut under the client.
    b.app.server.closeAllConnections();
    await stream.ended();
    await say(a, 'while away');
    const again = await streamOf(a, baseA, token, last.id ?? undefined);
    await again.waitFor((e) => JSON.parse(e.data).title === 'while away');
    expect(again.events.filter((e) => JSON.parse(e.data).title === 'before the kill')).toHaveLength(0);
    again.close();
  });
});
