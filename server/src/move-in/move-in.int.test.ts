import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brokenRules, DEFAULT_PASSWORD_POLICY } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLegacyHash } from '../core/auth/password.js';
import {
  dataOf,
  restoreRelease,
  rowCount,
  startApp,
  startAppOn,
  type TestApp,
  testTargets,
} from '../testing/harness.js';
import {
  COOL_USERS,
  type CoolShape,
  type CoolSource,
  coolMysql,
  coolRows,
  coolSqlite,
  md5,
} from './cool-admin.fixtures.js';
import { MoveInRefused, moveIn } from './move-in.js';
import { type MoveInReport, renderReport, type TableReport } from './report.js';

const counts = (report: MoveInReport, table: string): Omit<TableReport, 'table' | 'reasons'> => {
  const t = report.tables.find((x) => x.table === table);
  if (!t) throw new Error(`no report line for ${table}`);
  return { read: t.read, created: t.created, updated: t.updated, unchanged: t.unchanged, skipped: t.skipped };
};

const totals = (report: MoveInReport) =>
  report.tables.reduce((sum, t) => ({ created: sum.created + t.created, updated: sum.updated + t.updated }), {
    created: 0,
    updated: 0,
  });

async function userRow(app: TestApp, username: string) {
  return app.ctx.db.db
    .selectFrom('base_sys_user')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
}

/** Signs in with a plain login call (the harness's login would clear the forced change). */
function signIn(app: TestApp, username: string, password: string) {
  return app.post<{ token: string }>('/admin/base/open/login', { username, password });
}

/** Where the fixture is kept: SQLite always, MariaDB too when TEST_MYSQL_URL is set. */
/** A JSON column as stored here: text on SQLite and MariaDB, parsed already where the driver does it. */
const jsonOf = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

const sources: Array<{ name: string; make(shape: CoolShape): Promise<CoolSource> }> = [
  { name: 'sqlite', make: (shape) => coolSqlite(shape) },
];
const mysqlUrl = process.env.TEST_MYSQL_URL;
if (mysqlUrl) sources.push({ name: 'mysql', make: (shape) => coolMysql(mysqlUrl, shape) });

for (const target of testTargets()) {
  describe(`move-in from cool-admin [${target.name}]`, () => {
    for (const shape of ['7.x', '8.x'] as const) {
      for (const src of sources) {
        // One source per target keeps the matrix small: MariaDB sources move into SQLite only.
        if (src.name === 'mysql' && target.name !== 'sqlite') continue;
        describe(`${shape} on ${src.name}`, () => {
          let app: TestApp;
          let source: CoolSource;
          let first: MoveInReport;
          beforeAll(async () => {
            app = await startApp(target);
            source = await src.make(shape);
            first = await moveIn(app.ctx, { from: source.url, withLog: true });
          }, 120_000);
          afterAll(async () => {
            await app?.stop();
            await source?.drop();
          });

          it('reports every table with its counts', () => {
            const rows = coolRows(shape);
            expect(counts(first, 'base_sys_department')).toEqual({
              read: 3,
              created: 3,
              updated: 0,
              unchanged: 0,
              skipped: 0,
            });
            // The admin user and role are the ones here: matched by name and label, not doubled.
            expect(counts(first, 'base_sys_user')).toMatchObject({ read: 4, created: 3, skipped: 0 });
            expect(counts(first, 'base_sys_user').updated + counts(first, 'base_sys_user').unchanged).toBe(1);
            expect(counts(first, 'base_sys_role')).toMatchObject({ read: 2, created: 1 });
            expect(counts(first, 'base_sys_user_role')).toMatchObject({ read: 3, created: 2, unchanged: 1 });
            expect(counts(first, 'base_sys_role_menu')).toMatchObject({ read: 4, created: 4 });
            expect(counts(first, 'base_sys_role_department')).toMatchObject({ read: 1, created: 1 });
            expect(counts(first, 'base_sys_menu')).toMatchObject({ read: 6, created: 3 });
            expect(counts(first, 'customer_info')).toMatchObject({ read: rows.customer_info?.length, created: 2 });
            expect(counts(first, 'customer_invitation_record')).toMatchObject({ read: 1, created: 1 });
            expect(counts(first, 'customer_activity')).toMatchObject({ read: 1, created: 1 });
            expect(counts(first, 'user_info')).toMatchObject({ read: 1, created: 1 });
            expect(counts(first, 'user_address')).toMatchObject({ read: 1, created: 1 });
            expect(counts(first, 'base_sys_log')).toMatchObject({ read: 2, created: 2 });
            expect(counts(first, 'recycle_data')).toMatchObject({ read: 2, created: 1, skipped: 1 });
            expect(counts(first, 'task_info')).toMatchObject({ read: 1, created: 1 });
            expect(counts(first, 'dict_info')).toMatchObject({ read: 2, created: 2 });
            const notes = first.notes.map((n) => n.key);
            expect(notes).toContain('moveIn.note.menuKept');
            expect(notes).toContain('moveIn.note.storesCreated');
            expect(notes).toContain('moveIn.note.taskUnknown');
          });

          it('keeps users with their department, roles, level, status and a legacy hash', async () => {
            const zhang = await userRow(app, 'zhang');
            expect(zhang).toMatchObject({ name: '张三', phone: '13800000001', status: 1, userLevel: 'storeManger' });
            expect(zhang.password).toBe(`legacy-md5$${md5(COOL_USERS.zhang)}`);
            expect(zhang.createTime).toBe('2024-03-02 10:20:30');
            const dept = await app.ctx.db.db
              .selectFrom('base_sys_department')
              .select(['name', 'parentId'])
              .where('id', '=', zhang.departmentId ?? -1)
              .executeTakeFirstOrThrow();
            expect(dept.name).toBe('开发部');
            const roles = await app.ctx.db.db
              .selectFrom('base_sys_user_role')
              .innerJoin('base_sys_role', 'base_sys_role.id', 'base_sys_user_role.roleId')
              .select('base_sys_role.label')
              .where('base_sys_user_role.userId', '=', zhang.id)
              .execute();
            expect(roles.map((r) => r.label)).toEqual(['storeMgr']);
            expect((await userRow(app, 'li')).status).toBe(0);
            // The admin here keeps this install's own password.
            expect((await userRow(app, 'admin')).password.startsWith('scrypt$')).toBe(true);
          });

          it('matches menus by router and permissions, and keeps the others with their path', async () => {
            const mall = await app.ctx.db.db
              .selectFrom('base_sys_menu')
              .selectAll()
              .where('router', '=', '/mall/goods')
              .executeTakeFirstOrThrow();
            expect(mall.viewPath).toBe('modules/mall/views/goods.vue');
            const users = await app.ctx.db.db
              .selectFrom('base_sys_menu')
              .select('id')
              .where('router', '=', '/sys/user')
              .execute();
            expect(users).toHaveLength(1);
            const role = await app.ctx.db.db
              .selectFrom('base_sys_role')
              .select('id')
              .where('label', '=', 'storeMgr')
              .executeTakeFirstOrThrow();
            const granted = await app.ctx.db.db
              .selectFrom('base_sys_role_menu')
              .select('menuId')
              .where('roleId', '=', role.id)
              .execute();
            expect(granted.map((g) => g.menuId)).toContain(users[0]?.id);
          });

          it("keeps the log's JSON parameters and the recycle record's address as cool-admin wrote them", async () => {
            const logs = await app.ctx.db.db.selectFrom('base_sys_log').select(['action', 'params']).execute();
            const login = logs.find((l) => l.action === '/admin/base/open/login');
            expect(jsonOf(login?.params)).toEqual({ username: 'zhang' });
            const recycled = await app.ctx.db.db
              .selectFrom('recycle_data')
              .select(['url', 'params'])
              .executeTakeFirstOrThrow();
            expect(recycled.url).toBe('/admin/base/sys/user/delete');
            expect(jsonOf(recycled.params)).toEqual({ ids: [77] });
          });

          it('sanitises rich-text parameters and maps stores by name', async () => {
            const notice = await app.ctx.db.db
              .selectFrom('base_sys_param')
              .select('data')
              .where('keyName', '=', 'mallNotice')
              .executeTakeFirstOrThrow();
            expect(notice.data).not.toContain('script');
            expect(notice.data).not.toContain('onerror');
            expect(notice.data).toContain('新品');
            const customers = await app.ctx.db.db
              .selectFrom('customer_info')
              .innerJoin('base_sys_department', 'base_sys_department.id', 'customer_info.storeId')
              .select(['customer_info.customerName', 'base_sys_department.name', 'base_sys_department.isStore'])
              .orderBy('customer_info.customerName')
              .execute();
            expect(customers.map((c) => [c.customerName, c.name, Boolean(Number(c.isStore))])).toEqual(
              expect.arrayContaining([
                ['赵客户', '开发部', true],
                ['钱客户', '西湖店', true],
              ]),
            );
            const task = await app.ctx.db.db
              .selectFrom('task_info')
              .select(['status'])
              .where('name', '=', '清理日志')
              .executeTakeFirstOrThrow();
            expect(task.status).toBe(0);
          });

          it('keeps who recorded each record apart from the owner it follows', async () => {
            const zhang = (await userRow(app, 'zhang')).id;
            const wang = (await userRow(app, 'wang')).id;
            const { db } = app.ctx.db;
            const customers = await db
              .selectFrom('customer_info')
              .select(['customerName', 'employeeId', 'creatorId'])
              .orderBy('customerName')
              .execute();
            expect(customers.map((r) => [r.customerName, r.employeeId, r.creatorId])).toEqual(
              expect.arrayContaining([
                ['赵客户', zhang, zhang],
                ['钱客户', wang, wang],
              ]),
            );
            // zhang invited wang's customer: wang owns the invitation, zhang made it.
            const invitation = await db
              .selectFrom('customer_invitation_record')
              .select(['employeeId', 'creatorId'])
              .executeTakeFirstOrThrow();
            expect(invitation).toEqual({ employeeId: wang, creatorId: zhang });
          });

          it('signs a user in with the old password once, then keeps only the new hash', async () => {
            const { token } = await app.login();
            const legacyOf = async (username: string) => {
              const page = dataOf(
                await app.post<{ list: Array<{ username: string; legacyPassword: boolean }> }>(
                  '/admin/base/sys/user/page',
                  { page: 1, size: 20, keyWord: username },
                  token,
                ),
              );
              return page.list.find((u) => u.username === username)?.legacyPassword;
            };
            // The user screen says who is still on the old system's hash.
            expect(await legacyOf('zhang')).toBe(true);
            dataOf(await signIn(app, 'zhang', COOL_USERS.zhang));
            expect(await legacyOf('zhang')).toBe(false);
            expect(await legacyOf('li')).toBe(true);
            const zhang = await userRow(app, 'zhang');
            expect(isLegacyHash(zhang.password)).toBe(false);
            expect(zhang.password.startsWith('scrypt$')).toBe(true);
            expect(Boolean(Number(zhang.passwordChangeRequired))).toBe(false);
            expect((await signIn(app, 'zhang', 'wrong')).status).toBe(400);
            // A legacy password the policy refuses asks for a new one at that first sign-in.
            // A new install's policy is the default one.
            const policy = DEFAULT_PASSWORD_POLICY;
            dataOf(await signIn(app, 'wang', COOL_USERS.wang));
            const wang = await userRow(app, 'wang');
            expect(wang.password.startsWith('scrypt$')).toBe(true);
            expect(Boolean(Number(wang.passwordChangeRequired))).toBe(
              brokenRules(COOL_USERS.wang, policy, 'wang').length > 0,
            );
          });

          it('changes nothing on a second run, and a dry run writes nothing', async () => {
            const again = await moveIn(app.ctx, { from: source.url, withLog: true });
            expect(totals(again)).toEqual({ created: 0, updated: 0 });
            expect(isLegacyHash((await userRow(app, 'zhang')).password)).toBe(false);
            const before = await rowCount(app, 'base_sys_move_in');
            const dry = await moveIn(app.ctx, { from: source.url, dryRun: true });
            expect(dry.dryRun).toBe(true);
            expect(totals(dry)).toEqual({ created: 0, updated: 0 });
            expect(await rowCount(app, 'base_sys_move_in')).toBe(before);
          });
        });
      }
    }

    it('a dry run reports the same as the run and leaves the install as it was', async () => {
      const app = await startApp(target);
      const source = await coolSqlite('8.x');
      try {
        const users = await rowCount(app, 'base_sys_user');
        const dry = await moveIn(app.ctx, { from: source.url, dryRun: true });
        expect(await rowCount(app, 'base_sys_user')).toBe(users);
        expect(await rowCount(app, 'customer_info')).toBe(0);
        expect(await rowCount(app, 'base_sys_move_in')).toBe(0);
        const real = await moveIn(app.ctx, { from: source.url });
        const strip = (r: MoveInReport) => r.tables.map((t) => ({ ...t, reasons: [...t.reasons.keys()] }));
        expect(strip(dry)).toEqual(strip(real));
        expect(await rowCount(app, 'customer_info')).toBe(2);
      } finally {
        await app.stop();
        await source.drop();
      }
    }, 120_000);

    it('copies the files with --uploads, and a dry run copies none', async () => {
      const app = await startApp(target);
      const source = await coolSqlite('8.x');
      const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'coolsrc-up-'));
      try {
        fs.mkdirSync(path.join(uploads, '20240305'));
        fs.writeFileSync(path.join(uploads, '20240305', 'a1b2.png'), 'png!');
        const copied = path.join(app.dataDir, 'uploads', '20240305', 'a1b2.png');
        const dry = await moveIn(app.ctx, { from: source.url, uploads, dryRun: true });
        expect(counts(dry, 'space_info (files)')).toMatchObject({ read: 1, created: 1 });
        expect(fs.existsSync(copied)).toBe(false);
        await moveIn(app.ctx, { from: source.url, uploads });
        expect(fs.readFileSync(copied, 'utf8')).toBe('png!');
        const file = await app.ctx.db.db.selectFrom('space_info').select(['url', 'key']).executeTakeFirstOrThrow();
        expect(file).toEqual({ url: '/upload/20240305/a1b2.png', key: '20240305/a1b2.png' });
      } finally {
        await app.stop();
        await source.drop();
        fs.rmSync(uploads, { recursive: true, force: true });
      }
    }, 120_000);

    it('copies only regular files inside --uploads: links (out or in), a FIFO and a folder are skipped and named', async () => {
      const app = await startApp(target);
      const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'coolsrc-up-'));
      const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'coolsrc-out-'));
      const rows = coolRows('8.x');
      const [file] = rows.space_info ?? [];
      const keys = [
        'a1b2.png',
        'passwd.png',
        'secret.png',
        'inner.png',
        'pipe.png',
        'folder.png',
        'far/x.png',
        'esc.png',
      ];
      rows.space_info = keys.map((name, i) => ({
        ...file,
        id: i + 1,
        url: `http://127.0.0.1:8001/upload/20240305/${name}`,
        key: `upload/20240305/${name}`,
        fileId: `f${i}`,
      }));
      const source = await coolSqlite('8.x', rows);
      try {
        const day = path.join(uploads, '20240305');
        fs.mkdirSync(day);
        fs.writeFileSync(path.join(day, 'a1b2.png'), 'png!');
        // Stand-ins for /etc/passwd and for this install's own secret, each behind a link.
        const passwd = path.join(outside, 'passwd');
        fs.writeFileSync(passwd, 'root:x:0:0:root:/root:/bin/bash\n');
        const secret = path.join(app.dataDir, 'jwt-secret');
        expect(fs.existsSync(secret)).toBe(true);
        fs.symlinkSync(passwd, path.join(day, 'passwd.png'));
        fs.symlinkSync(secret, path.join(day, 'secret.png'));
        // A link to a file inside, a FIFO, a folder, and a folder that is a link out.
        fs.symlinkSync(path.join(day, 'a1b2.png'), path.join(day, 'inner.png'));
        const made = spawnSync('mkfifo', [path.join(day, 'pipe.png')]);
        expect(made.status).toBe(0);
        fs.mkdirSync(path.join(day, 'folder.png'));
        fs.mkdirSync(path.join(outside, 'far'));
        fs.writeFileSync(path.join(outside, 'far', 'x.png'), 'far away');
        fs.symlinkSync(path.join(outside, 'far'), path.join(day, 'far'));
        // A link to nothing, whose target would clear the operator's terminal if printed as it is.
        fs.symlinkSync(`${passwd}\u001b[2J`, path.join(day, 'esc.png'));

        const report = await moveIn(app.ctx, { from: source.url, uploads });
        expect(counts(report, 'space_info (files)')).toMatchObject({ read: 8, created: 1, skipped: 7 });
        const reasons = [...(report.tables.find((x) => x.table === 'space_info (files)')?.reasons.values() ?? [])];
        const said = reasons.map((r) => [r.said.key, r.said.params?.file, r.count]).sort();
        expect(said).toEqual(
          [
            ['moveIn.skip.fileLinkOutside', '20240305/passwd.png', 1],
            ['moveIn.skip.fileLinkOutside', '20240305/secret.png', 1],
            ['moveIn.skip.fileLinkOutside', '20240305/far/x.png', 1],
            ['moveIn.skip.fileLinkOutside', '20240305/esc.png', 1],
            ['moveIn.skip.fileLinkInside', '20240305/inner.png', 1],
            ['moveIn.skip.fileNotRegular', '20240305/pipe.png', 1],
            ['moveIn.skip.fileNotRegular', '20240305/folder.png', 1],
          ].sort(),
        );
        const text = renderReport(report, 'en');
        expect(text).toContain(`20240305/passwd.png is a symbolic link out of the upload folder (to ${passwd})`);
        expect(text).toContain('20240305/pipe.png is a named pipe, not a regular file: not copied');
        expect(text).toContain(`(to ${passwd}?[2J)`);
        expect(text).not.toContain('\u001b');
        // Only the regular file came in, and nothing of what the links lead to is served.
        const copiedTo = path.join(app.dataDir, 'uploads');
        const entries = (fs.readdirSync(copiedTo, { recursive: true }) as string[]).sort();
        expect(entries).toEqual(['20240305', path.join('20240305', 'a1b2.png')]);
        expect(fs.lstatSync(path.join(copiedTo, '20240305', 'a1b2.png')).isFile()).toBe(true);
        for (const name of ['passwd.png', 'secret.png', 'far/x.png']) {
          const served = await app.app.inject({ method: 'GET', url: `/upload/20240305/${name}` });
          expect(served.statusCode).toBe(404);
          expect(served.body).not.toContain('root:x:0:0');
          expect(served.body).not.toContain(fs.readFileSync(secret, 'utf8').trim());
        }
      } finally {
        await app.stop();
        await source.drop();
        fs.rmSync(uploads, { recursive: true, force: true });
        fs.rmSync(outside, { recursive: true, force: true });
      }
    }, 120_000);

    it("takes a role's grants from its JSON id lists when the join tables miss them", async () => {
      const app = await startApp(target);
      const rows = coolRows('7.x');
      rows.base_sys_role_menu = [];
      rows.base_sys_role_department = [];
      const source = await coolSqlite('7.x', rows);
      try {
        const report = await moveIn(app.ctx, { from: source.url });
        expect(counts(report, 'base_sys_role_menu')).toMatchObject({ read: 4, created: 4 });
        expect(counts(report, 'base_sys_role_department')).toMatchObject({ read: 1, created: 1 });
      } finally {
        await app.stop();
        await source.drop();
      }
    }, 120_000);

    it('refuses an install in use unless given --merge', async () => {
      const app = await startApp(target);
      const source = await coolSqlite('7.x');
      try {
        await app.ctx.db.db
          .insertInto('customer_info')
          .values({
            customerName: '已有',
            customerPhone: '13911112222',
            createTime: '2026-01-01 00:00:00',
            updateTime: '2026-01-01 00:00:00',
          })
          .execute();
        await expect(moveIn(app.ctx, { from: source.url })).rejects.toBeInstanceOf(MoveInRefused);
        expect(await rowCount(app, 'base_sys_move_in')).toBe(0);
        const merged = await moveIn(app.ctx, { from: source.url, merge: true });
        expect(counts(merged, 'customer_info')).toMatchObject({ created: 2 });
        expect(await rowCount(app, 'customer_info')).toBe(3);
      } finally {
        await app.stop();
        await source.drop();
      }
    }, 120_000);

    it('moves into an install upgraded from release 0.1.0', async () => {
      const restored = await restoreRelease(target, '0.1.0');
      const app = await startAppOn(target.name, restored.db, restored.drop);
      const source = await coolSqlite('8.x');
      try {
        // Release 0.1.0's fixture holds a file of its own: not the seed's, so it takes --merge.
        await expect(moveIn(app.ctx, { from: source.url })).rejects.toBeInstanceOf(MoveInRefused);
        const report = await moveIn(app.ctx, { from: source.url, merge: true });
        expect(counts(report, 'customer_info')).toMatchObject({ created: 2 });
        expect(counts(report, 'base_sys_user')).toMatchObject({ read: 4, created: 3 });
        dataOf(await signIn(app, 'zhang', COOL_USERS.zhang));
      } finally {
        await app.stop();
        await source.drop();
      }
    }, 120_000);
  });
}
