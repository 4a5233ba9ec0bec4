import { createHash } from 'node:crypto';
import {
  comparePluginVersions,
  PLUGIN_MAX_FILES,
  PLUGIN_MAX_UNPACKED_BYTES,
  type PluginManifest,
  PluginManifestSchema,
  type PluginSignature,
} from '@backroom/contract';
import type JSZip from 'jszip';
import { AppError, badRequest } from '../../core/errors.js';
import { compileConfigSchema } from './config-schema.js';
import { keyIdOf, SIGNATURE_FILE, type SignatureFile, verifyFiles } from './signing.js';

/** A package read and checked: every file in memory, its manifest, and who signed it. */
export type PluginPackage = {
  manifest: PluginManifest;
  files: ReadonlyMap<string, Buffer>;
  signature: PluginSignature;
  sha256: string;
  size: number;
  readme: string;
  /** A data URL of the logo, when the manifest names one. */
  logo: string | null;
};

/**
 * A path a package may hold: relative, forward slashes, each part plain letters, digits, dot, dash
 * and underscore, none starting with a dot (no `..`, no hidden files, no drive letters).
 */
const SAFE_PATH = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}\/){0,7}[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;
const SYMLINK = 0o120000;
const FILE_TYPE_MASK = 0o170000;

export function isSafePackagePath(name: string): boolean {
  return SAFE_PATH.test(name) || name === SIGNATURE_FILE;
}

function readLimited(entry: JSZip.JSZipObject, budget: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stream = entry.nodeStream('nodebuffer');
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) {
        stream.pause();
        stream.removeAllListeners('data');
        reject(badRequest('plugin.unpackedTooLarge', { n: PLUGIN_MAX_UNPACKED_BYTES / 1024 / 1024 }));
        return;
      }
      chunks.push(chunk);
    });
    stream.on('error', () => reject(badRequest('plugin.notZip')));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** The most entries (files and folders) a package's central directory may list. */
export const PLUGIN_MAX_ENTRIES = PLUGIN_MAX_FILES + 50;

/**
 * Reads the zip's central directory (its end record, then each entry's header: no byte is
 * inflated) and refuses a package that lists more entries, or declares more inflated bytes, than
 * a package may hold. A zip bomb (tens of thousands of entries, or a few that inflate to
 * gigabytes) is refused here in microseconds; the sizes it declares are also held to while
 * inflating (readLimited), in case they lie.
 */
export function checkCentralDirectory(zip: Buffer): { entries: number; inflated: number } {
  const EOCD = 0x06054b50;
  const CEN = 0x02014b50;
  // The end record is 22 bytes plus a comment of at most 65,535.
  const lowest = Math.max(0, zip.length - 22 - 0xffff);
  let end = -1;
  for (let i = zip.length - 22; i >= lowest; i -= 1) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw badRequest('plugin.notZip');
  const total = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  // ZIP64 (0xffff entries or 0xffffffff offsets) is never needed under the package limits.
  if (total === 0xffff || offset === 0xffffffff)
    throw badRequest('plugin.tooManyEntries', { count: total, n: PLUGIN_MAX_ENTRIES });
  if (total > PLUGIN_MAX_ENTRIES) throw badRequest('plugin.tooManyEntries', { count: total, n: PLUGIN_MAX_ENTRIES });
  if (offset + size > end) throw badRequest('plugin.notZip');
  let at = offset;
  let inflated = 0;
  for (let n = 0; n < total; n += 1) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CEN) throw badRequest('plugin.notZip');
    inflated += zip.readUInt32LE(at + 24);
    if (inflated > PLUGIN_MAX_UNPACKED_BYTES) {
      throw badRequest('plugin.unpackedTooLarge', { n: PLUGIN_MAX_UNPACKED_BYTES / 1024 / 1024 });
    }
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return { entries: total, inflated };
}

/** Every file of a zip, its names checked before anything is read; directories are left out. */
export async function unzipPackage(zip: Buffer): Promise<Map<string, Buffer>> {
  // Counted and sized from the central directory before JSZip parses or inflates anything.
  checkCentralDirectory(zip);
  const { default: JSZipClass } = await import('jszip');
  let archive: JSZip;
  try {
    archive = await JSZipClass.loadAsync(zip, { checkCRC32: true });
  } catch {
    throw badRequest('plugin.notZip');
  }
  const entries = Object.values(archive.files);
  for (const entry of entries) {
    // JSZip cleans `..` out of `name`; the original is what another unzip tool would write.
    const original = entry.unsafeOriginalName ?? entry.name;
    const name = entry.dir ? original.replace(/\/$/, '') : original;
    const mode = typeof entry.unixPermissions === 'number' ? entry.unixPermissions : 0;
    if (!isSafePackagePath(name) || (mode & FILE_TYPE_MASK) === SYMLINK) {
      throw badRequest('plugin.badPath', { name: original.slice(0, 200) });
    }
  }
  const files = entries.filter((e) => !e.dir);
  if (files.length > PLUGIN_MAX_FILES) throw badRequest('plugin.tooManyFiles', { n: PLUGIN_MAX_FILES });
  const out = new Map<string, Buffer>();
  let budget = PLUGIN_MAX_UNPACKED_BYTES;
  for (const entry of files) {
    let data: Buffer;
    try {
      data = await readLimited(entry, budget);
    } catch (error) {
      throw error instanceof AppError ? error : badRequest('plugin.notZip');
    }
    budget -= data.length;
    out.set(entry.name, data);
  }
  return out;
}

function firstIssue(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}` : 'invalid';
}

/**
 * Reads and checks a package: safe paths, size limits, a valid plugin.json, its entry, readme and
 * logo present, a config schema that compiles, and the signature (if any) matching every byte.
 * Throws a 400 naming the first problem; nothing is written anywhere.
 */
export async function readPackage(
  zip: Buffer,
  trustedKeys: readonly string[],
  backroomVersion: string,
): Promise<PluginPackage> {
  const files = await unzipPackage(zip);
  const manifestFile = files.get('plugin.json');
  if (!manifestFile) throw badRequest('plugin.noManifest');
  let json: unknown;
  try {
    json = JSON.parse(manifestFile.toString('utf8'));
  } catch {
    throw badRequest('plugin.badManifest', { reason: 'not JSON' });
  }
  const parsed = PluginManifestSchema.safeParse(json);
  if (!parsed.success) throw badRequest('plugin.badManifest', { reason: firstIssue(parsed.error) });
  const manifest = parsed.data;
  if (comparePluginVersions(manifest.minBackroomVersion, backroomVersion) > 0) {
    throw badRequest('plugin.newerBackroom', { version: manifest.minBackroomVersion });
  }
  for (const name of [manifest.entry, manifest.logo].filter((n): n is string => n !== undefined)) {
    if (!files.has(name)) throw badRequest('plugin.missingFile', { name });
  }
  compileConfigSchema(manifest.configSchema);

  let signature: PluginSignature = { status: 'unsigned' };
  const signatureFile = files.get(SIGNATURE_FILE);
  if (signatureFile) {
    let sig: SignatureFile;
    try {
      sig = JSON.parse(signatureFile.toString('utf8')) as SignatureFile;
    } catch {
      throw badRequest('plugin.badSignature');
    }
    if (typeof sig?.publicKey !== 'string' || typeof sig.signature !== 'string' || !verifyFiles(files, sig)) {
      throw badRequest('plugin.badSignature');
    }
    // A valid signature by a key the operator does not list is worth no more than none.
    if (trustedKeys.includes(sig.publicKey)) signature = { status: 'trusted', keyId: keyIdOf(sig.publicKey) };
  }

  const readme = files.get(manifest.readme)?.toString('utf8') ?? '';
  const logoFile = manifest.logo ? files.get(manifest.logo) : undefined;
  const logo =
    manifest.logo && logoFile
      ? `data:${manifest.logo.endsWith('.svg') ? 'image/svg+xml' : 'image/png'};base64,${logoFile.toString('base64')}`
      : null;
  return {
    manifest,
    files,
    signature,
    sha256: createHash('sha256').update(zip).digest('hex'),
    size: zip.length,
    readme,
    logo,
  };
}
