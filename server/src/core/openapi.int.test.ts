import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSqliteApp, type TestApp } from '../testing/harness.js';

// The docs never touch the database: SQLite is enough.

describe('API docs at /api/docs, built on first use', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startSqliteApp();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('serves the OpenAPI document of every declared endpoint', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(reply.statusCode).toBe(200);
    const document = reply.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.0.3');
    const page = document.paths['/api/admin/base/sys/user/page']?.post as { description?: string } | undefined;
    expect(page?.description).toContain('permission base:sys:user:page');
    expect(document.paths['/api/admin/base/open/login']).toHaveProperty('post');
  });

  it('serves Swagger UI, the same on every later request', async () => {
    for (let i = 0; i < 2; i++) {
      const reply = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(reply.statusCode).toBe(200);
      expect(String(reply.headers['content-type'])).toMatch(/^text\/html/);
      expect(reply.body).toContain('swagger-ui');
    }
  });

  it('may be framed by no page: the UI, its files and the document', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    // The initializer script the UI page loads, by its own address.
    const initializer = ui.body.match(/src="([^"]*initializer[^"]*\.js)"/)?.[1];
    const urls = [
      '/api/docs',
      '/api/docs/json',
      ...(initializer ? [new URL(initializer, 'http://x/api/docs/').pathname] : []),
    ];
    expect(urls.length).toBeGreaterThan(2);
    for (const url of urls) {
      const reply = await t.app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['x-frame-options'], url).toBe('DENY');
      expect(reply.headers['content-security-policy'], url).toBe("frame-ancestors 'none'");
    }
  });

  it('answers an unknown docs path with a 404 in the envelope', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/docs/nothing-here', headers: { language: 'en' } });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ code: 1001, message: expect.any(String) });
    expect(reply.json().message.length).toBeGreaterThan(0);
  });
});

describe('HSTS, offered as a setting for installs served over HTTPS', () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    off = await startSqliteApp();
    on = await startSqliteApp({
      HSTS_MAX_AGE: '31536000',
      HSTS_INCLUDE_SUBDOMAINS: 'on',
    });
  });
  afterAll(async () => {
    await off?.stop();
    await on?.stop();
  });

  it('is sent on every answer when set, API, errors and docs alike, and not by default', async () => {
    for (const url of [
      '/api/admin/base/open/loginOptions',
      '/api/admin/base/comm/person',
      '/api/docs',
      '/api/nothing',
    ]) {
      const reply = await on.app.inject({ method: 'GET', url });
      expect(reply.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      const plain = await off.app.inject({ method: 'GET', url });
      expect(plain.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});
