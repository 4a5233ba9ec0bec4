import fs from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/**
 * A backup is a gzipped tar (POSIX ustar): `tar tzf` lists it and `tar xzf` unpacks it without
 * Backroom. Only regular files are written and read; names are relative, with `/` between parts.
 */
const BLOCK = 512;
/** The longest name ustar holds: a 155-byte prefix, `/`, a 100-byte name. */
const NAME_MAX = 255;

export class ArchiveError extends Error {}

/** One file to add: its name in the archive and where its bytes are read from. */
export type TarEntry = { name: string; file: string; size: number };

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let cut = name.indexOf('/'); cut !== -1; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const base = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new ArchiveError(`the name ${name} is too long for the archive (${NAME_MAX} bytes at most)`);
}

function header(name: string, size: number, mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  block.write(base, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

async function* tarBlocks(entries: readonly TarEntry[]): AsyncGenerator<Buffer> {
  const now = Date.now();
  for (const entry of entries) {
    yield header(entry.name, entry.size, now);
    let read = 0;
    for await (const chunk of fs.createReadStream(entry.file)) {
      read += (chunk as Buffer).length;
      if (read > entry.size) throw new ArchiveError(`${entry.file} grew while it was archived`);
      yield chunk as Buffer;
    }
    if (read !== entry.size) throw new ArchiveError(`${entry.file} changed size while it was archived`);
    const pad = (BLOCK - (entry.size % BLOCK)) % BLOCK;
    if (pad > 0) yield Buffer.alloc(pad);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Writes the entries, in order, as a gzipped tar into `out`. */
export async function writeTarGz(entries: readonly TarEntry[], out: Writable): Promise<void> {
  await pipeline(tarBlocks(entries), zlib.createGzip({ level: 6 }), out);
}

/** A name from an archive as a path inside `root`, or an error: nothing may land outside it. */
function safePath(root: string, name: string): string {
  const parts = name.split('/');
  if (name.startsWith('/') || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\'))) {
    throw new ArchiveError(`the archive holds an unsafe name: ${JSON.stringify(name)}`);
  }
  return path.join(root, ...parts);
}

function readHeader(block: Buffer): { name: string; size: number; type: string } | null {
  if (block.every((b) => b === 0)) return null;
  const stored = Number.parseInt(block.subarray(148, 156).toString('ascii').replace(/\0.*$/, '').trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : (block[i] as number);
  if (stored !== sum) throw new ArchiveError('a file header in the archive is damaged (its checksum does not match)');
  const text = (start: number, length: number) =>
    block
      .subarray(start, start + length)
      .toString('utf8')
      .replace(/\0.*$/s, '');
  const prefix = text(345, 155);
  const base = text(0, 100);
  const size = Number.parseInt(text(124, 12).trim() || '0', 8);
  if (!Number.isFinite(size) || size < 0) throw new ArchiveError('a file header in the archive is damaged (its size)');
  return { name: prefix ? `${prefix}/${base}` : base, size, type: text(156, 1) || '0' };
}

/** Reads exactly `n` bytes from a chunk iterator, keeping what is left over. */
class ByteReader {
  private held: Buffer = Buffer.alloc(0);
  constructor(private readonly chunks: AsyncIterator<Buffer>) {}

  /** Up to `max` bytes (at least one), or null at the end of the stream. */
  async some(max: number): Promise<Buffer | null> {
    if (this.held.length === 0) {
      const next = await this.chunks.next();
      if (next.done) return null;
      this.held = next.value;
    }
    const out = this.held.subarray(0, max);
    this.held = this.held.subarray(out.length);
    return out;
  }

  async exactly(n: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < n) {
      const part = await this.some(n - got);
      if (part === null) throw new ArchiveError('the archive ends in the middle of a file (it is cut short)');
      parts.push(part);
      got += part.length;
    }
    return Buffer.concat(parts, n);
  }
}

async function copyBytes(reader: ByteReader, size: number, target: string): Promise<void> {
  const out = fs.createWriteStream(target, { flags: 'wx', mode: 0o600 });
  async function* body() {
    let left = size;
    while (left > 0) {
      const part = await reader.some(Math.min(left, 1 << 20));
      if (part === null) throw new ArchiveError('the archive ends in the middle of a file (it is cut short)');
      left -= part.length;
      yield part;
    }
  }
  await pipeline(body(), out);
}

/**
 * Unpacks a gzipped tar into the empty folder `root`: its regular files, their folders made as
 * needed. Returns the names in the order they came. A damaged or truncated archive is an
 * ArchiveError saying so.
 */
export async function extractTarGz(source: Readable, root: string): Promise<string[]> {
  const gunzip = zlib.createGunzip();
  const flowing = source.pipe(gunzip);
  source.on('error', (error) => gunzip.destroy(error));
  const reader = new ByteReader(flowing[Symbol.asyncIterator]());
  const names: string[] = [];
  try {
    for (;;) {
      const block = await reader.some(BLOCK).then(async (first) => {
        if (first === null) throw new ArchiveError('the archive ends before its end marker (it is cut short)');
        return first.length === BLOCK ? first : Buffer.concat([first, await reader.exactly(BLOCK - first.length)]);
      });
      const entry = readHeader(block);
      if (entry === null) break;
      const target = safePath(root, entry.name);
      const padded = entry.size + ((BLOCK - (entry.size % BLOCK)) % BLOCK);
      if (entry.type === '5') {
        fs.mkdirSync(target, { recursive: true });
        continue;
      }
      if (entry.type !== '0') throw new ArchiveError(`the archive holds ${entry.name}, which is not a regular file`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      await copyBytes(reader, entry.size, target);
      if (padded > entry.size) await reader.exactly(padded - entry.size);
      names.push(entry.name);
    }
  } catch (error) {
    flowing.destroy();
    if (error instanceof ArchiveError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || code === 'Z_STREAM_ERROR') {
      throw new ArchiveError(`the archive is damaged (${(error as Error).message}); it is not a whole gzipped backup`);
    }
    if (code === 'EEXIST') throw new ArchiveError('the archive holds the same file twice');
    throw error;
  }
  flowing.destroy();
  return names;
}
