import { createHash } from 'node:crypto';
import {
  comparePluginVersions,
  PLUGIN_MAX_FILES,
  PLUGIN_MAX_UNPACKED_BYTES,
  type PluginManifest,
  PluginManifestSchema,
  type PluginSignature,
} from '@backroom/contract';
import { badRequest } from '../../core/errors.js';
import { checkConfigSchema } from './config-schema.js';
import { keyIdOf, SIGNATURE_FILE, type SignatureFile, verifyFiles } from './signing.js';
import { inflateEntry, readCentralDirectory, type ZipEntry } from './zip-reader.js';

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
/** The largest plugin.json: its config schema (at most CONFIG_SCHEMA_LIMITS.bytes), names and texts. */
export const PLUGIN_MAX_MANIFEST_BYTES = 64 * 1024;
/** How deeply plugin.json may nest, counted on its text before it is parsed. */
const MAX_MANIFEST_DEPTH = 64;
/** A SIGNATURE.json is some 200 bytes; a larger one is not read at all. */
const MAX_SIGNATURE_BYTES = 4096;

export function isSafePackagePath(name: string): boolean {
  return SAFE_PATH.test(name) || name === SIGNATURE_FILE;
}

/** The files a central directory lists, their names checked (safe, no links, each once) before anything is read. */
function filesOf(entries: readonly ZipEntry[]): ZipEntry[] {
  const seen = new Set<string>();
  for (const entry of entries) {
    if (!isSafePackagePath(entry.name) || (entry.mode & FILE_TYPE_MASK) === SYMLINK || seen.has(entry.name)) {
      throw badRequest('plugin.badPath', { name: `${entry.name}${entry.dir ? '/' : ''}`.slice(0, 200) });
    }
    seen.add(entry.name);
  }
  const files = entries.filter((e) => !e.dir);
  if (files.length > PLUGIN_MAX_FILES) throw badRequest('plugin.tooManyFiles', { n: PLUGIN_MAX_FILES });
  return files;
}

async function inflateAll(zip: Buffer, files: readonly ZipEntry[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  let budget = PLUGIN_MAX_UNPACKED_BYTES;
  for (const entry of files) {
    const data = await inflateEntry(zip, entry, budget);
    budget -= data.length;
    out.set(entry.name, data);
  }
  return out;
}

/**
 * Every file of a zip, its names checked before anything is read; directories are left out.
 * Counted and sized from the central directory first, inflated off the event loop.
 */
export async function unzipPackage(zip: Buffer): Promise<Map<string, Buffer>> {
  return inflateAll(zip, filesOf(readCentralDirectory(zip)));
}

function parseSignature(data: Buffer): SignatureFile {
  let sig: SignatureFile;
  try {
    sig = JSON.parse(data.toString('utf8')) as SignatureFile;
  } catch {
    throw badRequest('plugin.badSignature');
  }
  if (typeof sig?.publicKey !== 'string' || typeof sig.signature !== 'string') throw badRequest('plugin.badSignature');
  return sig;
}

/**
 * The key SIGNATURE.json names, read alone where the central directory locates it: the one
 * entry inflated before the caller is known. Null for a package without one.
 */
async function signerNamed(zip: Buffer, files: readonly ZipEntry[]): Promise<string | null> {
  const entry = files.find((e) => e.name === SIGNATURE_FILE);
  if (!entry) return null;
  if (entry.size > MAX_SIGNATURE_BYTES || entry.compressedSize > MAX_SIGNATURE_BYTES) {
    throw badRequest('plugin.badSignature');
  }
  return parseSignature(await inflateEntry(zip, entry, MAX_SIGNATURE_BYTES)).publicKey;
}

/** Whether JSON text nests deeper than `limit` (objects and arrays), counted without parsing it. */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return false;
}

function firstIssue(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}` : 'invalid';
}

async function signatureOf(
  files: ReadonlyMap<string, Buffer>,
  trustedKeys: readonly string[],
): Promise<PluginSignature> {
  const signatureFile = files.get(SIGNATURE_FILE);
  if (!signatureFile) return { status: 'unsigned' };
  const sig = parseSignature(signatureFile);
  if (!(await verifyFiles(files, sig))) throw badRequest('plugin.badSignature');
  // A valid signature by a key the operator does not list is worth no more than none.
  return trustedKeys.includes(sig.publicKey)
    ? { status: 'trusted', keyId: keyIdOf(sig.publicKey) }
    : { status: 'unsigned' };
}

async function manifestOf(files: ReadonlyMap<string, Buffer>, backroomVersion: string): Promise<PluginManifest> {
  const manifestFile = files.get('plugin.json');
  if (!manifestFile) throw badRequest('plugin.noManifest');
  if (manifestFile.length > PLUGIN_MAX_MANIFEST_BYTES) {
    throw badRequest('plugin.manifestTooLarge', { n: PLUGIN_MAX_MANIFEST_BYTES / 1024 });
  }
  const text = manifestFile.toString('utf8');
  if (nestsDeeperThan(text, MAX_MANIFEST_DEPTH)) {
    throw badRequest('plugin.badManifest', { reason: `nested more than ${MAX_MANIFEST_DEPTH} levels deep` });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
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
  await checkConfigSchema(manifest.configSchema);
  return manifest;
}

/**
 * Reads and checks a package: safe paths, size limits, the signature (if any) matching every
 * byte, a valid plugin.json, its entry, readme and logo present, a config schema within bounds
 * that compiles. With `trustedOnly` (a caller without a session) nothing but the central
 * directory and SIGNATURE.json is read until the signature names a trusted key, and nothing of
 * the manifest, schema or readme until it verifies. Throws a 400 naming the first problem;
 * nothing is written anywhere.
 */
export async function readPackage(
  zip: Buffer,
  trustedKeys: readonly string[],
  backroomVersion: string,
  { trustedOnly = false }: { trustedOnly?: boolean } = {},
): Promise<PluginPackage> {
  const listed = filesOf(readCentralDirectory(zip));
  if (trustedOnly) {
    const signer = await signerNamed(zip, listed);
    if (signer === null || !trustedKeys.includes(signer)) throw badRequest('plugin.untrusted');
  }
  const files = await inflateAll(zip, listed);
  const signature = await signatureOf(files, trustedKeys);
  if (trustedOnly && signature.status !== 'trusted') throw badRequest('plugin.untrusted');
  const manifest = await manifestOf(files, backroomVersion);
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
