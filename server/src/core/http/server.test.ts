import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createHttpServer } from './server.js';

/** An error as the pg driver throws it: the SQLSTATE in `code`. */
function databaseError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR' });
}

describe('the error handler', () => {
  const app = createHttpServer(loadConfig({ LOG_LEVEL: 'silent' }));
  beforeAll(async () => {
    app.get('/throw/:code', (request) => {
      const { code } = request.params as { code: string };
      throw databaseError(code, `database says ${code}: invalid byte sequence for encoding "UTF8": 0x00`);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(['22021', '22P05'])(
    'answers PostgreSQL text it cannot store (%s) with a 400 in the envelope',
    async (code) => {
      const reply = await app.inject({ method: 'GET', url: `/throw/${code}`, headers: { language: 'en' } });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ code: 1002, message: 'The request holds characters that cannot be stored' });
      const zhTw = await app.inject({ method: 'GET', url: `/throw/${code}`, headers: { language: 'zh-tw' } });
      expect(zhTw.json()).toEqual({ code: 1002, message: '請求內容包含無法儲存的字元' });
    },
  );

  it('still hides any other database error behind a 500', async () => {
    const reply = await app.inject({ method: 'GET', url: '/throw/42P01', headers: { language: 'en' } });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({ code: 1003, message: 'Internal server error' });
  });
});
