import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { seriousViolations } from '../support/a11y.js';
import {
  type Api,
  apiOf,
  hasChromium,
  launch,
  login,
  newContext,
  openAs,
  type RunningServer,
  startRun,
  startServer,
  stopRun,
  unique,
} from '../support/app.js';
import { eventually, toasts, view } from '../support/ui.js';

/** A page of its own on /login, in English; the context closes when the test finishes. */
async function loginPage(browser: Browser, base: string, dark = false): Promise<Page> {
  const context = await newContext(browser, base, { locale: 'en', dark });
  onTestFinished(() => context.close());
  const page = await context.newPage();
  await page.goto('/login');
  return page;
}

const refusal = (page: Page) => page.getByTestId('login-refusal');

describe.skipIf(!hasChromium)('the login page in Chromium', () => {
  // The e2e servers run with CAPTCHA=off, as scripted set-ups do.
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  it('with CAPTCHA=off asks for no code, and signs in without one', async () => {
    const page = await loginPage(browser, server.base);
    await page.locator('.login-form[data-captcha=off]').waitFor();
    expect(await page.locator('#verifyCode').count()).toBe(0);
    expect(await page.getByTestId('captcha').count()).toBe(0);
    await page.fill('#username', 'admin');
    await page.fill('#password', '123456');
    await page.click('button[type=submit]');
    await page.locator('.app-layout').waitFor();
  });

  it('keeps a wrong password’s message on the form until the user types', async () => {
    const page = await loginPage(browser, server.base);
    // The page's clock, to let the seconds a toast would last pass without waiting for them.
    await page.clock.install();
    await page.locator('.login-form[data-captcha=off]').waitFor();
    await page.fill('#username', 'admin');
    await page.fill('#password', 'not-the-password');
    await page.click('button[type=submit]');
    await eventually(() =>
      refusal(page)
        .innerText()
        .catch(() => ''),
    ).toBe('Incorrect username or password');
    expect(await refusal(page).getAttribute('role')).toBe('alert');
    // On the form, not in a toast that fades.
    expect(await toasts(page)).toBe('');
    await page.clock.runFor(10_000);
    expect(await refusal(page).innerText()).toBe('Incorrect username or password');
    // What was typed stays, the password chosen to be typed over.
    expect(await page.inputValue('#username')).toBe('admin');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('password');
    await page.keyboard.type('123456');
    await refusal(page).waitFor({ state: 'detached' });
    await page.click('button[type=submit]');
    await page.locator('.app-layout').waitFor();
  });

  it('shows a changed password as done, with the username kept for signing in again', async () => {
    const username = unique('e2e_pw_');
    await admin.post('/admin/base/sys/user/add', {
      username,
      password: 'first-pass1',
      nickName: 'Pat',
      roleIdList: [],
    });
    const { page } = await openAs(browser, server.base, {
      path: '/my/info',
      user: username,
      password: 'first-pass1',
    });
    await view(page).locator('#originalPassword').fill('first-pass1');
    await view(page).locator('#password').fill('second-pass2');
    await view(page).locator('#confirm').fill('second-pass2');
    await view(page).getByRole('button', { name: 'Save' }).last().click();
    await page.waitForURL((url) => url.pathname === '/login');
    const done = page.locator('.app-toast-success', { hasText: 'Password changed' });
    await done.waitFor();
    expect(await page.locator('.app-toast-error').count()).toBe(0);
    expect(await page.inputValue('#username')).toBe(username);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('password');
    await page.fill('#password', 'second-pass2');
    await page.click('button[type=submit]');
    await page.locator('.app-layout, .error-page').first().waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/login');
  });
});

describe.skipIf(!hasChromium)('the login page with the captcha on, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    // Nobody signs in through the API here: it would need the code too.
    [server, browser] = await Promise.all([startServer({ CAPTCHA: 'on' }), launch()]);
  });
  afterAll(() => stopRun({ server, browser }));

  const pictureOf = (page: Page) => page.getByTestId('captcha').locator('img').getAttribute('src');
  const nextCaptcha = (page: Page) =>
    page.waitForResponse((r) => r.url().includes('/admin/base/open/captcha') && r.ok());

  it('asks for the code, and the picture is a button that draws another by click or key', async () => {
    const page = await loginPage(browser, server.base);
    await page.locator('.login-form[data-captcha=on]').waitFor();
    const button = page.getByRole('button', { name: "Can't read it? Click for another" });
    await button.locator('img').waitFor();
    const first = await pictureOf(page);
    expect(first).toMatch(/^data:image\/svg\+xml;base64,/);

    let next = nextCaptcha(page);
    await button.click();
    await next;
    await eventually(() => pictureOf(page)).not.toBe(first);
    const second = await pictureOf(page);

    next = nextCaptcha(page);
    await button.focus();
    await page.keyboard.press('Enter');
    await next;
    await eventually(() => pictureOf(page)).not.toBe(second);

    // A wrong code: said on the form, the code emptied, a new picture to read.
    const third = await pictureOf(page);
    await page.fill('#username', 'admin');
    await page.fill('#password', '123456');
    await page.fill('#verifyCode', '00000');
    next = nextCaptcha(page);
    await page.click('button[type=submit]');
    await eventually(() =>
      refusal(page)
        .innerText()
        .catch(() => ''),
    ).toBe('The verification code is wrong or has expired');
    await next;
    await eventually(() => pictureOf(page)).not.toBe(third);
    expect(await page.inputValue('#verifyCode')).toBe('');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('verifyCode');
    await page.keyboard.type('1');
    await refusal(page).waitFor({ state: 'detached' });
  });

  it.each([false, true])(
    'has no serious accessibility problem with a refusal and the captcha on show (dark %s)',
    async (dark) => {
      const page = await loginPage(browser, server.base, dark);
      await page.getByTestId('captcha').locator('img').waitFor();
      await page.fill('#username', 'admin');
      await page.fill('#password', '123456');
      await page.fill('#verifyCode', '00000');
      await page.click('button[type=submit]');
      await refusal(page).waitFor();
      await page.getByTestId('captcha').locator('img').waitFor();
      expect(await seriousViolations(page, { scope: '.login-page' })).toEqual([]);
    },
  );
});

describe.skipIf(!hasChromium)('the login page for an account under attack, with CAPTCHA=off, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    // Behind a proxy, so the guesses below come from addresses of their own (X-Forwarded-For).
    [server, browser] = await Promise.all([startServer({ TRUST_PROXY: 'on' }), launch()]);
    admin = apiOf(server.base, (await login(server.base)).token);
  });
  afterAll(() => stopRun({ server, browser }));

  it('shows the captcha once the account needs one, and puts the cursor in its field', async () => {
    const username = unique('e2e_sprayed_');
    await admin.post('/admin/base/sys/user/add', { username, password: 'right-pass1', roleIdList: [] });
    // Guesses sprayed from five other addresses: the account now asks every sign-in for a captcha.
    for (let i = 0; i < 5; i += 1) {
      const reply = await fetch(`${server.base}/api/admin/base/open/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${i + 1}` },
        body: JSON.stringify({ username, password: `guess-${i}` }),
      });
      expect(reply.status).toBe(400);
    }
    const page = await loginPage(browser, server.base);
    await page.locator('.login-form[data-captcha=off]').waitFor();
    await page.fill('#username', username);
    await page.fill('#password', 'right-pass1');
    await page.click('button[type=submit]');
    await eventually(() =>
      refusal(page)
        .innerText()
        .catch(() => ''),
    ).toContain('verification code');
    await page.locator('.login-form[data-captcha=on]').waitFor();
    await page.getByTestId('captcha').locator('img').waitFor();
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('verifyCode');
  });
});
