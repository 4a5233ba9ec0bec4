import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../core/config.js';
import { openDatabase } from '../core/db/index.js';
import { migrate } from '../core/db/migrator.js';
import { withSchemaLock } from '../core/db/schema-lock.js';
import { MIGRATIONS } from '../db/migrations/index.js';
import { filesUnder, SECRET_FILE, UPLOADS } from './backup.js';
import { dumpName, loadDatabase } from './dumps.js';
import { MANIFEST_NAME, type Manifest, manifestSchema, sha256Of } from './manifest.js';
import { ArchiveError, extractTarGz } from './tar.js';

/** A restore that will not go ahead, and why, in one line for the operator. */
export class RestoreRefused extends Error {}

export type RestoreResult = { manifest: Manifest; migrated: string[]; files: number; ms: number };

/** Reads the manifest and checks every file it names against its size and checksum. */
async function checkedManifest(root: string, names: readonly string[]): Promise<Manifest> {
  if (names[0] !== MANIFEST_NAME)
    throw new RestoreRefused('this is not a Backroom backup: it has no manifest.json first');
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(path.join(root, MANIFEST_NAME), 'utf8')));
  } catch (error) {
    throw new RestoreRefused(
      `the backup's manifest.json is damaged or of an unknown format (${(error as Error).message.slice(0, 200)})`,
    );
  }
  const listed = new Set(manifest.files.map((f) => f.path));
  const extra = names.slice(1).filter((n) => !listed.has(n));
  if (extra.length > 0)
    throw new RestoreRefused(`the archive holds files its manifest does not list: ${extra.slice(0, 3).join(', ')}`);
  for (const file of manifest.files) {
    const full = path.join(root, ...file.path.split('/'));
    if (!fs.existsSync(full)) throw new RestoreRefused(`the archive is incomplete: ${file.path} is missing`);
    const size = fs.statSync(full).size;
    if (size !== file.size || (await sha256Of(full)) !== file.sha256) {
      throw new RestoreRefused(
        `the archive is damaged: ${file.path} does not match its checksum (refused, nothing was changed)`,
      );
    }
  }
  return manifest;
}

/** Refuses a backup this code cannot take: another kind of database, or a schema newer than its migrations. */
function checkFits(manifest: Manifest, config: Config): void {
  if (manifest.database !== config.db.kind) {
    throw new RestoreRefused(
      `this backup is of a ${manifest.database} database and DATABASE_URL names a ${config.db.kind} one: restore it into the same kind`,
    );
  }
  const known = Object.keys(MIGRATIONS);
  const unknown = manifest.migrations.filter((name) => !(name in MIGRATIONS));
  if (unknown.length > 0) {
    throw new RestoreRefused(
      `this backup comes from a newer Backroom (${manifest.backroomVersion}, schema ${manifest.schemaVersion}) than this one (schema ${known.at(-1)}): restore it with that version or a later one`,
    );
  }
}

/** What the target holds already: tables in its database, uploads, a JWT secret file. */
async function targetContents(config: Config): Promise<string[]> {
  const found: string[] = [];
  const db = config.db;
  if (db.kind !== 'sqlite' || fs.existsSync(db.file)) {
    const handle = await openDatabase(db, { poolSize: 1 });
    try {
      const query =
        db.kind === 'sqlite'
          ? sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table'`
          : db.kind === 'postgres'
            ? sql<{
                n: number;
              }>`select count(*) as n from information_schema.tables where table_schema = current_schema()`
            : sql<{ n: number }>`select count(*) as n from information_schema.tables where table_schema = database()`;
      const tables = Number((await query.execute(handle.db)).rows[0]?.n ?? 0);
      if (tables > 0) found.push(`${tables} tables in the database`);
    } finally {
      await handle.close();
    }
  }
  const uploads = filesUnder(path.join(config.dataDir, UPLOADS)).length;
  if (uploads > 0) found.push(`${uploads} files in ${path.join(config.dataDir, UPLOADS)}`);
  if (fs.existsSync(path.join(config.dataDir, SECRET_FILE))) found.push(path.join(config.dataDir, SECRET_FILE));
  return found;
}

/** --force: empties the target database and the uploads folder. */
async function clearTarget(config: Config): Promise<void> {
  const db = config.db;
  if (db.kind === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${db.file}${suffix}`, { force: true });
  } else {
    const handle = await openDatabase(db, { poolSize: 1 });
    try {
      if (db.kind === 'postgres') {
        // The schema and all it holds (tables, sequences, the search triggers' functions), made anew empty.
        const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(handle.db);
        const schema = sql.id(String(rows[0]?.s ?? 'public'));
        await sql`drop schema ${schema} cascade`.execute(handle.db);
        await sql`create schema ${schema}`.execute(handle.db);
      } else {
        await handle.db.connection().execute(async (c) => {
          const { rows } = await sql<{
            name: string;
            type: string;
          }>`select table_name as name, table_type as type from information_schema.tables where table_schema = database()`.execute(
            c,
          );
          await sql`set foreign_key_checks = 0`.execute(c);
          for (const row of rows) {
            const what = row.type === 'VIEW' ? 'view' : 'table';
            await sql`drop ${sql.raw(what)} if exists ${sql.id(row.name)}`.execute(c);
          }
          await sql`set foreign_key_checks = 1`.execute(c);
        });
      }
    } finally {
      await handle.close();
    }
  }
  fs.rmSync(path.join(config.dataDir, UPLOADS), { recursive: true, force: true });
}

/** Moves the unpacked uploads and secret into DATA_DIR; returns how many files. */
function placeFiles(root: string, config: Config, manifest: Manifest): number {
  let placed = 0;
  fs.mkdirSync(config.dataDir, { recursive: true });
  for (const file of manifest.files) {
    if (!file.path.startsWith(`${UPLOADS}/`) && file.path !== SECRET_FILE) continue;
    const from = path.join(root, ...file.path.split('/'));
    const to = path.join(config.dataDir, ...file.path.split('/'));
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(from, to);
    fs.chmodSync(to, file.path === SECRET_FILE ? 0o600 : 0o644);
    placed += 1;
  }
  return placed;
}

/**
 * Restores a backup into the install `config` describes: checked whole first (checksums, kind,
 * schema, an empty target unless `force`), then the database loaded, the files placed, and the
 * migrations this code has beyond the backup's run as a start would.
 */
export async function restoreBackup(
  config: Config,
  from: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const started = Date.now();
  if (!fs.existsSync(from)) throw new RestoreRefused(`${from} does not exist`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-restore-'));
  try {
    let names: string[];
    try {
      names = await extractTarGz(fs.createReadStream(from), root);
    } catch (error) {
      if (error instanceof ArchiveError)
        throw new RestoreRefused(`${from}: ${error.message} (refused, nothing was changed)`);
      throw error;
    }
    const manifest = await checkedManifest(root, names);
    checkFits(manifest, config);
    const present = await targetContents(config);
    if (present.length > 0 && !options.force) {
      throw new RestoreRefused(
        `the target is not empty (${present.join('; ')}): restore into an empty DATA_DIR and database, or add --force to replace what is there`,
      );
    }
    if (present.length > 0) await clearTarget(config);
    await loadDatabase(config.db, path.join(root, ...dumpName(manifest.database).split('/')));
    const files = placeFiles(root, config, manifest);
    const handle = await openDatabase(config.db, { poolSize: 1 });
    let migrated: string[];
    try {
      migrated = await withSchemaLock(handle, (session) => migrate(session, MIGRATIONS));
    } finally {
      await handle.close();
    }
    return { manifest, migrated, files, ms: Date.now() - started };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
