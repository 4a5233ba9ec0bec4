import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  hasChromium,
  newContext,
  PHONE,
  type RunningServer,
  signIn,
  startRun,
  stopRun,
} from '../support/app.js';

type MenuRow = {
  id: number;
  parentId: number | null;
  type: number;
  router: string | null;
  orderNum: number;
  isShow: boolean;
};

/** The first shown page (type 1) of the menu tree, depth first in order: what docs/spec.md §2 calls home. */
function firstPage(rows: MenuRow[], parentId: number | null = null): MenuRow | undefined {
  const children = rows.filter((r) => r.parentId === parentId && r.isShow).sort((a, b) => a.orderNum - b.orderNum);
  for (const row of children) {
    if (row.type === 1 && row.router) return row;
    const inner = row.type === 0 ? firstPage(rows, row.id) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** The open tabs' keys, in order. */
const tabKeys = (page: Page) =>
  page.locator('.tabs-bar [data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')));

describe.skipIf(!hasChromium)('the shell in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    ({ server, browser } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  it('sends a visitor without a token to /login, but shows the error pages', async () => {
    const context = await newContext(browser, server.base, { locale: 'en' });
    const page = await context.newPage();
    await page.goto('/sys/param');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/sys/param');
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/403');
    await expect.poll(() => page.locator('.error-page').innerText()).toContain('not authorized');
    expect(await page.getByRole('button', { name: 'Back to login' }).count()).toBe(1);
    await context.close();
  });

  it('opens / as a new user would: the login page without a token, the home page with one', async () => {
    const context = await newContext(browser, server.base, { locale: 'en' });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.locator('#username').waitFor();
    expect(await page.title()).toBe('Sign in - Backroom');
    await signIn(page);
    // Home is the first page of the first menu group (docs/spec.md §2), read from the menus the server gives.
    const { menus } = await apiCall<{ menus: MenuRow[] }>(page, '/admin/base/comm/permmenu');
    const home = firstPage(menus);
    expect(home?.router).toBeTruthy();
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === home?.router);
    await page.locator('.app-layout').waitFor();
    await expect.poll(() => page.locator('.tabs-bar [data-tab]').count()).toBeGreaterThan(0);
    // The browser tab names the screen (its active tab's title), then the product.
    const homeTitle = await page.locator('.tabs-bar .ant-tabs-tab-active').innerText();
    await expect.poll(() => page.title()).toBe(`${homeTitle.trim()} - Backroom`);
    // The logo leads home from another screen.
    await page.goto('/sys/role');
    await page.locator('.tabs-bar .ant-tabs-tab-active [data-tab="/sys/role"]').waitFor();
    await expect.poll(() => page.title()).not.toBe(`${homeTitle.trim()} - Backroom`);
    await page.getByRole('link', { name: 'Backroom, Home' }).click();
    await page.waitForURL((url) => url.pathname === home?.router);
    await context.close();
  });

  it('checks the login form, signs in, and keeps a signed-in user away from /login', async () => {
    const context = await newContext(browser, server.base, { locale: 'en' });
    const page = await context.newPage();
    await page.goto('/login');
    // This server runs with CAPTCHA=off: the form asks for no code.
    await page.locator('.login-form[data-captcha=off]').waitFor();
    await page.click('button[type=submit]');
    await expect.poll(() => page.locator('.field-error').allInnerTexts()).toContain('Username cannot be empty');
    expect(await page.locator('.field-error').allInnerTexts()).toEqual([
      'Username cannot be empty',
      'Password cannot be empty',
    ]);
    // The first empty field has the focus; a field is checked again as it is typed in.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('username');
    await page.fill('#username', 'admin');
    await expect.poll(() => page.locator('.field-error').count()).toBe(1);
    await signIn(page);
    const home = new URL(page.url()).pathname;
    expect(home).not.toBe('/login');
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    expect(await page.locator('.error-page').innerText()).toContain('page not found');
    await context.close();
  });

  // The captcha itself (on, off, reloading) is login.spec.ts's: this server runs with CAPTCHA=off.
  it('draws the login page without antd, with a language that stays', async () => {
    const context = await newContext(browser, server.base, { locale: 'zh-cn' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('.login-form[data-captcha]').waitFor();
    // The light login page: no antd component is on it.
    expect(await page.locator('[class*="ant-"]').count()).toBe(0);
    // The password box shows and hides what was typed.
    await page.fill('#password', 'secret');
    await page.getByRole('button', { name: '显示密码' }).click();
    expect(await page.getAttribute('#password', 'type')).toBe('text');
    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.locator('label[for=username]').innerText()).toBe('Username');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.reload();
    await expect.poll(() => page.locator('label[for=username]').innerText()).toBe('Username');
    await context.close();
  });

  it('tells a phone user that a table scrolls sideways', async () => {
    const context = await newContext(browser, server.base, { locale: 'en', viewport: PHONE });
    const page = await context.newPage();
    await signIn(page);
    // The request log: a screen whose columns all show on a phone too (it marks none onPhone).
    await page.goto('/sys/log');
    const table = page.locator('.view-slot.active .ant-table');
    await table.locator('.ant-table-row').first().waitFor();
    const hint = page.locator('.view-slot.active [data-testid=scroll-hint]');
    await expect.poll(() => hint.innerText()).toContain('Scroll the table sideways');
    const cue = page.locator('.view-slot.active .scroll-cue');
    expect(await cue.getAttribute('data-more-end')).toBe('true');
    expect(await cue.getAttribute('data-more-start')).toBeNull();
    await table.locator('.ant-table-content').evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await expect.poll(() => cue.getAttribute('data-more-start')).toBe('true');
    expect(await cue.getAttribute('data-more-end')).toBeNull();
    // Wide enough for every column: no hint.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(() => hint.count()).toBe(0);
    await context.close();
  });

  it('shows a route’s parameters, the optional one included', async () => {
    const context = await newContext(browser, server.base, { locale: 'en' });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/demo/test/route/42/tea');
    await expect.poll(() => page.getByTestId('param-id').innerText()).toBe('42');
    expect(await page.getByTestId('param-name').innerText()).toBe('tea');
    await page.goto('/demo/test/route/7');
    await expect.poll(() => page.locator('.view-slot.active [data-testid=param-id]').innerText()).toBe('7');
    expect(await page.locator('.view-slot.active [data-testid=param-name]').innerText()).toBe('(not given)');
    // Two rows, id and name: no empty third one when there is no query.
    expect(await page.locator('.view-slot.active .ant-descriptions-row').count()).toBe(2);
    await page.goto('/demo/test/route/7?from=menu');
    await expect.poll(() => page.locator('.view-slot.active [data-testid=param-query]').innerText()).toBe('?from=menu');
    expect(await page.locator('.view-slot.active .ant-descriptions-row').count()).toBe(3);
    await context.close();
  });

  it('keeps a tab’s state when switching away, and closes tabs', async () => {
    const context = await newContext(browser, server.base, { locale: 'en' });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/sys/param');
    // The list's own keyword box (its label names what it searches).
    const search = page.locator('.view-slot.active .crud-search').getByRole('searchbox');
    await search.fill('kept across tabs');
    await page.getByRole('menuitem', { name: 'Parameters' }).waitFor();
    // Open another page through the user menu, then come back through the tab.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Personal center' }).click();
    await page.waitForURL('**/my/info');
    await page.locator('.tabs-bar .ant-tabs-tab-active [data-tab="/my/info"]').waitFor();
    await page.locator('.tabs-bar [data-tab="/sys/param"]').click();
    await page.waitForURL('**/sys/param');
    expect(await search.inputValue()).toBe('kept across tabs');
    expect(await page.locator('.tabs-bar .ant-tabs-tab').count()).toBe(2);
    // Right-click: close others leaves one tab.
    await page.locator('.tabs-bar [data-tab="/sys/param"]').click({ button: 'right' });
    const closeOthers = page.getByRole('menuitem', { name: 'Close others' });
    await closeOthers.waitFor();
    await closeOthers.click();
    await expect.poll(() => tabKeys(page)).toEqual(['/sys/param']);
    // Closing the last tab goes home, and the closed tab stays closed.
    await page.locator('.tabs-bar .tab-close').first().click();
    await page.waitForURL((url) => url.pathname !== '/sys/param');
    const home = new URL(page.url()).pathname;
    await page.locator(`.tabs-bar .ant-tabs-tab-active [data-tab="${home}"]`).waitFor();
    await expect.poll(() => tabKeys(page)).toEqual([home]);
    // Home alone cannot be closed: the page it shows keeps its tab.
    expect(await page.locator('.tabs-bar .tab-close').count()).toBe(0);
    // Close all from the tab bar's menu, with another page open: only home is left.
    await page.evaluate(() => {
      history.pushState(null, '', '/sys/param');
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    await page.locator('.tabs-bar .ant-tabs-tab-active [data-tab="/sys/param"]').waitFor();
    await page.locator('.tabs-actions').click();
    await page.getByRole('menuitem', { name: 'Close all' }).click();
    await page.waitForURL((url) => url.pathname === home);
    await expect.poll(() => tabKeys(page)).toEqual([home]);
    await context.close();
  });

  it('switches theme colour, dark mode and language, and keeps them after a reload', async () => {
    const context = await newContext(browser, server.base, { locale: 'zh-cn' });
    const page = await context.newPage();
    const languages: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) languages.push(request.headers().language ?? '');
    });
    await signIn(page);
    await page.goto('/sys/param');
    await page.getByTestId('open-settings').click();
    await page.getByRole('button', { name: '翠绿' }).click();
    const primary = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--br-primary').trim());
    await expect.poll(primary).toBe('#51C21A');
    await page.locator('.ant-drawer-close').click();
    await page.locator('.ant-drawer-section').waitFor({ state: 'hidden' });
    await page.getByTestId('toggle-dark').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByTestId('language').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.locator('.app-sider').innerText()).toContain('Parameters');
    languages.length = 0;
    await page.locator('.view-slot.active button[aria-label="Refresh"]').click();
    await expect.poll(() => languages.length).toBeGreaterThan(0);
    expect(languages.every((l) => l === 'en')).toBe(true);
    await page.reload();
    await page.locator('.app-layout').waitFor();
    expect(await primary()).toBe('#51C21A');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.locator('.app-sider').innerText()).toContain('Parameters');
    await context.close();
  });
});

describe.skipIf(!hasChromium)('the refresh queue', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    ({ server, browser } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  it('refreshes once while parallel requests wait, then replays them all', async () => {
    const context = await newContext(browser, server.base, { locale: 'en' });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/sys/param');
    await page.locator('.view-slot.active .ant-table').waitFor();
    const calls: Array<{ url: string; status: number }> = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/')) calls.push({ url: response.url(), status: response.status() });
    });
    // The app counts its token as expired 2 s before it is (docs/spec.md §4): make it so now, rather
    // than wait, and a reload fires permmenu, person and the page query at once, all needing a refresh.
    await page.evaluate(() => {
      const raw = localStorage.getItem('backroom.token');
      if (raw) localStorage.setItem('backroom.token', JSON.stringify({ ...JSON.parse(raw), expireAt: Date.now() }));
    });
    await page.reload();
    await page.locator('.view-slot.active .ant-table').waitFor();
    await page.waitForLoadState('networkidle');
    const refreshes = calls.filter((c) => c.url.includes('/open/refreshToken'));
    expect(refreshes).toHaveLength(1);
    expect(
      calls.filter((c) => c.url.includes('/comm/permmenu') || c.url.includes('/sys/param/page')).length,
    ).toBeGreaterThanOrEqual(2);
    expect(calls.every((c) => c.status === 200)).toBe(true);
    await context.close();
  });

  it('logs out from the user menu after confirming, and the old token stops working', async () => {
    const context = await newContext(browser, server.base, { locale: 'en' });
    const page = await context.newPage();
    await signIn(page);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('backroom.token') ?? '{}').value as string);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    // The confirmation dialog loads on first use; cancelling keeps the session.
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.locator('.ant-modal-confirm-title', { hasText: 'Log out now?' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).not.toBe('/login');
    // The menu opens from the keyboard too.
    await page.getByTestId('user-menu').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const [logout] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/admin/base/comm/logout')),
      dialog.getByRole('button', { name: 'OK' }).click(),
    ]);
    expect(logout.method()).toBe('POST');
    // Chosen, not expired: the login page offers no way back to the last screen.
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
    expect(await page.evaluate(() => localStorage.getItem('backroom.token'))).toBeNull();
    const status = await page.evaluate(
      async (t) => (await fetch('/api/admin/base/comm/person', { headers: { authorization: t } })).status,
      token,
    );
    expect(status).toBe(401);
    await context.close();
  });

  it('signs out with the spec’s message when both tokens have expired', async () => {
    const context = await newContext(browser, server.base, { locale: 'en' });
    const page = await context.newPage();
    await signIn(page);
    // On a screen other than home, with a query, when the session runs out.
    await page.goto('/sys/role?from=e2e');
    await page.locator('.tabs-bar .ant-tabs-tab-active [data-tab^="/sys/role"]').waitFor();
    // The screen's own calls done: one the old page started after the tokens expire below would
    // sign it out (with the message) before the reload, and the reloaded login page shows none.
    await page.locator('.view-slot.active .ant-table-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      for (const key of ['backroom.token', 'backroom.refreshToken']) {
        const raw = localStorage.getItem(key);
        if (raw) localStorage.setItem(key, JSON.stringify({ ...JSON.parse(raw), expireAt: Date.now() - 1000 }));
      }
    });
    // The message shows for 5 s from the moment the reloaded app finds both tokens expired: watch
    // for it from before the reload, so a slow page load cannot outlast it.
    await Promise.all([
      page.locator('.app-toasts', { hasText: 'login status has expired, please log in again' }).waitFor(),
      page.reload(),
    ]);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('backroom.userInfo'))).toBeNull();
    // The login page knows the way back, and signing in again returns there.
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/sys/role?from=e2e');
    await signIn(page);
    await page.waitForURL((url) => url.pathname === '/sys/role' && url.search === '?from=e2e');
    await context.close();
  });

  it('never follows a way back that leaves the app', async () => {
    const context = await newContext(browser, server.base, { locale: 'en' });
    const page = await context.newPage();
    await page.goto(`/login?redirect=${encodeURIComponent('//evil.example/phish')}`);
    await signIn(page);
    await page.locator('.app-layout').waitFor();
    expect(new URL(page.url()).origin).toBe(server.base);
    await context.close();
  });
});
