import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSqliteApp, type TestApp } from '../../testing/harness.js';

// Node refuses these before Fastify sees a request, so inject cannot reach them: a real socket.

/** Sends raw bytes to the listening server and reads the whole answer, until it closes the connection. */
function exchange(port: number, request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => (chunks.length > 0 ? undefined : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

describe('requests Node refuses before routing answer in the envelope', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await startSqliteApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening on a port');
    port = address.port;
  });
  afterAll(async () => {
    await t?.stop();
  });

  const LONG = 'x'.repeat(20 * 1024);

  it('a 20 KB URL is a 431 with {code, message}', async () => {
    const reply = await exchange(port, `GET /api/admin/base/open/eps?q=${LONG} HTTP/1.1\r\nHost: a\r\n\r\n`);
    expect(reply.status).toBe(431);
    expect(reply.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(JSON.parse(reply.body)).toEqual({ code: 1001, message: '请求头或网址过长' });
  });

  it('a 20 KB header is a 431 with {code, message}, in the language asked', async () => {
    const reply = await exchange(
      port,
      `GET /api/admin/base/open/eps HTTP/1.1\r\nHost: a\r\nlanguage: en\r\nx-big: ${LONG}\r\n\r\n`,
    );
    expect(reply.status).toBe(431);
    expect(JSON.parse(reply.body)).toEqual({ code: 1001, message: 'The request headers or URL are too long' });
  });

  it('a request Node cannot parse is a 400 with {code, message}', async () => {
    const reply = await exchange(port, 'NOT A REQUEST\r\n\r\n');
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({ code: 1002, message: expect.any(String) });
  });

  it('still answers a normal request on the same server', async () => {
    const reply = await exchange(port, 'GET /api/admin/base/open/eps HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
    expect(reply.status).toBe(200);
  });
});
