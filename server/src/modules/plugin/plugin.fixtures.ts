import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pluginInfo } from '@backroom/contract';
import { multipart } from '../../testing/fixtures.js';
import type { Reply, TestApp } from '../../testing/harness.js';
import { readFolder, signPackage, zipFiles } from './package-writer.js';
import { generateSigningKey } from './signing.js';

/** The repository's example plugins. */
export const PLUGINS_DIR = path.resolve(import.meta.dirname, '../../../../plugins');

/** One signing key per test run: its public half goes in PLUGIN_TRUSTED_KEYS. */
export const signingKey = generateSigningKey();
/** A key nobody trusts. */
export const strangerKey = generateSigningKey();

/** A plugin.json with the given changes. */
export function manifest(changes: Record<string, unknown> = {}): string {
  return JSON.stringify({
    keyName: 'test-notify',
    name: 'Test notify',
    version: '1.0.0',
    author: 'Tests',
    hook: 'notify',
    entry: 'index.mjs',
    configSchema: {
      type: 'object',
      properties: { url: { type: 'string' }, token: { type: 'string', writeOnly: true } },
    },
    ...changes,
  });
}

/** A package of these files (a plugin.json, an entry, …), unsigned. */
export async function packageOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  return zipFiles(new Map(Object.entries(files).map(([k, v]) => [k, Buffer.isBuffer(v) ? v : Buffer.from(v)])));
}

/** A notify plugin whose notify runs this body (`event`, `context` in scope). */
export async function notifyPlugin(keyName: string, body: string, version = '1.0.0'): Promise<Buffer> {
  return packageOf({
    'plugin.json': manifest({ keyName, name: keyName, version }),
    'index.mjs': `export default { async notify(event, context) { ${body} } };\n`,
  });
}

/** An sms plugin whose send runs this body (`message` ({phone, code}), `context` in scope). */
export async function smsPlugin(keyName: string, body: string): Promise<Buffer> {
  return packageOf({
    'plugin.json': manifest({ keyName, name: keyName, hook: 'sms' }),
    'index.mjs': `export default { async send(message, context) { ${body} } };\n`,
  });
}

export async function signed(zip: Buffer, key = signingKey): Promise<Buffer> {
  return signPackage(zip, key.privateKeyPem);
}

/** An example plugin from plugins/, packed and signed by the trusted key. */
export async function examplePackage(name: 'notify-webhook' | 'storage-webdav' | 'sms-webhook'): Promise<Buffer> {
  return signed(await zipFiles(await readFolder(path.join(PLUGINS_DIR, name))));
}

export async function install(
  t: TestApp,
  token: string | undefined,
  zip: Buffer,
  fields: Record<string, string> = {},
): Promise<Reply<{ id: number; signature: { status: string } }>> {
  const { body, contentType } = multipart([{ filename: 'plugin.zip', content: zip, type: 'application/zip' }], fields);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api${pluginInfo.prefix}/install`,
    payload: body,
    headers: { 'content-type': contentType, language: 'en', ...(token ? { authorization: token } : {}) },
  });
  let parsed: Reply<{ id: number; signature: { status: string } }>['body'];
  try {
    parsed = JSON.parse(response.body);
  } catch {
    parsed = { code: 0, message: response.body };
  }
  return { status: response.statusCode, body: parsed, raw: response.body, headers: response.headers };
}

/**
 * A local HTTP server that keeps every request body it receives (JSON-parsed) with its headers,
 * and answers `status.code`; while `status.hang` is set it takes requests and never answers them.
 */
export async function startReceiver(): Promise<{
  url: string;
  received: unknown[];
  headers: IncomingMessage['headers'][];
  server: Server;
  status: { code: number; hang: boolean };
  close(): void;
}> {
  const received: unknown[] = [];
  const headers: IncomingMessage['headers'][] = [];
  const status = { code: 200, hang: false };
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      if (status.hang) return;
      try {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        received.push(Buffer.concat(chunks).toString('utf8'));
      }
      headers.push(request.headers);
      response.writeHead(status.code, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    headers,
    server,
    status,
    close() {
      // Held requests too: close() alone waits for them.
      server.closeAllConnections();
      server.close();
    },
  };
}
