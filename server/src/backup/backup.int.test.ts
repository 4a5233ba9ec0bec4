import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../core/config.js';
import { openDatabase } from '../core/db/index.js';
import { MIGRATIONS } from '../db/migrations/index.js';
import { PNG, upload } from '../testing/fixtures.js';
import { dataOf, restoreRelease, startAppOn, type TestApp, testTargets } from '../testing/harness.js';
import { filesUnder, takeBackup } from './backup.js';
import { MANIFEST_NAME, type Manifest, sha256Of } from './manifest.js';
import { RestoreRefused, restoreBackup } from './restore.js';
import { extractTarGz, writeTarGz } from './tar.js';

type Made = { db: Config['db']; drop(): Promise<void> };

/** Every table's rows, each as JSON, sorted: two databases hold the same when these are equal. */
async function everyRow(db: Config['db']): Promise<Record<string, string[]>> {
  const handle = await openDatabase(db, { poolSize: 1 });
  try {
    const list =
      db.kind === 'sqlite'
        ? sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`
        : db.kind === 'postgres'
          ? sql<{
              name: string;
            }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`
          : sql<{
              name: string;
            }>`select table_name as name from information_schema.tables where table_schema = database() and table_type = 'BASE TABLE'`;
    const out: Record<string, string[]> = {};
    for (const { name } of (await list.execute(handle.db)).rows) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(handle.db);
      out[name] = rows.rows
        .map((r) => JSON.stringify(r, (_k, v) => (Buffer.isBuffer(v) ? v.toString('hex') : v)))
        .sort();
    }
    return out;
  } finally {
    await handle.close();
  }
}

async function checksums(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const rel of filesUnder(dir)) out[rel] = await sha256Of(path.join(dir, rel));
  return out;
}

/** The folders this file makes under the system's temp folder: gone when it ends. */
const temps: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

/** Unpacks a backup, lets `edit` change its files (the manifest among them), and packs it again. */
async function repacked(from: string, edit: (root: string, manifest: Manifest) => void): Promise<string> {
  const root = tempDir('br-repack-');
  const names = await extractTarGz(fs.createReadStream(from), root);
  const manifest = JSON.parse(fs.readFileSync(path.join(root, MANIFEST_NAME), 'utf8')) as Manifest;
  edit(root, manifest);
  fs.writeFileSync(path.join(root, MANIFEST_NAME), JSON.stringify(manifest));
  const out = path.join(tempDir('br-repacked-'), 'backup.tar.gz');
  const entries = names.map((name) => {
    const file = path.join(root, name);
    return { name, file, size: fs.statSync(file).size };
  });
  await writeTarGz(entries, fs.createWriteStream(out));
  return out;
}

describe.each(testTargets())('backup and restore on $name', (target) => {
  let source: Made;
  let t: TestApp;
  let admin: string;
  const made: Made[] = [];
  const dirs: string[] = [];
  /** A fresh, empty install of the same kind: its database and DATA_DIR. */
  async function emptyInstall(): Promise<Config> {
    const fresh = await target.create();
    made.push(fresh);
    const dataDir = tempDir('br-restored-');
    dirs.push(dataDir);
    return { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), db: fresh.db };
  }
  const addCustomer = async (i: number) =>
    dataOf(
      await t.post<{ id: number }>(
        '/admin/customer/info/add',
        { customerName: `备份客户${i}`, customerPhone: `1390000${String(i).padStart(4, '0')}` },
        admin,
      ),
    ).id;

  beforeAll(async () => {
    source = await target.create();
    t = await startAppOn(target.name, source.db, async () => undefined);
    admin = (await t.login()).token;
    for (let i = 0; i < 20; i += 1) await addCustomer(i);
    for (const content of [PNG, Buffer.concat([PNG, Buffer.from('second')])]) {
      expect((await upload(t, admin, [{ filename: 'shelf.png', content, type: 'image/png' }])).status).toBe(200);
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close().catch(() => undefined);
    for (const m of [source, ...made]) await m?.drop();
    for (const dir of [...dirs, t?.dataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('backs up while customers are being added, and the restore holds a consistent moment of them', async () => {
    let writing = true;
    const confirmed: Array<{ id: number; at: number }> = [];
    const writer = (async () => {
      for (let i = 100; writing; i += 1) confirmed.push({ id: await addCustomer(i), at: Date.now() });
    })();
    // Some adds before the backup starts, so the restore must hold them.
    while (confirmed.length < 3) await new Promise((r) => setImmediate(r));
    const started = Date.now();
    const file = path.join(tempDir('br-backup-'), 'live.tar.gz');
    const { manifest } = await takeBackup(t.ctx.config, file);
    const ended = Date.now();
    // At least one add completes after the backup, so writes went on around it.
    while (!confirmed.some((c) => c.at > ended)) await new Promise((r) => setImmediate(r));
    writing = false;
    await writer;
    expect(manifest.schemaVersion).toBe(Object.keys(MIGRATIONS).at(-1));
    expect(manifest.files.filter((f) => f.path.startsWith('uploads/'))).toHaveLength(2);

    const into = await emptyInstall();
    await restoreBackup(into, file);
    const restored = await openDatabase(into.db, { poolSize: 1 });
    const live = await openDatabase(source.db, { poolSize: 1 });
    try {
      const ids = async (h: typeof restored) =>
        (await h.db.selectFrom('customer_info').select('id').orderBy('id').execute()).map((r) => Number(r.id));
      const got = await ids(restored);
      const all = await ids(live);
      // Everything added before the backup started is there, and what is there is a prefix of
      // what was added: a snapshot of one moment, not rows from different moments.
      for (const c of confirmed.filter((c) => c.at < started)) expect(got).toContain(c.id);
      expect(got).toEqual(all.slice(0, got.length));
      expect(got.length).toBeLessThan(all.length);
      const names = await restored.db.selectFrom('customer_info').select(['id', 'customerName']).execute();
      const liveNames = await live.db
        .selectFrom('customer_info')
        .select(['id', 'customerName'])
        .where('id', '<=', got.at(-1) as number)
        .execute();
      expect(new Map(names.map((r) => [Number(r.id), r.customerName]))).toEqual(
        new Map(liveNames.map((r) => [Number(r.id), r.customerName])),
      );
    } finally {
      await restored.close();
      await live.close();
    }
  }, 180_000);

  it('restores every table row for row and every file byte for byte, and its sessions still sign in', async () => {
    const before = (await t.login()).token;
    await t.close();
    const file = path.join(tempDir('br-backup-'), 'quiet.tar.gz');
    await takeBackup(t.ctx.config, file);
    const into = await emptyInstall();
    const result = await restoreBackup(into, file);
    expect(result.migrated).toEqual([]);
    expect(await everyRow(into.db)).toEqual(await everyRow(source.db));
    expect(await checksums(path.join(into.dataDir, 'uploads'))).toEqual(
      await checksums(path.join(t.dataDir, 'uploads')),
    );
    expect(fs.readFileSync(path.join(into.dataDir, 'jwt-secret'), 'utf8')).toBe(
      fs.readFileSync(path.join(t.dataDir, 'jwt-secret'), 'utf8'),
    );
    // The same secret and sessions: a token of the backed-up install works on the restored one.
    const again = await startAppOn(target.name, into.db, async () => undefined, { DATA_DIR: into.dataDir });
    try {
      expect((await again.get('/admin/base/comm/person', {}, before)).status).toBe(200);
    } finally {
      await again.close();
    }

    // Into the same target again: refused while it holds anything, replaced with --force.
    await expect(restoreBackup(into, file)).rejects.toThrow(
      /the target is not empty \(\d+ tables in the database; 2 files/,
    );
    await restoreBackup(into, file, { force: true });
    expect(await everyRow(into.db)).toEqual(await everyRow(source.db));

    // Damaged archives: a flipped byte, a cut, a file changed under its manifest; nothing restored.
    const bytes = fs.readFileSync(file);
    const flipped = path.join(tempDir('br-bad-'), 'flipped.tar.gz');
    const mid = Math.floor(bytes.length / 2);
    fs.writeFileSync(
      flipped,
      Buffer.concat([bytes.subarray(0, mid), Buffer.from([(bytes[mid] as number) ^ 0xff]), bytes.subarray(mid + 1)]),
    );
    const cut = path.join(tempDir('br-bad-'), 'cut.tar.gz');
    fs.writeFileSync(cut, bytes.subarray(0, mid));
    const changed = await repacked(file, (root) => {
      const png = filesUnder(path.join(root, 'uploads'))[0] as string;
      fs.appendFileSync(path.join(root, 'uploads', png), 'x');
    });
    const empty = await emptyInstall();
    await expect(restoreBackup(empty, flipped)).rejects.toThrow(/damaged/);
    await expect(restoreBackup(empty, cut)).rejects.toThrow(/cut short|damaged/);
    await expect(restoreBackup(empty, changed)).rejects.toThrow(/uploads\/.* does not match its checksum/);
    // A backup from a newer Backroom: its schema has a migration this code does not know.
    const newer = await repacked(file, (_root, manifest) => {
      manifest.migrations.push('29990101000000_base_from-the-future');
      manifest.schemaVersion = '29990101000000_base_from-the-future';
    });
    await expect(restoreBackup(empty, newer)).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(empty, newer)).rejects.toThrow(/comes from a newer Backroom/);
    expect(filesUnder(empty.dataDir)).toEqual([]);
    expect(Object.keys(await everyRow(empty.db))).toEqual([]);
  }, 240_000);

  it('migrates a backup of an older release to this version on restore', async () => {
    const old = await restoreRelease(target, '0.1.0');
    made.push(old);
    const oldDir = tempDir('br-old-');
    dirs.push(oldDir);
    const file = path.join(tempDir('br-backup-'), 'old.tar.gz');
    const { manifest } = await takeBackup({ ...loadConfig({ DATA_DIR: oldDir }), db: old.db }, file);
    const into = await emptyInstall();
    const { migrated } = await restoreBackup(into, file);
    const known = Object.keys(MIGRATIONS);
    expect(migrated).toEqual(known.filter((name) => !manifest.migrations.includes(name)));
    expect(migrated.length).toBeGreaterThan(0);
  }, 180_000);
});
