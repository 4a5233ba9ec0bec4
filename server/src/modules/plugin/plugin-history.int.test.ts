import { type AuditPage, pluginInfo } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApp, allEvents, changesOf, eventsOf, startAsAdmin } from '../../core/history.test-support.js';
import { eventually } from '../../testing/fixtures.js';
import { dataOf, type TestApp, testTargets } from '../../testing/harness.js';
import { install, manifest, packageOf, signed, signingKey } from './plugin.fixtures.js';

/*
 * A plugin's history (issue 39): install (and update to a newer version), config, enable, disable
 * and uninstall each make one event in the transaction of the change; its secrets never in clear.
 */

const AUDIT = '/admin/base/sys/audit';

describe.each(testTargets())('plugin history events on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;

  let post: AdminApp['post'];

  beforeAll(async () => {
    ({ t, admin, adminId, post } = await startAsAdmin(target, {
      PLUGIN_TRUSTED_KEYS: signingKey.publicKey,
      PLUGIN_RESTART_MS: '50',
      PLUGIN_MAX_FAILURES: '2',
    }));
  });
  afterAll(async () => {
    await t?.stop();
  });

  describe('plugins', () => {
    const P = pluginInfo.prefix;
    const plugin = (keyName: string, version: string) =>
      packageOf({
        'plugin.json': manifest({ keyName, name: `插件${keyName}`, version }),
        'index.mjs': 'export default { async notify() { return null; } };\n',
      });

    it('install, config, enable, disable, update and uninstall each make one event; the secret never in clear', async () => {
      const zip = await signed(await plugin('audit-notify', '1.0.0'));
      const installed = await install(t, admin, zip);
      expect(installed.status, installed.raw).toBe(200);
      const id = installed.body.data?.id as number;
      let events = await eventsOf(t, 'plugin/info', id);
      expect(events.map((e) => e.action)).toEqual(['install']);
      expect(events[0]).toMatchObject({ userId: adminId, recordName: '插件audit-notify' });
      expect(changesOf(events[0])).toEqual([
        { f: 'version', n: '1.0.0' },
        { f: 'packageData', w: 1 },
      ]);

      const secret = 'tok-very-secret-42';
      await post(`${P}/update`, { id, config: { url: 'https://hooks.example.com/a', token: secret } });
      await post(`${P}/update`, { id, status: 1 });
      // Enabling an enabled plugin changes nothing: no event.
      await post(`${P}/update`, { id, status: 1 });
      await post(`${P}/update`, { id, status: 0 });
      events = await eventsOf(t, 'plugin/info', id);
      expect(events.map((e) => e.action)).toEqual(['install', 'config', 'enable', 'disable']);
      expect(changesOf(events[1])).toEqual([{ f: 'config', w: 1 }]);
      expect(changesOf(events[2])).toEqual([{ f: 'status', o: 0, n: 1 }]);
      expect(changesOf(events[3])).toEqual([{ f: 'status', o: 1, n: 0 }]);
      const stored = JSON.stringify(events);
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain('hooks.example.com');

      // A newer version is an install of the same record, old → new version.
      const newer = await install(t, admin, await signed(await plugin('audit-notify', '1.1.0')));
      expect(newer.status, newer.raw).toBe(200);
      events = await eventsOf(t, 'plugin/info', id);
      expect(events.at(-1)?.action).toBe('install');
      expect(changesOf(events.at(-1))[0]).toEqual({ f: 'version', o: '1.0.0', n: '1.1.0' });

      await post(`${P}/delete`, { ids: [id] });
      events = await eventsOf(t, 'plugin/info', id);
      expect(events.map((e) => e.action)).toEqual(['install', 'config', 'enable', 'disable', 'install', 'uninstall']);
      expect(changesOf(events.at(-1))).toEqual([{ f: 'version', o: '1.1.0' }]);
      // The history reader answers the events without the secret, to whoever may read the audit.
      const page = dataOf(await t.get<AuditPage>(`${AUDIT}/record`, { entity: 'plugin/info', id }, admin));
      expect(page.list.map((e) => e.action)).toEqual([
        'uninstall',
        'install',
        'disable',
        'enable',
        'config',
        'install',
      ]);
      expect(JSON.stringify(page)).not.toContain(secret);
    });

    it('the server’s own disabling of a failing plugin makes one disable event, operator none', async () => {
      const zip = await signed(
        await packageOf({
          'plugin.json': manifest({ keyName: 'audit-failing', name: '插件audit-failing' }),
          'index.mjs': 'throw new Error("broken on load");\n',
        }),
      );
      const id = (await install(t, admin, zip)).body.data?.id as number;
      await t.post(`${P}/update`, { id, status: 1 }, admin);
      // Two failures to load within the window (PLUGIN_MAX_FAILURES) disable it on every instance.
      await eventually(async () => (await eventsOf(t, 'plugin/info', id)).some((e) => e.userId === null), 15_000);
      const events = await eventsOf(t, 'plugin/info', id);
      expect(events.map((e) => [e.action, e.userId])).toEqual([
        ['install', adminId],
        ['enable', adminId],
        ['disable', null],
      ]);
      expect(changesOf(events[2])).toEqual([{ f: 'status', o: 1, n: 0 }]);
      const row = await t.ctx.db.db
        .selectFrom('plugin_info')
        .select(['status', 'lastError'])
        .where('id', '=', id)
        .executeTakeFirst();
      expect(row?.status).toBe(0);
      expect(row?.lastError).toMatch(/disabled after 2 failures/);
      await post(`${P}/delete`, { ids: [id] });
    });

    it('a refused install, enable or config makes no event', async () => {
      const zip = await signed(await plugin('audit-refused', '1.0.0'));
      const id = (await install(t, admin, zip)).body.data?.id as number;
      const before = await allEvents(t);
      // The same version again, a config its schema refuses, an unknown id.
      expect((await install(t, admin, zip)).status).toBe(400);
      expect((await t.post(`${P}/update`, { id, config: { url: 42 } }, admin)).status).toBe(400);
      expect((await t.post(`${P}/update`, { id: 99_999_999, status: 1 }, admin)).status).toBe(404);
      expect((await t.post(`${P}/delete`, { ids: [id, 99_999_999] }, admin)).status).toBe(404);
      expect(await allEvents(t)).toBe(before);
      expect((await eventsOf(t, 'plugin/info', id)).map((e) => e.action)).toEqual(['install']);
    });
  });
});
