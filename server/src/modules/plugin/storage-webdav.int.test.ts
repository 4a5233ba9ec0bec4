import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PLUGIN_SECRET_MASK, type PluginInfo, pluginInfo } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2 as webdav } from 'webdav-server';
import { filesUnder, PNG, upload } from '../../testing/fixtures.js';
import { dataOf, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { examplePackage, install, signingKey } from './plugin.fixtures.js';

const P = pluginInfo.prefix;
const USER = 'backroom';
const PASSWORD = 'dav-Secret-1';

/** webdav-server (npm), on a folder of its own, behind basic authentication. */
async function startWebDav() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'br-dav-'));
  const users = new webdav.SimpleUserManager();
  const user = users.addUser(USER, PASSWORD, false);
  const privileges = new webdav.SimplePathPrivilegeManager();
  privileges.setRights(user, '/', ['all']);
  const server = new webdav.WebDAVServer({
    hostname: '127.0.0.1',
    httpAuthentication: new webdav.HTTPBasicAuthentication(users, 'backroom'),
    privilegeManager: privileges,
  });
  server.setFileSystemSync('/', new webdav.PhysicalFileSystem(root));
  const http = await server.startAsync(0);
  const { port } = http.address() as AddressInfo;
  return { root, url: `http://127.0.0.1:${port}/files/`, port, stop: () => server.stopAsync() };
}

describe.each(testTargets())('storage-webdav plugin on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let dav: Awaited<ReturnType<typeof startWebDav>>;

  beforeAll(async () => {
    dav = await startWebDav();
    fs.mkdirSync(path.join(dav.root, 'files'));
    t = await startApp(target, { PLUGIN_TRUSTED_KEYS: signingKey.publicKey, PLUGIN_CALL_TIMEOUT_MS: '5000' });
    admin = (await t.login()).token;
  });
  afterAll(async () => {
    await t?.stop();
    await dav?.stop();
    if (dav) fs.rmSync(dav.root, { recursive: true, force: true });
  });

  it('stores an upload on the WebDAV server and serves it from there; falls back to the built-in storage when it is down', async () => {
    const { id } = dataOf(await install(t, admin, await examplePackage('storage-webdav'), { approveNetwork: 'true' }));
    const config = { url: dav.url, publicUrl: dav.url, username: USER, password: PASSWORD };
    dataOf(await t.post(`${P}/update`, { id, config, status: 1 }, admin));
    const info = dataOf(await t.get<PluginInfo>(`${P}/info`, { id }, admin));
    expect(info.config).toEqual({ ...config, password: PLUGIN_SECRET_MASK });

    const url = String(dataOf(await upload(t, admin, [{ filename: 'shelf.png', content: PNG, type: 'image/png' }])));
    expect(url.startsWith(dav.url)).toBe(true);
    const key = url.slice(dav.url.length);
    expect(key).toMatch(/^\d{8}\/[0-9a-f-]{36}\.png$/);
    // On the WebDAV server's disk, served by it, and nowhere in Backroom's own storage.
    expect(fs.readFileSync(path.join(dav.root, 'files', key)).equals(PNG)).toBe(true);
    const served = await fetch(url, {
      headers: { authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}` },
    });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect(filesUnder(path.join(t.dataDir, 'uploads'))).toEqual([]);

    // A document is private: the plugin's host would serve it to anyone, so it stays in the
    // built-in storage, behind a signed link.
    const workbook = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('customer list')]);
    const doc = String(dataOf(await upload(t, admin, [{ filename: 'customers.xlsx', content: workbook }])));
    expect(doc).toMatch(/^\/upload\/\d{8}\/[0-9a-f-]{36}\.xlsx\?expires=/);
    expect(filesUnder(path.join(dav.root, 'files')).filter((f) => f.endsWith('.xlsx'))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: doc })).rawPayload.equals(workbook)).toBe(true);
    fs.rmSync(path.join(t.dataDir, 'uploads'), { recursive: true, force: true });

    // A wrong password: the file is kept by the built-in storage, and the plugin shows why.
    dataOf(await t.post(`${P}/update`, { id, config: { ...config, password: 'wrong-one-1' } }, admin));
    const fallback = String(
      dataOf(await upload(t, admin, [{ filename: 'shelf.png', content: PNG, type: 'image/png' }])),
    );
    expect(fallback).toMatch(/^\/upload\/\d{8}\//);
    expect(filesUnder(path.join(t.dataDir, 'uploads'))).toHaveLength(1);
    const shown = dataOf(await t.get<PluginInfo>(`${P}/info`, { id }, admin));
    expect(shown.lastError).toMatch(/built-in storage instead: .*HTTP 401/);
    dataOf(await t.post(`${P}/update`, { id, status: 0 }, admin));
  }, 90_000);
});
