import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * The entries of a zip as its central directory lists them: names and inflated sizes, read from the
 * bytes without inflating anything (APPNOTE.TXT 4.3.12 and 4.3.16). An .xlsx is a zip, and a small
 * one may inflate to gigabytes (many sheets, a huge shared-strings part): the import reads these
 * sizes first and refuses such a file before any of it is inflated (excel-import.ts).
 */

export type ZipEntry = {
  name: string;
  compressedSize: number;
  size: number;
  /** 0 stored, 8 deflated (the two an .xlsx uses). */
  method: number;
  /** Where the entry's local header starts. */
  offset: number;
};

/** Why the directory could not be read: not a zip, or one this reader does not take (zip64, split). */
export class NotAZip extends Error {}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_LENGTH = 22;
/** The end record is followed by a comment of at most 65,535 bytes. */
const EOCD_SEARCH = EOCD_LENGTH + 0xffff;
/** Sizes and offsets of 0xffffffff say the real ones are in a zip64 extra field: such files are far over our limits. */
const ZIP64 = 0xffffffff;

/** The entries of the zip in these bytes; throws NotAZip when its directory cannot be read. */
export function zipEntries(bytes: Buffer): ZipEntry[] {
  const floor = Math.max(0, bytes.length - EOCD_SEARCH);
  let end = -1;
  for (let at = bytes.length - EOCD_LENGTH; at >= floor; at -= 1) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new NotAZip('no end of central directory');
  const disk = bytes.readUInt16LE(end + 4);
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  if (disk !== 0 || offset === ZIP64 || size === ZIP64 || count === 0xffff) throw new NotAZip('zip64 or split');
  if (offset + size > end) throw new NotAZip('directory out of bounds');
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw new NotAZip('broken directory');
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const inflated = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    if (compressedSize === ZIP64 || inflated === ZIP64) throw new NotAZip('zip64 entry');
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    entries.push({ name, compressedSize, size: inflated, method, offset: local });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const LOCAL_SIGNATURE = 0x04034b50;
/** Inflated bytes per chunk: small enough that parsing one never holds the event loop for long. */
const CHUNK = 16 * 1024;

/**
 * An entry's inflated bytes as a stream of small chunks (zlib works off the main thread and waits
 * for the reader); leaving the loop early ends the inflating. Throws NotAZip for an entry this
 * reader does not take.
 */
export function entryChunks(bytes: Buffer, entry: ZipEntry): AsyncIterable<Buffer> {
  const at = entry.offset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_SIGNATURE) throw new NotAZip('broken local header');
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new NotAZip('entry out of bounds');
  const data = bytes.subarray(start, end);
  if (entry.method === 0) {
    return Readable.from(
      (function* () {
        for (let i = 0; i < data.length; i += CHUNK) yield data.subarray(i, i + CHUNK);
      })(),
    );
  }
  if (entry.method !== 8) throw new NotAZip(`compression method ${entry.method}`);
  const inflate = zlib.createInflateRaw({ chunkSize: CHUNK });
  inflate.end(data);
  return inflate;
}
