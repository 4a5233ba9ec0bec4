// Makes the upgrade fixture of one release: starts that release's built server (server/dist) on a
// fresh SQLite, PostgreSQL and MariaDB database, fills every table through the HTTP API only (the
// wire contract, which outlives any internal code), stops it, and keeps the databases as files:
//   <out>/backroom.sqlite   the SQLite file
//   <out>/postgres.sql      pg_dump --inserts, psql meta-commands removed
//   <out>/mysql.sql         mariadb-dump
// Run it from a checkout of the release, after `npm run build`:
//   node server/test-fixtures/upgrade/make-fixture.mjs --out=server/test-fixtures/upgrade/<version> \
//     --pg=postgres://postgres@127.0.0.1:5432/test --mysql=mysql://root@127.0.0.1:3306/test
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, ROOT, waitForServer } from '../../../e2e/support/server-process.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, ...v] = a.replace(/^--/, '').split('=');
    return [k, v.join('=')];
  }),
);
if (!args.out) throw new Error('--out=<folder> is required');
const out = path.resolve(args.out);
fs.mkdirSync(out, { recursive: true });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function startServer(databaseUrl, dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      LOG_FLUSH_MS: '100',
      JWT_SECRET: 'upgrade-fixture-secret-0123456789abcdef',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForServer(`${base}/api/admin/base/open/eps`, { child, timeoutMs: 60_000 });
  return {
    base,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function call(base, method, url, body, token) {
  const headers = { language: 'en' };
  if (token) headers.authorization = token;
  let payload;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${base}/api${url}`, { method, headers, body: payload });
  const json = await response.json();
  if (json.code !== 1000) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Fills every table the release has, through the API, as an operator would. */
async function fill(base) {
  const post = (url, body, token) => call(base, 'POST', url, body, token);
  const get = (url, token) => call(base, 'GET', url, undefined, token);
  const admin = (await post('/admin/base/open/login', { username: 'admin', password: '123456' })).token;

  const departments = await post('/admin/base/sys/department/list', {}, admin);
  const top = departments.find((d) => d.parentId === null);
  const storeId = (
    await post('/admin/base/sys/department/add', { name: 'Fixture store', parentId: top.id, orderNum: 5 }, admin)
  ).id;
  const menus = await post('/admin/base/sys/menu/list', {}, admin);
  const userMenu = menus.find((m) => m.router === '/sys/user');
  const userPerms = menus.filter((m) => m.parentId === userMenu.id).map((m) => m.id);
  const roleId = (
    await post(
      '/admin/base/sys/role/add',
      {
        name: 'Fixture manager',
        label: 'fixture-manager',
        remark: 'made by the upgrade fixture',
        relevance: true,
        menuIdList: [userMenu.id, ...userPerms],
        departmentIdList: [storeId],
      },
      admin,
    )
  ).id;
  const userIds = [];
  for (const [i, level] of ['storeManger', 'clerk', 'clerk', 'hr'].entries()) {
    userIds.push(
      (
        await post(
          '/admin/base/sys/user/add',
          {
            username: `fixture${i}`,
            password: 'fixture-123',
            name: `Fixture ${i}`,
            nickName: `F${i}`,
            phone: `1380000000${i}`,
            email: `f${i}@example.com`,
            departmentId: storeId,
            userLevel: level,
            roleIdList: [roleId],
            remark: i === 0 ? '店长' : null,
          },
          admin,
        )
      ).id,
    );
  }
  await post('/admin/base/sys/user/delete', { ids: [userIds[3]] }, admin);
  await post(
    '/admin/base/sys/param/add',
    { keyName: 'fixtureParam', name: 'Fixture param', data: '{"a":1}', dataType: 0, remark: 'fixture' },
    admin,
  );
  await post(
    '/admin/base/sys/menu/add',
    {
      parentId: null,
      name: 'Fixture link',
      type: 1,
      router: '/fixture',
      viewPath: 'https://example.com',
      icon: 'icon-menu',
      orderNum: 99,
      keepAlive: true,
      isShow: false,
    },
    admin,
  );

  const typeId = (await post('/admin/dict/type/add', { name: 'Fixture dictionary', key: 'fixtureDict' }, admin)).id;
  const parentItem = (
    await post('/admin/dict/info/add', { typeId, name: 'Parent', value: 'p', orderNum: 1, parentId: null }, admin)
  ).id;
  await post('/admin/dict/info/add', { typeId, name: 'Child', value: 'c', orderNum: 2, parentId: parentItem }, admin);

  const taskId = (
    await post(
      '/admin/task/info/add',
      { name: 'Fixture task', service: 'task:demo', taskType: 1, every: 3_600_000, status: 0, data: '{}' },
      admin,
    )
  ).id;
  await post('/admin/task/info/once', { id: taskId }, admin);

  const classifyId = (await post('/admin/space/type/add', { name: 'Fixture files', parentId: null }, admin)).id;
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
  const url = await call(base, 'POST', '/admin/base/comm/upload', form, admin);
  const fileId = (
    await post('/admin/space/info/add', { url, type: 'image', name: 'pixel.png', size: PNG.length, classifyId }, admin)
  ).id;
  await post(
    '/admin/space/info/add',
    { url, type: 'image', name: 'pixel copy.png', size: PNG.length, classifyId },
    admin,
  );
  await post('/admin/space/info/delete', { ids: [fileId] }, admin);

  // A signed-in user who logs out leaves a revoked session behind.
  const clerk = (await post('/admin/base/open/login', { username: 'fixture1', password: 'fixture-123' })).token;
  await get('/admin/base/comm/person', clerk);
  await post('/admin/base/comm/logout', {}, clerk);
  await post('/admin/base/sys/log/page', { page: 1, size: 10 }, admin);
  // The task's run is logged once it finishes.
  for (let i = 0; i < 100; i += 1) {
    const log = await get(`/admin/task/info/log?id=${taskId}&page=1&size=10`, admin);
    if (log.list.length > 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
}

function serverUrl(base, database) {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onSqlite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'br-fixture-'));
  const server = await startServer(undefined, dataDir);
  await fill(server.base);
  await server.stop();
  fs.copyFileSync(path.join(dataDir, 'backroom.sqlite'), path.join(out, 'backroom.sqlite'));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function onPostgres(base) {
  const database = `br_fixture_${Date.now().toString(36)}`;
  const admin = new URL(base);
  execFileSync('psql', [admin.toString(), '-q', '-c', `create database ${database}`]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'br-fixture-'));
  const server = await startServer(serverUrl(base, database), dataDir);
  await fill(server.base);
  await server.stop();
  const dump = execFileSync(
    'pg_dump',
    ['--inserts', '--no-owner', '--no-privileges', '--no-comments', serverUrl(base, database)],
    { maxBuffer: 1 << 28 },
  ).toString('utf8');
  // psql's own commands (\restrict …) are not SQL; the search_path reset would outlive the restore.
  const plain = dump
    .split('\n')
    .filter((line) => !line.startsWith('\\') && !line.includes("set_config('search_path'"))
    .join('\n');
  fs.writeFileSync(path.join(out, 'postgres.sql'), plain);
  execFileSync('psql', [admin.toString(), '-q', '-c', `drop database ${database} with (force)`]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function onMysql(base) {
  const database = `br_fixture_${Date.now().toString(36)}`;
  const url = new URL(base);
  const cli = ['-h', url.hostname, '-P', url.port || '3306', '-u', decodeURIComponent(url.username || 'root')];
  execFileSync('mariadb', [...cli, '-e', `create database ${database}`]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'br-fixture-'));
  const server = await startServer(serverUrl(base, database), dataDir);
  await fill(server.base);
  await server.stop();
  const dump = execFileSync('mariadb-dump', [...cli, '--skip-dump-date', '--skip-comments', database], {
    maxBuffer: 1 << 28,
  }).toString('utf8');
  fs.writeFileSync(path.join(out, 'mysql.sql'), dump);
  execFileSync('mariadb', [...cli, '-e', `drop database ${database}`]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await onSqlite();
if (args.pg) await onPostgres(args.pg);
if (args.mysql) await onMysql(args.mysql);
console.log(`upgrade fixture written to ${out}`);
