import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSqliteApp, type TestApp } from './testing/harness.js';

// Which paths are the web app's and which the server's does not depend on the database: SQLite alone.
describe('the web app is served on every path it owns', () => {
  let t: TestApp;
  let webDir: string;
  const INDEX = '<!doctype html><title>Backroom test page</title><div id="app"></div>';
  const BIG = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};`;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'br-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(webDir, 'index.html.br'), zlib.brotliCompressSync(INDEX));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets', 'main-abc123.js'), 'console.log(1)');
    // A large asset with the compressed copies the web build writes beside it (web/vite.config.ts).
    fs.writeFileSync(path.join(webDir, 'assets', 'big-def456.js'), BIG);
    fs.writeFileSync(path.join(webDir, 'assets', 'big-def456.js.br'), zlib.brotliCompressSync(BIG));
    fs.writeFileSync(path.join(webDir, 'assets', 'big-def456.js.gz'), zlib.gzipSync(BIG));
    // Build metadata that an older build left in the served folder (Vite wrote its manifest to
    // dist/.vite/ before web/vite.config.ts moved it out), and a stray dot file.
    fs.mkdirSync(path.join(webDir, '.vite'));
    fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/main-abc123.js"}}');
    fs.writeFileSync(path.join(webDir, '.env'), 'SECRET=1');
    t = await startSqliteApp({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') => t.app.inject({ method, url });

  it.each(['/', '/login', '/my/info', '/sys/user', '/no/such/page', '/demo/test/route/1/a', '/?from=mail'])(
    'GET %s answers the app',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX);
    },
  );

  /** The directives of a Content-Security-Policy header, by name. */
  function directives(header: unknown): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const part of String(header ?? '').split(';')) {
      const [name, ...sources] = part.trim().split(/\s+/);
      if (name) out.set(name.toLowerCase(), sources);
    }
    return out;
  }

  it.each(['/', '/login', '/sys/user', '/demo/test/route/1/a', '/index.html'])(
    'GET %s may be framed by the app itself only, may frame what a menu embeds, and runs its own scripts only',
    async (url) => {
      // As is, and as the brotli copy the build writes beside the page.
      for (const encoding of ['identity', 'br']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-frame-options'], encoding).toBe('SAMEORIGIN');
        const csp = directives(response.headers['content-security-policy']);
        expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
        // A menu whose view path is an http(s) address shows that page in a frame of the app
        // (web/src/core/views.ts isFrameView).
        expect(csp.get('frame-src')).toEqual(["'self'", 'http:', 'https:']);
        // Scripts from the app's origin only: no inline script, no eval, no other host.
        expect(csp.get('script-src')).toEqual(["'self'"]);
        expect(csp.get('object-src')).toEqual(["'none'"]);
        expect(csp.get('base-uri')).toEqual(["'self'"]);
        expect([...csp.keys()].sort()).toEqual([
          'base-uri',
          'frame-ancestors',
          'frame-src',
          'object-src',
          'script-src',
        ]);
      }
    },
  );

  it('answers HEAD / like GET /', async () => {
    const response = await get('/', 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('serves built assets as files, and a missing asset is a 404, not the app', async () => {
    const asset = await get('/assets/main-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    const missing = await get('/assets/main-old999.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toBe(INDEX);
  });

  it('answers 404 for a dot folder or dot file in the served folder: the build manifest is not public', async () => {
    for (const url of ['/.vite/manifest.json', '/.env']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('main-abc123');
      expect(response.body, url).not.toContain('SECRET');
    }
  });

  it('lets browsers keep hashed assets for a year and asks about the page every time', async () => {
    expect((await get('/assets/main-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/login', '/sys/user']) {
      expect((await get(url)).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends the compressed copy the browser accepts, brotli first, and the file as is to one that takes none', async () => {
    const as = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/big-def456.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const brotli = await as('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG);
    const gzip = await as('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(BIG);
    const plain = await as();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG);
  });

  it('says that an answer with a compressed copy depends on Accept-Encoding, compressed or not', async () => {
    for (const url of ['/', '/login', '/index.html', '/assets/big-def456.js']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(response.statusCode, `${url} ${encoding}`).toBe(200);
        expect(String(response.headers.vary).toLowerCase(), `${url} ${encoding}`).toContain('accept-encoding');
      }
    }
  });

  it('compresses API answers of 1 KB or more for a client that accepts it', async () => {
    const eps = await t.app.inject({
      method: 'GET',
      url: '/api/admin/base/open/eps',
      headers: { 'accept-encoding': 'br' },
    });
    expect(eps.headers['content-encoding']).toBe('br');
    const body = JSON.parse(zlib.brotliDecompressSync(eps.rawPayload).toString());
    expect(body.code).toBe(1000);
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/admin/no/such',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses an answer the size of a page of rows in one go, with its exact length', async () => {
    const { token } = await t.login();
    const post = (url: string, body: unknown, encoding = 'identity') =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'accept-encoding': encoding, authorization: token, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const customers = Array.from({ length: 20 }, (_, i) => ({
      customerName: `压缩客户${i}`,
      customerPhone: `1770000${String(i).padStart(4, '0')}`,
      remark: `第${i}位客户的备注`.repeat(40),
    }));
    expect((await post('/api/admin/customer/info/add', customers)).json().code).toBe(1000);
    for (const encoding of ['gzip', 'br']) {
      const page = await post('/api/admin/customer/info/page', { page: 1, size: 20 }, encoding);
      expect(page.headers['content-encoding'], encoding).toBe(encoding);
      // Answered whole (app.ts, syncThreshold), so its length is known and said, not chunked.
      expect(Number(page.headers['content-length']), encoding).toBe(page.rawPayload.length);
      const text = (encoding === 'gzip' ? zlib.gunzipSync : zlib.brotliDecompressSync)(page.rawPayload).toString();
      // Over the plugin's own bound for two cores (8 KB), under ours (32 KB).
      expect(Buffer.byteLength(text), encoding).toBeGreaterThan(8 * 1024);
      expect(Buffer.byteLength(text), encoding).toBeLessThanOrEqual(32 * 1024);
      expect(JSON.parse(text).data.list).toHaveLength(20);
    }
  });

  it.each(['/api/admin/no/such', '/api', '/upload/20261122/none.png'])(
    'keeps %s to the server: a 404 in the envelope',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toBe(INDEX);
    },
  );

  it('answers other methods on app paths with a 404, not the page', async () => {
    const response = await get('/', 'POST');
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ code: 1001 });
  });
});
