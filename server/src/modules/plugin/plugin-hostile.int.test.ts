import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type PageResult, type PluginInfo, pluginInfo } from '@backroom/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../testing/fixtures.js';
import { dataOf, expectRefused, startApp, startBeside, type TestApp, testTargets } from '../../testing/harness.js';
import { install, manifest, packageOf, signed, signingKey, startReceiver } from './plugin.fixtures.js';

const P = pluginInfo.prefix;
// The sandbox is the same on every database: SQLite is enough.
const target = testTargets().filter((x) => x.name === 'sqlite');

/** A notify plugin whose notify runs `body`; `changes` go into its plugin.json. */
async function hostilePlugin(keyName: string, body: string, changes: Record<string, unknown> = {}): Promise<Buffer> {
  return signed(
    await packageOf({
      'plugin.json': manifest({ keyName, name: keyName, ...changes }),
      'index.mjs': `export default { async notify(event, context) { ${body} } };\n`,
    }),
  );
}

/** A body that runs each attempt and throws what happened to each, so the row's last error tells. */
const attempts = (list: Record<string, string>) =>
  `const out = {};
  ${Object.entries(list)
    .map(
      ([name, code]) =>
        `try { out[${JSON.stringify(name)}] = 'DONE ' + String(await (async () => { ${code} })()).slice(0, 36); } catch (e) { out[${JSON.stringify(name)}] = 'REFUSED ' + String(e && e.message).slice(0, 36); }`,
    )
    .join('\n')}
  throw new Error(JSON.stringify(out));`;

describe.each(target)('a hostile plugin is refused or contained on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let appPort: number;

  beforeAll(async () => {
    t = await startApp(target, {
      PLUGIN_TRUSTED_KEYS: signingKey.publicKey,
      PLUGIN_CALL_TIMEOUT_MS: '4000',
      PLUGIN_CPU_MS: '800',
      PLUGIN_RESTART_MS: '50',
      PLUGIN_MAX_FAILURES: '3',
    });
    admin = (await t.login()).token;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    appPort = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.stop();
  });
  /** Each test leaves the notify hook free for the next, passed or not. */
  let enabled: number | undefined;
  afterEach(async () => {
    if (enabled !== undefined) await t.post(`${P}/update`, { id: enabled, status: 0 }, admin);
    enabled = undefined;
  });

  const row = async (keyName: string) =>
    dataOf(await t.post<PageResult<PluginInfo>>(`${P}/page`, { page: 1, size: 100 }, admin)).list.find(
      (r) => r.keyName === keyName,
    );
  const notify = () =>
    t.ctx.plugins.notify({ type: 'account.locked', at: '2026-01-01 00:00:00', username: 'x', ip: null, until: null });
  /** A normal API call, answered, and how long it took. */
  async function answers(): Promise<number> {
    const started = performance.now();
    dataOf(await t.get('/admin/base/comm/person', {}, admin));
    return performance.now() - started;
  }
  async function enable(zip: Buffer, fields: Record<string, string> = {}): Promise<number> {
    const { id } = dataOf(await install(t, fields.approveNetwork ? admin : undefined, zip, fields));
    // Answered once the sandbox has loaded on this instance (the runtime's sync waits for it).
    dataOf(await t.post(`${P}/update`, { id, status: 1 }, admin));
    enabled = id;
    return id;
  }
  /** Notifies again and again (a restarting plugin drops events) until the last error matches. */
  async function untilError(keyName: string, pattern: RegExp): Promise<string> {
    let text = '';
    await eventually(
      async () => {
        text = (await row(keyName))?.lastError ?? '';
        if (pattern.test(text)) return true;
        notify();
        return false;
      },
      30_000,
      400,
    );
    return text;
  }
  async function lastErrorOf(keyName: string): Promise<string> {
    let text = '';
    await eventually(async () => {
      text = (await row(keyName))?.lastError ?? '';
      return text.length > 0;
    }, 15_000);
    return text;
  }
  async function disable(id: number) {
    dataOf(await t.post(`${P}/update`, { id, status: 0 }, admin));
  }

  it('cannot kill or signal the server, spawn a process or read a file: there is no Node API to do it with', async () => {
    const secretFile = path.join(t.dataDir, 'jwt-secret');
    const id = await enable(
      await hostilePlugin(
        'kills-parent',
        attempts({
          kill: `process.kill(process.ppid, 'SIGKILL'); return 'sent';`,
          exit: `process.exit(1);`,
          require: `return require('node:child_process').execSync('id').toString();`,
          spawn: `const cp = await import('node:child_process'); return cp.execSync('id');`,
          osExec: `const os = await import('os'); return os.exec(['id']);`,
          passwd: `const std = await import('std'); return std.loadFile('/etc/passwd');`,
          importPasswd: `return await import('/etc/passwd');`,
          dataDir: `return await import(${JSON.stringify(secretFile)});`,
          fetch: `return await fetch('http://127.0.0.1:${appPort}/');`,
          escape: `return (function () { return this; }).constructor('return typeof process + typeof require + typeof globalThis.fetch')();`,
        }),
      ),
    );
    notify();
    const outcome = JSON.parse((await lastErrorOf('kills-parent')).replace(/^notify account\.locked failed: /, ''));
    for (const [name, result] of Object.entries(outcome)) {
      if (name === 'escape') expect(result).toBe('DONE undefinedundefinedundefined');
      else expect(result, name).toMatch(/^REFUSED /);
    }
    expect(fs.readFileSync(secretFile, 'utf8').length).toBeGreaterThan(0);
    expect(await answers()).toBeLessThan(2000);
    await disable(id);
  });

  it('cannot reach the app port, PostgreSQL, Redis or a host it was not approved for', async () => {
    const receiver = await startReceiver();
    try {
      const zip = await hostilePlugin(
        'reaches-inside',
        attempts({
          app: `return (await context.http({ url: 'http://127.0.0.1:${appPort}/api/admin/base/open/captcha' })).status;`,
          postgres: `return (await context.http({ url: 'http://127.0.0.1:5432/' })).status;`,
          redis: `return (await context.http({ method: 'POST', url: 'http://localhost:6379/', body: 'FLUSHALL' })).status;`,
          mapped: `return (await context.http({ url: 'http://[::ffff:127.0.0.1]:${appPort}/' })).status;`,
          receiver: `return (await context.http({ url: ${JSON.stringify(receiver.url)} })).status;`,
          other: `return (await context.http({ url: 'http://example.invalid/' })).status;`,
          file: `return (await context.http({ url: 'file:///etc/passwd' })).status;`,
        }),
        // Names loopback hosts, but does not ask for private addresses: the name alone is not enough.
        {
          network: { hosts: ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]'], configUrls: [], privateAddresses: false },
        },
      );
      // Without the operator's approval it installs only from the screen with approveNetwork…
      expectRefused(await install(t, admin, zip), 400);
      const id = await enable(zip, { approveNetwork: 'true' });
      notify();
      const outcome = JSON.parse((await lastErrorOf('reaches-inside')).replace(/^notify account\.locked failed: /, ''));
      expect(outcome).toMatchObject({
        app: expect.stringMatching(/^REFUSED .*private or loop/),
        postgres: expect.stringMatching(/^REFUSED .*private or loop/),
        redis: expect.stringMatching(/^REFUSED .*private or loop/),
        mapped: expect.stringMatching(/^REFUSED /),
        // Named, approved, but loopback: private addresses were not asked for.
        receiver: expect.stringMatching(/^REFUSED .*private or loop/),
        other: expect.stringMatching(/^REFUSED .*not among/),
        file: expect.stringMatching(/^REFUSED /),
      });
      expect(receiver.received).toEqual([]);
      expect(await answers()).toBeLessThan(2000);
      await disable(id);
    } finally {
      receiver.close();
    }
  });

  it('an open install leaves its network unapproved: it cannot be enabled until an operator approves it', async () => {
    const zip = await hostilePlugin('open-network', 'return null;', {
      network: { hosts: ['hooks.slack.com'], configUrls: [], privateAddresses: false },
    });
    const { id } = dataOf(await install(t, undefined, zip));
    const refused = await t.post(`${P}/update`, { id, status: 1 }, admin, { language: 'en' });
    expectRefused(refused, 400);
    expect(refused.body.message).toMatch(/not approved/);
  });

  it('allocating 1 GB ends in the sandbox, and the server keeps its memory and keeps answering', async () => {
    const before = process.memoryUsage().rss;
    // The sandbox's memory has a fixed maximum: the allocation fails inside it (out of memory),
    // or, when the allocator spins on the refused growth, the call's time limit ends the sandbox.
    for (const [keyName, body] of [
      ['allocates-buffer', 'return new ArrayBuffer(1024 * 1024 * 1024).byteLength;'],
      [
        'allocates-strings',
        `const a = []; for (let i = 0; i < 1024; i += 1) a.push('x'.repeat(1024 * 1024) + i); return a.length;`,
      ],
    ] as const) {
      const id = await enable(await hostilePlugin(keyName, body));
      notify();
      const times = [];
      for (let i = 0; i < 3; i += 1) times.push(await answers());
      expect(Math.max(...times)).toBeLessThan(1000);
      expect(await lastErrorOf(keyName)).toMatch(/out of memory|did not answer within 4000 ms/);
      expect(process.memoryUsage().rss - before).toBeLessThan(400 * 1024 * 1024);
      await disable(id);
    }
    expect(await answers()).toBeLessThan(2000);
  });

  it('a call that loops forever ends, shows as the last error, and the server answers meanwhile', async () => {
    const id = await enable(await hostilePlugin('loops', 'for (;;) {}'));
    notify();
    // While the plugin spins, the server's own calls are answered at once.
    const times = [];
    for (let i = 0; i < 5; i += 1) times.push(await answers());
    expect(Math.max(...times)).toBeLessThan(1000);
    expect(await untilError('loops', /timeout: used more than 800 ms of CPU/)).toMatch(/^timeout: /);
    // Failures in a row: the third within the window disables it, its last error kept.
    await untilError('loops', /disabled after 3 failures/);
    expect((await row('loops'))?.status).toBe(0);
    expect((await row('loops'))?.lastError).toMatch(
      /disabled after 3 failures .*timeout: used more than 800 ms of CPU/,
    );
    expect(await answers()).toBeLessThan(2000);
    await disable(id);
  });

  it('a 100 MB answer is refused, and so is one past the answer cap', async () => {
    const id = await enable(
      await hostilePlugin(
        'answers-big',
        `return 'x'.repeat(event.username === 'big' ? 100 * 1024 * 1024 : 2 * 1024 * 1024);`,
      ),
    );
    t.ctx.plugins.notify({ type: 'account.locked', at: '2026-01-01 00:00:00', username: 'big', ip: null, until: null });
    // Inside its 64 MB the string cannot even be made: out of memory, or the allocator spins on the
    // refused growth until the call's time limit ends the sandbox.
    expect(await lastErrorOf('answers-big')).toMatch(/out of memory|oversize|did not answer within 4000 ms/);
    dataOf(await t.post(`${P}/clearError`, { id }, admin));
    expect(await untilError('answers-big', /oversize/)).toMatch(/oversize: .*more than 1048576/);
    expect(await answers()).toBeLessThan(2000);
    await disable(id);
  });

  it('cannot reach host objects through a capability: every value crosses as a copy', async () => {
    const id = await enable(
      await hostilePlugin(
        'pollutes',
        attempts({
          protoOfConfig: `context.config.__proto__.polluted = 'yes'; return Object.keys(context.config).length;`,
          globalProto: `Object.prototype.polluted = 'yes'; return 1;`,
          throughLog: `await context.log(JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}')); return 'logged';`,
          throughHttp: `await context.http(JSON.parse('{"url": "http://127.0.0.1/", "__proto__": {"polluted": "yes"}, "headers": {"__proto__": {"polluted": "yes"}}}')); return 'sent';`,
          capabilityConstructor: `return context.http.constructor('return typeof process')();`,
          answerBack: `const r = await context.log('x'); return typeof r + String(r && r.constructor === Object);`,
        }),
      ),
    );
    notify();
    const outcome = JSON.parse((await lastErrorOf('pollutes')).replace(/^notify account\.locked failed: /, ''));
    expect(outcome.capabilityConstructor).toBe('DONE undefined');
    expect(outcome.throughHttp).toMatch(/^REFUSED /);
    const probe: Record<string, unknown> = {};
    expect(probe.polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(t.ctx.config).not.toHaveProperty('polluted');
    expect(await answers()).toBeLessThan(2000);
    await disable(id);
  });

  it('a server starts without waiting on an enabled plugin that never finishes loading', async () => {
    const id = await enable(
      await signed(
        await packageOf({
          'plugin.json': manifest({ keyName: 'never-loads', name: 'never-loads' }),
          // Top-level await that never settles: the sandbox never says it is ready.
          'index.mjs': 'await new Promise(() => {});\nexport default { async notify() {} };\n',
        }),
      ),
    );
    // A second instance starts on the same database with the plugin enabled, and a load limit of a minute.
    const started = performance.now();
    const beside = await startBeside(t, { PLUGIN_TRUSTED_KEYS: signingKey.publicKey, PLUGIN_CALL_TIMEOUT_MS: '60000' });
    try {
      expect(performance.now() - started).toBeLessThan(30_000);
      const token = (await beside.login()).token;
      dataOf(await beside.get('/admin/base/comm/person', {}, token));
    } finally {
      await beside.stop();
    }
    await disable(id);
  });
});
