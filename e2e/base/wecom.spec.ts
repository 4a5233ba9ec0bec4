import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { codeAt, stepAt } from '../../server/src/core/auth/totp.js';
import { type FakeWecom, startFakeWecom } from '../../server/src/testing/fake-wecom.js';
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
  skipPasswordChange,
  startServer,
  unique,
} from '../support/app.js';
import { freePort } from '../support/server-process.mjs';
import { dialog, eventually, formItem, saveDialog, tableRow, view } from '../support/ui.js';

/** A page of its own on `path`, in English; the context closes when the test finishes. */
async function loginPage(browser: Browser, base: string, path = '/login', dark = false): Promise<Page> {
  const context = await newContext(browser, base, { locale: 'en', dark });
  onTestFinished(() => context.close());
  const page = await context.newPage();
  await page.goto(path);
  // The form knows the server's options once it has said.
  await page.locator('.login-form[data-captcha]').waitFor();
  return page;
}

const wecomButton = (page: Page) => page.getByTestId('wecom-sign-in');
const refusal = (page: Page) => page.getByTestId('login-refusal');

describe.skipIf(!hasChromium)('signing in with enterprise WeChat in Chromium', () => {
  let fake: FakeWecom;
  let plain: RunningServer;
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    fake = await startFakeWecom();
    const port = await freePort();
    [server, plain, browser] = await Promise.all([
      startServer({ PORT: String(port), ...fake.env(`http://127.0.0.1:${port}/login`) }),
      startServer(),
      launch(),
    ]);
    admin = apiOf(server.base, (await login(server.base)).token);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), plain?.stop(), fake?.close()]);
  });

  /** A staff user bound to a WeCom member, their forced password change counted as done. */
  async function boundUser(wecomUserId: string) {
    const username = unique('e2e_wecom_');
    await admin.post('/admin/base/sys/user/add', {
      username,
      password: 'WeCom-e2e-pass1',
      name: 'WeCom E2E',
      departmentId: 1,
      wecomUserId,
      roleIdList: [1],
    });
    skipPasswordChange(server.base, username);
    return username;
  }

  it('offers no WeCom sign-in where the server has none', async () => {
    const page = await loginPage(browser, plain.base);
    await page.locator('button[type=submit]').waitFor();
    expect(await wecomButton(page).count()).toBe(0);
  });

  it('draws the WeCom action with no serious accessibility violation, light and dark', async () => {
    for (const dark of [false, true]) {
      const page = await loginPage(browser, server.base, '/login', dark);
      await wecomButton(page).waitFor();
      expect(await seriousViolations(page, { whole: true })).toEqual([]);
    }
  });

  it('signs a bound user in through the QR page and goes on to the page asked for', async () => {
    const wecomUserId = unique('member.');
    const username = await boundUser(wecomUserId);
    const page = await loginPage(browser, server.base, '/login?redirect=%2Fsys%2Fuser');
    await wecomButton(page).waitFor();
    fake.scanAs(wecomUserId);
    const exchanged = page.waitForResponse((r) => r.url().includes('/enterpriseWeChatLoginAccessToken'));
    await wecomButton(page).click();
    expect((await exchanged).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/sys/user');
    await page.locator('.app-layout').waitFor();
    // The user who scanned, not someone else.
    const person = await page.evaluate(async () => {
      const raw = localStorage.getItem('backroom.token');
      const token = raw ? (JSON.parse(raw) as { value: string }).value : '';
      const response = await fetch('/api/admin/base/comm/person', { headers: { authorization: token } });
      return ((await response.json()) as { data: { username: string } }).data.username;
    });
    expect(person).toBe(username);
  });

  it('binds a member on the user screen, checked as WeCom writes UserIDs, and that member signs in', async () => {
    const username = await boundUser('');
    const { page } = await openAs(browser, server.base, { path: '/sys/user' });
    await view(page).locator('input[aria-label="Name or phone"]').fill(username);
    await view(page).locator('input[aria-label="Name or phone"]').press('Enter');
    await tableRow(page, username).getByRole('button', { name: 'Edit' }).click();
    await eventually(() => dialog(page).locator('#username').inputValue()).toBe(username);
    const field = dialog(page).locator('#wecomUserId');
    await field.fill('-not valid');
    await eventually(() =>
      formItem(dialog(page), page, 'wecomUserId').locator('.ant-form-item-explain').innerText(),
    ).toBe('Letters, digits and _ - @ . only, up to 64, starting with a letter or digit');
    const member = unique('Member.');
    await field.fill(member);
    await saveDialog(page);
    await eventually(async () => {
      const list = await admin.post<{ list: Array<{ username: string; wecomUserId: string | null }> }>(
        '/admin/base/sys/user/page',
        { keyWord: username },
      );
      return list.list.find((u) => u.username === username)?.wecomUserId;
    }).toBe(member.toLowerCase());

    const signIn = await loginPage(browser, server.base);
    // WeCom answers the UserID as its members have it; the binding matches it whatever the case.
    fake.scanAs(member);
    await wecomButton(signIn).click();
    await signIn.locator('.app-layout').waitFor();
    expect(new URL(signIn.url()).pathname).not.toBe('/login');
  });

  it('asks a user with two-factor sign-in for the code after WeCom, then goes on to the page asked for', async () => {
    const wecomUserId = unique('member.');
    const username = await boundUser(wecomUserId);
    const own = apiOf(server.base, (await login(server.base, username, 'WeCom-e2e-pass1')).token);
    const { secret } = await own.post<{ secret: string }>('/admin/base/comm/twoFactorSetup');
    const enrolledAt = stepAt(Date.now());
    await own.post('/admin/base/comm/twoFactorEnable', { code: codeAt(secret, enrolledAt) });
    const page = await loginPage(browser, server.base, '/login?redirect=%2Fsys%2Fuser');
    fake.scanAs(wecomUserId);
    await wecomButton(page).click();
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await page.getByLabel('Authentication code').fill(codeAt(secret, Math.max(enrolledAt + 1, stepAt(Date.now()))));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/sys/user');
    await page.locator('.app-layout').waitFor();
  });

  it('says why a member bound to nobody is refused, and leaves the code out of the address', async () => {
    const page = await loginPage(browser, server.base);
    fake.scanAs(unique('stranger.'));
    await wecomButton(page).click();
    await eventually(() =>
      refusal(page)
        .innerText()
        .catch(() => ''),
    ).toBe('This enterprise WeChat account is not bound to a user: ask an administrator to bind it');
    expect(new URL(page.url()).search).toBe('');
    // The password form is still there to use.
    await page.locator('#username').waitFor();
  });

  it('says on the login page when WeCom cannot be reached, rather than leaving it', async () => {
    const wecomUserId = unique('member.');
    await boundUser(wecomUserId);
    const page = await loginPage(browser, server.base);
    fake.scanAs(wecomUserId);
    // The QR page still answers; WeCom's API behind it does not.
    fake.down = true;
    onTestFinished(() => {
      fake.down = false;
    });
    fake.expireTokens();
    await wecomButton(page).click();
    await eventually(() =>
      refusal(page)
        .innerText()
        .catch(() => ''),
    ).toBe('Enterprise WeChat cannot be reached right now: please try again later');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('refuses a WeCom callback this browser did not start', async () => {
    const wecomUserId = unique('member.');
    await boundUser(wecomUserId);
    // A link carrying someone else's code and state: the page sends neither to the server.
    const { state } = await (await fetch(`${server.base}/api/admin/base/open/enterpriseWeChatLoginUrl`))
      .json()
      .then((body: { data: { state: string } }) => body.data);
    const context = await newContext(browser, server.base, { locale: 'en' });
    onTestFinished(() => context.close());
    const page = await context.newPage();
    let exchanged = false;
    page.on('request', (r) => {
      if (r.url().includes('/enterpriseWeChatLoginAccessToken')) exchanged = true;
    });
    await page.goto(`/login?code=${fake.codeFor(wecomUserId)}&state=${state}`);
    await eventually(() =>
      refusal(page)
        .innerText()
        .catch(() => ''),
    ).toBe('This sign-in was not started in this browser: please sign in again');
    expect(exchanged).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
