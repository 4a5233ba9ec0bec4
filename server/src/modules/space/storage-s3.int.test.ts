import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { baseComm } from '@backroom/contract';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectRefused, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { filesUnder, PNG, upload } from './upload.fixtures.js';

/**
 * S3 mode against a real S3-speaking server (s3rver, in this process, on a loopback port): the
 * same upload checks, then the object lands in the bucket under the prefix with safe metadata.
 */
const BUCKET = 'backroom-test';
const OBJECT_URL = /^http:\/\/127\.0\.0\.1:\d+\/backroom-test\/app\/base\/\d{8}\/[0-9a-f-]{36}\.(png|svg)$/;

describe.each(testTargets())('S3 storage on $name', (target) => {
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  let t: TestApp;
  let admin: string;

  /** Every object key in the bucket (s3rver keeps each as `<key>._S3rver_object` beside its metadata). */
  const objects = () =>
    filesUnder(path.join(s3Dir, BUCKET))
      .filter((f) => f.endsWith('._S3rver_object'))
      .map((f) => f.slice(0, -'._S3rver_object'.length));

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'br-s3rver-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    t = await startApp(target, {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      UPLOAD_MAX_SIZE_MB: '1',
    });
    admin = (await t.login()).token;
  });
  afterAll(async () => {
    await t?.stop();
    await s3?.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  it('says files go to S3, still uploaded through the server', async () => {
    expect(dataOf(await t.get(`${baseComm.prefix}/uploadMode`, {}, admin))).toEqual({ mode: 'local', type: 's3' });
  });

  it('puts a checked file into the bucket under the prefix, with its own type', async () => {
    const url = String(dataOf(await upload(t, admin, [{ filename: 'shelf.png', content: PNG, type: 'image/png' }])));
    expect(url).toMatch(OBJECT_URL);
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(PNG)).toBe(true);
    // Nothing is kept locally in S3 mode.
    expect(filesUnder(path.join(t.dataDir, 'uploads'))).toEqual([]);
    expect(filesUnder(path.join(t.dataDir, 'upload-tmp'))).toEqual([]);
  });

  it('stores an SVG inline and anything that is not an image or media as an attachment', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const url = String(dataOf(await upload(t, admin, [{ filename: 'logo.svg', content: svg, type: 'image/svg+xml' }])));
    expect(url).toMatch(OBJECT_URL);
    const fetched = await fetch(url);
    expect(fetched.headers.get('content-type')).toBe('image/svg+xml');
    const note = String(dataOf(await upload(t, admin, [{ filename: 'note.txt', content: Buffer.from('hello') }])));
    // A text file is private: the server serves it (a signed link), as an attachment.
    expect((await t.app.inject({ method: 'GET', url: note })).headers['content-disposition']).toBe('attachment');
  });

  it('keeps a private file out of the public prefix and serves it through the server, to its readers only', async () => {
    const workbook = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('customer list')]);
    const url = String(dataOf(await upload(t, admin, [{ filename: 'customers.xlsx', content: workbook }])));
    expect(url).toMatch(/^\/upload\/\d{8}\/[0-9a-f-]{36}\.xlsx\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/);
    const key = (url.split('?', 1)[0] ?? '').slice('/upload/'.length);
    // In the bucket beside the public prefix, never under it, so its public address has nothing.
    expect(objects()).toContain(path.join('private', 'app', 'base', key));
    expect(objects()).not.toContain(path.join('app', 'base', key));
    expect((await fetch(`${endpoint}/${BUCKET}/app/base/${key}`)).status).not.toBe(200);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(workbook)).toBe(true);
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.headers['content-disposition']).toBe('attachment');
    // The bare address without a session, and a link for a file the bucket does not have: 404.
    expect((await t.app.inject({ method: 'GET', url: `/upload/${key}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/upload/${key}`, headers: { authorization: admin } })).statusCode,
    ).toBe(200);
    const gone = `/upload/20200101/00000000-0000-0000-0000-000000000000.xlsx`;
    expect((await t.app.inject({ method: 'GET', url: gone, headers: { authorization: admin } })).statusCode).toBe(404);
    expect(filesUnder(path.join(t.dataDir, 'uploads'))).toEqual([]);
  });

  it('sends nothing to the bucket for a refused upload', async () => {
    const before = objects();
    const spoofed = await upload(t, admin, [
      { filename: 'ok.png', content: PNG },
      { filename: 'cat.png', content: Buffer.from('<html><script>alert(1)</script></html>') },
    ]);
    expectRefused(spoofed, 400);
    const big = await upload(t, admin, [
      { filename: 'big.png', content: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]) },
    ]);
    expectRefused(big, 413);
    expect(big.body.message).toBe('Uploaded file size cannot exceed 1MB');
    expect(objects()).toEqual(before);
    expect(filesUnder(path.join(t.dataDir, 'upload-tmp'))).toEqual([]);
  });

  it('answers a clear failure, leaving nothing behind, when the bucket refuses', async () => {
    const wrong = await startApp(target, {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'no-such-bucket',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    try {
      const token = (await wrong.login()).token;
      const before = objects();
      const reply = await upload(wrong, token, [{ filename: 'a.png', content: PNG }]);
      expectRefused(reply, 500);
      expect(reply.body.message).toBe('The file could not be stored; please try again later');
      expect(objects()).toEqual(before);
      expect(filesUnder(path.join(wrong.dataDir, 'upload-tmp'))).toEqual([]);
    } finally {
      await wrong.stop();
    }
  });
});
