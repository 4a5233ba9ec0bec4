import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { seriousViolations } from '../support/a11y.js';
import { type Api, hasChromium, newContext, type RunningServer, startRun, stopRun, unique } from '../support/app.js';

/** A new user with a password an operator set: the user owes a change at first sign-in. */
async function addUser(admin: Api, password: string): Promise<string> {
  const username = unique('sec');
  await admin.post('/admin/base/sys/user/add', { username, password, departmentId: 1 });
  return username;
}

/** The login form, filled and sent (support's signIn would mark the forced change done). */
async function submitLogin(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.locator('#username').waitFor();
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.fill('#verifyCode', '0000');
  await page.click('button[type=submit]');
}

describe.skipIf(!hasChromium)('account security in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  it('forced password change at first sign-in', async () => {
    const username = await addUser(admin, 'Operator-set1');
    const context = await newContext(browser, server.base, { locale: 'en' });
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await submitLogin(page, username, 'Operator-set1');
    // Only the change form: no menu, no tabs.
    const heading = page.getByRole('heading', { name: 'Choose your own password' });
    await heading.waitFor();
    expect(await page.locator('.app-layout').count()).toBe(0);
    // The pointer rests where the login button was: away from the form, as a reader's would be.
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page, { scope: 'main' })).toEqual([]);

    // The form checks the policy as the server does: the rule it breaks is named.
    await page.getByLabel('Original password').fill('Operator-set1');
    await page.getByLabel('New password', { exact: true }).fill('abcdefghij');
    await page.getByLabel('Confirm new password').fill('abcdefghij');
    await page.keyboard.press('Enter');
    await page
      .getByText('at least 2 kinds of characters: lower case, upper case, digits, symbols', { exact: true })
      .and(page.locator('.ant-form-item-explain-error'))
      .waitFor();
    // A rule only the server knows (the history): its message comes back from the server.
    await page.getByLabel('New password', { exact: true }).fill('Operator-set1');
    await page.getByLabel('Confirm new password').fill('Operator-set1');
    await page.keyboard.press('Enter');
    await page.getByText('The password does not meet this rule: not one of the last 3 passwords used').waitFor();
    expect(await page.locator('.app-layout').count()).toBe(0);

    await page.getByLabel('New password', { exact: true }).fill('My-own-pass7');
    await page.getByLabel('Confirm new password').fill('My-own-pass7');
    await page.getByRole('button', { name: 'Change password and continue' }).click();
    await page.locator('.app-layout').waitFor();
    await heading.waitFor({ state: 'detached' });
    // The new password is the one in force.
    const reply = await fetch(`${server.base}/api/admin/base/open/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'My-own-pass7' }),
    });
    expect(((await reply.json()) as { code: number }).code).toBe(1000);
  });
});
