import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Reply, startApp, type TestApp, testTargets } from '../../testing/harness.js';

// Writers that add the same unique value at once: the check before the insert sees none of the
// others on PostgreSQL and MySQL (SQLite runs them one at a time), so the unique index turns all
// but one away. Each of those must be answered as a duplicate is on every database, 409 with the
// general code, never a 500 (core/crud/write-checks.ts lostUniqueRace; core/http/server.ts).

/** How many writers race for one value. */
const WRITERS = 8;
const PASSWORD = 'Race-pass1';

describe.each(testTargets())('parallel duplicate adds on $name', (target) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** WRITERS adds of the same body at once: exactly one is taken, the others are conflicts. */
  async function race(path: string, body: Record<string, unknown>): Promise<Reply[]> {
    const replies = await Promise.all(
      Array.from({ length: WRITERS }, () => t.post(path, body, admin, { language: 'en' })),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses, JSON.stringify(replies.map((r) => r.body))).toEqual([
      200,
      ...Array<number>(WRITERS - 1).fill(409),
    ]);
    for (const reply of replies.filter((r) => r.status === 409)) {
      expect(reply.body.code).toBe(1001);
      expect(reply.body.message).toMatch(/already exists/);
    }
    return replies;
  }

  it('params', async () => {
    await race('/admin/base/sys/param/add', { keyName: 'race.param', name: 'race', data: 'x', dataType: 0 });
  });

  it('dictionary types', async () => {
    await race('/admin/dict/type/add', { key: 'raceType', name: 'race' });
  });

  it('roles', async () => {
    await race('/admin/base/sys/role/add', {
      name: 'race role',
      label: 'race-role',
      relevance: true,
      menuIdList: [],
      departmentIdList: [],
    });
  });

  it('users', async () => {
    await race('/admin/base/sys/user/add', { username: 'race.user', name: 'race', password: PASSWORD, roleIdList: [] });
  });

  it('a second round of each is refused by the check before the insert, as before', async () => {
    const again = await t.post('/admin/dict/type/add', { key: 'raceType', name: 'again' }, admin, { language: 'en' });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('raceType');
  });
});
