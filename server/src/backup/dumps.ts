import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire as requireFrom } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Config } from '../core/config.js';

/**
 * A database's contents as one file and back: SQLite through its online backup API (a copy of
 * the file as one read transaction saw it), PostgreSQL through pg_dump/psql, MySQL and MariaDB
 * through mariadb-dump (or mysqldump) and the mariadb (or mysql) client. The dump tools run as
 * child processes; the password goes to them in their environment or an option file, never on
 * the command line (where `ps` shows it).
 */
export class DumpError extends Error {}

type ServerDb = { kind: 'postgres' | 'mysql'; url: string };

// Named apart from the `createRequire` the built bundle's banner declares (server/build.mjs).
const requireHere = requireFrom(import.meta.url);

/**
 * The SQLite copy runs on a thread of its own: the backup is one step, so one read transaction
 * (a consistent snapshot, which in WAL mode never holds writers back) and it does not hold the
 * event loop of a server that takes a nightly backup.
 */
const SQLITE_SNAPSHOT = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const source = new Database(workerData.source, { readonly: true, fileMustExist: true });
source.pragma('busy_timeout = 5000');
source
  .backup(workerData.target, { progress: () => 0x7fffffff })
  .then(() => {
    source.close();
    parentPort.postMessage({ ok: true });
  })
  .catch((error) => {
    source.close();
    parentPort.postMessage({ ok: false, message: String((error && error.message) || error) });
  });
`;

export async function snapshotSqlite(source: string, target: string): Promise<void> {
  if (!fs.existsSync(source)) throw new DumpError(`the SQLite database ${source} does not exist`);
  const worker = new Worker(SQLITE_SNAPSHOT, {
    eval: true,
    workerData: { driver: requireHere.resolve('better-sqlite3'), source, target },
    env: {},
    argv: [],
    execArgv: [],
  });
  try {
    const answer = await new Promise<{ ok: boolean; message?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new DumpError(`the SQLite backup thread ended (${code})`)));
    });
    if (!answer.ok) throw new DumpError(`the SQLite backup failed: ${answer.message}`);
  } finally {
    await worker.terminate();
  }
}

/** Where the named tool is on PATH, or undefined. */
function which(names: readonly string[]): string | undefined {
  for (const name of names) {
    for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
      if (!dir) continue;
      const full = path.join(dir, name);
      try {
        fs.accessSync(full, fs.constants.X_OK);
        return full;
      } catch {}
    }
  }
  return undefined;
}

function tool(names: readonly string[], apt: string): string {
  const found = which(names);
  if (!found) {
    throw new DumpError(
      `${names.join(' or ')} is not installed: install it (Debian and Ubuntu: apt-get install ${apt}) and run this again`,
    );
  }
  return found;
}

/** Runs a tool, its stdin and stdout from and to files when given; rejects with its last lines of stderr. */
function run(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; stdin?: string; stdout?: string; signal?: AbortSignal },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = options.stdin ? fs.openSync(options.stdin, 'r') : 'ignore';
    const stdout = options.stdout ? fs.openSync(options.stdout, 'w', 0o600) : 'pipe';
    const child = spawn(command, args, {
      env: { ...process.env, ...options.env },
      stdio: [stdin, stdout, 'pipe'],
      signal: options.signal,
    });
    let err = '';
    let out = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-4000);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      out = (out + chunk.toString()).slice(-4000);
    });
    const closeFiles = () => {
      if (typeof stdin === 'number') fs.closeSync(stdin);
      if (typeof stdout === 'number') fs.closeSync(stdout);
    };
    child.on('error', (error) => {
      closeFiles();
      reject(new DumpError(`${path.basename(command)} could not run: ${error.message}`));
    });
    child.on('close', (code) => {
      closeFiles();
      if (code === 0) resolve(out);
      else {
        const lines = err.trim().split('\n').slice(-5).join(' / ');
        reject(new DumpError(`${path.basename(command)} failed (exit ${code}): ${lines || 'no message'}`));
      }
    });
  });
}

function pgParts(url: string): { env: NodeJS.ProcessEnv; dbname: string } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { PGPASSWORD: decodeURIComponent(u.password) };
  u.password = '';
  return { env, dbname: u.toString() };
}

/** The major version of a PostgreSQL tool (`pg_dump (PostgreSQL) 15.20` → 15). */
async function toolMajor(command: string): Promise<number> {
  const text = await run(command, ['--version'], {});
  return Number(/(\d+)(?:\.\d+)?/.exec(text)?.[1] ?? 0);
}

/** The server's major version, read through psql. */
async function pgServerMajor(psql: string, url: string): Promise<number> {
  const { env, dbname } = pgParts(url);
  const text = await run(psql, ['--no-psqlrc', '-At', '-c', 'show server_version_num', dbname], { env });
  return Math.floor(Number(text.trim()) / 10000);
}

async function dumpPostgres(url: string, target: string, signal?: AbortSignal): Promise<void> {
  const pgDump = tool(['pg_dump'], 'postgresql-client');
  const psql = tool(['psql'], 'postgresql-client');
  const [client, server] = await Promise.all([toolMajor(pgDump), pgServerMajor(psql, url)]);
  if (client < server) {
    throw new DumpError(
      `pg_dump ${client} cannot dump a PostgreSQL ${server} server: install postgresql-client-${server} (PGDG's apt repository) and put its pg_dump first on PATH`,
    );
  }
  const { env, dbname } = pgParts(url);
  // One snapshot for the whole dump (pg_dump's own transaction); plain SQL, no owners or grants.
  await run(pgDump, ['--no-owner', '--no-privileges', '--format=plain', '--file', target, dbname], { env, signal });
}

async function loadPostgres(url: string, file: string): Promise<void> {
  const psql = tool(['psql'], 'postgresql-client');
  const { env, dbname } = pgParts(url);
  await run(psql, ['--no-psqlrc', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', file, dbname], {
    env: { ...env, PGOPTIONS: '--client-min-messages=warning' },
    stdout: os.devNull,
  });
}

/** An option file for the MariaDB tools (mode 600, removed after): the password never on a command line. */
function withMysqlOptions<T>(url: string, fn: (optionFile: string, database: string) => Promise<T>): Promise<T> {
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!database) throw new DumpError('DATABASE_URL names no database');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-my-'));
  const file = path.join(dir, 'client.cnf');
  const lines = ['[client]', `host=${u.hostname || '127.0.0.1'}`, `port=${u.port || '3306'}`];
  lines.push(`user=${decodeURIComponent(u.username || 'root')}`);
  if (u.password) lines.push(`password="${decodeURIComponent(u.password).replace(/["\\]/g, '\\$&')}"`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  return fn(file, database).finally(() => fs.rmSync(dir, { recursive: true, force: true }));
}

async function dumpMysql(url: string, target: string, signal?: AbortSignal): Promise<void> {
  const dump = tool(['mariadb-dump', 'mysqldump'], 'mariadb-client');
  await withMysqlOptions(url, (options, database) =>
    run(
      dump,
      [
        `--defaults-extra-file=${options}`,
        // One consistent read of every InnoDB table, without locking writers out.
        '--single-transaction',
        '--skip-lock-tables',
        '--routines',
        '--triggers',
        '--no-tablespaces',
        '--hex-blob',
        '--default-character-set=utf8mb4',
        `--result-file=${target}`,
        database,
      ],
      { signal },
    ),
  );
}

async function loadMysql(url: string, file: string): Promise<void> {
  const client = tool(['mariadb', 'mysql'], 'mariadb-client');
  await withMysqlOptions(url, (options, database) =>
    run(client, [`--defaults-extra-file=${options}`, '--default-character-set=utf8mb4', database], { stdin: file }),
  );
}

/** The archive's name for the database file of each kind. */
export function dumpName(kind: Config['db']['kind']): string {
  return kind === 'sqlite' ? 'database/backroom.sqlite' : `database/${kind}.sql`;
}

/** Writes the database's contents into `target` (a path that does not exist yet). */
export async function dumpDatabase(db: Config['db'], target: string, signal?: AbortSignal): Promise<void> {
  if (db.kind === 'sqlite') return snapshotSqlite(db.file, target);
  return (db as ServerDb).kind === 'postgres'
    ? dumpPostgres(db.url, target, signal)
    : dumpMysql(db.url, target, signal);
}

/** Loads a dump into the (empty) database; a SQLite file is copied into place. */
export async function loadDatabase(db: Config['db'], file: string): Promise<void> {
  if (db.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(db.file), { recursive: true });
    for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(`${db.file}${suffix}`, { force: true });
    const partial = `${db.file}.restoring`;
    fs.copyFileSync(file, partial);
    fs.renameSync(partial, db.file);
    return;
  }
  return db.kind === 'postgres' ? loadPostgres(db.url, file) : loadMysql(db.url, file);
}
