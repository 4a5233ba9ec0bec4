import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { signInCompletingChange, startBuiltServer, startScriptFlags } from '../e2e/support/server-process.mjs';
import { buildIfChanged } from '../scripts/build-if-changed.mjs';
import { fmtCores, fmtCpu, fmtInt, fmtMb, fmtMs, LOG_PAGE, report, USER_PAGE } from './run-report.mjs';
import { growLogs, openSeedDb, seedUsers } from './run-seed.mjs';
import { cpuMsOf } from './scale-kit.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS_DIR = path.join(ROOT, 'bench/results');

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
const SMALL_LOGS = 10_000;
const BIG_LOGS = QUICK ? 100_000 : 1_000_000;
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || '123456';
const PAGE_BODY = JSON.stringify({ page: 1, size: 20 });
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
  const db = await openSeedDb(dbKind, opts['db-url'], sqliteFile);
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

/** What the report needs: the settings and what was measured. */
function runReport() {
  return {
    quick: QUICK,
    dbKind,
    connections: CONNECTIONS,
    durationS: DURATION_S,
    warmupS: WARMUP_S,
    idleS: IDLE_S,
    serverFlags: SERVER_FLAGS,
    referenceDriver: REFERENCE_DRIVER,
    bigLogs: BIG_LOGS,
    results,
    comparisons,
    warnings,
  };
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
      const grown = await growLogs(db, SMALL_LOGS, users, PAGE_BODY);
      console.log(`  seeded ${users.userCount} users with roles and ${fmtInt(grown.added)} log rows`);
    }),
  );
  // SQLite and PostgreSQL each have a bare reference (better-sqlite3, pg); MySQL has none.
  if (dbKind !== 'mysql' && ROUNDS > 0) await compareWithReference(SMALL_LOGS);
  if (opts['reference-only']) {
    await stopServer();
    report(phases, runReport());
    return;
  }
  phases.push(
    await phase(`${rowsLabel(BIG_LOGS)} log rows`, BIG_LOGS, async (db) => {
      const grown = await growLogs(db, BIG_LOGS, users, PAGE_BODY);
      console.log(
        `  grew the log to ${fmtInt(grown.total)} rows: ${fmtInt(grown.added)} added in ${(grown.ms / 1000).toFixed(1)} s`,
      );
    }),
  );
  await stopServer();
  report(phases, runReport());
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
