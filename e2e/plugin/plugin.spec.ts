import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  apiOf,
  hasChromium,
  launch,
  login,
  openAs,
  type RunningServer,
  startServer,
} from '../support/app.js';
import { dialog, eventually, motionless, tableRow, view } from '../support/ui.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

type Plugin = { id: number; keyName: string; status: number; lastError: string | null };

/** Runs the repository's plugin command (npm run plugin -- …); every path given is absolute. */
function pluginCli(...args: string[]): string {
  return execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'server/src/modules/plugin/plugin-cli.ts'), ...args],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
}

describe.skipIf(!hasChromium)('the plugin screen in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  let work: string;
  let zip: string;

  beforeAll(async () => {
    // A key pair and the signed webhook plugin, made with the repository's own command.
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'br-e2e-plugin-'));
    pluginCli('keygen', '--out', path.join(work, 'e2e'));
    const publicKey = fs.readFileSync(path.join(work, 'e2e.pub'), 'utf8').trim();
    zip = path.join(work, 'notify-webhook.zip');
    pluginCli('pack', path.join(ROOT, 'plugins/notify-webhook'), '--out', zip);
    pluginCli('sign', zip, '--key', path.join(work, 'e2e.key'));
    [server, browser] = await Promise.all([startServer({ PLUGIN_TRUSTED_KEYS: publicKey }), launch()]);
    admin = apiOf(server.base, (await login(server.base)).token);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('installs the signed webhook plugin, configures and enables it, delivers a failed task, and disables it', async () => {
    const received: Array<{ event?: { type?: string; taskName?: string } }> = [];
    const hook = createServer((request, response) => {
      let body = '';
      request.on('data', (c: Buffer) => {
        body += c.toString('utf8');
      });
      request.on('end', () => {
        received.push(JSON.parse(body));
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    try {
      const { page } = await openAs(browser, server.base, { path: '/helper/plugins/serve' });
      await view(page).getByRole('button', { name: 'Install plugin' }).click();
      await dialog(page).locator('input[type=file]').setInputFiles(zip);
      await dialog(page).getByText('Signed by a trusted key').waitFor();
      await dialog(page).getByTestId('plugin-install-ok').click();
      const row = tableRow(page, 'Webhook notifications');
      await row.waitFor();

      await row.getByRole('button', { name: 'Configure' }).click();
      // A click on the dialog while it still zooms in may be lost.
      await dialog(page).getByLabel('Webhook URL').waitFor();
      await motionless(page);
      await dialog(page).getByLabel('Webhook URL').fill(hookUrl);
      await dialog(page).getByRole('button', { name: 'Save' }).click();
      await dialog(page).waitFor({ state: 'detached' });

      await row.getByRole('switch').click();
      await eventually(async () => (await row.getByRole('switch').getAttribute('aria-checked')) === 'true').toBe(true);

      // A task that fails, run once: its failure arrives at the webhook.
      const task = await admin.post<{ id: number }>('/admin/task/info/add', {
        name: 'E2E failing sync',
        service: 'task:demo',
        taskType: 1,
        every: 3_600_000,
        status: 0,
        data: '{"fail":true,"message":"supplier timeout"}',
      });
      await admin.post('/admin/task/info/once', { id: task.id });
      await eventually(() => received.length).toBeGreaterThan(0);
      expect(received[0]?.event).toMatchObject({ type: 'task.failed', taskName: 'E2E failing sync' });

      await page.reload();
      const again = tableRow(page, 'Webhook notifications');
      await again.waitFor();
      expect(await again.getByRole('switch').getAttribute('aria-checked')).toBe('true');
      expect(await again.innerText()).toContain('None');
      await again.getByRole('switch').click();
      await eventually(async () => {
        const list = await admin.post<{ list: Plugin[] }>('/admin/plugin/info/page', { page: 1, size: 10 });
        return list.list.find((p) => p.keyName === 'notify-webhook')?.status;
      }).toBe(0);
    } finally {
      hook.close();
    }
  });
});
