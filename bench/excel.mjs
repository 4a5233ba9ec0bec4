import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { parseArgs } from 'node:util';
import { signInCompletingChange, startBuiltServer, startScriptFlags } from '../e2e/support/server-process.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const MAIN_JS = path.join(ROOT, 'server/dist/main.js');
const requireServer = createRequire(path.join(ROOT, 'server/package.json'));
const ExcelJS = requireServer('exceljs');
const SQLite = requireServer('better-sqlite3');

const { values: opts } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    'import-rows': { type: 'string', default: '10000' },
    /** PostgreSQL or MariaDB/MySQL instead of SQLite: a throwaway database (its customers are replaced). */
    'db-url': { type: 'string', default: '' },
  },
});
const DB_URL = opts['db-url'];
const KIND = DB_URL === '' ? 'sqlite' : /^postgres/.test(DB_URL) ? 'postgres' : 'mysql';
const DB_NAME = { sqlite: 'SQLite', postgres: 'PostgreSQL', mysql: 'MariaDB/MySQL' }[KIND];
const EXPORT_ROWS = Number(opts.rows);
const IMPORT_ROWS = Number(opts['import-rows']);
const TARGETS = { exportS: 10, exportRssMb: 200, importS: 10 };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-excel-'));
/** The running server (startBuiltServer). */
let server = null;

/** VmRSS and VmHWM of a process in MB (Linux /proc). */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: mb('VmRSS'), hwm: mb('VmHWM') };
}

async function startServer() {
  server = await startBuiltServer({
    nodeArgs: process.env.BENCH_FLAGS?.split(' ').filter(Boolean) ?? startScriptFlags(),
    dataDir,
    logFile: path.join(dataDir, 'server.log'),
    timeoutMs: 60_000,
    env: { ADMIN_PASSWORD: '123456', DATABASE_URL: DB_URL },
  });
  const { token } = await signInCompletingChange(server.base, 'admin', '123456');
  return { base: server.base, token };
}

async function stopServer() {
  await server?.stop();
}

/** The n-th bench customer as the columns of the insert below. */
function customerValues(i, now) {
  return [
    `B${String(i).padStart(8, '0')}`,
    `客户 ${i}`,
    String(20 + (i % 60)),
    i % 3,
    `139${String(i).padStart(8, '0')}`,
    `上海市某区某路 ${i} 号`,
    i % 7 === 0 ? '高血压' : '',
    i % 5 === 0 ? '=HYPERLINK("http://x","y")' : `备注 ${i}`,
    String(i % 3),
    now,
    now,
  ];
}

const INSERT_COLUMNS = [
  'customerCode',
  'customerName',
  'customerAge',
  'customerSex',
  'customerPhone',
  'customerAddress',
  'diseaseInformation',
  'remark',
  'customerStatus',
  'createTime',
  'updateTime',
];

/** 100,000 customers of the admin, written straight into the database (the server is running: WAL). */
async function seedCustomers(count) {
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  if (KIND === 'sqlite') {
    const db = new SQLite(path.join(dataDir, 'backroom.sqlite'));
    db.pragma('busy_timeout = 10000');
    const insert = db.prepare(
      `insert into customer_info (${INSERT_COLUMNS.join(', ')}, employeeId, employeeNumber) values (${INSERT_COLUMNS.map(() => '?').join(', ')}, 1, 'admin')`,
    );
    const chunk = db.transaction((from, to) => {
      for (let i = from; i < to; i += 1) insert.run(...customerValues(i, now));
    });
    // In chunks, letting this process's timers run between them: a seed that held the event loop
    // for longer than the server's keep-alive (72 s) left fetch a pooled socket the server had
    // already closed, and the export's request went out on it ("other side closed").
    for (let from = 0; from < count; from += 5000) {
      chunk(from, Math.min(count, from + 5000));
      await new Promise((resolve) => setImmediate(resolve));
    }
    db.close();
    return;
  }
  // PostgreSQL and MariaDB: 500 rows an insert, in one transaction.
  const q = (name) => (KIND === 'mysql' ? `\`${name}\`` : `"${name}"`);
  const columns = [...INSERT_COLUMNS, 'employeeId', 'employeeNumber'].map(q).join(', ');
  let run;
  let close;
  if (KIND === 'postgres') {
    const pg = requireServer('pg');
    const client = new pg.Client({ connectionString: DB_URL });
    await client.connect();
    run = async (sql, params = []) => {
      let n = 0;
      await client.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      );
    };
    close = () => client.end();
  } else {
    const mysql = requireServer('mysql2/promise');
    const conn = await mysql.createConnection({ uri: DB_URL, charset: 'utf8mb4' });
    run = async (sql, params = []) => void (await conn.query(sql, params));
    close = () => conn.end();
  }
  await run('begin');
  await run('delete from customer_info');
  const one = `(${[...INSERT_COLUMNS.map(() => '?'), '1', "'admin'"].join(', ')})`;
  for (let from = 0; from < count; from += 500) {
    const rows = [];
    for (let i = from; i < Math.min(from + 500, count); i += 1) rows.push(customerValues(i, now));
    await run(`insert into customer_info (${columns}) values ${rows.map(() => one).join(', ')}`, rows.flat());
  }
  await run('commit');
  if (KIND === 'postgres') await run('vacuum analyze customer_info');
  if (KIND === 'mysql') await run('analyze table customer_info');
  await close();
}

async function exportAll({ base, token }) {
  const columns = [
    'customerCode',
    'customerName',
    'customerAge',
    'customerSex',
    'customerType',
    'customerPhone',
    'customerAddress',
    'storeName',
    'employeeNumber',
    'diseaseInformation',
    'remark',
    'customerStatus',
  ];
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(server.child.pid).rss);
  }, 50);
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/customer/info/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token, language: 'zh-cn' },
    body: JSON.stringify({ columns }),
  });
  if (!res.ok || !String(res.headers.get('content-type')).includes('spreadsheetml')) {
    throw new Error(`export answered HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.byteLength;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, memoryOf(server.child.pid).rss);
  return { seconds, bytes, peakRss: peak };
}

async function importFile(count) {
  const stream = new PassThrough();
  const chunks = [];
  stream.on('data', (c) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet('客户');
  sheet.addRow(['客户姓名', '手机号', '性别', '年龄', '地址', '备注', '状态']).commit();
  for (let i = 0; i < count; i += 1) {
    sheet
      .addRow([
        `导入客户 ${i}`,
        `136${String(i).padStart(8, '0')}`,
        i % 2 ? '男' : '女',
        String(30 + (i % 40)),
        `地址 ${i}`,
        'bench',
        '正常',
      ])
      .commit();
  }
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

async function importAll({ base, token }, file) {
  const form = new FormData();
  form.append('file', new Blob([file]), 'bench.xlsx');
  let started = performance.now();
  const check = await fetch(`${base}/api/admin/customer/info/importCheck`, {
    method: 'POST',
    headers: { authorization: token, language: 'zh-cn' },
    body: form,
  }).then((r) => r.json());
  const checkS = (performance.now() - started) / 1000;
  if (check.code !== 1000) throw new Error(`importCheck: ${JSON.stringify(check).slice(0, 300)}`);
  started = performance.now();
  const commit = await fetch(`${base}/api/admin/customer/info/importCommit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token, language: 'zh-cn' },
    body: JSON.stringify({ token: check.data.token }),
  }).then((r) => r.json());
  const commitS = (performance.now() - started) / 1000;
  if (commit.code !== 1000) throw new Error(`importCommit: ${JSON.stringify(commit).slice(0, 300)}`);
  const errors = check.data.rows.filter((r) => r.action === 'error').slice(0, 3);
  return { checkS, commitS, counts: check.data.counts, result: commit.data, errors };
}

const verdict = (ok) => (ok ? 'ok' : 'MISSED');

try {
  if (!fs.existsSync(MAIN_JS)) throw new Error('build the server first: NODE_ENV=production npm run build');
  const session = await startServer();
  await seedCustomers(EXPORT_ROWS);
  const idle = memoryOf(server.child.pid);
  const exported = await exportAll(session);
  const file = await importFile(IMPORT_ROWS);
  const imported = await importAll(session, file);
  const after = memoryOf(server.child.pid);
  const lines = [
    `Excel on ${DB_NAME} (${os.cpus().length} CPUs, node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
    `export ${EXPORT_ROWS.toLocaleString('en')} customers x 12 columns: ${exported.seconds.toFixed(2)} s, ` +
      `${(exported.bytes / 1024 / 1024).toFixed(1)} MB file, server RSS ${idle.rss.toFixed(0)} MB before, ` +
      `peak ${exported.peakRss.toFixed(0)} MB during  [target < ${TARGETS.exportS} s, < ${TARGETS.exportRssMb} MB: ` +
      `${verdict(exported.seconds < TARGETS.exportS && exported.peakRss < TARGETS.exportRssMb)}]`,
    `import ${IMPORT_ROWS.toLocaleString('en')} rows (${(file.length / 1024).toFixed(0)} KB): dry run ${imported.checkS.toFixed(2)} s ` +
      `(${JSON.stringify(imported.counts)}), commit ${imported.commitS.toFixed(2)} s (${JSON.stringify(imported.result)})  ` +
      `[target < ${TARGETS.importS} s each: ${verdict(imported.checkS < TARGETS.importS && imported.commitS < TARGETS.importS)}]`,
    ...imported.errors.map((e) => `  error row ${e.row}: ${JSON.stringify(e.errors)}`),
    `server RSS high-water mark over the run: ${after.hwm.toFixed(0)} MB`,
  ];
  console.log(lines.join('\n'));
} catch (error) {
  // What the server said about it, before its folder goes.
  const log = path.join(dataDir, 'server.log');
  if (fs.existsSync(log)) console.error(fs.readFileSync(log, 'utf8').slice(-3000));
  throw error;
} finally {
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
