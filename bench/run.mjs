import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { signInCompletingChange, startBuiltServer, startScriptFlags } from '../e2e/support/server-process.mjs';
import { buildIfChanged } from '../scripts/build-if-changed.mjs';
import { cpuMsOf } from './scale-kit.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS_DIR = path.join(ROOT, 'bench/results');
/** The server's own dependencies (better-sqlite3, pg, mysql2), resolved as the server resolves them. */
const requireServer = createRequire(path.join(ROOT, 'server/package.json'));

const { values: opts } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'db-url': { type: 'string' },
    connections: { type: 'string', default: '50' },
    'cpu-prof': { type: 'boolean', default: false },
    rounds: { type: 'string' },
    'reference-only': { type: 'boolean', default: false },
    'server-flags': { type: 'string' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (opts.help) {
  console.log(
    'usage: node bench/run.mjs [--quick] [--db-url=postgres://…|mysql://…] [--connections=50] [--cpu-prof] ' +
      '[--server-flags="--max-semi-space-size=4"] [--keep] [--rounds=3] [--reference-only]',
  );
  process.exit(0);
}

const QUICK = opts.quick;
const CONNECTIONS = Number(opts.connections);
const DURATION_S = QUICK ? 2 : 10;
const WARMUP_S = QUICK ? 1 : 2;
/** How long the server sits without requests before its idle RSS is read (V8 shrinks its heap after ~10-30 s). */
const IDLE_S = QUICK ? 5 : 30;
const SERVER_FLAGS = opts['server-flags']?.split(/\s+/).filter(Boolean) ?? startScriptFlags();
const USERS = 1000;
const SMALL_LOGS = 10_000;
const BIG_LOGS = QUICK ? 100_000 : 1_000_000;
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || '123456';
const PAGE_BODY = JSON.stringify({ page: 1, size: 20 });
const USER_PAGE = '/api/admin/base/sys/user/page';
const LOG_PAGE = '/api/admin/base/sys/log/page';
const USER_LEVELS = ['clerk', 'storeManger', 'treasurer', 'hr'];
const ACTIONS = [
  '/admin/base/sys/user/page',
  '/admin/base/sys/log/page',
  '/admin/base/comm/person',
  '/admin/base/sys/role/list',
  '/admin/base/sys/department/list',
];
const TARGETS = { userRps: 2000, logRps: 1000, p99Ms: 50, idleRssMb: 100, refRatio: 0.8, refP99Ms: 30 };
/** Rounds of user/page against the bare reference (bench/reference.mjs), taken in turns. */
const ROUNDS = Number(opts.rounds ?? (QUICK ? 1 : 3));

const dbKind = kindOf(opts['db-url']);
/** The plain driver the bare reference uses on this database. */
const REFERENCE_DRIVER = dbKind === 'postgres' ? 'pg' : 'better-sqlite3';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-bench-'));
const sqliteFile = path.join(dataDir, 'backroom.sqlite');
/** The running server, if any; stopped on every way out. */
let server = null;
let serverRuns = 0;

function kindOf(url) {
  if (url === undefined || url === '') return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  if (/^(mysql|mariadb):\/\//.test(url)) return 'mysql';
  throw new Error(`--db-url must be postgres://… or mysql://… (got ${url})`);
}

const pad2 = (n) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:mm:ss` in local time, as the server stores createTime/updateTime. */
function formatTime(d = new Date()) {
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(
    d.getMinutes(),
  )}:${pad2(d.getSeconds())}`;
}
const fmtInt = (n) => Math.round(n).toLocaleString('en-US');
const fmtMs = (n) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
const fmtMb = (kb) => (kb === null ? 'n/a' : (kb / 1024).toFixed(1));
const fmtCpu = (us) => (us === null ? 'n/a' : String(Math.round(us)));
const fmtCores = (c) => (c === null ? 'n/a' : c.toFixed(2));
const rowsLabel = (n) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);

// ---------------------------------------------------------------------------------------------
// The server process

/** VmRSS and VmHWM of a process in kB (Linux /proc); null elsewhere. */
function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return { rss: null, hwm: null };
  }
}

/** Busy CPU time of the whole machine in ms, all cores together (from /proc/stat); null elsewhere. */
function machineBusyMs() {
  try {
    const ticks = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = ticks;
    return ((user + nice + system + irq + softirq + steal) * 1000) / 100;
  } catch {
    return null;
  }
}

function tail(file, lines = 30) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function startServer() {
  serverRuns += 1;
  const logFile = path.join(dataDir, `server-${serverRuns}.log`);
  const nodeArgs = [...SERVER_FLAGS];
  if (opts['cpu-prof']) {
    const dir = path.join(RESULTS_DIR, 'profiles');
    fs.mkdirSync(dir, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=server-${dbKind}-${serverRuns}.cpuprofile`);
  }
  const started = await startBuiltServer({
    nodeArgs,
    dataDir,
    logFile,
    timeoutMs: 60_000,
    // Empty means SQLite in DATA_DIR; never an outer DATABASE_URL by accident.
    env: { ADMIN_PASSWORD, DATABASE_URL: opts['db-url'] ?? '' },
  });
  server = { ...started, logFile, token: '' };
  server.token = await login(server.base);
  return server;
}

async function stopServer() {
  if (!server) return;
  const { stop } = server;
  server = null;
  await stop();
}

async function post(base, urlPath, body, token) {
  const res = await fetch(base + urlPath, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  const json = await res.json().catch(() => null);
  return { status: res.status, json };
}

/** The admin's password: the first sign-in replaces the public default, and later starts of the bench's server use the new one. */
let adminPassword = ADMIN_PASSWORD;

async function login(base) {
  const signedIn = await signInCompletingChange(base, 'admin', adminPassword);
  adminPassword = signedIn.password;
  return signedIn.token;
}

/** One request through the API: checks the page answers and returns its `data` (list and pagination). */
async function pageAnswer(urlPath) {
  const { status, json } = await post(server.base, urlPath, PAGE_BODY, server.token);
  if (status !== 200 || json?.code !== 1000 || !Array.isArray(json?.data?.list)) {
    throw new Error(`${urlPath} answered HTTP ${status}: ${JSON.stringify(json).slice(0, 300)}`);
  }
  return json.data;
}

/** The total of the page pageAnswer reads. */
async function pageTotal(urlPath) {
  return (await pageAnswer(urlPath)).pagination.total;
}

// ---------------------------------------------------------------------------------------------
// Seeding: plain SQL on the server's database, always with the server stopped.

async function openSeedDb() {
  if (dbKind === 'sqlite') {
    const Database = requireServer('better-sqlite3');
    const db = new Database(sqliteFile);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    return {
      kind: 'sqlite',
      q: (name) => `"${name}"`,
      all: async (sql, params = []) => db.prepare(sql).all(...params),
      run: async (sql, params = []) => void db.prepare(sql).run(...params),
      raw: db,
      close: async () => {
        db.pragma('wal_checkpoint(TRUNCATE)');
        db.close();
      },
    };
  }
  if (dbKind === 'postgres') {
    const pg = requireServer('pg');
    const client = new pg.Client({ connectionString: opts['db-url'] });
    await client.connect();
    const numbered = (sql) => {
      let i = 0;
      return sql.replace(/\?/g, () => `$${++i}`);
    };
    return {
      kind: 'postgres',
      q: (name) => `"${name}"`,
      all: async (sql, params = []) => (await client.query(numbered(sql), params)).rows,
      run: async (sql, params = []) => void (await client.query(numbered(sql), params)),
      close: () => client.end(),
    };
  }
  const mysql = requireServer('mysql2/promise');
  const conn = await mysql.createConnection({ uri: opts['db-url'], dateStrings: true, supportBigNumbers: true });
  return {
    kind: 'mysql',
    q: (name) => `\`${name}\``,
    all: async (sql, params = []) => (await conn.query(sql, params))[0],
    run: async (sql, params = []) => void (await conn.query(sql, params)),
    close: () => conn.end(),
  };
}

/** Multi-row INSERT of plain values, a chunk at a time. */
async function insertRows(db, table, columns, rows, chunk = 100) {
  const cols = columns.map(db.q).join(', ');
  const one = `(${columns.map(() => '?').join(', ')})`;
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    await db.run(
      `INSERT INTO ${table} (${cols}) VALUES ${part.map(() => one).join(', ')}`,
      part.flatMap((r) => columns.map((c) => r[c] ?? null)),
    );
  }
}

/** ~1,000 users spread over the seeded departments, each with one of three roles. */
async function seedUsers(db) {
  const q = db.q;
  const now = formatTime();
  // Whatever an earlier run against the same database left.
  await db.run(
    `DELETE FROM base_sys_user_role WHERE ${q('userId')} IN (SELECT id FROM base_sys_user WHERE username LIKE 'bench.%')`,
  );
  await db.run(
    `DELETE FROM base_sys_user_role WHERE ${q('roleId')} IN (SELECT id FROM base_sys_role WHERE label LIKE 'bench.%')`,
  );
  await db.run(`DELETE FROM base_sys_user WHERE username LIKE 'bench.%'`);
  await db.run(`DELETE FROM base_sys_role WHERE label LIKE 'bench.%'`);

  const [admin] = await db.all(`SELECT id, password FROM base_sys_user WHERE username = 'admin'`);
  const departments = (await db.all('SELECT id FROM base_sys_department ORDER BY id')).map((r) => Number(r.id));
  if (!admin || departments.length === 0) throw new Error('the seed (admin, departments) is missing');
  const relevance = db.kind === 'postgres' ? false : 0;
  await insertRows(
    db,
    'base_sys_role',
    ['createTime', 'updateTime', 'userId', 'name', 'label', 'remark', 'relevance'],
    ['clerk', 'manager', 'auditor'].map((r) => ({
      createTime: now,
      updateTime: now,
      userId: Number(admin.id),
      name: `Bench ${r}`,
      label: `bench.${r}`,
      remark: 'benchmark role',
      relevance,
    })),
  );
  const roles = (await db.all(`SELECT id FROM base_sys_role WHERE label LIKE 'bench.%' ORDER BY id`)).map((r) =>
    Number(r.id),
  );
  const users = [];
  for (let i = 1; i <= USERS; i++) {
    const n = String(i).padStart(4, '0');
    users.push({
      createTime: now,
      updateTime: now,
      departmentId: departments[i % departments.length],
      userId: Number(admin.id),
      name: `Bench User ${n}`,
      username: `bench.user.${n}`,
      password: admin.password,
      passwordV: 1,
      nickName: `bu${n}`,
      phone: `1380000${n}`,
      email: `bench.user.${n}@example.test`,
      remark: i % 3 === 0 ? 'seeded by bench/run.mjs' : null,
      status: i % 10 === 0 ? 0 : 1,
      userLevel: USER_LEVELS[i % USER_LEVELS.length],
    });
  }
  await insertRows(
    db,
    'base_sys_user',
    [
      'createTime',
      'updateTime',
      'departmentId',
      'userId',
      'name',
      'username',
      'password',
      'passwordV',
      'nickName',
      'phone',
      'email',
      'remark',
      'status',
      'userLevel',
    ],
    users,
  );
  const ids = (await db.all(`SELECT id FROM base_sys_user WHERE username LIKE 'bench.%' ORDER BY id`)).map((r) =>
    Number(r.id),
  );
  await insertRows(
    db,
    'base_sys_user_role',
    ['userId', 'roleId'],
    ids.map((userId, i) => ({ userId, roleId: roles[i % roles.length] })),
    500,
  );
  return { adminId: Number(admin.id), firstUserId: ids[0], userCount: ids.length };
}

/**
 * Tops base_sys_log up to `target` rows in one statement or one transaction: spread over the last
 * 20 days (inside the 31 keep days, so the retention job leaves them), most with a bench user.
 */
async function growLogs(db, target, users) {
  const [{ n }] = await db.all('SELECT COUNT(*) AS n FROM base_sys_log');
  const missing = target - Number(n);
  if (missing <= 0) return { added: 0, ms: 0, total: Number(n) };
  const started = performance.now();
  const spanS = 20 * 86_400;
  const { firstUserId, userCount } = users;
  const params = PAGE_BODY;
  const q = db.q;
  const cols = ['createTime', 'updateTime', 'userId', 'action', 'ip', 'params'].map(q).join(', ');
  if (db.kind === 'sqlite') {
    const stmt = db.raw.prepare(`INSERT INTO base_sys_log (${cols}) VALUES (?, ?, ?, ?, ?, ?)`);
    const now = Date.now();
    db.raw.transaction(() => {
      for (let i = 0; i < missing; i++) {
        const t = formatTime(new Date(now - Math.floor(((missing - i) * spanS * 1000) / missing)));
        const userId = i % 10 === 0 ? null : firstUserId + (i % userCount);
        stmt.run(t, t, userId, ACTIONS[i % ACTIONS.length], `10.0.${i % 250}.${i % 200}`, params);
      }
    })();
  } else if (db.kind === 'postgres') {
    const t = `to_char(localtimestamp - make_interval(secs => ((?::bigint - n) * ${spanS}) / ?::bigint), 'YYYY-MM-DD HH24:MI:SS')`;
    await db.run(
      `INSERT INTO base_sys_log (${cols})
       SELECT ${t}, ${t},
              CASE WHEN n % 10 = 0 THEN NULL ELSE ?::int + (n % ?::int) END,
              (ARRAY[${ACTIONS.map(() => '?::text').join(', ')}])[1 + (n % ${ACTIONS.length})],
              '10.0.' || (n % 250) || '.' || (n % 200),
              ?::text
       FROM generate_series(0, ?::int - 1) AS n`,
      [missing, missing, missing, missing, firstUserId, userCount, ...ACTIONS, params, missing],
    );
  } else {
    // A cross join of digit tables numbers the rows (no recursion limits on MySQL or MariaDB).
    const digits =
      'SELECT 0 AS d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9';
    const levels = Math.max(1, Math.ceil(Math.log10(missing)));
    const from = Array.from({ length: levels }, (_, k) => `(${digits}) d${k}`).join(' CROSS JOIN ');
    const number = Array.from({ length: levels }, (_, k) => `d${k}.d * ${10 ** k}`).join(' + ');
    const t = `DATE_FORMAT(NOW() - INTERVAL ((? - n) * ${spanS} DIV ?) SECOND, '%Y-%m-%d %H:%i:%s')`;
    await db.run(
      `INSERT INTO base_sys_log (${cols})
       SELECT ${t}, ${t},
              CASE WHEN n % 10 = 0 THEN NULL ELSE ? + (n % ?) END,
              ELT(1 + (n % ${ACTIONS.length}), ${ACTIONS.map(() => '?').join(', ')}),
              CONCAT('10.0.', n % 250, '.', n % 200),
              ?
       FROM (SELECT ${number} AS n FROM ${from}) seq
       WHERE n < ?`,
      [missing, missing, missing, missing, firstUserId, userCount, ...ACTIONS, params, missing],
    );
  }
  return { added: missing, ms: performance.now() - started, total: target };
}

// ---------------------------------------------------------------------------------------------
// Load

async function cannon(urlPath, seconds, base = server.base) {
  return autocannon({
    url: base + urlPath,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: server.token },
    body: PAGE_BODY,
  });
}

/** Warm-up, then the RSS 3 s later and again after IDLE_S seconds without requests. */
async function warmUp() {
  await cannon(USER_PAGE, WARMUP_S);
  await cannon(LOG_PAGE, WARMUP_S);
  await sleep(3000);
  const soon = memoryOf(server.child.pid);
  await sleep((IDLE_S - 3) * 1000);
  return { soon, idle: memoryOf(server.child.pid) };
}

const results = [];
const warnings = [];

async function measure(scenario, urlPath, logRows) {
  const rowsBefore = await pageTotal(LOG_PAGE);
  const pid = server.child.pid;
  const before = { server: cpuMsOf(pid), machine: machineBusyMs(), self: process.cpuUsage() };
  const r = await cannon(urlPath, DURATION_S);
  const serverMs = cpuMsOf(pid) - before.server;
  const selfUsage = process.cpuUsage(before.self);
  // CPU that neither the server nor this load generator used: other processes sharing the machine.
  const otherMs = machineBusyMs() - before.machine - serverMs - (selfUsage.user + selfUsage.system) / 1000;
  const mem = memoryOf(pid);
  const row = {
    scenario,
    urlPath,
    logRows,
    rowsBefore,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    rss: mem.rss,
    hwm: mem.hwm,
    cpuUsPerReq: Number.isFinite(serverMs) ? (serverMs * 1000) / Math.max(1, r.requests.total) : null,
    otherCores: Number.isFinite(otherMs) ? Math.max(0, otherMs) / (r.duration * 1000) : null,
  };
  results.push(row);
  const bad = r.non2xx + r.errors + r.timeouts;
  console.log(
    `  ${scenario.padEnd(28)} ${fmtInt(row.rps).padStart(7)} req/s  p50 ${fmtMs(row.p50)} ms  p99 ${fmtMs(
      row.p99,
    )} ms  max ${fmtMs(row.max)} ms  RSS ${fmtMb(row.rss)} MB  server CPU ${fmtCpu(row.cpuUsPerReq)} µs/req  ` +
      `(${fmtInt(row.total)} requests; other processes used ${fmtCores(row.otherCores)} cores)`,
  );
  // With --db-url the database server is one of the other processes: its share is expected.
  if (dbKind === 'sqlite' && row.otherCores !== null && row.otherCores > 0.15) {
    warnings.push(
      `${scenario}: other processes used ${fmtCores(row.otherCores)} cores during the run; its figures are noisy`,
    );
    console.error(`  note: other processes used ${fmtCores(row.otherCores)} cores during this run; figures are noisy`);
  }
  if (bad > 0) {
    const msg = `${scenario}: ${r.non2xx} non-2xx responses, ${r.errors} errors, ${r.timeouts} timeouts`;
    warnings.push(msg);
    console.error(`\n  !!!!!!!!!! WARNING: ${msg} !!!!!!!!!!\n  server log: ${tail(server.logFile, 10)}\n`);
  }
  return row;
}

async function phase(label, logRows, seed) {
  console.log(`\n== ${label} ==`);
  await stopServer();
  const db = await openSeedDb();
  try {
    await seed(db);
  } finally {
    await db.close();
  }
  await startServer();
  const started = memoryOf(server.child.pid);
  const { soon, idle } = await warmUp();
  console.log(
    `  RSS at start ${fmtMb(started.rss)} MB; after the warm-up (${WARMUP_S} s per route) ${fmtMb(soon.rss)} MB at 3 s, ` +
      `${fmtMb(idle.rss)} MB after ${IDLE_S} s idle`,
  );
  const rows = rowsLabel(logRows);
  // log/page first: it runs closest to the nominal row count (every request adds a log row).
  await measure(`log/page @ ${rows} log rows`, LOG_PAGE, logRows);
  await measure(`user/page @ ${rows} log rows`, USER_PAGE, logRows);
  return { label, startRss: started.rss, soonRss: soon.rss, idleRss: idle.rss };
}

// ---------------------------------------------------------------------------------------------

/** The bare reference (bench/reference.mjs) on the bench's database (its SQLite file, or PostgreSQL), in a child process. */
async function startReference() {
  const target = dbKind === 'sqlite' ? `--db=${sqliteFile}` : `--db-url=${opts['db-url']}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'bench/reference.mjs'), target], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the reference exited (code ${code})`)));
    lines.once('line', (line) => resolve(JSON.parse(line).port));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const comparisons = [];

/** One measured run of user/page on `base`, with the CPU time the process at `pid` spent per request. */
async function userPageRun(base, pid) {
  const before = cpuMsOf(pid);
  const r = await cannon(USER_PAGE, DURATION_S, base);
  const cpu = cpuMsOf(pid) - before;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
    cpuUsPerReq: Number.isFinite(cpu) ? (cpu * 1000) / Math.max(1, r.requests.total) : null,
  };
}

/**
 * user/page on the app against the bare reference, in turns (reference first in odd rounds, the app
 * first in even ones), each run as long as a scenario: the ratio of the two survives the load of
 * other work on a shared machine better than either figure alone.
 */
async function compareWithReference(logRows) {
  console.log(`\n== user/page against the bare reference (Fastify + ${REFERENCE_DRIVER}, no auth, no log) ==`);
  const ref = await startReference();
  try {
    // The reference answers the same page from the same data: the same rows with the same fields
    // and values (a column the app's query gained and the reference's SQL lacks shows here).
    const sample = await post(ref.base, USER_PAGE, PAGE_BODY);
    const appPage = await pageAnswer(USER_PAGE);
    if (sample.json?.data?.list?.length !== 20 || !isDeepStrictEqual(sample.json?.data, appPage)) {
      throw new Error(
        `the reference answers another page than the app: ${JSON.stringify(sample.json?.data?.list?.[0])} ` +
          `against ${JSON.stringify(appPage.list[0])}`,
      );
    }
    await cannon(USER_PAGE, WARMUP_S, ref.base);
    await cannon(USER_PAGE, WARMUP_S);
    for (let round = 1; round <= ROUNDS; round++) {
      const load = os.loadavg()[0];
      const refFirst = round % 2 === 1;
      const first = refFirst
        ? await userPageRun(ref.base, ref.child.pid)
        : await userPageRun(server.base, server.child.pid);
      const second = refFirst
        ? await userPageRun(server.base, server.child.pid)
        : await userPageRun(ref.base, ref.child.pid);
      const [reference, app] = refFirst ? [first, second] : [second, first];
      const row = {
        round,
        logRows,
        load,
        loadAfter: os.loadavg()[0],
        reference,
        app,
        ratio: app.rps / reference.rps,
        // The CPU time each spent on a request, reference over app: hardly moved by other load.
        cpuRatio: reference.cpuUsPerReq && app.cpuUsPerReq ? reference.cpuUsPerReq / app.cpuUsPerReq : Number.NaN,
      };
      comparisons.push(row);
      console.log(
        `  round ${round}: reference ${fmtInt(reference.rps)} req/s (p99 ${fmtMs(reference.p99)} ms, ` +
          `${fmtCpu(reference.cpuUsPerReq)} µs/req) · app ${fmtInt(app.rps)} req/s (p99 ${fmtMs(app.p99)} ms, ` +
          `${fmtCpu(app.cpuUsPerReq)} µs/req) · ratio ${row.ratio.toFixed(2)}× (by CPU ${row.cpuRatio.toFixed(2)}×) · ` +
          `load average ${load.toFixed(2)}`,
      );
      if (reference.bad + app.bad > 0)
        warnings.push(`reference round ${round}: ${reference.bad + app.bad} failed requests`);
    }
  } finally {
    await ref.stop();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function report(phases) {
  const cpus = os.cpus();
  const lines = [];
  lines.push(`# Backroom benchmark${QUICK ? ' (--quick smoke run)' : ''}`);
  lines.push('');
  lines.push(
    `${new Date().toISOString()} · Node ${process.version} · ${cpus[0]?.model ?? 'unknown CPU'} · ${cpus.length} cores · ` +
      `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM · database: ${dbKind} · load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  lines.push(
    `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per scenario after a ${WARMUP_S} s warm-up per route; ` +
      'POST {"page":1,"size":20} as admin; server and load generator share the machine; server node flags: ' +
      `${SERVER_FLAGS.length > 0 ? SERVER_FLAGS.join(' ') : '(none)'}.`,
  );
  lines.push('');
  lines.push('| scenario | req/s | p50 ms | p99 ms | RSS MB | non-2xx | server CPU µs/req | other load (cores) |');
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    lines.push(
      `| ${r.scenario} | ${fmtInt(r.rps)} | ${fmtMs(r.p50)} | ${fmtMs(r.p99)} | ${fmtMb(r.rss)} | ` +
        `${r.non2xx + r.errors + r.timeouts} | ${fmtCpu(r.cpuUsPerReq)} | ${fmtCores(r.otherCores)} |`,
    );
  }
  lines.push('');
  for (const p of phases) {
    lines.push(
      `- Idle RSS (${p.label}): ${fmtMb(p.idleRss)} MB after ${IDLE_S} s without requests following the warm-up ` +
        `(${fmtMb(p.soonRss)} MB 3 s after it; ${fmtMb(p.startRss)} MB at start, before any load).`,
    );
  }
  const peak = Math.max(...results.map((r) => r.hwm ?? 0));
  if (peak > 0) lines.push(`- Peak RSS of the server (VmHWM): ${fmtMb(peak)} MB.`);
  lines.push(
    `- Log rows when each log/page run began: ${results
      .filter((r) => r.urlPath === LOG_PAGE)
      .map((r) => fmtInt(r.rowsBefore))
      .join(', ')} (every request adds a row, so the table grows during the runs).`,
  );
  lines.push(`- RSS MB in the table is the server's VmRSS right after the run.`);
  lines.push(
    "- server CPU µs/req: the server process's CPU time during the run over the requests it answered (steadier than " +
      'req/s on a shared machine); other load: cores busy with processes other than the server and this bench' +
      `${dbKind === 'sqlite' ? '' : ` (the ${dbKind} server included)`}.`,
  );
  if (comparisons.length > 0) {
    lines.push('');
    lines.push(
      `user/page against the bare reference (bench/reference.mjs: Fastify + ${REFERENCE_DRIVER}, the same SQL on the same database, no auth, ` +
        `no log, no validation), taken in turns, ${DURATION_S} s each; ratio = app req/s over reference req/s:`,
    );
    lines.push('');
    lines.push(
      '| round | reference req/s | reference p99 ms | reference µs/req | app req/s | app p99 ms | app µs/req | ratio | ratio by CPU | load average |',
    );
    lines.push('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const c of comparisons) {
      lines.push(
        `| ${c.round} | ${fmtInt(c.reference.rps)} | ${fmtMs(c.reference.p99)} | ${fmtCpu(c.reference.cpuUsPerReq)} | ` +
          `${fmtInt(c.app.rps)} | ${fmtMs(c.app.p99)} | ${fmtCpu(c.app.cpuUsPerReq)} | ${c.ratio.toFixed(2)}× | ` +
          `${c.cpuRatio.toFixed(2)}× | ` +
          `${c.load.toFixed(2)}–${c.loadAfter.toFixed(2)} |`,
      );
    }
  }
  lines.push('');
  lines.push(
    `Targets (${CONNECTIONS} connections): user/page ≥ ${fmtInt(TARGETS.userRps)} req/s, log/page ≥ ` +
      `${fmtInt(TARGETS.logRps)} req/s at 1M rows, p99 < ${TARGETS.p99Ms} ms, idle RSS < ${TARGETS.idleRssMb} MB; ` +
      `user/page ≥ ${TARGETS.refRatio}× the bare reference with p99 < ${TARGETS.refP99Ms} ms.`,
  );
  lines.push('');
  const check = (ok, text) => lines.push(`- ${ok ? 'PASS' : 'MISS'} ${text}`);
  for (const r of results) {
    const min = r.urlPath === USER_PAGE ? TARGETS.userRps : TARGETS.logRps;
    const counts = r.urlPath === USER_PAGE || r.logRows === BIG_LOGS;
    if (counts) check(r.rps >= min, `${r.scenario}: ${fmtInt(r.rps)} req/s (≥ ${fmtInt(min)})`);
    check(r.p99 < TARGETS.p99Ms, `${r.scenario}: p99 ${fmtMs(r.p99)} ms (< ${TARGETS.p99Ms})`);
  }
  if (comparisons.length > 0) {
    const ratio = median(comparisons.map((c) => c.ratio));
    const p99 = median(comparisons.map((c) => c.app.p99));
    check(
      ratio >= TARGETS.refRatio,
      `user/page against the reference: median ratio ${ratio.toFixed(2)}× over ${comparisons.length} rounds (≥ ${TARGETS.refRatio}×)`,
    );
    check(
      p99 < TARGETS.refP99Ms,
      `user/page in the reference rounds: median p99 ${fmtMs(p99)} ms (< ${TARGETS.refP99Ms})`,
    );
  }
  for (const p of phases) {
    check(
      p.idleRss !== null && p.idleRss / 1024 < TARGETS.idleRssMb,
      `idle RSS (${p.label}): ${fmtMb(p.idleRss)} MB (< ${TARGETS.idleRssMb})`,
    );
  }
  if (warnings.length > 0) {
    lines.push('');
    for (const w of warnings) lines.push(`- **WARNING** ${w}`);
  }
  const text = `${lines.join('\n')}\n`;
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, 'latest.md'), text);
  console.log(`\n${text}`);
  console.log(`written to ${path.relative(process.cwd(), path.join(RESULTS_DIR, 'latest.md'))}`);
}

async function cleanUp() {
  await stopServer().catch(() => undefined);
  if (opts.keep) console.log(`data kept in ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}

process.once('SIGINT', () => {
  void cleanUp().finally(() => process.exit(130));
});

async function main() {
  buildIfChanged(['server']);
  console.log(
    `Backroom bench: ${dbKind}${QUICK ? ', quick' : ''}; ${CONNECTIONS} connections × ${DURATION_S} s; data in ${dataDir}`,
  );
  // First start: migrations and the base seed (departments, admin, super role).
  await startServer();
  let users;
  const phases = [];
  phases.push(
    await phase(`${rowsLabel(SMALL_LOGS)} log rows`, SMALL_LOGS, async (db) => {
      users = await seedUsers(db);
      const grown = await growLogs(db, SMALL_LOGS, users);
      console.log(`  seeded ${users.userCount} users with roles and ${fmtInt(grown.added)} log rows`);
    }),
  );
  // SQLite and PostgreSQL each have a bare reference (better-sqlite3, pg); MySQL has none.
  if (dbKind !== 'mysql' && ROUNDS > 0) await compareWithReference(SMALL_LOGS);
  if (opts['reference-only']) {
    await stopServer();
    report(phases);
    return;
  }
  phases.push(
    await phase(`${rowsLabel(BIG_LOGS)} log rows`, BIG_LOGS, async (db) => {
      const grown = await growLogs(db, BIG_LOGS, users);
      console.log(
        `  grew the log to ${fmtInt(grown.total)} rows: ${fmtInt(grown.added)} added in ${(grown.ms / 1000).toFixed(1)} s`,
      );
    }),
  );
  await stopServer();
  report(phases);
  if (opts['cpu-prof'])
    console.log(`CPU profiles in ${path.relative(process.cwd(), path.join(RESULTS_DIR, 'profiles'))}`);
}

try {
  await main();
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
