// What the benches at scale (customer-search.mjs, home-dashboard.mjs) share: the server's database
// opened directly for the fill (the server stopped), batched inserts, the bench's staff and role,
// the built server started on that database, and the loop that measures a call.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { signInCompletingChange, startBuiltServer, startScriptFlags } from '../e2e/support/server-process.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** The server's own drivers (better-sqlite3, pg, mysql2), resolved as the server resolves them. */
const requireServer = createRequire(path.join(ROOT, 'server/package.json'));

/**
 * The command-line options the benches at scale share (node:util parseArgs); each adds its own
 * (the clients it runs by default, profiles, …).
 */
export const SCALE_OPTIONS = {
  /** PostgreSQL or MariaDB instead of SQLite: a throwaway database (the bench replaces its rows). */
  'db-url': { type: 'string' },
  rows: { type: 'string', default: '1000000' },
  /** How long each call is measured. */
  seconds: { type: 'string', default: '5' },
  /** Also print the database's plan of the heaviest queries. */
  explain: { type: 'boolean', default: false },
  /** The server is built already. */
  'no-build': { type: 'boolean', default: false },
  /**
   * Measure the rows an earlier run left instead of filling again: PostgreSQL and MariaDB's
   * database, or SQLite's file in --data-dir (the server migrates it first if it is behind).
   * Give the earlier run's --data-dir on every database: the passwords in force are kept there.
   */
  reuse: { type: 'boolean', default: false },
  /** SQLite: the folder of the database (kept afterwards), instead of a throwaway one. */
  'data-dir': { type: 'string' },
};

/** The dialect a --db-url names; without one, the SQLite file in the bench's data folder. */
export function dbKindOf(dbUrl) {
  return dbUrl === '' ? 'sqlite' : /^postgres/.test(dbUrl) ? 'postgres' : 'mysql';
}

/** The bench's data folder: the one given (kept afterwards), or a throwaway one. */
export function dataDirOf(given, prefix) {
  const dir = given ? path.resolve(given) : fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * The database opened directly: its `kind`, `all` and `run` taking `?` parameters on every
 * dialect, `begin` and `commit` a transaction, `q` quoting a name (and on SQLite `raw`).
 */
export async function openDb({ kind, dbUrl, sqliteFile }) {
  if (kind === 'sqlite') {
    const Database = requireServer('better-sqlite3');
    const db = new Database(sqliteFile);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // The customer table's indexes (the keyword index's pieces above all) take writes all over
    // their B-trees: a cache that holds them.
    db.pragma('cache_size = -262144');
    return {
      kind,
      q: (name) => `"${name}"`,
      all: async (sql, params = []) => db.prepare(sql).all(...params),
      run: async (sql, params = []) => void db.prepare(sql).run(...params),
      begin: async () => db.exec('begin'),
      commit: async () => db.exec('commit'),
      // better-sqlite3 itself, for a seed that prepares one statement and runs it in a loop.
      raw: db,
      close: async () => {
        db.pragma('wal_checkpoint(TRUNCATE)');
        db.close();
      },
    };
  }
  if (kind === 'postgres') {
    const pg = requireServer('pg');
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    const numbered = (sql) => {
      let i = 0;
      return sql.replace(/\?/g, () => `$${++i}`);
    };
    return {
      kind,
      q: (name) => `"${name}"`,
      all: async (sql, params = []) => (await client.query(numbered(sql), params)).rows,
      run: async (sql, params = []) => void (await client.query(numbered(sql), params)),
      begin: async () => void (await client.query('begin')),
      commit: async () => void (await client.query('commit')),
      close: () => client.end(),
    };
  }
  const mysql = requireServer('mysql2/promise');
  const conn = await mysql.createConnection({ uri: dbUrl, charset: 'utf8mb4' });
  return {
    kind,
    q: (name) => `\`${name}\``,
    all: async (sql, params = []) => (await conn.query(sql, params))[0],
    run: async (sql, params = []) => void (await conn.query(sql, params)),
    begin: async () => void (await conn.query('start transaction')),
    commit: async () => void (await conn.query('commit')),
    close: () => conn.end(),
  };
}

/** Rows of one shape (the first row's keys) in one insert. */
export async function insertRows(db, table, rows) {
  const columns = Object.keys(rows[0]);
  const one = `(${columns.map(() => '?').join(', ')})`;
  await db.run(
    `insert into ${db.q(table)} (${columns.map(db.q).join(', ')}) values ${rows.map(() => one).join(', ')}`,
    rows.flatMap((r) => columns.map((c) => r[c])),
  );
}

/**
 * Rows 1 to `count` of a table, `rowOf(n)` each, 500 an insert in one transaction (committed every
 * 50,000 rows on PostgreSQL and MariaDB, whose transactions grow with it).
 */
export async function fillTable(db, table, count, rowOf) {
  const batch = 500;
  await db.begin();
  for (let from = 1; from <= count; from += batch) {
    const rows = [];
    for (let n = from; n < Math.min(from + batch, count + 1); n += 1) rows.push(rowOf(n));
    await insertRows(db, table, rows);
    if (db.kind !== 'sqlite' && (from - 1) % 50_000 === 0) {
      await db.commit();
      await db.begin();
    }
  }
  await db.commit();
}

/** The staff an earlier run added (usernames `bench.…`) and their roles go, before the fill adds them again. */
export async function removeBenchStaff(db) {
  await db.run(
    `delete from base_sys_user_role where ${db.q('userId')} in (select id from base_sys_user where username like 'bench.%')`,
  );
  await db.run(`delete from base_sys_user where username like 'bench.%'`);
}

/**
 * A role of the bench's (`label`, made anew) holding the menus `menuWhere` selects, given to the
 * users `members`.
 */
export async function addBenchRole(db, { label, name, creatorId, now, menuWhere, members }) {
  await db.run(`delete from base_sys_role where label = ?`, [label]);
  await insertRows(db, 'base_sys_role', [
    {
      createTime: now,
      updateTime: now,
      userId: creatorId,
      name,
      label,
      remark: '',
      relevance: db.kind === 'postgres' ? false : 0,
    },
  ]);
  const [role] = await db.all(`select id from base_sys_role where label = ?`, [label]);
  const menus = await db.all(`select id from base_sys_menu where ${menuWhere}`);
  await insertRows(
    db,
    'base_sys_role_menu',
    menus.map((m) => ({ roleId: Number(role.id), menuId: Number(m.id) })),
  );
  await insertRows(
    db,
    'base_sys_user_role',
    members.map((userId) => ({ userId, roleId: Number(role.id) })),
  );
}

/** Builds the server (`npm start`'s build), unless the bench was told the build is there. */
export function buildServer(skip) {
  if (skip) return;
  const built = spawnSync('npm', ['run', 'build', '-w', '@backroom/server'], { cwd: ROOT, stdio: 'ignore' });
  if (built.status !== 0) throw new Error('building the server failed');
}

/** The built server on the bench's database, one at a time: `start()`, `stop()`, and while it runs `base` and `pid`. */
export function benchServer({ dataDir, env, timeoutMs, nodeArgs = [] }) {
  let running = null;
  return {
    get base() {
      return running.base;
    },
    get pid() {
      return running.child.pid;
    },
    async start() {
      running = await startBuiltServer({
        nodeArgs: [...startScriptFlags(), ...nodeArgs],
        dataDir,
        logFile: path.join(dataDir, 'server.log'),
        timeoutMs,
        env,
      });
    },
    async stop() {
      const stopping = running;
      running = null;
      await stopping?.stop();
    },
  };
}

/** CPU time of a process in ms (user + system, /proc/<pid>/stat); null elsewhere. */
export function cpuMsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * `clients` loops calling `request()` (one call, its answer read; it throws on a failure) for
 * `seconds`, and at least 5 calls, after a warm-up (the compiled query, the database's cache) of
 * 20 calls or one second, whichever ends first: the latency percentiles, the throughput, the
 * server's CPU per call (`pid`'s, where /proc has it) and the machine's load.
 */
export async function measure(request, { clients, seconds, pid }) {
  const warm = Date.now() + 1000;
  for (let i = 0; i < 20 && Date.now() < warm; i += 1) await request();
  const latencies = [];
  const end = Date.now() + seconds * 1000;
  const started = performance.now();
  const cpuBefore = cpuMsOf(pid);
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < end || latencies.length < 5) {
        const t0 = performance.now();
        await request();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuMsOf(pid);
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return {
    p50: pct(50),
    p95: pct(95),
    rps: latencies.length / elapsed,
    cpuMs: cpu === null || cpuBefore === null ? null : (cpu - cpuBefore) / latencies.length,
    load: os.loadavg()[0],
  };
}

/** The results table, kept in bench/results/<name>.md under a line that says what was measured. */
export function writeResults(name, heading, lines) {
  const results = path.join(ROOT, 'bench/results');
  fs.mkdirSync(results, { recursive: true });
  fs.writeFileSync(path.join(results, `${name}.md`), `${heading}\n\n${lines.join('\n')}\n`);
}

/** A throwaway SQLite folder goes; a kept one (or a server database) stays, and a kept file is named. */
export function leaveData({ kind, dataDir, sqliteFile, keep }) {
  if (kind !== 'sqlite') return;
  if (keep) console.log(`kept ${sqliteFile}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Signs in through the API with the password kept in the bench's data folder, if any: the first
 * sign-in of a seeded user changes its password (signInCompletingChange), and a --reuse run signs
 * in with what it became. Answers the token.
 */
export async function signInKept(base, dataDir, username, password) {
  const file = path.join(dataDir, 'bench-passwords.json');
  const kept = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const signedIn = await signInCompletingChange(base, username, kept[username] ?? password);
  fs.writeFileSync(file, JSON.stringify({ ...kept, [username]: signedIn.password }));
  return signedIn.token;
}
