import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp, testTargets } from '../testing/harness.js';

// The docs never touch the database: SQLite is enough.
const [sqlite] = testTargets();

describe('API docs at /api/docs, built on first use', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(sqlite as NonNullable<typeof sqlite>);
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

  it('answers an unknown docs path with a 404 in the envelope', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/docs/nothing-here', headers: { language: 'en' } });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ code: 1001, message: expect.any(String) });
    expect(reply.json().message.length).toBeGreaterThan(0);
  });
});
