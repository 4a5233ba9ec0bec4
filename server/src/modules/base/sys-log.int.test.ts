import { DEFAULT_LOG_KEEP_DAYS, type PageResult, type SysLog, sysLog } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../core/db/index.js';
import { dataOf, expectRefused, startApp, type TestApp, testTargets } from '../../testing/harness.js';

type Id = { id: number };
type Department = { id: number; name: string };

const PASSWORD = 'Plain-Secret9';
const DAY_MS = 86_400_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testTargets())('sys/log on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let userId: number;
  let nobody: string;
  let departmentId: number | undefined;

  const logRows = (action: string) =>
    t.ctx.db.db.selectFrom('base_sys_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

  /** Polls the newest page of the log (rows are written in batches) until a row matches. */
  async function findLogged(match: (row: SysLog) => boolean): Promise<SysLog> {
    for (let i = 0; i < 60; i += 1) {
      const page = dataOf(await t.post<PageResult<SysLog>>('/admin/base/sys/log/page', { size: 100 }, admin));
      const row = page.list.find(match);
      if (row) return row;
      await sleep(25);
    }
    throw new Error('no log row matched');
  }

  /** A row of this action whose params hold this value under this key. */
  const loggedWith = (action: string, key: string, value: unknown) => (row: SysLog) =>
    row.action === action && paramsOf(row)[key] === value;

  const paramsOf = (row: SysLog) => (row.params ?? {}) as Record<string, unknown>;

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    const departments = dataOf(await t.post<Department[]>('/admin/base/sys/department/list', {}, admin));
    departmentId = departments.find((d) => d.name === '财务部')?.id;
    userId = dataOf(
      await t.post<Id>(
        '/admin/base/sys/user/add',
        { username: 'log.clerk', name: '日志员', password: PASSWORD, departmentId },
        admin,
      ),
    ).id;
    nobody = (await t.login('log.clerk', PASSWORD)).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('logs every request with its user, action, ip and params', async () => {
    dataOf(await t.post('/admin/base/sys/param/page', { keyWord: 'log-marker-1' }, admin));
    const row = await findLogged(loggedWith('/admin/base/sys/param/page', 'keyWord', 'log-marker-1'));
    expect(row).toMatchObject({ action: '/admin/base/sys/param/page', userId: 1, name: '超级管理员', ip: '127.0.0.1' });
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('logs GET queries, refused calls and calls without a session too', async () => {
    await t.get('/admin/base/sys/param/info', { id: 424242 }, admin);
    // As validated: the query's text read as the number the schema takes.
    const info = await findLogged(loggedWith('/admin/base/sys/param/info', 'id', 424242));
    expect(info.userId).toBe(1);
    expectRefused(await t.post('/admin/base/sys/user/page', { keyWord: 'anon-marker' }), 401);
    const anonymous = await findLogged(loggedWith('/admin/base/sys/user/page', 'keyWord', 'anon-marker'));
    expect(anonymous.userId).toBeNull();
    expectRefused(await t.post('/admin/base/sys/log/page', { keyWord: 'forbidden-marker' }, nobody), 403);
    const forbidden = await findLogged(loggedWith('/admin/base/sys/log/page', 'keyWord', 'forbidden-marker'));
    expect(forbidden.userId).toBe(userId);
  });

  it('never keeps a plaintext password of a login, anywhere in the log', async () => {
    await t.login('log.clerk', PASSWORD);
    const row = await findLogged(loggedWith('/admin/base/open/login', 'username', 'log.clerk'));
    expect(paramsOf(row).password).toBe('******');
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    const stored = await logRows('/admin/base/open/login');
    expect(stored.length).toBeGreaterThan(0);
    for (const r of stored) expect(r.params ?? '').not.toContain(PASSWORD);
    const all = await t.ctx.db.db.selectFrom('base_sys_log').select('params').execute();
    expect(all.some((r) => (r.params ?? '').includes(PASSWORD))).toBe(false);
  });

  it('keeps nothing of a body that did not validate: text/plain, a JSON string, a refused user/add', async () => {
    const secrets = ['Raw-Text-Secret1', 'Double-Json-Secret2', 'Text-Add-Secret3', 'Double-Add-Secret4'];
    const [text, double, textAdd, doubleAdd] = secrets;
    const login = (password: string | undefined) => JSON.stringify({ username: 'log.clerk', password });
    const add = (password: string | undefined) =>
      JSON.stringify({ username: 'raw.adder', name: 'raw', password, departmentId });
    const sent: Array<[string, string, string]> = [
      ['/admin/base/open/login', 'text/plain', login(text)],
      ['/admin/base/open/login', 'application/json', JSON.stringify(login(double))],
      ['/admin/base/sys/user/add', 'text/plain', add(textAdd)],
      ['/admin/base/sys/user/add', 'application/json', JSON.stringify(add(doubleAdd))],
    ];
    for (const [url, type, body] of sent) {
      const reply = await t.post(url, body, url.includes('/open/') ? undefined : admin, { 'content-type': type });
      expect(reply.status, reply.raw).toBeGreaterThanOrEqual(400);
      expect(reply.status, reply.raw).toBeLessThan(500);
    }
    // A valid add with a password, and a marker: rows are written in order, so once the marker is
    // in, every row before it is too.
    dataOf(
      await t.post(
        '/admin/base/sys/user/add',
        { username: 'raw.valid', password: 'Valid-Add-Sec5', departmentId },
        admin,
      ),
    );
    await t.post('/admin/base/sys/param/page', { keyWord: 'after-raw-bodies' }, admin);
    await findLogged(loggedWith('/admin/base/sys/param/page', 'keyWord', 'after-raw-bodies'));
    const all = (await t.ctx.db.db.selectFrom('base_sys_log').select(['action', 'params']).execute()).map(
      (r) => `${r.action} ${r.params ?? ''}`,
    );
    for (const secret of [...secrets, 'Valid-Add-Sec5'])
      expect(
        all.filter((r) => r.includes(secret)),
        secret,
      ).toEqual([]);
    // What a refused body leaves: its type and size, nothing of its content.
    const markers = all.filter((r) => r.includes('"notValidated"'));
    for (const [url, , body] of sent)
      expect(markers, url).toContain(
        `${url} ${JSON.stringify({ notValidated: 'string', bytes: Buffer.byteLength(body) })}`,
      );
  });

  it('masks passwords, tokens and secrets wherever they sit in the params', async () => {
    const pair = await t.login('log.clerk', PASSWORD);
    await t.get('/admin/base/open/refreshToken', { refreshToken: pair.refreshToken });
    const refresh = await findLogged((r) => r.action === '/admin/base/open/refreshToken');
    expect(paramsOf(refresh).refreshToken).toBe('******');
    await t.post(
      '/admin/base/comm/personUpdate',
      {
        nickName: 'mask-marker',
        originalPassword: 'Orig-Secret1',
        password: 'New-Secret12',
        nested: { apiSecret: 'S3' },
      },
      pair.token,
    );
    const update = await findLogged(loggedWith('/admin/base/comm/personUpdate', 'nickName', 'mask-marker'));
    expect(paramsOf(update)).toMatchObject({ originalPassword: '******', password: '******' });
    // A key the schema does not take is not part of the validated input: not logged at all.
    expect(paramsOf(update)).not.toHaveProperty('nested');
    const text = (await t.ctx.db.db.selectFrom('base_sys_log').select('params').execute())
      .map((r) => r.params)
      .join('\n');
    for (const secret of ['Orig-Secret1', 'New-Secret12', pair.refreshToken, pair.token])
      expect(text).not.toContain(secret);
  });

  it('page searches the user name, the action and the ip by keyword', async () => {
    await t.post('/admin/base/sys/param/list', { keyWord: 'by-clerk' }, nobody);
    await findLogged(loggedWith('/admin/base/sys/param/list', 'keyWord', 'by-clerk'));
    const names = dataOf(
      await t.post<PageResult<SysLog>>('/admin/base/sys/log/page', { keyWord: '日志员', size: 100 }, admin),
    );
    expect(names.list.find((r) => paramsOf(r).keyWord === 'by-clerk')).toMatchObject({ userId, name: '日志员' });
    expect(names.list.every((r) => r.name === '日志员')).toBe(true);
    expect(names.pagination.total).toBe(names.list.length);
    const byAction = dataOf(
      await t.post<PageResult<SysLog>>('/admin/base/sys/log/page', { keyWord: 'sys/param/list', size: 100 }, admin),
    );
    expect(byAction.list.length).toBeGreaterThan(0);
    expect(byAction.list.every((r) => r.action.includes('sys/param/list'))).toBe(true);
    const byIp = dataOf(
      await t.post<PageResult<SysLog>>('/admin/base/sys/log/page', { keyWord: '127.0.0', size: 5 }, admin),
    );
    expect(byIp.list.length).toBeGreaterThan(0);
    expect(byIp.list.every((r) => r.ip === '127.0.0.1')).toBe(true);
    const none = dataOf(
      await t.post<PageResult<SysLog>>('/admin/base/sys/log/page', { keyWord: 'zz-no-such-thing' }, admin),
    );
    expect(none.list).toEqual([]);
    expect(none.pagination.total).toBe(0);
    // EPS says so: the user's name first, then the action and the ip.
    type Eps = Record<string, Array<{ prefix: string; pageQueryOp?: { keyWordLikeFields: string[] } }>>;
    const eps = dataOf(await t.get<Eps>('/admin/base/open/eps'));
    const log = eps.base?.find((e) => e.prefix === '/admin/base/sys/log');
    expect(log?.pageQueryOp?.keyWordLikeFields).toEqual(['name', 'action', 'ip']);
  });

  it('keeps 31 days by default; setKeep changes it and refuses nonsense', async () => {
    expect(DEFAULT_LOG_KEEP_DAYS).toBe(31);
    expect(dataOf(await t.get<number>('/admin/base/sys/log/getKeep', {}, admin))).toBe(31);
    dataOf(await t.post('/admin/base/sys/log/setKeep', { value: 7 }, admin));
    expect(dataOf(await t.get<number>('/admin/base/sys/log/getKeep', {}, admin))).toBe(7);
    dataOf(await t.post('/admin/base/sys/log/setKeep', { value: '14' }, admin));
    expect(dataOf(await t.get<number>('/admin/base/sys/log/getKeep', {}, admin))).toBe(14);
    for (const value of [0, -1, 'abc', 1.5, 99999]) {
      expectRefused(await t.post('/admin/base/sys/log/setKeep', { value }, admin), 400);
    }
    expectRefused(await t.post('/admin/base/sys/log/setKeep', {}, admin), 400);
    expect(dataOf(await t.get<number>('/admin/base/sys/log/getKeep', {}, admin))).toBe(14);
    dataOf(await t.post('/admin/base/sys/log/setKeep', { value: DEFAULT_LOG_KEEP_DAYS }, admin));
  });

  it('asks for a session (401) and for the permission (403)', async () => {
    expectRefused(await t.post('/admin/base/sys/log/page', {}), 401);
    expectRefused(await t.get('/admin/base/sys/log/getKeep', {}, nobody), 403);
    expectRefused(await t.post('/admin/base/sys/log/setKeep', { value: 1 }, nobody), 403);
    expectRefused(await t.post('/admin/base/sys/log/clear', {}, nobody), 403);
    expect(sysLog.perms.clear).toBe('base:sys:log:clear');
  });

  it('clear empties the log of everything before it', async () => {
    await t.post('/admin/base/sys/param/page', { keyWord: 'before-clear' }, admin);
    await findLogged(loggedWith('/admin/base/sys/param/page', 'keyWord', 'before-clear'));
    const last = await t.ctx.db.db
      .selectFrom('base_sys_log')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    dataOf(await t.post('/admin/base/sys/log/clear', {}, admin));
    const left = await t.ctx.db.db.selectFrom('base_sys_log').select('id').where('id', '<=', last.id).execute();
    expect(left).toEqual([]);
  });

  it('the page total agrees with the rows right after a clear', async () => {
    const query = { page: 1, size: 500 };
    for (let i = 0; i < 3; i += 1) await t.post('/admin/base/sys/param/page', { keyWord: `fill-${i}` }, admin);
    await sleep(120);
    const before = dataOf(await t.post<PageResult<SysLog>>('/admin/base/sys/log/page', query, admin));
    expect(before.pagination.total).toBeGreaterThan(2);
    dataOf(await t.post('/admin/base/sys/log/clear', {}, admin));
    await sleep(120); // the clear and page calls themselves are logged by now
    const after = dataOf(await t.post<PageResult<SysLog>>('/admin/base/sys/log/page', query, admin));
    expect(after.list.length).toBeLessThan(before.pagination.total);
    expect(after.pagination.total).toBe(after.list.length);
  });

  it('purges rows older than the keep days through the daily retention task', async () => {
    const handler = t.ctx.taskHandlers.get('base:log-retention');
    if (!handler) throw new Error('base:log-retention is not registered');
    const db = t.ctx.db.db;
    const now = Date.now();
    const row = (action: string, ageDays: number) => {
      const time = formatTime(new Date(now - ageDays * DAY_MS));
      return { userId: null, action, ip: null, params: null, createTime: time, updateTime: time };
    };
    await db
      .insertInto('base_sys_log')
      .values([
        row('/retention/40d', 40),
        row('/retention/32d', 32),
        row('/retention/10d', 10),
        row('/retention/now', 0),
      ])
      .execute();
    const actions = async () =>
      (await db.selectFrom('base_sys_log').select('action').where('action', 'like', '/retention/%').execute())
        .map((r) => r.action)
        .sort();
    /** Rows a purge with these keep days must remove: every row older, whatever wrote it. */
    const olderThan = async (days: number) =>
      (
        await db
          .selectFrom('base_sys_log')
          .select('id')
          .where('createTime', '<', formatTime(new Date(Date.now() - days * DAY_MS)))
          .execute()
      ).length;
    const run = () =>
      handler.run(handler.args.parse({}), new AbortController().signal, { taskId: 1, plannedAt: new Date() });

    const due = await olderThan(DEFAULT_LOG_KEEP_DAYS);
    expect(due).toBeGreaterThanOrEqual(2);
    expect(await run()).toEqual({ keepDays: DEFAULT_LOG_KEEP_DAYS, removed: due });
    expect(await actions()).toEqual(['/retention/10d', '/retention/now']);

    dataOf(await t.post('/admin/base/sys/log/setKeep', { value: 5 }, admin));
    const dueNow = await olderThan(5);
    expect(await run()).toEqual({ keepDays: 5, removed: dueNow });
    expect(await actions()).toEqual(['/retention/now']);
    dataOf(await t.post('/admin/base/sys/log/setKeep', { value: DEFAULT_LOG_KEEP_DAYS }, admin));
  });
});
