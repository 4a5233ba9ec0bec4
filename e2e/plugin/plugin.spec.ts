import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, FileChooser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPackage } from '../../server/src/modules/plugin/package-writer.js';
import { seriousViolations, type Violation } from '../support/a11y.js';
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
import { relayPlugin } from '../support/plugin-packages.js';
import {
  dialog,
  eventually,
  expectFocusTrapped,
  focusCovered,
  hasFocus,
  motionless,
  nextAnswer,
  tableRow,
  tabTo,
  view,
} from '../support/ui.js';

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

/** One violation on one line: the rule and where. */
const describeViolation = (v: Violation) => `${v.id}: ${v.targets.join(' | ')}`;

/** The open cover (dialog or drawer) as it stands still: no serious or critical axe violation. */
async function expectAccessible(page: Page) {
  await motionless(page);
  expect((await seriousViolations(page)).map(describeViolation)).toEqual([]);
}

describe.skipIf(!hasChromium)('the plugin screen in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  let work: string;
  let zip: string;
  let privateKey: string;

  beforeAll(async () => {
    // A key pair and the signed webhook plugin, made with the repository's own command.
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'br-e2e-plugin-'));
    pluginCli('keygen', '--out', path.join(work, 'e2e'));
    const publicKey = fs.readFileSync(path.join(work, 'e2e.pub'), 'utf8').trim();
    zip = path.join(work, 'notify-webhook.zip');
    pluginCli('pack', path.join(ROOT, 'plugins/notify-webhook'), '--out', zip);
    pluginCli('sign', zip, '--key', path.join(work, 'e2e.key'));
    privateKey = fs.readFileSync(path.join(work, 'e2e.key'), 'utf8');
    [server, browser] = await Promise.all([startServer({ PLUGIN_TRUSTED_KEYS: publicKey }), launch()]);
    admin = apiOf(server.base, (await login(server.base)).token);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('installs the signed webhook plugin, configures and enables it, delivers a failed task, shows and clears a failed delivery, and disables it', async () => {
    const received: Array<{ event?: { type?: string; taskName?: string } }> = [];
    let answer = 200;
    const hook = createServer((request, response) => {
      let body = '';
      request.on('data', (c: Buffer) => {
        body += c.toString('utf8');
      });
      request.on('end', () => {
        received.push(JSON.parse(body));
        response.writeHead(answer).end('ok');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    try {
      const { page } = await openAs(browser, server.base, { path: '/helper/plugins/serve' });
      await view(page).getByRole('button', { name: 'Install plugin' }).click();
      await dialog(page).locator('input[type=file]').setInputFiles(zip);
      await dialog(page).getByText('Signed by a trusted key').waitFor();
      // The hosts it reaches are shown, and Install waits for the operator's approval.
      const network = dialog(page).getByTestId('plugin-network');
      await network.getByText('hooks.slack.com').waitFor();
      await network.getByText('The host of the address you set in “Webhook URL”').waitFor();
      expect(await dialog(page).getByTestId('plugin-install-ok').isDisabled()).toBe(true);
      await network.getByRole('checkbox', { name: 'I approve these network addresses for this plugin' }).click();
      await eventually(() => dialog(page).getByTestId('plugin-install-ok').isEnabled()).toBe(true);
      await nextAnswer(page, '/plugin/info/install', () => dialog(page).getByTestId('plugin-install-ok').click());
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

      // The webhook refuses the next one: the row shows the plugin's last error with its time, and Clear.
      answer = 500;
      await admin.post('/admin/task/info/once', { id: task.id });
      const error = row.getByTestId('plugin-error-notify-webhook');
      await eventually(async () => {
        await view(page).getByRole('button', { name: 'Refresh' }).click();
        return (await error.count()) > 0 ? error.innerText() : '';
      }, 30_000).toMatch(/HTTP 500[\s\S]*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
      await motionless(page);
      expect((await seriousViolations(page)).map(describeViolation)).toEqual([]);
      await nextAnswer(page, '/plugin/info/clearError', () =>
        error.getByRole('button', { name: 'Clear the last error of “Webhook notifications”' }).click(),
      );
      await eventually(() => row.innerText()).toContain('None');
      answer = 200;

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

  it('installs an example plugin shipped with the app from the install dialog, labelled in the UI language', async () => {
    const { page } = await openAs(browser, server.base, { path: '/helper/plugins/serve', prefs: { locale: 'zh-cn' } });
    await view(page).getByRole('button', { name: '安装插件' }).click();
    const box = dialog(page);
    // The examples are packed at build and served beside the app; each is named in Chinese.
    await nextAnswer(page, '/plugin/info/inspect', () => box.getByRole('button', { name: 'WebDAV 存储' }).click());
    await box.getByTestId('plugin-inspected').getByText('WebDAV 存储').waitFor();
    await box.getByRole('checkbox', { name: /我清楚此插件包的来源/ }).click();
    await box.getByTestId('plugin-approve').click();
    await nextAnswer(page, '/plugin/info/install', () => box.getByTestId('plugin-install-ok').click());
    const row = tableRow(page, 'WebDAV 存储');
    await row.waitFor();
    expect(await row.innerText()).toContain('把上传的文件存到 WebDAV 服务器');
  });

  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    it(`works by keyboard alone, every dialog keeping the focus and giving it back, with no serious axe violation (${theme})`, async () => {
      const keyName = `relay-${theme}`;
      const dir = path.join(work, keyName);
      fs.mkdirSync(dir, { recursive: true });
      const signedZip = path.join(dir, 'signed.zip');
      const unsignedZip = path.join(dir, 'relay-1.0.0.zip');
      const newerZip = path.join(dir, 'relay-1.1.0.zip');
      fs.writeFileSync(signedZip, await signPackage(await relayPlugin(`signed-${theme}`, '1.0.0'), privateKey));
      fs.writeFileSync(unsignedZip, await relayPlugin(keyName, '1.0.0'));
      fs.writeFileSync(newerZip, await relayPlugin(keyName, '1.1.0'));
      const name = `Relay ${keyName}`;
      const { page } = await openAs(browser, server.base, { path: '/helper/plugins/serve', prefs: { dark } });
      const box = dialog(page);
      // Listened to from the start: Chromium's chooser is intercepted only while a listener is on,
      // and turning it on races the key press that opens it.
      const choosers: FileChooser[] = [];
      page.on('filechooser', (chooser) => choosers.push(chooser));
      await page.evaluate(() => document.readyState);
      /** Chooses a file with the keyboard: Tab to the drop area, Enter or Space opens the chooser. */
      const chooseFile = async (key: 'Enter' | ' ', file: string) => {
        await tabTo(page, box.getByTestId('plugin-file'));
        await page.keyboard.press(key);
        await eventually(() => choosers.length).toBe(1);
        const chooser = choosers.shift() as FileChooser;
        await nextAnswer(page, '/plugin/info/inspect', () => chooser.setFiles(file));
      };

      // Install: the dialog takes the focus and keeps it; a signed package shows its signer.
      const install = view(page).getByRole('button', { name: 'Install plugin' });
      await install.focus();
      await page.keyboard.press('Enter');
      await box.waitFor();
      await eventually(() => focusCovered(page)).toBe(true);
      await expectAccessible(page);
      await expectFocusTrapped(page);
      await chooseFile('Enter', signedZip);
      await box.getByTestId('plugin-signature').getByText('Signed by a trusted key').waitFor();
      await expectAccessible(page);
      // Another package, chosen with Space: unsigned, it asks for consent before Install is offered.
      await chooseFile(' ', unsignedZip);
      await box.getByText('No trusted signature').waitFor();
      const ok = box.getByTestId('plugin-install-ok');
      expect(await ok.isDisabled()).toBe(true);
      await expectAccessible(page);
      await tabTo(page, box.getByRole('checkbox', { name: /I know where this package comes from/ }));
      await page.keyboard.press(' ');
      await eventually(() => ok.isEnabled()).toBe(true);
      await tabTo(page, ok);
      await nextAnswer(page, '/plugin/info/install', () => page.keyboard.press('Enter'));
      await box.waitFor({ state: 'hidden' });
      await eventually(() => hasFocus(install)).toBe(true);
      const row = tableRow(page, name);
      await row.waitFor();
      expect((await seriousViolations(page)).map(describeViolation)).toEqual([]);

      // The README in a drawer: Escape closes it and the focus goes back to its button.
      const readme = row.getByRole('button', { name: 'Readme' });
      await readme.focus();
      await page.keyboard.press('Enter');
      const drawer = page.locator('.ant-drawer-open');
      await drawer.getByTestId('plugin-readme').getByRole('heading', { name: 'Relay' }).waitFor();
      await eventually(() => focusCovered(page)).toBe(true);
      await expectAccessible(page);
      await expectFocusTrapped(page, 4);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      await eventually(() => hasFocus(readme)).toBe(true);

      // The config form: nested groups, filled and saved by keyboard.
      const configure = row.getByRole('button', { name: 'Configure' });
      await configure.focus();
      await page.keyboard.press('Enter');
      await box.getByRole('group', { name: 'Relay' }).waitFor();
      await eventually(() => focusCovered(page)).toBe(true);
      await expectAccessible(page);
      await expectFocusTrapped(page);
      await tabTo(page, box.getByLabel('Relay URL'));
      await page.keyboard.type('https://relay.example.com/in');
      await tabTo(page, box.getByLabel('User'));
      await page.keyboard.type('ops');
      await tabTo(page, box.getByLabel('Access token'));
      await page.keyboard.type('tok-secret-1');
      await tabTo(page, box.getByRole('switch', { name: 'Verbose' }));
      await page.keyboard.press(' ');
      const save = box.getByRole('button', { name: 'Save' });
      await tabTo(page, save);
      await nextAnswer(page, '/plugin/info/update', () => page.keyboard.press('Enter'));
      await box.waitFor({ state: 'hidden' });
      await eventually(() => hasFocus(configure)).toBe(true);
      // Opened again: the stored token is kept hidden, and Escape leaves without a change.
      await page.keyboard.press('Enter');
      await box.getByText('Saved and hidden').waitFor();
      expect(await box.getByLabel('Access token').inputValue()).toBe('');
      expect(await box.getByLabel('Relay URL').inputValue()).toBe('https://relay.example.com/in');
      await motionless(page);
      await page.keyboard.press('Escape');
      await box.waitFor({ state: 'hidden' });
      await eventually(() => hasFocus(configure)).toBe(true);

      // Update from the row: the newer package, unsigned, consented; the version and config stay.
      const update = row.getByRole('button', { name: 'Update' });
      await update.focus();
      await page.keyboard.press('Enter');
      await box.getByText(`Update “${name}”`).waitFor();
      await eventually(() => focusCovered(page)).toBe(true);
      await chooseFile('Enter', newerZip);
      await box.getByText('1.0.0 → 1.1.0').waitFor();
      await expectAccessible(page);
      await tabTo(page, box.getByRole('checkbox', { name: /I know where this package comes from/ }));
      await page.keyboard.press(' ');
      await tabTo(page, box.getByRole('button', { name: 'Update' }));
      await nextAnswer(page, '/plugin/info/install', () => page.keyboard.press('Enter'));
      await box.waitFor({ state: 'hidden' });
      await eventually(() => row.innerText()).toContain('1.1.0');
      await eventually(() => hasFocus(update)).toBe(true);

      // Uninstall: a confirmation dialog naming the plugin; Escape keeps it, Enter on Uninstall removes it.
      const uninstall = row.getByRole('button', { name: 'Uninstall' });
      await uninstall.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: `Uninstall “${name}”?` }).waitFor();
      await eventually(() => focusCovered(page)).toBe(true);
      await expectAccessible(page);
      await expectFocusTrapped(page, 4);
      await page.keyboard.press('Escape');
      await box.waitFor({ state: 'hidden' });
      await eventually(() => hasFocus(uninstall)).toBe(true);
      await page.keyboard.press('Enter');
      const confirm = box.getByTestId('plugin-uninstall-ok');
      await confirm.waitFor();
      await motionless(page);
      await tabTo(page, confirm);
      await nextAnswer(page, '/plugin/info/delete', () => page.keyboard.press('Enter'));
      await row.waitFor({ state: 'detached' });
      // Its button went with the row: the focus goes to Install plugin.
      await eventually(() => hasFocus(install)).toBe(true);
    });
  }
});
