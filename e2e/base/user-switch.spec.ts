import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  apiOf,
  hasChromium,
  login,
  newContext,
  type RunningServer,
  signIn,
  startRun,
  stopRun,
} from '../support/app.js';
import { eventually, visit } from '../support/ui.js';

/*
 * One person's session never shows another's (issue 24 §3): on a shared store PC, whatever admin
 * opened, cached or scrolled is gone when the clerk signs in after them.
 */

type Summary = { customers: { total: number } | null };
type PageOf<T> = { list: T[] };

const CLERK = 'store1.clerk1';
const PASSWORD = 'Switch-e2e-pass1';

/** The open tabs' keys, in order. */
const tabKeys = (page: Page) =>
  page.locator('.tabs-bar [data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')));
/** The open tabs' titles, in order. */
const tabTitles = (page: Page) => page.locator('.tabs-bar [data-tab]').allInnerTexts();
/** The value of the key figure whose card has this title. */
const kpi = (page: Page, title: string) =>
  page.locator('.home-kpi', { has: page.locator('.home-kpi-title', { hasText: title }) }).locator('.home-kpi-value');

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

describe.skipIf(!hasChromium)('the next user at the same browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  let clerk: Api;

  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
    const users = await admin.post<PageOf<{ id: number; username: string }>>('/admin/base/sys/user/page', {
      page: 1,
      size: 20,
      keyWord: CLERK,
    });
    const id = users.list.find((u) => u.username === CLERK)?.id;
    await admin.post('/admin/base/sys/user/update', { id, password: PASSWORD });
    clerk = apiOf(server.base, (await login(server.base, CLERK, PASSWORD)).token);
    // Admin's customers, none of them the clerk's: the two dashboards must differ.
    for (const [i, name] of ['Switch admin customer 1', 'Switch admin customer 2'].entries())
      await admin.post('/admin/customer/info/create', {
        customerName: name,
        customerPhone: `1361234${String(Date.now() % 1000).padStart(3, '0')}${i}`,
        customerType: 'vip',
      });
  });
  afterAll(() => stopRun({ server, browser }));

  it("starts the clerk on their home tab alone, with a dashboard call and the clerk's figures", async () => {
    const context = await newContext(browser, server.base, { locale: 'en' });
    const page = await context.newPage();
    await signIn(page);
    const adminFigures = await admin.get<Summary>('/admin/demo/home/summary');
    const clerkFigures = await clerk.get<Summary>('/admin/demo/home/summary');
    expect(adminFigures.customers?.total).not.toBe(clerkFigures.customers?.total);
    // Admin's hour: the dashboard, then several screens, each a tab.
    await page.goto('/');
    await eventually(() => kpi(page, 'Customers').innerText()).toBe(String(adminFigures.customers?.total));
    // Within the app (a reload would start the page afresh and prove nothing).
    for (const path of ['/sys/role', '/sys/param', '/sys/log', '/customer/info']) await visit(page, path);
    expect((await tabKeys(page)).length).toBeGreaterThanOrEqual(5);
    // Back on the dashboard, so its figures are on show (and cached) at the sign-out.
    await visit(page, '/');
    await eventually(() => kpi(page, 'Customers').innerText()).toBe(String(adminFigures.customers?.total));

    await signOut(page);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /token|userInfo|menu/i.test(k)))).toEqual(
      [],
    );

    // The clerk, in the same browser tab, without a reload.
    const summaryCall = page.waitForResponse((r) => r.url().includes('/admin/demo/home/summary'));
    await signIn(page, CLERK, PASSWORD);
    const answer = await summaryCall;
    // The call went out with the clerk's token, after the sign-in.
    const asked = answer.request().headers().authorization;
    expect(asked).toBe(await page.evaluate(() => JSON.parse(localStorage.getItem('backroom.token') ?? '{}').value));
    const home = new URL(page.url()).pathname;
    await eventually(() => tabKeys(page)).toEqual([home]);
    await eventually(() => kpi(page, 'Customers').innerText()).toBe(String(clerkFigures.customers?.total));
    // And none of admin's screens is offered back: the role screen is not the clerk's.
    expect(await page.locator('.tabs-bar [data-tab="/sys/role"]').count()).toBe(0);
    await context.close();
  });

  it('ends the tabs with a session the server ended (401), and the next sign-in starts fresh', async () => {
    const context = await newContext(browser, server.base, { locale: 'en' });
    const page = await context.newPage();
    await signIn(page);
    for (const path of ['/sys/role', '/sys/param']) await visit(page, path);
    await visit(page, '/');
    await page.locator('.home-kpi').first().waitFor();
    // Admin's session ended by the server (logged out elsewhere): the next call is refused (401).
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('backroom.token') ?? '{}').value);
    await apiOf(server.base, token).post('/admin/base/comm/logout');
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401) refused.push(r.url());
    });
    const signedOut = page.waitForURL((url) => url.pathname === '/login');
    // The refresh asks again, unless a call of the page's own met the 401 first and the shell is gone.
    await page.evaluate(() =>
      document.querySelector<HTMLButtonElement>('.view-slot.active button[aria-label="Refresh"]')?.click(),
    );
    await signedOut;
    expect(refused.length).toBeGreaterThan(0);
    await signIn(page, CLERK, PASSWORD);
    const home = new URL(page.url()).pathname;
    await eventually(() => tabKeys(page)).toEqual([home]);
    await context.close();
  });

  it('renames every open tab on a language switch, not only the one on show', async () => {
    const context = await newContext(browser, server.base, { locale: 'en' });
    const page = await context.newPage();
    await signIn(page);
    for (const path of ['/sys/role', '/sys/param']) await visit(page, path);
    const english = await tabTitles(page);
    await page.getByTestId('language').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    // Every tab, the hidden ones too, says its name in Chinese: none keeps an English word.
    await eventually(async () => (await tabTitles(page)).filter((title) => /[A-Za-z]{3,}/.test(title))).toEqual([]);
    expect((await tabTitles(page)).length).toBe(english.length);
    await context.close();
  });

  it('keeps each tab where it was scrolled', async () => {
    const context = await newContext(browser, server.base, { locale: 'en', viewport: { width: 1440, height: 500 } });
    const page = await context.newPage();
    await signIn(page);
    const area = page.locator('.app-content');
    const scrollTop = () => area.evaluate((e) => e.scrollTop);
    await visit(page, '/sys/param');
    // The request log is long (every call of this run so far): scrolled down a little.
    await visit(page, '/sys/log');
    await page.locator('.view-slot.active:visible .ant-table-row').first().waitFor();
    await eventually(() => area.evaluate((e) => e.scrollHeight > e.clientHeight + 80)).toBe(true);
    await area.evaluate((e) => e.scrollTo(0, 80));
    await eventually(scrollTop).toBe(80);
    // The parameters tab was left at the top: it comes back there, then the log where it was.
    await page.locator('.tabs-bar [data-tab="/sys/param"]').click();
    await page.waitForURL((url) => url.pathname === '/sys/param');
    await eventually(scrollTop).toBe(0);
    await page.locator('.tabs-bar [data-tab="/sys/log"]').click();
    await page.waitForURL((url) => url.pathname === '/sys/log');
    await eventually(scrollTop).toBe(80);
    await context.close();
  });
});
