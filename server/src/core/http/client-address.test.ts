import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFromThisMachine, parseTrustProxy, type TrustProxy, trustFunction } from './client-address.js';

/** A server believing `value` (as TRUST_PROXY), answering the client address and whether it is local. */
function serverTrusting(value: string): FastifyInstance {
  const trust = parseTrustProxy(value) as TrustProxy;
  const app = Fastify({ trustProxy: trustFunction(trust) });
  app.get('/', (request) => ({ ip: request.ip, local: isFromThisMachine(request.raw) }));
  return app;
}

async function seen(app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: '/', remoteAddress, headers });
  return response.json() as { ip: string; local: boolean };
}

describe('the client address TRUST_PROXY lets the server believe', () => {
  const apps: Record<string, FastifyInstance> = {};
  beforeAll(async () => {
    for (const value of ['off', '1', '2', '192.0.2.0/24,2001:db8::1']) {
      apps[value] = serverTrusting(value);
      await apps[value].ready();
    }
  });
  afterAll(async () => {
    await Promise.all(Object.values(apps).map((app) => app.close()));
  });
  const app = (value: string) => apps[value] as FastifyInstance;
  const XFF = (...hops: string[]) => ({ 'x-forwarded-for': hops.join(', ') });

  it('off: the socket, whatever the header says', async () => {
    expect((await seen(app('off'), '192.0.2.9', XFF('198.51.100.1', '203.0.113.7'))).ip).toBe('192.0.2.9');
  });

  it('one proxy: the hop it appended, never one the client wrote before it', async () => {
    expect((await seen(app('1'), '192.0.2.9', XFF('198.51.100.1', '203.0.113.7'))).ip).toBe('203.0.113.7');
    expect((await seen(app('1'), '192.0.2.9', XFF('203.0.113.7'))).ip).toBe('203.0.113.7');
    expect((await seen(app('1'), '192.0.2.9')).ip).toBe('192.0.2.9');
  });

  it('two proxies (a load balancer, then a proxy): the hop the load balancer appended', async () => {
    const chain = XFF('198.51.100.1', '203.0.113.7', '10.1.0.5');
    expect((await seen(app('2'), '192.0.2.9', chain)).ip).toBe('203.0.113.7');
  });

  it('addresses: only those peers are proxies, hop after hop; a direct client is its own socket', async () => {
    const list = app('192.0.2.0/24,2001:db8::1');
    expect((await seen(list, '192.0.2.9', XFF('198.51.100.1', '203.0.113.7'))).ip).toBe('203.0.113.7');
    expect((await seen(list, '192.0.2.9', XFF('198.51.100.1', '203.0.113.7', '192.0.2.200'))).ip).toBe('203.0.113.7');
    expect((await seen(list, '2001:db8::1', XFF('198.51.100.1', '203.0.113.7'))).ip).toBe('203.0.113.7');
    expect((await seen(list, '::ffff:192.0.2.9', XFF('203.0.113.7'))).ip).toBe('203.0.113.7');
    // Not a listed proxy: what it writes is not believed.
    expect((await seen(list, '198.51.100.50', XFF('203.0.113.7'))).ip).toBe('198.51.100.50');
    // A word where an address should be ends the trusted chain there.
    expect((await seen(list, '192.0.2.9', XFF('203.0.113.7', 'unknown'))).ip).toBe('unknown');
  });

  it('counts as this machine only a loopback socket that names no other client', async () => {
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect((await seen(app('off'), peer)).local).toBe(true);
    expect((await seen(app('off'), '192.0.2.9')).local).toBe(false);
    // A proxy on this machine forwards everyone from loopback: a request that names a client is not local,
    // even one naming a loopback client, and even when TRUST_PROXY believes the proxy.
    const named: Array<Record<string, string>> = [
      XFF('127.0.0.1'),
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
    ];
    for (const headers of named) {
      expect((await seen(app('1'), '127.0.0.1', headers)).local).toBe(false);
    }
    // …and a client elsewhere that writes a loopback hop is not local either.
    const forged = await seen(app('1'), '203.0.113.7', XFF('127.0.0.1'));
    expect(forged).toEqual({ ip: '127.0.0.1', local: false });
  });
});
