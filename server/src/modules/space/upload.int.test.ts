import fs from 'node:fs';
import path from 'node:path';
import { baseComm } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, expectRefused, type Reply, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { filesUnder, multipart, PNG, upload } from './upload.fixtures.js';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0rest-of-a-jpeg')]);
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

/** The address of a file we generated: a date folder and a UUID name with the extension. */
const GENERATED = /^\/upload\/\d{8}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|svg|txt)$/;

describe.each(testTargets())('base/comm upload on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let uploadsDir: string;
  let tempDir: string;

  /** Everything the data folder holds besides the database, the secret and finished uploads. */
  const strayFiles = () =>
    filesUnder(t.dataDir).filter(
      (f) => !f.startsWith(`uploads${path.sep}`) && !/^backroom\.sqlite|^jwt-secret/.test(f) && !f.startsWith('.'),
    );

  beforeAll(async () => {
    t = await startApp(target, { UPLOAD_MAX_SIZE_MB: '2', UPLOAD_MAX_FILES: '3' });
    admin = (await t.login()).token;
    uploadsDir = path.join(t.dataDir, 'uploads');
    tempDir = path.join(t.dataDir, 'upload-tmp');
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** Runs a refused upload and checks it left nothing: no stored file, no temporary file. */
  async function expectNothingLeft(run: () => Promise<Reply<unknown>>, status: number, message: RegExp) {
    const before = filesUnder(uploadsDir);
    const reply = await run();
    expectRefused(reply, status);
    expect(reply.body.message).toMatch(message);
    expect(filesUnder(uploadsDir)).toEqual(before);
    expect(filesUnder(tempDir)).toEqual([]);
  }

  it('tells the client how to upload, exactly as the family does', async () => {
    const reply = await t.get(`${baseComm.prefix}/uploadMode`, {}, admin);
    expect(reply.body).toEqual({ code: 1000, message: 'success', data: { mode: 'local', type: 'local' } });
    expectRefused(await t.get(`${baseComm.prefix}/uploadMode`), 401);
  });

  it('stores a file under a generated name and serves it with safe headers', async () => {
    const url = dataOf(await upload(t, admin, [{ filename: '门店 照片.PNG', content: PNG, type: 'image/png' }]));
    expect(url).toMatch(GENERATED);
    const stored = path.join(uploadsDir, String(url).replace(/^\/upload\//, ''));
    expect(fs.readFileSync(stored).equals(PNG)).toBe(true);

    const served = await t.app.inject({ method: 'GET', url: String(url) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['content-disposition']).toBeUndefined();
  });

  it('needs a session, and any signed-in user may upload', async () => {
    await expectNothingLeft(() => upload(t, undefined, [{ filename: 'a.png', content: PNG }]), 401, /./);
    dataOf(
      await t.post(
        '/admin/base/sys/user/add',
        { username: 'upload.clerk', password: 'pass-1234', departmentId: 1 },
        admin,
      ),
    );
    const clerk = (await t.login('upload.clerk', 'pass-1234')).token;
    expect(dataOf(await upload(t, clerk, [{ filename: 'a.jpg', content: JPEG, type: 'image/jpeg' }]))).toMatch(
      GENERATED,
    );
  });

  it('takes several files at once up to the configured count, and refuses one more leaving nothing behind', async () => {
    const three = dataOf(
      await upload(t, admin, [
        { filename: 'a.png', content: PNG },
        { filename: 'b.jpg', content: JPEG },
        { filename: 'c.svg', content: SVG, type: 'image/svg+xml' },
      ]),
    );
    expect(three).toHaveLength(3);
    for (const url of three as string[]) expect(url).toMatch(GENERATED);

    const four = Array.from({ length: 4 }, (_, i) => ({ filename: `${i}.png`, content: PNG }));
    await expectNothingLeft(() => upload(t, admin, four), 400, /^You can select up to 3 files$/);
    await expectNothingLeft(() => upload(t, admin, four, {}, 'zh-cn'), 400, /^最多只能选择 3 个文件$/);
  });

  it('refuses a file over the configured size, while the route still takes files larger than the JSON limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(1_500_000, 1)]);
    // 1.5 MB: over the 1 MB JSON body limit, under the 2 MB upload limit.
    const url = dataOf(await upload(t, admin, [{ filename: 'big.png', content: big }]));
    expect(fs.statSync(path.join(uploadsDir, String(url).slice('/upload/'.length))).size).toBe(big.length);

    const tooBig = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 1)]);
    await expectNothingLeft(
      () => upload(t, admin, [{ filename: 'huge.png', content: tooBig }]),
      413,
      /^Uploaded file size cannot exceed 2MB$/,
    );
    // A refused second file takes the accepted first one with it.
    await expectNothingLeft(
      () =>
        upload(t, admin, [
          { filename: 'ok.png', content: PNG },
          { filename: 'huge.png', content: tooBig },
        ]),
      413,
      /cannot exceed 2MB/,
    );
    await expectNothingLeft(
      () => upload(t, admin, [{ filename: 'huge.png', content: tooBig }], {}, 'zh-tw'),
      413,
      /^上傳檔案大小不能超過 2MB$/,
    );
    // JSON bodies keep their own 1 MB limit.
    const json = await t.post('/admin/space/info/add', { name: 'x'.repeat(1_100_000), url: '/upload/x.png' }, admin);
    expectRefused(json, 413);
  });

  it('refuses extensions outside the allow-list and files without one', async () => {
    for (const filename of ['tool.exe', 'page.html', 'page.htm', 'script.js', 'shell.sh', 'photo.png.php', 'a.svgz']) {
      await expectNothingLeft(
        () => upload(t, admin, [{ filename, content: Buffer.from('hello') }]),
        400,
        /cannot be uploaded; allowed: bmp, jpg/,
      );
    }
    await expectNothingLeft(
      () => upload(t, admin, [{ filename: 'README', content: Buffer.from('x') }]),
      400,
      /extension/,
    );
  });

  it('refuses a spoofed extension or content type', async () => {
    // HTML dressed as an image, by name and by declared type.
    await expectNothingLeft(
      () => upload(t, admin, [{ filename: 'cat.png', content: HTML, type: 'image/png' }]),
      400,
      /^The content of "cat\.png" is not a \.png file$/,
    );
    // A real PNG under another image's name.
    await expectNothingLeft(
      () => upload(t, admin, [{ filename: 'cat.jpg', content: PNG, type: 'image/jpeg' }]),
      400,
      /not a \.jpg file/,
    );
    // An HTML page calling itself an SVG.
    await expectNothingLeft(
      () => upload(t, admin, [{ filename: 'logo.svg', content: HTML, type: 'image/svg+xml' }]),
      400,
      /not a \.svg file/,
    );
    // A PNG declared as HTML.
    await expectNothingLeft(
      () => upload(t, admin, [{ filename: 'cat.png', content: PNG, type: 'text/html' }]),
      400,
      /declared type text\/html of "cat\.png" does not match its extension \.png/,
    );
    // An image declared as a video.
    await expectNothingLeft(
      () => upload(t, admin, [{ filename: 'cat.png', content: PNG, type: 'video/mp4' }]),
      400,
      /does not match/,
    );
    // Binary in a text file, and an empty file.
    await expectNothingLeft(
      () => upload(t, admin, [{ filename: 'notes.txt', content: Buffer.from([0x00, 0x01, 0x02]) }]),
      400,
      /not a \.txt file/,
    );
    await expectNothingLeft(
      () => upload(t, admin, [{ filename: 'empty.png', content: Buffer.alloc(0) }]),
      400,
      /empty/,
    );
  });

  it.each([
    ['../../x'],
    ['/etc/passwd'],
    ['a\u0000b'],
    ['..\\..\\x'],
    ['%2e%2e%2f%2e%2e%2fx'],
    ['20240101/../../../../tmp/owned.png'],
  ])('never lets the key %j choose where the file goes', async (key) => {
    const before = filesUnder(uploadsDir).length;
    const url = dataOf(await upload(t, admin, [{ filename: '../../evil.png', content: PNG }], { key }));
    expect(url).toMatch(GENERATED);
    expect(filesUnder(uploadsDir)).toHaveLength(before + 1);
    expect(strayFiles()).toEqual([]);
    expect(fs.existsSync(path.join(t.dataDir, 'x'))).toBe(false);
    expect(fs.existsSync('/tmp/owned.png')).toBe(false);
  });

  it('refuses bodies that are not multipart, other fields, and no file', async () => {
    const json = await t.post(`${baseComm.prefix}/upload`, { file: 'a.png' }, admin, { language: 'en' });
    expectRefused(json, 400);
    expect(json.body.message).toBe('An upload must be sent as multipart/form-data');
    const other = await upload(t, admin, [{ filename: 'a.png', content: PNG, field: 'avatar' }]);
    expectRefused(other, 400);
    expect(other.body.message).toMatch(/Unexpected form field "avatar"/);
    // Text fields beside the file are read and ignored.
    expect(dataOf(await upload(t, admin, [{ filename: 'a.png', content: PNG }], { fileId: 'f-1', name: 'x' }))).toMatch(
      GENERATED,
    );
    const none = await upload(t, admin, [], { key: 'a.png', name: 'ignored' });
    expectRefused(none, 400);
    expect(none.body.message).toBe('Choose a file to upload');
    expect(filesUnder(tempDir)).toEqual([]);
    // Multipart is accepted on the upload route only.
    const { body, contentType } = multipart([{ filename: 'a.png', content: PNG }]);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/admin/space/info/add',
      payload: body,
      headers: { 'content-type': contentType, authorization: admin },
    });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('serves SVG sandboxed, and HTML or unknown files only as sandboxed downloads', async () => {
    const svgUrl = dataOf(await upload(t, admin, [{ filename: 'logo.svg', content: SVG, type: 'image/svg+xml' }]));
    const svg = await t.app.inject({ method: 'GET', url: String(svgUrl) });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
    expect(svg.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(svg.headers['content-security-policy']).toMatch(/sandbox/);
    expect(svg.headers['content-security-policy']).not.toMatch(/script-src/);

    // Files put in the folder by other means (an older install, an operator) get the same treatment.
    // They are private files (not images or media): nobody without a session gets them, and a
    // reader the space allows (here a superuser) gets them only as sandboxed downloads.
    fs.mkdirSync(path.join(uploadsDir, '20240101'), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir, '20240101', 'page.html'), HTML);
    fs.writeFileSync(path.join(uploadsDir, '20240101', 'blob'), HTML);
    fs.writeFileSync(path.join(uploadsDir, '20240101', 'notes.txt'), HTML);
    for (const name of ['page.html', 'blob', 'notes.txt']) {
      expect((await t.app.inject({ method: 'GET', url: `/upload/20240101/${name}` })).statusCode, name).toBe(404);
      const reply = await t.app.inject({
        method: 'GET',
        url: `/upload/20240101/${name}`,
        headers: { authorization: admin },
      });
      expect(reply.statusCode, name).toBe(200);
      expect(reply.headers['content-type'], name).not.toMatch(/html/);
      expect(reply.headers['content-disposition'], name).toBe('attachment');
      expect(reply.headers['content-security-policy'], name).toBe("default-src 'none'; sandbox");
      expect(reply.headers['x-content-type-options'], name).toBe('nosniff');
    }
  });

  it('lists no folder and serves nothing outside the upload folder', async () => {
    fs.mkdirSync(path.join(uploadsDir, '20240102'), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir, '20240102', '.secret.png'), PNG);
    fs.writeFileSync(path.join(t.dataDir, 'outside.png'), PNG);
    for (const url of [
      '/upload',
      '/upload/',
      '/upload/20240102',
      '/upload/20240102/',
      '/upload/20240102/.secret.png',
      '/upload/../outside.png',
      '/upload/..%2foutside.png',
      '/upload/%2e%2e/outside.png',
      '/upload/20240102/..%2f..%2foutside.png',
      '/upload/..%5coutside.png',
    ]) {
      const reply = await t.app.inject({ method: 'GET', url });
      expect([403, 404], url).toContain(reply.statusCode);
      expect(reply.rawPayload.includes(PNG), url).toBe(false);
    }
  });
});
