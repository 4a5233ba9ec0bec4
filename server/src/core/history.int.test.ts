import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp, testTargets } from '../testing/harness.js';
import { createHistory } from './history.js';

/**
 * The recorder's INSERT is compiled once per number of rows and run again with new parameters
 * (core/history.ts): calls of 1, 3, 1 and 3 rows in turn each store exactly their own rows, every
 * column as given, in one fresh history of the app's database.
 */
describe.each(testTargets())('history recorder on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(target);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('stores each call’s rows as given when the compiled INSERT is reused for another call of that size', async () => {
    const history = createHistory();
    const entity = 'bench/recorder-test';
    const calls = [1, 3, 1, 3].map((size, call) =>
      Array.from({ length: size }, (_, k) => ({
        recordId: 1000 + call * 10 + k,
        recordName: `name ${call}.${k}`,
        action: call % 2 === 0 ? ('update' as const) : ('delete' as const),
        changes: call === 2 ? null : [{ f: 'remark', o: `before ${call}.${k}`, n: `after ${call}.${k}` }],
      })),
    );
    for (const entries of calls) {
      await t.ctx.db.db.transaction().execute((trx) => history.record(trx, null, entity, entries));
    }
    const stored = await t.ctx.db.db
      .selectFrom('base_sys_audit')
      .select([
        'entity',
        'recordId',
        'recordName',
        'action',
        'userId',
        'userName',
        'changes',
        'createTime',
        'updateTime',
      ])
      .where('entity', '=', entity)
      .orderBy('id')
      .execute();
    const expected = calls.flat();
    expect(stored).toHaveLength(expected.length);
    for (const [i, row] of stored.entries()) {
      const e = expected[i];
      expect(row).toMatchObject({
        entity,
        recordId: e?.recordId,
        recordName: e?.recordName,
        action: e?.action,
        userId: null,
        userName: null,
        changes: e?.changes ? JSON.stringify(e.changes) : null,
      });
      expect(row.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(row.updateTime).toBe(row.createTime);
    }
  });
});
