import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  type PageResult,
  PLUGIN_MAX_PACKAGE_BYTES,
  PLUGIN_SECRET_MASK,
  type PluginInfo,
  pluginInfo,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, filesUnder } from '../../testing/fixtures.js';
import { dataOf, expectRefused, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import {
  install,
  manifest,
  notifyPlugin,
  packageOf,
  signed,
  signingKey,
  startReceiver,
  strangerKey,
} from './plugin.fixtures.js';

const P = pluginInfo.prefix;

/** A zip of `count` empty files, stored (no compression), written by hand: local headers, central directory, end record. */
function zipOfEmptyEntries(count: number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < count; i += 1) {
    const name = Buffer.from(`f${String(i).padStart(5, '0')}`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name);
    centrals.push(central, name);
    offset += 30 + name.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count & 0xffff, 8);
  end.writeUInt16LE(count & 0xffff, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe.each(testTargets())('plugin install and runtime on $name', (target) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startApp(target, {
      PLUGIN_TRUSTED_KEYS: signingKey.publicKey,
      PLUGIN_CALL_TIMEOUT_MS: '1500',
      PLUGIN_RESTART_MS: '100',
    });
    admin = (await t.login()).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  const rows = async () =>
    dataOf(await t.post<PageResult<PluginInfo>>(`${P}/page`, { page: 1, size: 100 }, admin)).list;
  const row = async (keyName: string) => (await rows()).find((r) => r.keyName === keyName);
  const pluginFiles = () =>
    filesUnder(path.join(t.dataDir, 'plugins')).concat(filesUnder(path.join(t.dataDir, 'plugins-scratch')));

  /** A refused install that left no row and no file behind. */
  async function expectRefusedInstall(
    zip: Buffer,
    token: string | undefined,
    status: number,
    message: RegExp,
    fields = {},
  ) {
    const before = await rows();
    const files = pluginFiles();
    const reply = await install(t, token, zip, fields);
    expectRefused(reply, status);
    expect(reply.body.message).toMatch(message);
    expect(await rows()).toEqual(before);
    expect(pluginFiles()).toEqual(files);
  }

  it('installs a package signed by a trusted key without a session, disabled', async () => {
    const zip = await signed(await notifyPlugin('signed-one', 'return null;'));
    const result = dataOf(await install(t, undefined, zip));
    expect(result.signature).toEqual({ status: 'trusted', keyId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const stored = await row('signed-one');
    expect(stored).toMatchObject({ status: 0, hook: 'notify', version: '1.0.0', author: 'Tests' });
    // The package itself never goes out.
    expect(JSON.stringify(stored)).not.toContain('packageData');
  });

  it('refuses an unsigned package without a session, and one signed by an untrusted key', async () => {
    await expectRefusedInstall(await notifyPlugin('unsigned-one', 'return null;'), undefined, 400, /trusted key/);
    await expectRefusedInstall(
      await signed(await notifyPlugin('stranger-one', 'return null;'), strangerKey),
      undefined,
      400,
      /trusted key/,
    );
  });

  it('accepts an unsigned package with plugin:info:install once the operator confirms', async () => {
    const zip = await notifyPlugin('unsigned-two', 'return null;');
    await expectRefusedInstall(zip, admin, 400, /confirm/);
    const result = dataOf(await install(t, admin, zip, { confirmUnsigned: 'true' }));
    expect(result.signature).toEqual({ status: 'unsigned' });
    // A token that does not verify is a 401, never a fall-back to the open path.
    await expectRefusedInstall(await notifyPlugin('bad-token', 'return null;'), 'garbage', 401, /./);
  });

  it('refuses a package changed by one byte after signing', async () => {
    const zip = await signed(await notifyPlugin('tampered', 'return null;'));
    // The signature lists every file's hash: change a file and re-zip it, as an attacker would.
    const { unzipPackage } = await import('./package.js');
    const { zipFiles } = await import('./package-writer.js');
    const files = await unzipPackage(zip);
    const entry = Buffer.from(files.get('index.mjs') as Buffer);
    entry[entry.length - 3] = entry[entry.length - 3] === 0x20 ? 0x21 : 0x20;
    files.set('index.mjs', entry);
    await expectRefusedInstall(await zipFiles(files), undefined, 400, /signature does not match/);
    // And a changed byte of the zip itself.
    const raw = Buffer.from(zip);
    const at = raw.indexOf(Buffer.from('plugin.json')) + 40;
    raw[at] = (raw[at] ?? 0) ^ 0xff;
    await expectRefusedInstall(raw, undefined, 400, /signature|not a valid zip/);
  });

  it('refuses ../ paths, oversized packages, a missing entry and a schema that does not compile, storing nothing', async () => {
    const { default: JSZip } = await import('jszip');
    const slip = new JSZip();
    slip.file('plugin.json', manifest({ keyName: 'escape' }));
    slip.file('index.mjs', 'export default {};');
    slip.file('../../evil.mjs', 'export default {};', { createFolders: false });
    const escaping = await slip.generateAsync({ type: 'nodebuffer' });
    await expectRefusedInstall(escaping, admin, 400, /unsafe path "\.\.\/\.\.\/evil\.mjs"/, {
      confirmUnsigned: 'true',
    });

    const big = await packageOf({
      'plugin.json': manifest({ keyName: 'big' }),
      'index.mjs': 'export default {};',
      // Random bytes do not compress: the zip is over the limit.
      'blob.bin': randomBytes(PLUGIN_MAX_PACKAGE_BYTES + 1024),
    });
    await expectRefusedInstall(big, admin, 413, /cannot exceed 5MB/, { confirmUnsigned: 'true' });

    const noEntry = await packageOf({ 'plugin.json': manifest({ keyName: 'no-entry' }) });
    await expectRefusedInstall(noEntry, admin, 400, /lacks "index\.mjs"/, { confirmUnsigned: 'true' });

    const badSchema = await packageOf({
      'plugin.json': manifest({
        keyName: 'bad-schema',
        configSchema: { type: 'object', properties: { a: { type: 'strnig' } } },
      }),
      'index.mjs': 'export default {};',
    });
    await expectRefusedInstall(badSchema, admin, 400, /JSON Schema does not compile/, { confirmUnsigned: 'true' });

    const badHook = await packageOf({
      'plugin.json': manifest({ keyName: 'bad-hook', hook: 'shell' }),
      'index.mjs': '',
    });
    await expectRefusedInstall(badHook, admin, 400, /plugin\.json is not valid: hook/, { confirmUnsigned: 'true' });
    await expectRefusedInstall(Buffer.from('not a zip at all'), admin, 400, /not a valid zip/, {
      confirmUnsigned: 'true',
    });
  });

  it('refuses a zip bomb from its central directory before inflating anything', async () => {
    // 55,000 empty entries, stored: a 4.6 MB package whose entries alone cost seconds and
    // hundreds of MB to parse the slow way.
    const bomb = zipOfEmptyEntries(55_000);
    expect(bomb.length).toBeLessThan(PLUGIN_MAX_PACKAGE_BYTES);
    const before = await rows();
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const reply = await install(t, undefined, bomb);
    const took = performance.now() - started;
    expectRefused(reply, 400);
    expect(reply.body.message).toMatch(/lists 55000 entries, at most 250 are allowed/);
    expect(took).toBeLessThan(1500);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    expect(await rows()).toEqual(before);

    // An entry that says it inflates to 1 GB: refused from the size the directory declares.
    const inflating = await packageOf({
      'plugin.json': manifest({ keyName: 'inflates' }),
      'index.mjs': 'export default {};',
      'zeros.bin': Buffer.alloc(1024),
    });
    const last = inflating.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    inflating.writeUInt32LE(1024 * 1024 * 1024, last + 24);
    await expectRefusedInstall(inflating, admin, 400, /unpacked plugin cannot exceed 20MB/, {
      confirmUnsigned: 'true',
    });
  }, 90_000);

  it('asks the operator to approve the hosts a plugin reaches, and installs it once approved', async () => {
    const zip = await signed(
      await packageOf({
        'plugin.json': manifest({
          keyName: 'wants-network',
          network: { hosts: ['hooks.slack.com'], configUrls: ['url'], privateAddresses: false },
        }),
        'index.mjs': 'export default { async notify() {} };',
      }),
    );
    await expectRefusedInstall(zip, admin, 400, /reaches these network addresses: hooks\.slack\.com, <config url>/);
    const { id } = dataOf(await install(t, admin, zip, { approveNetwork: 'true' }));
    const info = dataOf(await t.get<PluginInfo>(`${P}/info`, { id }, admin));
    expect(info.content.approvedNetwork).toEqual({
      hosts: ['hooks.slack.com'],
      configUrls: ['url'],
      privateAddresses: false,
    });
    dataOf(await t.post(`${P}/delete`, { ids: [id] }, admin));
  });

  it('enables one plugin per hook, and disables it', async () => {
    await install(t, undefined, await signed(await notifyPlugin('hook-a', 'return null;')));
    await install(t, undefined, await signed(await notifyPlugin('hook-b', 'return null;')));
    const a = (await row('hook-a'))?.id as number;
    const b = (await row('hook-b'))?.id as number;
    dataOf(await t.post(`${P}/update`, { id: a, status: 1 }, admin));
    const refused = await t.post(`${P}/update`, { id: b, status: 1 }, admin, { language: 'en' });
    expectRefused(refused, 400);
    expect(refused.body.message).toMatch(/one plugin per hook.*"hook-a"/);
    expect((await row('hook-b'))?.status).toBe(0);
    // Another hook is free.
    const upload = await signed(
      await packageOf({
        'plugin.json': manifest({ keyName: 'store-x', hook: 'upload', configSchema: { type: 'object' } }),
        'index.mjs': 'export default { put() { throw new Error("down"); } };',
      }),
    );
    const storeId = dataOf(await install(t, undefined, upload)).id;
    dataOf(await t.post(`${P}/update`, { id: storeId, status: 1 }, admin));
    await eventually(async () => t.ctx.plugins.storage()?.keyName === 'store-x');
    dataOf(await t.post(`${P}/update`, { id: a, status: 0 }, admin));
    dataOf(await t.post(`${P}/update`, { id: b, status: 1 }, admin));
    dataOf(await t.post(`${P}/update`, { id: b, status: 0 }, admin));
    dataOf(await t.post(`${P}/update`, { id: storeId, status: 0 }, admin));
    expect(t.ctx.plugins.storage()).toBeUndefined();
  });

  // Fails on PostgreSQL and MariaDB without the hook's rows held (SQLite runs writes one at a time).
  it('enables only one of two plugins of a hook enabled at the same moment', async () => {
    await install(t, undefined, await signed(await notifyPlugin('race-a', 'return null;')));
    await install(t, undefined, await signed(await notifyPlugin('race-b', 'return null;')));
    const ids = [(await row('race-a'))?.id as number, (await row('race-b'))?.id as number];
    // Every plugin of the hook off first (an earlier test may have left one on).
    for (const plugin of await rows()) {
      if (plugin.hook === 'notify' && plugin.status === 1) {
        dataOf(await t.post(`${P}/update`, { id: plugin.id, status: 0 }, admin));
      }
    }
    const replies = await Promise.all(ids.map((id) => t.post(`${P}/update`, { id, status: 1 }, admin)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    const enabled = (await rows()).filter((p) => p.hook === 'notify' && p.status === 1);
    expect(enabled).toHaveLength(1);
    dataOf(await t.post(`${P}/update`, { id: enabled[0]?.id, status: 0 }, admin));
  });

  it('keeps secret config values out of every answer and keeps them when the mask comes back', async () => {
    const id = (await row('hook-a'))?.id as number;
    dataOf(await t.post(`${P}/update`, { id, config: { url: 'http://x.test', token: 's3cret' } }, admin));
    const info = dataOf(await t.get<PluginInfo>(`${P}/info`, { id }, admin));
    expect(info.config).toEqual({ url: 'http://x.test', token: PLUGIN_SECRET_MASK });
    expect(JSON.stringify(await rows())).not.toContain('s3cret');
    dataOf(await t.post(`${P}/update`, { id, config: { url: 'http://y.test', token: PLUGIN_SECRET_MASK } }, admin));
    const stored = await t.ctx.db.db
      .selectFrom('plugin_info')
      .select('config')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.config ?? '{}')).toEqual({ url: 'http://y.test', token: 's3cret' });

    // A secret under a name of the plugin's choosing stays out of the request log as well.
    dataOf(
      await t.post(
        `${P}/update`,
        { id, config: { url: 'http://y.test', token: PLUGIN_SECRET_MASK, apiKey: 'k-77aa-secret' } },
        admin,
      ),
    );
    await eventually(async () => {
      const logs = await t.post<PageResult<{ action: string; params: string | null }>>(
        '/admin/base/sys/log/page',
        { page: 1, size: 50 },
        admin,
      );
      return (dataOf(logs).list.filter((l) => l.action.endsWith('/plugin/info/update')).length ?? 0) >= 3;
    });
    const logs = dataOf(await t.post<PageResult<unknown>>('/admin/base/sys/log/page', { page: 1, size: 100 }, admin));
    expect(JSON.stringify(logs)).not.toContain('k-77aa-secret');
    expect(JSON.stringify(logs)).not.toContain('s3cret');
    const bad = await t.post(`${P}/update`, { id, config: { url: 42 } }, admin, { language: 'en' });
    expectRefused(bad, 400);
    expect(bad.body.message).toMatch(/config is not valid/);
  });

  it('masks nested secrets in every answer and the log, keeps them when the mask comes back, and names the field it refuses', async () => {
    const configSchema = {
      type: 'object',
      $defs: { key: { type: 'string', writeOnly: true, maxLength: 100 } },
      properties: {
        endpoint: {
          type: 'object',
          title: 'Endpoint',
          required: ['url', 'auth'],
          properties: {
            url: { type: 'string', format: 'uri' },
            port: { type: 'integer', minimum: 1, maximum: 65535 },
            auth: {
              type: 'object',
              required: ['user'],
              properties: { user: { type: 'string' }, password: { type: 'string', format: 'password' } },
            },
          },
        },
        signing: { type: 'object', properties: { key: { $ref: '#/$defs/key' } } },
        robots: {
          type: 'array',
          items: { type: 'object', properties: { secret: { type: 'string', writeOnly: true } } },
        },
        tokens: { type: 'array', items: { type: 'string', writeOnly: true } },
      },
    };
    const zip = await signed(
      await packageOf({
        'plugin.json': manifest({ keyName: 'nested-secrets', configSchema }),
        'index.mjs': 'export default { async notify() {} };',
      }),
    );
    const { id } = dataOf(await install(t, undefined, zip));
    const config = {
      endpoint: { url: 'https://a.test', port: 8443, auth: { user: 'ops', password: 'pw-nested-1' } },
      signing: { key: 'key-nested-2' },
      robots: [{ secret: 'robot-nested-3' }, { secret: '' }],
    };
    dataOf(await t.post(`${P}/update`, { id, config }, admin));
    const masked = {
      endpoint: { url: 'https://a.test', port: 8443, auth: { user: 'ops', password: PLUGIN_SECRET_MASK } },
      signing: { key: PLUGIN_SECRET_MASK },
      robots: [{ secret: PLUGIN_SECRET_MASK }, { secret: '' }],
    };
    expect(dataOf(await t.get<PluginInfo>(`${P}/info`, { id }, admin)).config).toEqual(masked);
    const page = dataOf(await t.post<PageResult<PluginInfo>>(`${P}/page`, { page: 1, size: 100 }, admin));
    const list = dataOf(await t.post<PluginInfo[]>(`${P}/list`, {}, admin));
    for (const answer of [page, list]) {
      expect(JSON.stringify(answer)).not.toMatch(/nested-\d/);
    }
    expect(list.find((p) => p.id === id)?.config).toEqual(masked);

    // The form sends the masks back unchanged with a new URL: every secret stays as stored.
    const storedConfig = async () =>
      JSON.parse(
        (await t.ctx.db.db.selectFrom('plugin_info').select('config').where('id', '=', id).executeTakeFirstOrThrow())
          .config ?? '{}',
      );
    dataOf(
      await t.post(
        `${P}/update`,
        { id, config: { ...masked, endpoint: { ...masked.endpoint, url: 'https://b.test' } } },
        admin,
      ),
    );
    expect(await storedConfig()).toEqual({ ...config, endpoint: { ...config.endpoint, url: 'https://b.test' } });
    // A new value replaces one; a mask where nothing is stored leaves the property out.
    dataOf(
      await t.post(
        `${P}/update`,
        {
          id,
          config: {
            endpoint: { url: 'https://b.test', auth: { user: 'ops', password: 'pw-nested-4' } },
            signing: { key: PLUGIN_SECRET_MASK },
            robots: [],
          },
        },
        admin,
      ),
    );
    expect(await storedConfig()).toEqual({
      endpoint: { url: 'https://b.test', auth: { user: 'ops', password: 'pw-nested-4' } },
      signing: { key: 'key-nested-2' },
      robots: [],
    });
    await eventually(async () => {
      const logs = dataOf(
        await t.post<PageResult<{ action: string }>>('/admin/base/sys/log/page', { page: 1, size: 100 }, admin),
      );
      return logs.list.filter((l) => l.action.endsWith('/plugin/info/update')).length >= 3;
    });
    const logs = dataOf(await t.post<PageResult<unknown>>('/admin/base/sys/log/page', { page: 1, size: 200 }, admin));
    expect(JSON.stringify(logs)).not.toMatch(/nested-\d/);

    // Refusals name the field: a missing nested property, a number out of range, a mask for a list
    // item with nothing stored (it cannot be left out without moving the next); the stored config
    // is unchanged.
    const before = await storedConfig();
    const refusals: Array<[Record<string, unknown>, string[]]> = [
      [{ endpoint: { url: 'https://b.test', auth: {} } }, ['endpoint', 'auth', 'user']],
      [{ endpoint: { url: 'https://b.test', port: 70000, auth: { user: 'ops' } } }, ['endpoint', 'port']],
      [{ endpoint: { url: 'https://b.test', auth: { user: 'ops' } }, tokens: [PLUGIN_SECRET_MASK] }, ['tokens', '0']],
    ];
    for (const [bad, field] of refusals) {
      const reply = await t.post<{ field: string[] }>(`${P}/update`, { id, config: bad }, admin, { language: 'en' });
      expectRefused(reply, 400);
      expect(reply.body.message).toMatch(/config is not valid/);
      expect(reply.body.data).toEqual({ field });
    }
    expect(await storedConfig()).toEqual(before);
  });

  it('clears the last error shown', async () => {
    const id = (await row('nested-secrets'))?.id as number;
    await t.ctx.db.db
      .updateTable('plugin_info')
      .set({ lastError: 'webhook answered HTTP 500', lastErrorTime: '2026-01-01 00:00:00' })
      .where('id', '=', id)
      .execute();
    expect((await row('nested-secrets'))?.lastError).toBe('webhook answered HTTP 500');
    dataOf(await t.post(`${P}/clearError`, { id }, admin));
    expect(await row('nested-secrets')).toMatchObject({ lastError: null, lastErrorTime: null });
  });

  it('updates to a newer version keeping the config, and refuses an older one', async () => {
    const older = await install(t, undefined, await signed(await notifyPlugin('hook-a', 'return null;', '0.9.0')));
    expectRefused(older, 400);
    const newer = dataOf(await install(t, undefined, await signed(await notifyPlugin('hook-a', 'return 1;', '1.1.0'))));
    expect(newer).toMatchObject({ updated: true });
    const info = dataOf(await t.get<PluginInfo>(`${P}/info`, { id: newer.id }, admin));
    expect(info).toMatchObject({ version: '1.1.0', config: { url: 'http://y.test', token: PLUGIN_SECRET_MASK } });
  });

  it('shows a plugin that hangs as its last error and restarts it, still enabled', async () => {
    const { id } = dataOf(
      await install(t, undefined, await signed(await notifyPlugin('hangs', 'await new Promise(() => {});'))),
    );
    dataOf(await t.post(`${P}/update`, { id, status: 1 }, admin));
    t.ctx.plugins.notify({ type: 'account.locked', at: '2026-01-01 00:00:00', username: 'x', ip: null, until: null });
    await eventually(async () =>
      /timeout: notify did not answer within 1500 ms/.test((await row('hangs'))?.lastError ?? ''),
    );
    // Restarted after a pause, still enabled: one hang is a failure, not yet a reason to disable it.
    expect((await row('hangs'))?.status).toBe(1);
    dataOf(await t.get(`${P}/info`, { id }, admin));
    dataOf(await t.post(`${P}/update`, { id, status: 0 }, admin));
  });

  it('delivers a failed task run to a webhook through the notify-webhook plugin', async () => {
    const { examplePackage } = await import('./plugin.fixtures.js');
    const receiver = await startReceiver();
    try {
      const { id } = dataOf(
        await install(t, admin, await examplePackage('notify-webhook'), { approveNetwork: 'true' }),
      );
      dataOf(await t.post(`${P}/update`, { id, config: { url: receiver.url, format: 'generic' }, status: 1 }, admin));
      const task = dataOf(
        await t.post<{ id: number }>(
          '/admin/task/info/add',
          {
            name: 'Nightly sync',
            service: 'task:demo',
            data: '{"fail":true,"message":"upstream down"}',
            status: 0,
            taskType: 1,
            every: 3_600_000,
          },
          admin,
        ),
      );
      dataOf(await t.post('/admin/task/info/once', { id: task.id }, admin));
      await eventually(async () => receiver.received.length > 0);
      expect(receiver.received[0]).toMatchObject({
        event: { type: 'task.failed', taskId: task.id, taskName: 'Nightly sync', error: 'upstream down' },
        text: expect.stringContaining('Task "Nightly sync"'),
      });
      // A webhook that refuses is shown as the plugin's last error.
      receiver.status.code = 500;
      dataOf(await t.post('/admin/task/info/once', { id: task.id }, admin));
      await eventually(async () => /answered HTTP 500/.test((await row('notify-webhook'))?.lastError ?? ''));
      dataOf(await t.post(`${P}/update`, { id, status: 0 }, admin));
    } finally {
      receiver.server.close();
    }
  });

  it('uninstalls a plugin with its files', async () => {
    const id = (await row('hook-a'))?.id as number;
    dataOf(await t.post(`${P}/delete`, { ids: [id] }, admin));
    expect(await row('hook-a')).toBeUndefined();
    expect(pluginFiles().some((f) => f.startsWith('hook-a'))).toBe(false);
  });
});

describe.each(testTargets().filter((x) => x.name === 'sqlite'))('plugin install throttle on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(target, { PLUGIN_TRUSTED_KEYS: signingKey.publicKey, PLUGIN_INSTALLS_PER_IP: '3' });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('throttles the open install call per address, not an operator signed in', async () => {
    const zip = Buffer.from('not a zip at all');
    for (let i = 0; i < 3; i += 1) expectRefused(await install(t, undefined, zip), 400);
    const throttled = await install(t, undefined, await signed(await notifyPlugin('late', 'return null;')));
    expectRefused(throttled, 429);
    expect(throttled.body.message).toMatch(/Too many plugin installs from this address: try again in \d+ minutes/);
    const admin = (await t.login()).token;
    dataOf(await install(t, admin, await signed(await notifyPlugin('late', 'return null;'))));
  });
});
