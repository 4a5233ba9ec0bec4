import {
  type PageResult,
  recycleData,
  type TaskHandlers,
  type TaskInfo,
  type TaskLog,
  taskInfo,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asLoose } from '../../core/db/index.js';
import { settled } from '../../core/history.test-support.js';
import { dataOf, expectRefused, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { eventually, logsOf, sameDatabase } from './task.test-support.js';

type Id = { id: number };

/** The keys of a task row in the family's page answer (wire-samples/task_info_page.json), plus the two of docs/spec.md §3. */
const WIRE_KEYS = [
  'id',
  'createTime',
  'updateTime',
  'jobId',
  'repeatConf',
  'name',
  'cron',
  'limit',
  'every',
  'remark',
  'status',
  'startDate',
  'endDate',
  'data',
  'service',
  'type',
  'nextRunTime',
  'taskType',
  'lastExecuteTime',
  'lockExpireTime',
].sort();

const PASSWORD = 'task-pass-1';

describe.each(testTargets())('task/info on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let nobody: string;

  const add = async (body: Record<string, unknown>) =>
    dataOf(
      await t.post<Id>(
        '/admin/task/info/add',
        { name: 'demo', service: 'task:demo', taskType: 1, every: 60_000, status: 0, ...body },
        admin,
      ),
    ).id;
  const info = async (id: number) => dataOf(await t.get<TaskInfo>('/admin/task/info/info', { id }, admin));
  const addRefused = async (body: Record<string, unknown>, status = 400) => {
    const reply = await t.post(
      '/admin/task/info/add',
      { name: 'bad', service: 'task:demo', taskType: 1, every: 60_000, status: 0, ...body },
      admin,
    );
    expectRefused(reply, status);
    return reply.body.message;
  };

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    const departments = dataOf(
      await t.post<Array<Id & { name: string }>>('/admin/base/sys/department/list', {}, admin),
    );
    dataOf(
      await t.post(
        '/admin/base/sys/user/add',
        { username: 'task.nobody', password: PASSWORD, departmentId: departments[0]?.id },
        admin,
      ),
    );
    nobody = (await t.login('task.nobody', PASSWORD)).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('seeds the daily retention tasks as running system tasks, once, and the family’s menu', async () => {
    const all = dataOf(await t.post<PageResult<TaskInfo>>('/admin/task/info/page', { type: 0, size: 50 }, admin));
    const services = all.list.map((r) => r.service).sort();
    expect(services).toEqual([
      'base:audit-retention',
      'base:backup',
      'base:log-retention',
      'customer:visits-today',
      'customer:visits-tomorrow',
      'recycle:retention',
    ]);
    // The reminders follow their time parameters (message-center.int.test.ts); the rest are fixed.
    const page = { list: all.list.filter((r) => !r.service?.startsWith('customer:visits-')) };
    // The nightly backup: at 02:00, before the retention tasks, seven kept under DATA_DIR.
    const backup = page.list.find((r) => r.service === 'base:backup');
    expect(backup).toMatchObject({ type: 0, status: 1, taskType: 0, cron: '0 2 * * *' });
    expect(JSON.parse(String(backup?.data))).toEqual({ folder: 'backups', keep: 7 });
    expect(backup?.nextRunTime).toMatch(/^\d{4}-\d\d-\d\d 02:00:00$/);
    for (const row of page.list.filter((r) => r.service !== 'base:backup')) {
      expect(row).toMatchObject({ type: 0, status: 1, taskType: 0 });
      expect(row.cron).toMatch(/^\d+ 3 \* \* \*$/);
      // Planned at start: the next 03:xx in the task time zone.
      expect(row.nextRunTime).toMatch(/^\d{4}-\d\d-\d\d 03:[03]0:00$/);
    }
    // A second start on the same database adds nothing.
    const again = await startApp(sameDatabase(target.name, t.ctx.config.db));
    await again.stop();
    const after = dataOf(await t.post<PageResult<TaskInfo>>('/admin/task/info/page', { type: 0, size: 50 }, admin));
    expect(after.pagination.total).toBe(all.pagination.total);

    const menus = dataOf(
      await t.get<{
        menus: Array<{
          router: string | null;
          viewPath: string | null;
          perms: string | null;
          id: number;
          parentId: number | null;
        }>;
      }>('/admin/base/comm/permmenu', {}, admin),
    ).menus;
    const list = menus.find((m) => m.router === '/task/list');
    expect(list?.viewPath).toBe('modules/task/views/list.vue');
    // Its permission rows, each named for what it allows, together grant every call of the screen.
    const perms = new Set(menus.filter((m) => m.parentId === list?.id).flatMap((m) => m.perms?.split(',') ?? []));
    expect([...perms].sort()).toEqual(Object.values(taskInfo.perms).sort());
  });

  it('answers page in the family’s shape, with the status and type filters and the keyword', async () => {
    const stopped = await add({ name: '门店日报 stopped' });
    const running = await add({ name: '门店日报 running', status: 1, every: 3_600_000 });
    const page = dataOf(
      await t.post<PageResult<TaskInfo>>('/admin/task/info/page', { page: 1, size: 10, keyWord: '门店日报' }, admin),
    );
    expect(page.pagination).toEqual({ page: 1, size: 10, total: 2 });
    for (const row of page.list) expect(Object.keys(row).sort()).toEqual(WIRE_KEYS);
    const only = async (filter: Record<string, unknown>) =>
      dataOf(
        await t.post<PageResult<TaskInfo>>('/admin/task/info/page', { keyWord: '门店日报', ...filter }, admin),
      ).list.map((r) => r.id);
    expect(await only({ status: 0 })).toEqual([stopped]);
    expect(await only({ status: 1 })).toEqual([running]);
    expect(await only({ type: 1 })).toEqual([running, stopped]);
    expect(await only({ type: 0 })).toEqual([]);
    // A running interval task runs at once and then every hour; the stopped one is not planned.
    expect((await info(stopped)).nextRunTime).toBeNull();
    await eventually(async () => (await info(running)).lastExecuteTime !== null);
    const row = await info(running);
    expect(row.nextRunTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(JSON.parse(row.repeatConf ?? '{}')).toEqual({ count: 1 });
    dataOf(await t.post('/admin/task/info/stop', { id: running }, admin));
  });

  it('refuses what cannot run, saying why', async () => {
    expect(await addRefused({ service: 'taskDemoService.test()' })).toContain('taskDemoService.test()');
    expect(await addRefused({ data: '{"message":' })).toMatch(/JSON/);
    expect(await addRefused({ data: '{"sleepMs":-5}' })).toContain('sleepMs');
    expect(await addRefused({ data: '{"unknown":1}' })).toMatch(/unknown/i);
    expect(await addRefused({ taskType: 0, cron: null })).toMatch(/cron/i);
    expect(await addRefused({ taskType: 0, cron: '61 * * * *' })).toMatch(/minute/i);
    expect(await addRefused({ taskType: 0, cron: '* * * * * * *' })).toMatch(/cron/i);
    expect(await addRefused({ every: null })).toBeTruthy();
    expect(await addRefused({ every: 999 })).toBeTruthy();
    expect(await addRefused({ startDate: '2030-01-02 00:00:00', endDate: '2030-01-01 00:00:00' })).toBeTruthy();
    expect(await addRefused({ startDate: '2030-02-31 00:00:00' })).toBeTruthy();
    expect(await addRefused({ name: '' })).toBeTruthy();
    expect(await addRefused({ limit: 0 })).toBeTruthy();
    // In English too.
    const en = await t.post('/admin/task/info/add', { name: 'x', service: 'nope', taskType: 1, every: 1000 }, admin, {
      language: 'en',
    });
    expect(en.body.message).toBe('No task handler is named "nope"');
  });

  it('keeps its own fields: type, lease and run state never come from a client', async () => {
    const id = await add({
      type: 0,
      nextRunTime: '2000-01-01 00:00:00',
      lockExpireTime: '2000-01-01T00:00:00.000Z',
      repeatConf: '{"count":99}',
      jobId: 'x',
      lastExecuteTime: '2000-01-01 00:00:00',
    });
    expect(await info(id)).toMatchObject({
      type: 1,
      nextRunTime: null,
      lockExpireTime: null,
      jobId: null,
      lastExecuteTime: null,
    });
    dataOf(await t.post('/admin/task/info/update', { id, type: 0, repeatConf: '{"count":5}' }, admin));
    expect((await info(id)).type).toBe(1);
    // A cron task keeps its pattern as written (trimmed), an interval task drops any pattern.
    const cron = await add({ taskType: 0, cron: '  0/5 * * * * ?  ', every: null });
    expect((await info(cron)).cron).toBe('0/5 * * * * ?');
    dataOf(await t.post('/admin/task/info/update', { id: cron, taskType: 1, every: 5000 }, admin));
    expect(await info(cron)).toMatchObject({ taskType: 1, every: 5000, cron: null });
  });

  it('lists the handlers a task may run, with their arguments, and the task time zone', async () => {
    const answer = dataOf(await t.get<TaskHandlers>('/admin/task/info/handlers', {}, admin));
    expect(answer.timezone).toBe(t.ctx.config.taskTimezone);
    const names = answer.handlers.map((h) => h.name);
    expect(names).toEqual(expect.arrayContaining(['task:demo', 'base:log-retention', 'recycle:retention']));
    const demo = answer.handlers.find((h) => h.name === 'task:demo');
    expect(demo?.label.en).toBe('Demo task');
    expect(demo?.args).toMatchObject({ type: 'object', properties: { sleepMs: { type: 'integer' } } });
  });

  it('runs once on request, logs each run with status and duration, and pages the log by status', async () => {
    const ok = await add({ name: 'once ok', data: '{"message":"早上好"}' });
    const bad = await add({ name: 'once bad', data: '{"fail":true,"message":"货架数据缺失"}' });
    dataOf(await t.post('/admin/task/info/once', { id: ok }, admin));
    dataOf(await t.post('/admin/task/info/once', { id: bad }, admin));
    dataOf(await t.post('/admin/task/info/once', { id: ok }, admin));
    await eventually(
      async () => (await logsOf(t, admin, ok)).length === 2 && (await logsOf(t, admin, bad)).length === 1,
    );
    const okLogs = await logsOf(t, admin, ok);
    for (const log of okLogs) {
      expect(log).toMatchObject({ taskId: ok, status: 1, trigger: 1, taskName: 'once ok' });
      expect(JSON.parse(log.detail ?? 'null')).toEqual({ message: '早上好', taskId: ok });
      expect(log.duration).toBeGreaterThanOrEqual(0);
    }
    const [failed] = await logsOf(t, admin, bad);
    expect(failed).toMatchObject({ status: 0, trigger: 1 });
    expect(JSON.parse(failed?.detail ?? '{}')).toEqual({ error: 'failed', message: '货架数据缺失' });
    // Running once leaves a stopped task stopped, and says when it last ran.
    expect(await info(ok)).toMatchObject({ status: 0, nextRunTime: null });
    expect((await info(ok)).lastExecuteTime).toMatch(/^\d{4}-/);

    const failedOnly = dataOf(
      await t.get<PageResult<TaskLog>>('/admin/task/info/log', { page: 1, size: 10, id: bad, status: 0 }, admin),
    );
    expect(failedOnly.list.map((l) => l.taskId)).toEqual([bad]);
    expect(
      dataOf(await t.get<PageResult<TaskLog>>('/admin/task/info/log', { id: bad, status: 1 }, admin)).pagination.total,
    ).toBe(0);
    const paged = dataOf(await t.get<PageResult<TaskLog>>('/admin/task/info/log', { id: ok, page: 2, size: 1 }, admin));
    expect(paged.pagination).toEqual({ page: 2, size: 1, total: 2 });
    expect(paged.list).toHaveLength(1);
    expectRefused(await t.get('/admin/task/info/log', { id: ok, status: 3 }, admin), 400);
    // The family's empty answer for a task without runs.
    expect(dataOf(await t.get('/admin/task/info/log', { page: 1, size: 10, id: await add({}) }, admin))).toEqual({
      list: [],
      pagination: { page: 1, size: 10, total: 0 },
    });
  });

  it('starts and stops, refuses a start with no run time left, and 404s an unknown task', async () => {
    const id = await add({ every: 3_600_000 });
    dataOf(await t.post('/admin/task/info/start', { id }, admin));
    await eventually(async () => (await info(id)).lastExecuteTime !== null);
    expect((await info(id)).status).toBe(1);
    dataOf(await t.post('/admin/task/info/stop', { id }, admin));
    expect(await info(id)).toMatchObject({ status: 0, nextRunTime: null, lockExpireTime: null });
    const over = await add({ endDate: '2001-01-01 00:00:00' });
    expectRefused(await t.post('/admin/task/info/start', { id: over }, admin), 400);
    expect((await info(over)).status).toBe(0);
    expectRefused(await t.post('/admin/task/info/start', { id: 999_999 }, admin), 404);
    expectRefused(await t.post('/admin/task/info/once', { id: 999_999 }, admin), 404);
  });

  it('a start, a stop and a run on request each make one event of the task; a refused start and a repeated stop none', async () => {
    const events = async (id: number) =>
      (await (
        await settled(t)
      )
        .selectFrom('base_sys_audit')
        .select(['action', 'changes'])
        .where('entity', '=', 'task/info')
        .where('recordId', '=', id)
        .orderBy('id')
        .execute()) as { action: string; changes: string | null }[];
    const id = await add({ every: 3_600_000 });
    const before = (await events(id)).length;
    dataOf(await t.post('/admin/task/info/start', { id }, admin));
    dataOf(await t.post('/admin/task/info/stop', { id }, admin));
    dataOf(await t.post('/admin/task/info/stop', { id }, admin));
    dataOf(await t.post('/admin/task/info/once', { id }, admin));
    const made = (await events(id)).slice(before);
    expect(made.map((e) => e.action)).toEqual(['status', 'status', 'runOnce']);
    expect(JSON.parse(made[0]?.changes ?? '[]')).toEqual([{ f: 'status', o: 0, n: 1 }]);
    expect(JSON.parse(made[1]?.changes ?? '[]')).toEqual([{ f: 'status', o: 1, n: 0 }]);
    const over = await add({ endDate: '2001-01-01 00:00:00' });
    const overBefore = (await events(over)).length;
    expectRefused(await t.post('/admin/task/info/start', { id: over }, admin), 400);
    expect(await events(over)).toHaveLength(overBefore);
  });

  it('deletes a task with its runs into the recycle bin, refuses system tasks, and restores both', async () => {
    const id = await add({ name: 'to delete' });
    dataOf(await t.post('/admin/task/info/once', { id }, admin));
    dataOf(await t.post('/admin/task/info/once', { id }, admin));
    await eventually(async () => (await logsOf(t, admin, id)).length === 2);
    dataOf(await t.post('/admin/task/info/delete', { ids: [id] }, admin));
    expectRefused(await t.get('/admin/task/info/info', { id }, admin), 404);
    expect(await logsOf(t, admin, id)).toHaveLength(0);
    const records = await asLoose(t.ctx.db.db).selectFrom(recycleData.table).selectAll().execute();
    const record = records.find((r) => String(r.data).includes('"to delete"'));
    // The task as the family records it, and its runs beside it.
    const main = JSON.parse(String(record?.data)) as Array<Record<string, unknown>>;
    expect(main.map((r) => r.name)).toEqual(['to delete']);
    const related = JSON.parse(String(record?.related)) as Array<{ table: string; rows: unknown[] }>;
    expect(related.map((s) => [s.table, s.rows.length])).toEqual([['task_log', 2]]);
    expect(record?.url).toBe('/admin/task/info/delete');

    dataOf(await t.post('/admin/recycle/data/restore', { ids: [Number(record?.id)] }, admin));
    expect((await info(id)).name).toBe('to delete');
    expect(await logsOf(t, admin, id)).toHaveLength(2);

    const system = dataOf(await t.post<PageResult<TaskInfo>>('/admin/task/info/page', { type: 0 }, admin))
      .list[0] as TaskInfo;
    expectRefused(await t.post('/admin/task/info/delete', { ids: [system.id] }, admin), 400);
    expectRefused(await t.post('/admin/task/info/update', { id: system.id, service: 'task:demo' }, admin), 400);
    // Its schedule may change.
    dataOf(await t.post('/admin/task/info/update', { id: system.id, cron: '0 4 * * *' }, admin));
    expect((await info(system.id)).nextRunTime).toMatch(/ 04:00:00$/);
  });

  it('asks for a session (401) and for the exact permission (403)', async () => {
    expectRefused(await t.post('/admin/task/info/page', {}), 401);
    for (const [method, path] of [
      ['post', 'page'],
      ['post', 'add'],
      ['post', 'start'],
      ['post', 'stop'],
      ['post', 'once'],
      ['get', 'log'],
      ['get', 'handlers'],
    ] as const) {
      const url = `/admin/task/info/${path}`;
      const reply = method === 'get' ? await t.get(url, { id: 1 }, nobody) : await t.post(url, { id: 1 }, nobody);
      expectRefused(reply, 403);
    }
  });
});
