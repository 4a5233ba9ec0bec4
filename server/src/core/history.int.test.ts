import type { AuditPage } from '@backroom/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, startApp, type TestApp, testTargets } from '../testing/harness.js';
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
    const history = createHistory(t.ctx.db);
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
    await history.settle(t.ctx.db.db);
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

  /*
   * SQLite writes an event into base_sys_audit_inbox in the change's transaction and moves it into
   * base_sys_audit before any read (core/history.ts); PostgreSQL and MariaDB write base_sys_audit
   * directly. The mover's timer is stopped meanwhile (close), so that only the read moves events.
   */
  it('SQLite keeps events in the inbox until a read moves them, in commit order; elsewhere the inbox stays empty', async () => {
    await t.ctx.history.close();
    try {
      const db = t.ctx.db.db;
      const inbox = async () =>
        (await db.selectFrom('base_sys_audit_inbox').select(['id', 'recordId', 'action']).orderBy('id').execute()).map(
          (r) => ({ recordId: Number(r.recordId), action: r.action }),
        );
      const stored = async (id: number) =>
        (
          await db
            .selectFrom('base_sys_audit')
            .select(['id', 'action', 'changes'])
            .where('entity', '=', 'base/sys/param')
            .where('recordId', '=', id)
            .orderBy('id')
            .execute()
        ).map((r) => ({ id: Number(r.id), action: r.action, changes: r.changes }));
      const { token } = await t.login();
      const added = await t.post<{ id: number }>(
        '/admin/base/sys/param/add',
        { keyName: 'inboxProbe', name: '收件箱', data: 'a', dataType: 0 },
        token,
      );
      expect(added.status, added.raw).toBe(200);
      const id = dataOf(added).id;
      for (const value of ['b', 'c']) {
        const updated = await t.post('/admin/base/sys/param/update', { id, data: value }, token);
        expect(updated.status, updated.raw).toBe(200);
      }
      const sqlite = t.ctx.db.kind === 'sqlite';
      const actions = [
        { recordId: id, action: 'add' },
        { recordId: id, action: 'update' },
        { recordId: id, action: 'update' },
      ];
      // Right after the writes: in the inbox on SQLite, in base_sys_audit elsewhere.
      expect(await inbox()).toEqual(sqlite ? actions : []);
      expect(await stored(id)).toHaveLength(sqlite ? 0 : 3);
      // A rolled-back write leaves an event nowhere.
      await expect(
        db.transaction().execute(async (trx) => {
          await t.ctx.history.record(trx, null, 'base/sys/param', [
            { recordId: id, recordName: 'x', action: 'delete' },
          ]);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await inbox()).toEqual(sqlite ? actions : []);

      // The History tab's call reads its own writes: the read moves them first.
      const page = dataOf(
        await t.get<AuditPage>('/admin/base/sys/audit/record', { entity: 'base/sys/param', id }, token),
      );
      expect(page.list.map((e) => e.action)).toEqual(['update', 'update', 'add']);
      expect(await inbox()).toEqual([]);
      const events = await stored(id);
      expect(events.map((e) => e.action)).toEqual(['add', 'update', 'update']);
      // Ids in commit order: the updates' new values in the order they were written.
      expect(events.slice(1).map((e) => JSON.parse(e.changes ?? '[]')[0]?.n)).toEqual(['b', 'c']);
      expect(events[0]?.id).toBeLessThan(events[1]?.id ?? 0);
      expect(events[1]?.id).toBeLessThan(events[2]?.id ?? 0);
    } finally {
      t.ctx.history.start();
    }
  });

  it('a failed move (SQLite) keeps the events in the inbox, fails no write, and the next move brings them', async () => {
    if (t.ctx.db.kind !== 'sqlite') return;
    await t.ctx.history.close();
    const db = t.ctx.db.db;
    const inboxed = async () =>
      Number(
        (
          await db
            .selectFrom('base_sys_audit_inbox')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    const { token } = await t.login();
    // Every insert into base_sys_audit refused, as a move that meets SQLITE_BUSY is.
    await sql`create trigger audit_refused before insert on base_sys_audit begin select raise(abort, 'refused'); end`.execute(
      db,
    );
    try {
      const added = await t.post<{ id: number }>(
        '/admin/base/sys/param/add',
        { keyName: 'inboxRefused', name: '失败的搬移', data: 'a', dataType: 0 },
        token,
      );
      expect(added.status, added.raw).toBe(200);
      const id = dataOf(added).id;
      // The read answers (without the event it could not move), and the event waits in the inbox.
      const page = await t.get<AuditPage>('/admin/base/sys/audit/record', { entity: 'base/sys/param', id }, token);
      expect(page.status, page.raw).toBe(200);
      expect(dataOf(page).list).toEqual([]);
      expect(await inboxed()).toBe(1);
      await sql`drop trigger audit_refused`.execute(db);
      const again = dataOf(
        await t.get<AuditPage>('/admin/base/sys/audit/record', { entity: 'base/sys/param', id }, token),
      );
      expect(again.list.map((e) => e.action)).toEqual(['add']);
      expect(await inboxed()).toBe(0);
    } finally {
      await sql`drop trigger if exists audit_refused`.execute(db);
      t.ctx.history.start();
    }
  });
});
