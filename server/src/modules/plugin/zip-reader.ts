import { gunzip } from 'node:zlib';
import { PLUGIN_MAX_FILES, PLUGIN_MAX_UNPACKED_BYTES } from '@backroom/contract';
import { badRequest } from '../../core/errors.js';

/** One entry of a zip's central directory, as it declares itself (nothing inflated yet). */
export type ZipEntry = {
  /** The name as stored (another unzip tool would write this one: nothing is cleaned out of it). */
  name: string;
  dir: boolean;
  /** The Unix mode, when the entry was made on Unix (0 otherwise). */
  mode: number;
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  size: number;
  localOffset: number;
};

/** The most entries (files and folders) a package's central directory may list. */
export const PLUGIN_MAX_ENTRIES = PLUGIN_MAX_FILES + 50;

const EOCD = 0x06054b50;
const CEN = 0x02014b50;
const LOC = 0x04034b50;
const UNIX = 3;

const tooLarge = () => badRequest('plugin.unpackedTooLarge', { n: PLUGIN_MAX_UNPACKED_BYTES / 1024 / 1024 });

/**
 * Reads the zip's central directory (its end record, then each entry's header: no byte is
 * inflated) and refuses a package that lists more entries, or declares more inflated bytes, than
 * a package may hold. A zip bomb (tens of thousands of entries, or a few that inflate to
 * gigabytes) is refused here in microseconds; the sizes it declares are also held to while
 * inflating (inflateEntry), in case they lie.
 */
export function readCentralDirectory(zip: Buffer): ZipEntry[] {
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
  const entries: ZipEntry[] = [];
  let at = offset;
  let inflated = 0;
  for (let n = 0; n < total; n += 1) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CEN) throw badRequest('plugin.notZip');
    const nameLength = zip.readUInt16LE(at + 28);
    if (at + 46 + nameLength > end) throw badRequest('plugin.notZip');
    const entrySize = zip.readUInt32LE(at + 24);
    inflated += entrySize;
    if (inflated > PLUGIN_MAX_UNPACKED_BYTES) throw tooLarge();
    const raw = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const madeOnUnix = zip.readUInt8(at + 5) === UNIX;
    entries.push({
      name: raw.endsWith('/') ? raw.slice(0, -1) : raw,
      dir: raw.endsWith('/'),
      mode: madeOnUnix ? zip.readUInt32LE(at + 38) >>> 16 : 0,
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      crc32: zip.readUInt32LE(at + 16),
      compressedSize: zip.readUInt32LE(at + 20),
      size: entrySize,
      localOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  // Every entry's data lies before the directory (checked per entry when it is read).
  for (const entry of entries) if (entry.localOffset + 30 > offset) throw badRequest('plugin.notZip');
  return entries;
}

/** A deflate stream of stored blocks holding these bytes (an entry zipped without compression). */
function storedBlocks(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let start = 0; start < data.length || start === 0; start += 0xffff) {
    const block = data.subarray(start, start + 0xffff);
    const head = Buffer.alloc(5);
    head[0] = start + 0xffff >= data.length ? 1 : 0;
    head.writeUInt16LE(block.length, 1);
    head.writeUInt16LE(~block.length & 0xffff, 3);
    parts.push(head, block);
    if (block.length === 0) break;
  }
  return Buffer.concat(parts);
}

/**
 * An entry's deflate stream wrapped as a gzip member, with the CRC-32 and size the directory
 * declares in its trailer: zlib then inflates it and checks both on libuv's thread pool, and the
 * event loop only hands the data over and takes the answer (Node 20 has no zlib.crc32, and one in
 * JavaScript took 50 ms a MB on a loaded machine).
 */
function gzipMember(deflated: Buffer, entry: ZipEntry): Buffer {
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(entry.crc32, 0);
  trailer.writeUInt32LE(entry.size >>> 0, 4);
  return Buffer.concat([header, deflated, trailer]);
}

function gunzipAsync(data: Buffer, maxOutputLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunkSize = Math.min(Math.max(64 * 1024, maxOutputLength), 4 * 1024 * 1024);
    gunzip(data, { maxOutputLength: Math.max(1, maxOutputLength), chunkSize }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * One entry's bytes, inflated off the event loop, never more than `budget` nor more than it
 * declared, and checked against its CRC-32.
 */
export async function inflateEntry(zip: Buffer, entry: ZipEntry, budget: number): Promise<Buffer> {
  const at = entry.localOffset;
  if (zip.readUInt32LE(at) !== LOC || entry.flags & 1) throw badRequest('plugin.notZip');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const stop = start + entry.compressedSize;
  if (stop > zip.length) throw badRequest('plugin.notZip');
  if (entry.size > budget) throw tooLarge();
  const stored = zip.subarray(start, stop);
  if (entry.method !== 0 && entry.method !== 8) throw badRequest('plugin.notZip');
  if (entry.method === 0 && stored.length !== entry.size) throw badRequest('plugin.notZip');
  let data: Buffer;
  try {
    // One byte more than declared: an entry that inflates past its declared size is caught here.
    data = await gunzipAsync(gzipMember(entry.method === 0 ? storedBlocks(stored) : stored, entry), entry.size + 1);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
    // A wrong CRC-32 or length, or data that does not inflate.
    throw badRequest('plugin.notZip');
  }
  if (data.length !== entry.size) throw badRequest('plugin.notZip');
  return data;
}
