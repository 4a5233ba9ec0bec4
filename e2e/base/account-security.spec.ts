import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { codeAt, stepAt } from '../../server/src/core/auth/totp.js';
import { seriousViolations } from '../support/a11y.js';
import {
  type Api,
  apiCall,
  hasChromium,
  newContext,
  openAs,
  type RunningServer,
  startRun,
  stopRun,
  submitLogin,
  unique,
} from '../support/app.js';

/** A new user with a password an operator set: the user owes a change at first sign-in. */
async function addUser(admin: Api, password: string): Promise<string> {
  const username = unique('sec');
  await admin.post('/admin/base/sys/user/add', { username, password, departmentId: 1 });
  return username;
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

  it('enrol in 2FA and sign in with a code', async () => {
    const username = await addUser(admin, 'Operator-set2');
    const { page } = await openAs(browser, server.base, {
      user: username,
      password: 'Operator-set2',
      path: '/my/info',
    });
    const card = page.getByTestId('two-factor-card');
    await card.getByRole('button', { name: 'Set up' }).click();
    const secret = (await card.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await card.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
    const enrolledAt = stepAt(Date.now());
    await card.getByLabel('6-digit code from the app').fill(codeAt(secret, enrolledAt));
    await card.getByRole('button', { name: 'Turn on' }).click();
    const codes = card.locator('.two-factor-code-list .ant-list-item');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recovery = (await codes.first().innerText()).trim();
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByText('On', { exact: true }).waitFor();

    // Signing in now asks for a code after the password.
    const context = await newContext(browser, server.base, { locale: 'en' });
    onTestFinished(() => context.close());
    const second = await context.newPage();
    await submitLogin(second, username, 'Operator-set2');
    await second.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await second.mouse.move(0, 0);
    expect(await seriousViolations(second, { scope: 'main' })).toEqual([]);
    // The code that turned it on is used up; the next step's is good.
    await second.getByLabel('Authentication code').fill(codeAt(secret, enrolledAt));
    await second.getByRole('button', { name: 'Verify' }).click();
    await second.getByText('The code is wrong or was already used').waitFor();
    const fresh = codeAt(secret, Math.max(enrolledAt + 1, stepAt(Date.now())));
    await second.getByLabel('Authentication code').fill(fresh);
    await second.getByRole('button', { name: 'Verify' }).click();
    await second.locator('.app-layout').waitFor();

    // A recovery code works in place of the app, once.
    const third = await (await newContext(browser, server.base, { locale: 'en' })).newPage();
    onTestFinished(() => third.context().close());
    await submitLogin(third, username, 'Operator-set2');
    await third.getByRole('button', { name: 'Use a recovery code' }).click();
    await third.getByLabel('Recovery code').fill(recovery);
    await third.getByRole('button', { name: 'Verify' }).click();
    await third.locator('.app-layout').waitFor();
  });

  it('turning 2FA off asks for the password and a code', async () => {
    const username = await addUser(admin, 'Operator-set3');
    const { page } = await openAs(browser, server.base, {
      user: username,
      password: 'Operator-set3',
      path: '/my/info',
    });
    const setup = await apiCall<{ secret: string }>(page, '/admin/base/comm/twoFactorSetup', {});
    const enrolledAt = stepAt(Date.now());
    await apiCall(page, '/admin/base/comm/twoFactorEnable', { code: codeAt(setup.secret, enrolledAt) });
    await page.reload();
    const card = page.getByTestId('two-factor-card');
    await card.getByText('On', { exact: true }).waitFor();
    const code = codeAt(setup.secret, Math.max(enrolledAt + 1, stepAt(Date.now())));
    // The code alone is not enough: the form asks for the password first.
    await card.getByLabel('6-digit code from the app').fill(code);
    await card.getByRole('button', { name: 'Turn off' }).click();
    await card.getByText('Enter your password', { exact: true }).waitFor();
    // A wrong password is refused (and counted), the code not spent.
    await card.getByLabel('Your password').fill('Not-the-password1');
    await card.getByRole('button', { name: 'Turn off' }).click();
    await page.getByText('The password or the code is wrong').waitFor();
    await card.getByLabel('Your password').fill('Operator-set3');
    await card.getByRole('button', { name: 'Turn off' }).click();
    await card.getByText('Off', { exact: true }).waitFor();
  });
});
