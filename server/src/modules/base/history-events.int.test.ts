import { type AuditPage, dictInfo, dictType, type SysAuditRow, spaceInfo, spaceType } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminApp,
  allEvents,
  changesOf,
  eventsOf,
  settled,
  startAsAdmin,
} from '../../core/history.test-support.js';
import { coolSqlite } from '../../move-in/cool-admin.fixtures.js';
import { MOVE_IN_ENTITY, moveIn } from '../../move-in/move-in.js';
import { dataOf, type TestApp, testTargets } from '../../testing/harness.js';

/*
 * The history events of writes beside the CRUD factory's own add/update/delete (issue 39): the file
 * space's upload (its row), rename, move and delete; the rows a category, dictionary or menu delete
 * takes along; a menu import; a move-in run. Plugins: plugin/plugin-history.int.test.ts.
 */

type Event = Pick<SysAuditRow, 'id' | 'action' | 'userId' | 'recordName' | 'changes'>;

const AUDIT = '/admin/base/sys/audit';
const entityOf = (d: { module: string; path: string }) => `${d.module}/${d.path}`;

describe.each(testTargets())('history events beside the factory on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;

  let post: AdminApp['post'];

  beforeAll(async () => {
    ({ t, admin, adminId, post } = await startAsAdmin(target));
  });
  afterAll(async () => {
    await t?.stop();
  });

  describe('the file space', () => {
    it('an upload’s row, a rename, a move and a delete each make one event; a refused move none', async () => {
      const from = (await post<{ id: number }>(`${spaceType.prefix}/add`, { name: '历史来源' })).id;
      const to = (await post<{ id: number }>(`${spaceType.prefix}/add`, { name: '历史去处' })).id;
      const { id } = await post<{ id: number }>(`${spaceInfo.prefix}/add`, {
        url: '/upload/20261202/history-a.png',
        type: 'image',
        name: 'a.png',
        size: 68,
        fileId: 'fid-history-a',
        classifyId: from,
      });
      await post(`${spaceInfo.prefix}/update`, { id, name: 'b.png' });
      await post(`${spaceInfo.prefix}/update`, { id, classifyId: to });
      const before = await allEvents(t);
      expect((await t.post(`${spaceInfo.prefix}/update`, { id, classifyId: 99_999_999 }, admin)).status).toBe(400);
      expect(await allEvents(t)).toBe(before);
      await post(`${spaceInfo.prefix}/delete`, { ids: [id] });
      const events = await eventsOf(t, entityOf(spaceInfo), id);
      expect(events.map((e) => e.action)).toEqual(['add', 'update', 'update', 'delete']);
      expect(changesOf(events[0])).toEqual(expect.arrayContaining([{ f: 'name', n: 'a.png' }]));
      expect(changesOf(events[1])).toEqual([{ f: 'name', o: 'a.png', n: 'b.png' }]);
      expect(changesOf(events[2])).toEqual([{ f: 'classifyId', o: from, n: to }]);
    });

    it('a category’s delete records one event for each category and file it takes along', async () => {
      const top = (await post<{ id: number }>(`${spaceType.prefix}/add`, { name: '顶层' })).id;
      const below = (await post<{ id: number }>(`${spaceType.prefix}/add`, { name: '下层', parentId: top })).id;
      const file = (
        await post<{ id: number }>(`${spaceInfo.prefix}/add`, {
          url: '/upload/20261202/history-b.png',
          type: 'image',
          name: 'c.png',
          classifyId: below,
        })
      ).id;
      await post(`${spaceType.prefix}/delete`, { ids: [top] });
      expect((await eventsOf(t, entityOf(spaceType), top)).map((e) => e.action)).toEqual(['add', 'delete']);
      expect((await eventsOf(t, entityOf(spaceType), below)).map((e) => e.action)).toEqual(['add', 'delete']);
      expect((await eventsOf(t, entityOf(spaceInfo), file)).map((e) => e.action)).toEqual(['add', 'delete']);
    });
  });

  describe('dictionaries and menus', () => {
    it('deleting an item or a type records the items it takes along, each once', async () => {
      const type = (await post<{ id: number }>(`${dictType.prefix}/add`, { name: '历史字典', key: 'historyDict' })).id;
      const parent = (await post<{ id: number }>(`${dictInfo.prefix}/add`, { typeId: type, name: '父项', value: 'p' }))
        .id;
      const child = (
        await post<{ id: number }>(`${dictInfo.prefix}/add`, {
          typeId: type,
          name: '子项',
          value: 'c',
          parentId: parent,
        })
      ).id;
      const other = (await post<{ id: number }>(`${dictInfo.prefix}/add`, { typeId: type, name: '别项', value: 'o' }))
        .id;
      await post(`${dictInfo.prefix}/update`, { id: other, name: '另项' });
      // A refused write (an item under its own child) makes no event.
      const refusedBefore = await allEvents(t);
      expect((await t.post(`${dictInfo.prefix}/update`, { id: parent, parentId: child }, admin)).status).toBe(400);
      expect(await allEvents(t)).toBe(refusedBefore);
      await post(`${dictInfo.prefix}/delete`, { ids: [parent] });
      expect((await eventsOf(t, entityOf(dictInfo), parent)).map((e) => e.action)).toEqual(['add', 'delete']);
      const childEvents = await eventsOf(t, entityOf(dictInfo), child);
      expect(childEvents.map((e) => e.action)).toEqual(['add', 'delete']);
      expect(childEvents[1]?.recordName).toBe('子项');
      await post(`${dictType.prefix}/delete`, { ids: [type] });
      expect((await eventsOf(t, entityOf(dictType), type)).map((e) => e.action)).toEqual(['add', 'delete']);
      expect((await eventsOf(t, entityOf(dictInfo), other)).map((e) => e.action)).toEqual(['add', 'update', 'delete']);
    });

    it('a menu import records one event per added menu, a delete one per menu it takes along', async () => {
      const M = '/admin/base/sys/menu';
      const tree = [
        {
          name: '历史目录',
          type: 0,
          childMenus: [{ name: '历史页', type: 1, router: '/history-page', viewPath: 'x.vue' }],
        },
      ];
      const before = await allEvents(t);
      // An unknown permission refuses the whole import: no menu, no event.
      const refused = await t.post(
        `${M}/import`,
        { menus: [{ name: '坏', type: 0, childMenus: [{ name: 'p', type: 2, perms: 'no:such:perm' }] }] },
        admin,
      );
      expect(refused.status).toBe(400);
      expect(await allEvents(t)).toBe(before);
      expect((await post<{ count: number }>(`${M}/import`, { menus: tree })).count).toBe(2);
      const added = (await (
        await settled(t)
      )
        .selectFrom('base_sys_audit')
        .select(['recordId', 'action', 'recordName', 'userId'])
        .where('entity', '=', 'base/sys/menu')
        .where('id', '>', 0)
        .where('action', '=', 'import')
        .where('recordName', 'in', ['历史目录', '历史页'])
        .execute()) as Array<{ recordId: number; action: string; recordName: string; userId: number }>;
      expect(added.map((e) => e.recordName).sort()).toEqual(['历史目录', '历史页'].sort());
      expect(added.every((e) => e.userId === adminId)).toBe(true);
      // Importing it again adds nothing and records nothing.
      const again = await allEvents(t);
      expect((await post<{ count: number }>(`${M}/import`, { menus: tree })).count).toBe(0);
      expect(await allEvents(t)).toBe(again);
      const dir = added.find((e) => e.recordName === '历史目录')?.recordId as number;
      const page = added.find((e) => e.recordName === '历史页')?.recordId as number;
      // A page created from an entity: one 'add' per row it adds (the page and its permission rows).
      const seeded = (
        await post<Array<{ id: number; router: string | null; parentId: number | null }>>(`${M}/list`, {})
      ).find((m) => m.router === '/dict/list');
      await post(`${M}/delete`, { ids: [seeded?.id] });
      const created = (
        await post<{ id: number }>(`${M}/create`, {
          entity: 'dict/type',
          parentId: seeded?.parentId ?? null,
          name: '字典',
        })
      ).id;
      expect((await eventsOf(t, 'base/sys/menu', created)).map((e) => e.action)).toEqual(['add']);
      const rows = (await post<Array<{ id: number; parentId: number | null }>>(`${M}/list`, {})).filter(
        (m) => m.parentId === created,
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows)
        expect((await eventsOf(t, 'base/sys/menu', row.id)).map((e) => e.action)).toEqual(['add']);
      await post(`${M}/delete`, { ids: [dir] });
      expect((await eventsOf(t, 'base/sys/menu', dir)).map((e) => e.action)).toEqual(['import', 'delete']);
      expect((await eventsOf(t, 'base/sys/menu', page)).map((e) => e.action)).toEqual(['import', 'delete']);
    });
  });

  it('a move-in run makes one event naming its source without credentials, with each table’s counts', async () => {
    if (target.name !== 'sqlite') return; // The run itself is tested on every database in move-in.int.test.ts.
    const source = await coolSqlite('8.x');
    try {
      const dry = await allEvents(t);
      await moveIn(t.ctx, { from: source.url, dryRun: true, merge: true });
      // A dry run is rolled back with its event.
      expect(await allEvents(t)).toBe(dry);
      const report = await moveIn(t.ctx, { from: source.url, merge: true });
      const events = (await (
        await settled(t)
      )
        .selectFrom('base_sys_audit')
        .select(['id', 'action', 'userId', 'recordName', 'changes', 'recordId'])
        .where('entity', '=', MOVE_IN_ENTITY)
        .execute()) as Array<Event & { recordId: number }>;
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ action: 'moveIn', userId: null, recordId: 1 });
      expect(events[0]?.recordName).toMatch(/^sqlite:[^/\\]+$/);
      const users = report.tables.find((x) => x.table === 'base_sys_user');
      expect(changesOf(events[0])).toEqual(
        expect.arrayContaining([
          {
            f: 'base_sys_user',
            n: `created ${users?.created}, updated ${users?.updated}, unchanged ${users?.unchanged}, skipped ${users?.skipped}`,
          },
        ]),
      );
      expect(changesOf(events[0])).toHaveLength(report.tables.length);
      // The audit screen names the run and each table as a reader knows it.
      const read = dataOf(await t.post<AuditPage>(`${AUDIT}/page`, { action: 'moveIn' }, admin, { language: 'en' }));
      expect(read.list[0]).toMatchObject({ entityLabel: 'Move-in', recordId: 1 });
      expect(read.list[0]?.changes).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'base_sys_user', label: 'User' })]),
      );
    } finally {
      await source.drop();
    }
  });
});
