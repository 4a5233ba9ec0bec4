import { type PageResult, type PluginInfo, pluginInfo } from '@backroom/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../testing/fixtures.js';
import { dataOf, startApp, type TestApp, testTargets } from '../../testing/harness.js';
import { install, manifest, packageOf, signed, signingKey } from './plugin.fixtures.js';

const P = pluginInfo.prefix;

/** A signed sms plugin whose send runs `body` (`message`, `context` in scope). */
const smsPlugin = async (keyName: string, body: string) =>
  signed(
    await packageOf({
      'plugin.json': manifest({ keyName, name: keyName, hook: 'sms' }),
      'index.mjs': `export default { async send(message, context) { ${body} } };\n`,
    }),
  );

/** Plugin code that keeps its thread busy for `ms`, as a loop of real work would. */
const busy = (ms: number) => `{ const until = Date.now() + ${ms}; while (Date.now() < until) {} }`;

/** What a test installed: uninstalled after it, passed or not, so the next finds the sms hook free. */
const installed: Array<{ t: TestApp; admin: string; id: number }> = [];
afterEach(async () => {
  for (const { t, admin, id } of installed.splice(0)) await t.post(`${P}/delete`, { ids: [id] }, admin);
});

/** Installs and enables a plugin; answered once its sandbox has loaded here. */
async function enable(t: TestApp, admin: string, zip: Buffer): Promise<number> {
  const { id } = dataOf(await install(t, undefined, zip));
  installed.push({ t, admin, id });
  dataOf(await t.post(`${P}/update`, { id, status: 1 }, admin));
  return id;
}

const rowOf = async (t: TestApp, admin: string, keyName: string) =>
  dataOf(await t.post<PageResult<PluginInfo>>(`${P}/page`, { page: 1, size: 100 }, admin)).list.find(
    (r) => r.keyName === keyName,
  );

const sendSms = (t: TestApp) => {
  const sms = t.ctx.plugins.sms();
  if (!sms) throw new Error('no sms plugin is enabled');
  return sms.send('13800000000', '123456');
};

describe.each(testTargets())('plugin code is held to its CPU outside and across its calls on $name', (target) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startApp(target, {
      PLUGIN_TRUSTED_KEYS: signingKey.publicKey,
      PLUGIN_CPU_MS: '800',
      PLUGIN_RESTART_MS: '50',
      PLUGIN_MAX_FAILURES: '2',
    });
    admin = (await t.login()).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('ends a loop a hook started and did not await once it passes its background CPU, and counts the failure', async () => {
    // Each turn busies the thread for 300 ms, then awaits a capability: every answer wakes it again.
    await enable(
      t,
      admin,
      await smsPlugin(
        'background-loop',
        `(async () => { for (;;) { ${busy(300)} await context.log('tick'); } })(); return null;`,
      ),
    );
    // The call itself answers: the loop runs on once it has.
    await sendSms(t);
    const ended = /timeout: used more than 100 ms of CPU a minute while no call was pending/;
    await eventually(async () => ended.test((await rowOf(t, admin, 'background-loop'))?.lastError ?? ''), 15_000);
    // Restarted after the failure; started again, it fails again, and two failures disable it.
    await eventually(
      () =>
        sendSms(t).then(
          () => true,
          () => false,
        ),
      15_000,
    );
    await eventually(async () => (await rowOf(t, admin, 'background-loop'))?.status === 0, 15_000);
    expect((await rowOf(t, admin, 'background-loop'))?.lastError).toMatch(
      /disabled after 2 failures .*while no call was pending/,
    );
    // Ended: the server's process no longer spends a core on it.
    const before = process.cpuUsage();
    const wall = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const used = process.cpuUsage(before);
    expect((used.user + used.system) / 1000 / (performance.now() - wall)).toBeLessThan(0.3);
  }, 60_000);

  it('holds a call to its CPU over all its wake-ups, not each one alone', async () => {
    // Ten turns of 300 ms: none passes the 800 ms a call may use, all of them do.
    await enable(
      t,
      admin,
      await smsPlugin(
        'many-wakeups',
        `for (let i = 0; i < 10; i += 1) { ${busy(300)} await context.log('turn ' + i); } return null;`,
      ),
    );
    await expect(sendSms(t)).rejects.toThrow(/sms send failed/);
    await eventually(
      async () =>
        /timeout: used more than 800 ms of CPU in one call/.test(
          (await rowOf(t, admin, 'many-wakeups'))?.lastError ?? '',
        ),
      15_000,
    );
  }, 60_000);
});

describe.each(testTargets())("a plugin's log is capped on $name", (target) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    // Time enough for 20,000 lines in one call: the cap is on the log, not on the CPU.
    t = await startApp(target, {
      PLUGIN_TRUSTED_KEYS: signingKey.publicKey,
      PLUGIN_CPU_MS: '60000',
      PLUGIN_CALL_TIMEOUT_MS: '60000',
    });
    admin = (await t.login()).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('writes at most 100 lines and 64 KB a minute of one call logging 20,000 lines of 1,000 characters, and one line counting the rest', async () => {
    const keyName = 'log-flood';
    const id = await enable(
      t,
      admin,
      await smsPlugin(
        keyName,
        // Half through console.log, half through context.log (awaited: each dropped line is answered at once).
        `const line = 'x'.repeat(1000);
        for (let i = 0; i < 10000; i += 1) console.log(line);
        for (let i = 0; i < 10000; i += 1) await context.log(line, 'warn');
        return null;`,
      ),
    );
    const lines: Array<{ level: string; text: string }> = [];
    const spies = (['info', 'warn', 'error'] as const).map((level) =>
      vi.spyOn(t.ctx.log, level).mockImplementation(((obj: unknown, text?: unknown) => {
        if ((obj as { plugin?: unknown } | null)?.plugin === keyName) lines.push({ level, text: String(text) });
      }) as never),
    );
    try {
      await sendSms(t);
      // Stopping the plugin writes the count of what its minute dropped.
      dataOf(await t.post(`${P}/update`, { id, status: 0 }, admin));
      const summary = /^plugin log-flood: ([\d,]+) log lines dropped/;
      await eventually(async () => lines.some((l) => summary.test(l.text)), 10_000);
      const written = lines.filter((l) => !summary.test(l.text));
      const summaries = lines.filter((l) => summary.test(l.text));
      expect(summaries).toHaveLength(1);
      expect(written.length).toBeGreaterThan(0);
      expect(written.length).toBeLessThanOrEqual(100);
      expect(written.reduce((n, l) => n + Buffer.byteLength(l.text), 0)).toBeLessThanOrEqual(64 * 1024);
      expect(written.every((l) => l.text === 'x'.repeat(1000))).toBe(true);
      expect(summaries[0]?.text.match(summary)?.[1]).toBe((20_000 - written.length).toLocaleString('en-US'));
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }, 120_000);
});
