// Backup and restore at scale: fills a throwaway install with customers (1,000,000 by default) by
// bulk SQL, then times `npm run backup` while the built server runs on it and `npm run restore`
// into a fresh, empty install, and prints the sizes.
//
//   node bench/backup.mjs                                   SQLite, 1,000,000 customers
//   node bench/backup.mjs --rows=100000
//   node bench/backup.mjs --db-url=postgres://postgres@127.0.0.1:5432/bench_backup
//   node bench/backup.mjs --db-url=mysql://root@127.0.0.1:3306/bench_backup
//
// With --db-url the database is a throwaway one (created, or emptied, by the bench), and so is its
// twin `<name>_restored` the restore goes into.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchServer, buildServer, dataDirOf, dbKindOf, openDb, ROOT } from './scale-kit.mjs';

const { values: opts } = parseArgs({
  options: {
    'db-url': { type: 'string' },
    rows: { type: 'string', default: '1000000' },
    'no-build': { type: 'boolean', default: false },
  },
});
const ROWS = Number(opts.rows);
const DB_URL = opts['db-url'] ?? '';
const KIND = dbKindOf(DB_URL);
const CHUNK = 100_000;

/** A database of the server in `url` made anew (dropped first if there). */
async function freshServerDatabase(url) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = KIND === 'postgres' ? '/postgres' : '/';
  const admin = await openDb({ kind: KIND, dbUrl: u.toString() });
  await admin.run(`drop database if exists ${name}${KIND === 'postgres' ? ' with (force)' : ''}`);
  await admin.run(`create database ${name}`);
  await admin.close();
}

/** Customers `from`..`to` in one insert … select, numbers made by a cross join of digits (every dialect has it). */
function fillSql(q, from, to, store, employee) {
  const digits =
    'select 0 as n union all select 1 union all select 2 union all select 3 union all select 4 union all select 5 union all select 6 union all select 7 union all select 8 union all select 9';
  const i = `(${from} + a.n + 10 * b.n + 100 * c.n + 1000 * d.n + 10000 * e.n)`;
  const columns = [
    'createTime',
    'updateTime',
    'customerCode',
    'customerName',
    'customerSex',
    'customerPhone',
    'customerAddress',
    'storeId',
    'employeeId',
  ];
  return `insert into ${q('customer_info')} (${columns.map(q).join(', ')})
    select '2026-12-01 09:00:00', '2026-12-01 09:00:00', concat('B', ${i}), concat('客户', ${i}), ${i} % 3,
      concat('1', 3000000000 + ${i}), concat('上海市浦东新区张杨路', ${i} % 997, '号'), ${store}, ${employee}
    from (${digits}) a, (${digits}) b, (${digits}) c, (${digits}) d, (${digits}) e
    where ${i} <= ${to}`;
}

async function fill(sqliteFile) {
  const db = await openDb({ kind: KIND, dbUrl: DB_URL, sqliteFile });
  const [admin] = await db.all(`select id from base_sys_user where username = 'admin'`);
  const [store] = await db.all(`select id from base_sys_department order by id desc`);
  await db.run(`delete from ${db.q('customer_info')}`);
  const started = Date.now();
  for (let from = 1; from <= ROWS; from += CHUNK) {
    await db.run(fillSql(db.q, from, Math.min(from + CHUNK - 1, ROWS), Number(store.id), Number(admin.id)));
  }
  const [{ n }] = await db.all(`select count(*) as n from ${db.q('customer_info')}`);
  await db.close();
  console.log(
    `filled ${Number(n).toLocaleString('en-US')} customers in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  if (Number(n) !== ROWS) throw new Error(`expected ${ROWS} customers, found ${n}`);
}

/** Runs `npm run <script>` with the install's environment; returns its seconds and output. */
function npmRun(script, args, env) {
  const started = Date.now();
  const run = spawnSync('npm', ['run', '-s', script, '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  const seconds = (Date.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`npm run ${script} failed: ${run.stderr || run.stdout}`);
  return { seconds, output: run.stdout.trim() };
}

function restoredUrl() {
  const u = new URL(DB_URL);
  u.pathname = `${u.pathname}_restored`;
  return u.toString();
}

async function main() {
  buildServer(opts['no-build']);
  const dataDir = dataDirOf(undefined, 'backroom-backup-bench-');
  const sqliteFile = path.join(dataDir, 'backroom.sqlite');
  if (KIND !== 'sqlite') await freshServerDatabase(DB_URL);
  const env = { DATA_DIR: dataDir, ...(DB_URL ? { DATABASE_URL: DB_URL } : {}), LOG_LEVEL: 'warn' };
  const server = benchServer({ dataDir, env: { ...env, ADMIN_PASSWORD: 'bench-backup-1' }, timeoutMs: 180_000 });
  await server.start();
  await server.stop();
  await fill(sqliteFile);
  const size = KIND === 'sqlite' ? fs.statSync(sqliteFile).size : undefined;
  const archive = path.join(dataDir, 'bench-backup.tar.gz');
  // The backup is taken while the server runs on the install (idle: no load besides the backup).
  await server.start();
  const load0 = os.loadavg()[0];
  const backup = npmRun('backup', ['--out', archive], env);
  await server.stop();
  const into = dataDirOf(undefined, 'backroom-restore-bench-');
  const intoEnv = { DATA_DIR: into, ...(DB_URL ? { DATABASE_URL: restoredUrl() } : {}), LOG_LEVEL: 'warn' };
  if (KIND !== 'sqlite') await freshServerDatabase(restoredUrl());
  const restore = npmRun('restore', ['--from', archive], intoEnv);
  const load1 = os.loadavg()[0];
  const check = await openDb({
    kind: KIND,
    dbUrl: intoEnv.DATABASE_URL,
    sqliteFile: path.join(into, 'backroom.sqlite'),
  });
  const [{ n }] = await check.all(`select count(*) as n from ${check.q('customer_info')}`);
  await check.close();
  if (Number(n) !== ROWS) throw new Error(`the restore holds ${n} customers, not ${ROWS}`);
  const mb = (b) => `${(b / 1048576).toFixed(0)} MB`;
  console.log(backup.output);
  console.log(restore.output);
  console.log('');
  console.log('| database | customers | database file / dump | archive | backup | restore | load average |');
  console.log('| -------- | --------: | -------------------: | ------: | -----: | ------: | -----------: |');
  const dump = /; ([\d.]+) MB before compression/.exec(backup.output)?.[1];
  console.log(
    `| ${KIND} | ${ROWS.toLocaleString('en-US')} | ${size ? `${mb(size)} / ` : ''}${dump} MB | ${mb(fs.statSync(archive).size)} | ${backup.seconds.toFixed(1)} s | ${restore.seconds.toFixed(1)} s | ${load0.toFixed(1)}–${load1.toFixed(1)} |`,
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(into, { recursive: true, force: true });
  if (KIND !== 'sqlite') {
    for (const url of [DB_URL, restoredUrl()]) {
      const u = new URL(url);
      const name = u.pathname.slice(1);
      u.pathname = KIND === 'postgres' ? '/postgres' : '/';
      const admin = await openDb({ kind: KIND, dbUrl: u.toString() });
      await admin.run(`drop database if exists ${name}${KIND === 'postgres' ? ' with (force)' : ''}`);
      await admin.close();
    }
  }
}

await main();
