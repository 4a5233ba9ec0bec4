import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config.js';
import type { AppContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import type { FileStorage } from './storage.js';
import { PNG } from './upload.fixtures.js';
import { createUploadService, type UploadPart } from './upload.service.js';
import type { UploadQuotas } from './upload-quota.js';

/** No quota in these tests (upload.int.test.ts checks it). */
const UNLIMITED: UploadQuotas = {
  read: async () => ({ filesPerDay: 1e9, mbPerDay: 1e9, mbPerRequest: 1e9 }),
  used: async () => ({ files: 0, bytes: 0 }),
  add: async () => undefined,
};

const silentLog = { error() {}, warn() {} } as unknown as AppContext['log'];

function filePart(filename: string, content: Buffer): UploadPart {
  return { type: 'file', fieldname: 'file', filename, mimetype: 'image/png', file: Readable.from([content]) };
}
async function* partsOf(...parts: UploadPart[]) {
  yield* parts;
}

describe('upload service', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'br-upload-unit-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes back the files already stored when a later one fails to store, and leaves no temporary file', async () => {
    const stored: string[] = [];
    const removed: string[] = [];
    let puts = 0;
    const storage: FileStorage = {
      type: 'local',
      async put(temp, key) {
        puts += 1;
        if (puts === 2) throw new Error('disk full');
        fs.rmSync(temp);
        stored.push(key);
        return { key, url: `/upload/${key}` };
      },
      async remove(key) {
        removed.push(key);
      },
    };
    const ctx = { config: loadConfig({ DATA_DIR: dir }), log: silentLog } as unknown as AppContext;
    const uploads = createUploadService(ctx, storage, path.join(dir, 'tmp'), UNLIMITED);
    const error = await uploads
      .receive(partsOf(filePart('a.png', PNG), filePart('b.png', PNG), filePart('c.png', PNG)), 1)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(500);
    expect((error as AppError).key).toBe('space.storageFailed');
    expect(stored).toHaveLength(1);
    expect(removed).toEqual(stored);
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
  });

  it('generates every key itself: a date folder and a random name with the allowed extension', async () => {
    const keys: string[] = [];
    const storage: FileStorage = {
      type: 'local',
      async put(temp, key) {
        fs.rmSync(temp);
        keys.push(key);
        return { key, url: `/upload/${key}` };
      },
      async remove() {},
    };
    const ctx = { config: loadConfig({ DATA_DIR: dir }), log: silentLog } as unknown as AppContext;
    const uploads = createUploadService(ctx, storage, path.join(dir, 'tmp'), UNLIMITED);
    await uploads.receive(
      partsOf({ type: 'field', fieldname: 'key', value: '../../../etc/passwd' }, filePart('..\\..\\Photo.PNG', PNG)),
      1,
    );
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^\d{8}\/[0-9a-f-]{36}\.png$/);
  });
});
