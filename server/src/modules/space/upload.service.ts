import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ALLOWED_EXTENSIONS, extensionOf, groupOfExtension, type UploadMode } from '@backroom/contract';
import type { AppContext } from '../../core/context.js';
import { formatTime } from '../../core/db/index.js';
import { AppError, badRequest } from '../../core/errors.js';
import { contentMatches, declaredTypeFits, HEAD_BYTES } from './file-check.js';
import { createFileLinks } from './file-links.js';
import type { FileStorage, StoredFile } from './storage.js';
import { createUploadQuotas, type UploadQuotas } from './upload-quota.js';

/** One part of a multipart upload, as @fastify/multipart yields it. */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | {
      type: 'file';
      fieldname: string;
      filename: string;
      mimetype: string;
      file: Readable & { truncated?: boolean };
    };

export type UploadLimits = {
  maxFiles: number;
  maxSizeMb: number;
  maxBytes: number;
};

export type UploadService = {
  readonly limits: UploadLimits;
  mode(): UploadMode;
  /**
   * Checks every file of the request (count, size, extension allow-list, declared type and
   * content), then stores them all under generated names; refused or failed, nothing stays behind.
   * Returns the addresses in the order the files came: a private file's (a document's) as a signed
   * link that expires, which opens it for the uploader in a new tab, where no session goes along.
   */
  receive(parts: AsyncIterable<UploadPart>, userId: number): Promise<string[]>;
};

type Staged = { temp: string; ext: string; size: number };

/** The multipart parser's own errors, as the messages a client can act on. */
function toAppError(error: unknown, limits: UploadLimits): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return badRequest('space.tooManyFiles', { limit: limits.maxFiles });
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'space.tooLarge', { n: limits.maxSizeMb });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, 'common.tooLarge');
    case 'FST_PROTO_VIOLATION':
      return badRequest('space.badField', { field: '__proto__' });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('space.notMultipart');
    default:
      // busboy's own complaints about a malformed body carry no code.
      if (code === undefined && error instanceof Error && /multipart|part|boundary|form/i.test(error.message)) {
        return badRequest('space.notMultipart');
      }
      return error;
  }
}

/** A client's file name made printable and short, for messages only: it never reaches the file system. */
function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 100) || 'file';
}

/**
 * Streams a part to a temporary file, counting its size and keeping its first bytes for the content
 * check; `budget` answers the error to stop with once the bytes so far pass what the request may still carry.
 */
async function writeTemp(
  file: Readable,
  temp: string,
  budget: (size: number) => AppError | undefined,
): Promise<{ size: number; head: Buffer }> {
  let size = 0;
  const chunks: Buffer[] = [];
  let kept = 0;
  await pipeline(
    file,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        size += chunk.length;
        const over = budget(size);
        if (over) throw over;
        if (kept < HEAD_BYTES) {
          const piece = chunk.subarray(0, HEAD_BYTES - kept);
          chunks.push(piece);
          kept += piece.length;
        }
        yield chunk;
      }
    },
    createWriteStream(temp, { flags: 'wx', mode: 0o600 }),
  );
  return { size, head: Buffer.concat(chunks) };
}

export function createUploadService(
  ctx: AppContext,
  storage: FileStorage,
  tempDir: string,
  quotas: UploadQuotas = createUploadQuotas(ctx),
): UploadService {
  const { maxFiles, maxSizeMb } = ctx.config.upload;
  const limits: UploadLimits = { maxFiles, maxSizeMb, maxBytes: maxSizeMb * 1024 * 1024 };
  const allowed = ALLOWED_EXTENSIONS.join(', ');
  const links = createFileLinks(ctx.vault, ctx.config.upload.baseUrl);

  async function stage(
    part: Extract<UploadPart, { type: 'file' }>,
    staged: Staged[],
    budget: (size: number) => AppError | undefined,
  ) {
    const name = displayName(part.filename);
    const ext = extensionOf(name);
    if (ext === '') throw badRequest('space.noExtension');
    if (!groupOfExtension(ext)) throw badRequest('space.extension', { ext, allowed });
    if (!declaredTypeFits(ext, part.mimetype)) {
      throw badRequest('space.declaredType', { name, ext, type: part.mimetype.slice(0, 100) });
    }
    const temp = path.join(tempDir, `${randomUUID()}.part`);
    const entry: Staged = { temp, ext, size: 0 };
    // Listed before the first byte is written, so a failure halfway still removes it.
    staged.push(entry);
    const { size, head } = await writeTemp(part.file, temp, budget);
    if (part.file.truncated || size > limits.maxBytes) throw new AppError(413, 'space.tooLarge', { n: maxSizeMb });
    if (size === 0) throw badRequest('space.emptyFile', { name });
    if (!contentMatches(ext, head)) throw badRequest('space.contentMismatch', { name, ext });
    entry.size = size;
  }

  async function storeAll(staged: Staged[]): Promise<StoredFile[]> {
    const folder = formatTime().slice(0, 10).replace(/-/g, '');
    const stored: StoredFile[] = [];
    try {
      for (const file of staged) {
        stored.push(await storage.put(file.temp, `${folder}/${randomUUID()}.${file.ext}`, file));
      }
      return stored;
    } catch (error) {
      ctx.log.error({ err: error, storage: storage.type }, 'storing an upload failed');
      // All or nothing: the files of this request that did arrive go again.
      for (const done of stored) {
        await storage
          .remove(done.key)
          .catch((e: unknown) => ctx.log.warn({ err: e }, 'removing a stored upload failed'));
      }
      throw new AppError(500, 'space.storageFailed');
    }
  }

  return {
    limits,
    mode: () => ({ mode: 'local', type: storage.type }),
    async receive(parts, userId) {
      await fs.mkdir(tempDir, { recursive: true });
      const staged: Staged[] = [];
      let files = 0;
      const [quota, used] = await Promise.all([quotas.read(), quotas.used(userId)]);
      const mb = 1024 * 1024;
      const dayLeft = quota.mbPerDay * mb - used.bytes;
      /** What the bytes so far (this file's `size` on top of the files staged before) break, if anything. */
      const budget = (size: number) => {
        const total = staged.reduce((sum, s) => sum + s.size, 0) + size;
        if (total > quota.mbPerRequest * mb)
          return new AppError(413, 'space.requestTooLarge', { mb: quota.mbPerRequest });
        if (total > dayLeft) return new AppError(429, 'space.quotaBytes', { mb: quota.mbPerDay });
        return undefined;
      };
      try {
        if (used.bytes >= quota.mbPerDay * mb) throw new AppError(429, 'space.quotaBytes', { mb: quota.mbPerDay });
        for await (const part of parts) {
          // Text fields (the family's `key`, anything else a client adds) are read and ignored:
          // the parser bounds them, and nothing in them names where a file goes.
          if (part.type === 'field') continue;
          if (part.fieldname !== 'file') throw badRequest('space.badField', { field: part.fieldname.slice(0, 50) });
          files += 1;
          if (files > maxFiles) throw badRequest('space.tooManyFiles', { limit: maxFiles });
          if (used.files + files > quota.filesPerDay) {
            throw new AppError(429, 'space.quotaFiles', { max: quota.filesPerDay });
          }
          await stage(part, staged, budget);
        }
        if (files === 0) throw badRequest('space.noFile');
        const stored = await storeAll(staged);
        await quotas.add(
          userId,
          staged.length,
          staged.reduce((sum, s) => sum + s.size, 0),
        );
        return stored.map((f) => links.readable(f.url));
      } catch (error) {
        throw toAppError(error, limits);
      } finally {
        // Stored files were moved away; whatever is left here was refused or never finished.
        await Promise.all(staged.map((s) => fs.rm(s.temp, { force: true })));
      }
    },
  };
}
