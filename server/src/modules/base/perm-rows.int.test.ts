import { baseNotice, sysDepartment, sysLog, sysUser, taskInfo } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime, insertReturningId } from '../../core/db/index.js';
import { dataOf, startApp, type TestApp, testTargets } from '../../testing/harness.js';

type Menu = {
  id: number;
  parentId: number | null;
  name: string;
  type: number;
  router: string | null;
  perms: string | null;
};

describe.each(testTargets())('permission rows with names of their own on $name', (target) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp(target);
    token = (await t.login()).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  const menus = async () => dataOf(await t.post<Menu[]>('/admin/base/sys/menu/list', {}, token));
  const rowsUnder = async (router: string) => {
    const all = await menus();
    const page = all.find((m) => m.type === 1 && m.router === router);
    return all.filter((m) => m.parentId === page?.id && m.type === 2);
  };

  it('a new install names each row of the request log and the task list', async () => {
    expect((await rowsUnder('/sys/log')).map((m) => m.name).sort()).toEqual(['保存天数', '查询', '清空'].sort());
    expect((await rowsUnder('/task/list')).map((m) => m.name).sort()).toEqual(
      ['查询', '新增', '修改', '删除', '启停', '执行一次', '日志'].sort(),
    );
  });

  it('an install from before gets the named rows in place of 权限, held by every role that held it', async () => {
    const db = t.ctx.db.db;
    const now = formatTime();
    // The older release's state: one row 权限 under the task list, held by a role; no named rows.
    const named = await rowsUnder('/task/list');
    await db
      .deleteFrom('base_sys_menu')
      .where(
        'id',
        'in',
        named.map((m) => m.id),
      )
      .execute();
    const pageId = (await menus()).find((m) => m.router === '/task/list')?.id as number;
    const p = taskInfo.perms;
    const oldPerms = [
      p.page,
      p.list,
      p.info,
      p.add,
      p.delete,
      p.update,
      p.stop,
      p.start,
      p.once,
      p.log,
      p.handlers,
    ].join(',');
    const oldId = await insertReturningId(db, t.ctx.db.kind, 'base_sys_menu', {
      parentId: pageId,
      name: '权限',
      type: 2,
      perms: oldPerms,
      orderNum: 0,
      keepAlive: 1,
      isShow: 1,
      createTime: now,
      updateTime: now,
    });
    const role = dataOf(
      await t.post<{ id: number }>(
        '/admin/base/sys/role/add',
        { name: 'Task operator', label: 'task-operator', menuIdList: [oldId] },
        token,
      ),
    );
    const step = t.ctx.seeds.steps.find((s) => s.module === 'task' && s.name === 'perm-rows');
    await db.transaction().execute((trx) => step?.run(trx, t.ctx.db.kind) ?? Promise.resolve());

    const rows = await rowsUnder('/task/list');
    expect(rows.map((m) => m.name)).not.toContain('权限');
    expect(rows).toHaveLength(7);
    const info = dataOf(await t.get<{ menuIdList: number[] }>('/admin/base/sys/role/info', { id: role.id }, token));
    expect([...info.menuIdList].sort((a, b) => a - b)).toEqual(rows.map((m) => m.id).sort((a, b) => a - b));
    // Together the rows grant what the old one did, no more, no less.
    const granted = new Set(rows.flatMap((m) => (m.perms ?? '').split(',')));
    expect([...granted].sort()).toEqual(oldPerms.split(',').sort());
    // Run again (another instance, a restart): nothing changes.
    await db.transaction().execute((trx) => step?.run(trx, t.ctx.db.kind) ?? Promise.resolve());
    expect((await rowsUnder('/task/list')).map((m) => m.id).sort()).toEqual(rows.map((m) => m.id).sort());
  });

  it('the request log rows together grant what its one row did', async () => {
    const granted = new Set((await rowsUnder('/sys/log')).flatMap((m) => (m.perms ?? '').split(',')));
    expect([...granted].sort()).toEqual(
      [sysLog.perms.page, sysLog.perms.clear, sysLog.perms.getKeep, sysLog.perms.setKeep].sort(),
    );
  });

  it("an install from before gets the announcement audience's lists on the rows as seeded, not on an edited one", async () => {
    const db = t.ctx.db.db;
    const audience = [sysDepartment.perms.list, sysUser.perms.list];
    const n = baseNotice.perms;
    const rows = await rowsUnder('/base/notice');
    const add = rows.find((m) => m.name === '新增') as Menu;
    const update = rows.find((m) => m.name === '修改') as Menu;
    // A new install has them already.
    for (const row of [add, update]) expect((row.perms ?? '').split(',')).toEqual(expect.arrayContaining(audience));
    // The first release's rows: the add row as it seeded it, the update row edited by an operator.
    await db.updateTable('base_sys_menu').set({ perms: n.add }).where('id', '=', add.id).execute();
    await db.updateTable('base_sys_menu').set({ perms: n.update }).where('id', '=', update.id).execute();
    const step = t.ctx.seeds.steps.find((s) => s.module === 'base' && s.name === 'notice-audience');
    expect(step).toBeDefined();
    await db.transaction().execute((trx) => step?.run(trx, t.ctx.db.kind) ?? Promise.resolve());
    const after = await rowsUnder('/base/notice');
    expect((after.find((m) => m.id === add.id)?.perms ?? '').split(',').sort()).toEqual([n.add, ...audience].sort());
    expect(after.find((m) => m.id === update.id)?.perms).toBe(n.update);
    // Run again (another instance, a restart): nothing changes.
    await db.transaction().execute((trx) => step?.run(trx, t.ctx.db.kind) ?? Promise.resolve());
    expect((await rowsUnder('/base/notice')).map((m) => m.perms)).toEqual(after.map((m) => m.perms));
  });
});
