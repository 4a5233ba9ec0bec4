import fs from 'node:fs/promises';
import path from 'node:path';
import { isSafePackagePath, unzipPackage } from './package.js';
import { SIGNATURE_FILE, signFiles } from './signing.js';

/** Files and folders a package never takes from a plugin's source folder. */
const SKIPPED = new Set(['.git', '.DS_Store', SIGNATURE_FILE]);
/** One fixed time for every entry: the same files give the same zip. */
const FIXED_DATE = new Date('2020-01-01T00:00:00Z');

/** Every file under a folder, by its package path (forward slashes), in name order. */
export async function readFolder(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  async function walk(sub: string) {
    const entries = await fs.readdir(path.join(dir, sub), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (SKIPPED.has(entry.name) || entry.name.endsWith('.zip')) continue;
      const name = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile()) {
        if (!isSafePackagePath(name))
          throw new Error(`${name}: a package path may hold only letters, digits, ., - and _`);
        out.set(name, await fs.readFile(path.join(dir, name)));
      }
    }
  }
  await walk('');
  return out;
}

/** A zip of these files (deflated, fixed dates). */
export async function zipFiles(files: ReadonlyMap<string, Buffer>): Promise<Buffer> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  for (const [name, content] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    zip.file(name, content, { date: FIXED_DATE, createFolders: false });
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** The package with a signature by this key over every file (any earlier signature replaced). */
export async function signPackage(zip: Buffer, privateKeyPem: string): Promise<Buffer> {
  const files = await unzipPackage(zip);
  files.delete(SIGNATURE_FILE);
  const signature = signFiles(files, privateKeyPem);
  files.set(SIGNATURE_FILE, Buffer.from(`${JSON.stringify(signature, null, 2)}\n`));
  return zipFiles(files);
}
