import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/a11y.js';
import { type Api, hasChromium, openAs, type RunningServer, startRun, stopRun, unique } from '../support/app.js';
import { dialog, eventually, expectToastDuring, tableRow, view } from '../support/ui.js';

const PASSWORD = 'e2e-pass-1';

describe.skipIf(!hasChromium)('sessions and account locks in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  async function addUser(prefix: string) {
    const username = unique(prefix);
    await admin.post('/admin/base/sys/user/add', { username, password: PASSWORD, departmentId: 1, name: username });
    return username;
  }

  const signInStatus = async (username: string, password: string) => {
    const response = await fetch(`${server.base}/api/admin/base/open/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', language: 'en' },
      body: JSON.stringify({ username, password }),
    });
    return { status: response.status, message: ((await response.json()) as { message: string }).message };
  };

  it('see your sessions and end another one (its tab is logged out on its next call)', async () => {
    const username = await addUser('e2e-sess-');
    const other = await openAs(browser, server.base, { user: username, password: PASSWORD, path: '/my/info' });
    const mine = await openAs(browser, server.base, { user: username, password: PASSWORD, path: '/my/info' });
    const items = view(mine.page).locator('[data-testid="my-session"]');
    await eventually(() => items.count()).toBe(2);
    // The newest first: this tab's, marked.
    expect(await items.nth(0).innerText()).toContain('This device');
    expect(await items.nth(1).innerText()).not.toContain('This device');
    expect(await items.nth(1).innerText()).toMatch(/IP \S+/);

    await items.nth(1).getByRole('button', { name: /^End/ }).click();
    const confirm = dialog(mine.page);
    await confirm.getByText('That device is signed out at its next request.').waitFor();
    await expectToastDuring(mine.page, 'Session ended', () => confirm.getByRole('button', { name: 'End' }).click());
    await eventually(() => items.count()).toBe(1);

    // The other tab is still on show; its next call is refused and it goes to the login page.
    await other.page.reload();
    await other.page.waitForURL((url) => url.pathname === '/login');
    // This tab goes on working.
    await mine.page.reload();
    await view(mine.page).locator('[data-testid="my-session"]').first().waitFor();
    expect(new URL(mine.page.url()).pathname).toBe('/my/info');
  });

  it('an operator unlocks a locked account', async () => {
    const username = await addUser('e2e-lock-');
    for (let i = 0; i < 5; i += 1) expect((await signInStatus(username, `wrong-${i}`)).status).toBe(400);
    const refused = await signInStatus(username, PASSWORD);
    expect(refused).toEqual({ status: 429, message: 'Too many failed attempts, please try again in 15 minutes' });

    const { page } = await openAs(browser, server.base, { path: '/sys/user' });
    const search = view(page).locator('input[aria-label="Name or phone"]');
    await search.fill(username);
    await search.press('Enter');
    const row = tableRow(page, username);
    const tag = row.locator('[data-testid="user-lock"]');
    await tag.waitFor();
    expect(await tag.innerText()).toBe('Locked');
    // Why, on focus: the failures, where from and until when.
    await tag.focus();
    const tip = page.locator('.ant-tooltip:visible');
    await eventually(() => tip.innerText()).toContain('5 failed sign-ins since');
    expect(await tip.innerText()).toMatch(/Refused from: \S+/);

    await row.getByRole('button', { name: 'Unlock' }).click();
    const confirm = dialog(page);
    await confirm.locator('.ant-modal-confirm-title', { hasText: `Unlock the account “${username}”?` }).waitFor();
    await expectToastDuring(page, `“${username}” is unlocked`, () =>
      confirm.getByRole('button', { name: 'Unlock' }).click(),
    );
    await tag.waitFor({ state: 'detached' });
    expect((await signInStatus(username, PASSWORD)).status).toBe(200);
  });

  it('the sessions section, the online sessions screen and the lock tag have no serious accessibility problems', async () => {
    const username = await addUser('e2e-a11y-');
    for (let i = 0; i < 5; i += 1) await signInStatus(username, `wrong-${i}`);
    for (const dark of [false, true]) {
      const problems: Record<string, unknown> = {};
      const { page } = await openAs(browser, server.base, { path: '/my/info', prefs: { dark } });
      const check = async (what: string) => {
        const found = await seriousViolations(page);
        if (found.length > 0) problems[what] = found;
      };
      await view(page).locator('[data-testid="my-session"]').first().waitFor();
      await check('personal center');
      await page.goto('/sys/session');
      await view(page).locator('.ant-table-row').first().waitFor();
      await check('online sessions');
      await view(page).locator('.ant-table-row').first().getByRole('button', { name: 'Force logout' }).click();
      await dialog(page).locator('.ant-modal-confirm-title').waitFor();
      await check('force logout confirmation');
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      await page.goto('/sys/user');
      const search = view(page).locator('input[aria-label="Name or phone"]');
      await search.fill(username);
      await search.press('Enter');
      await tableRow(page, username).locator('[data-testid="user-lock"]').waitFor();
      await check('user list with a lock');
      expect(problems, dark ? 'dark' : 'light').toEqual({});
    }
  });
});
