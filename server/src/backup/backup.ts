import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../core/config.js';
import { openDatabase } from '../core/db/index.js';
import { MIGRATION_TABLE } from '../core/db/migrator.js';
import { dumpDatabase, dumpName } from './dumps.js';
import {
  backroomVersion,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_NAME,
  type Manifest,
  type ManifestFile,
  sha256Of,
} from './manifest.js';
import { type TarEntry, writeTarGz } from './tar.js';

/** The folder under DATA_DIR that local storage keeps uploads in (core/storage's `local`). */
export const UPLOADS = 'uploads';
export const SECRET_FILE = 'jwt-secret';

/** Every regular file under `dir`, as paths relative to it with `/`; links and devices are left out. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(dir, rel), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

/** The migrations the database has run and the server's version, read on a connection of its own. */
async function readSchema(db: Config['db']): Promise<{ migrations: string[]; version: string }> {
  const handle = await openDatabase(db, { poolSize: 1 });
  try {
    const names = await sql<{
      name: string;
    }>`select ${sql.ref('name')} from ${sql.table(MIGRATION_TABLE)} order by ${sql.ref('name')}`
      .execute(handle.db)
      .catch(() => {
        throw new Error('the database has no migrations: it is not a Backroom database (start the server once first)');
      });
    const version = await sql<{
      v: string;
    }>`select ${sql.raw(db.kind === 'sqlite' ? 'sqlite_version()' : 'version()')} as v`.execute(handle.db);
    return { migrations: names.rows.map((r) => r.name), version: String(version.rows[0]?.v ?? '') };
  } finally {
    await handle.close();
  }
}

export type BackupResult = { file: string; bytes: number; manifest: Manifest; ms: number };

/**
 * Takes a backup of the install `config` describes into `out` (written beside it first and renamed
 * when whole, so a failed backup never leaves a file that looks whole). The database first, as one
 * consistent snapshot; then the uploads: files are never changed or removed once written (a
 * deleted record keeps its file), so every file the snapshot names is there when they are read.
 */
export async function takeBackup(
  config: Config,
  out: string,
  options: { signal?: AbortSignal } = {},
): Promise<BackupResult> {
  const started = Date.now();
  const target = path.resolve(out);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (fs.existsSync(target)) throw new Error(`${target} exists already: name a new file`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-backup-'));
  const partial = `${target}.partial`;
  try {
    const dumpFile = path.join(work, 'database');
    let schema = config.db.kind === 'sqlite' ? undefined : await readSchema(config.db);
    await dumpDatabase(config.db, dumpFile, options.signal);
    // SQLite: the schema as the snapshot holds it.
    if (!schema) schema = await readSchema({ kind: 'sqlite', file: dumpFile });
    const entries: TarEntry[] = [{ name: dumpName(config.db.kind), file: dumpFile, size: fs.statSync(dumpFile).size }];
    if (config.storage.kind === 'local') {
      const root = path.join(config.dataDir, UPLOADS);
      for (const rel of filesUnder(root)) {
        const file = path.join(root, rel);
        entries.push({ name: `${UPLOADS}/${rel}`, file, size: fs.statSync(file).size });
      }
    }
    const secret = path.join(config.dataDir, SECRET_FILE);
    const secretKept = !config.jwtSecret && fs.existsSync(secret);
    if (secretKept) entries.push({ name: SECRET_FILE, file: secret, size: fs.statSync(secret).size });
    const files: ManifestFile[] = [];
    for (const entry of entries) {
      options.signal?.throwIfAborted();
      files.push({ path: entry.name, size: entry.size, sha256: await sha256Of(entry.file) });
    }
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      backroomVersion: backroomVersion(),
      schemaVersion: schema.migrations.at(-1) ?? '',
      migrations: schema.migrations,
      database: config.db.kind,
      databaseVersion: schema.version,
      createdAt: new Date().toISOString(),
      storage: config.storage.kind,
      jwtSecret: config.jwtSecret ? 'environment' : secretKept ? 'file' : 'none',
      files,
    };
    const manifestFile = path.join(work, MANIFEST_NAME);
    fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    const all = [{ name: MANIFEST_NAME, file: manifestFile, size: fs.statSync(manifestFile).size }, ...entries];
    await writeTarGz(all, fs.createWriteStream(partial, { mode: 0o600 }));
    fs.renameSync(partial, target);
    return { file: target, bytes: fs.statSync(target).size, manifest, ms: Date.now() - started };
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
}
