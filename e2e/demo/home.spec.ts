import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/a11y.js';
import {
  type Api,
  apiOf,
  hasChromium,
  login,
  openAs,
  PHONE,
  type RunningServer,
  startRun,
  stopRun,
} from '../support/app.js';
import { eventually } from '../support/ui.js';

type Summary = { customers: { total: number; added: number } | null; taskFailures: unknown[] | null };
type PageOf<T> = { list: T[] };

const PASSWORD = 'Home-e2e-pass1';

/** The value of the key figure whose card has this title. */
const kpi = (page: Page, title: string) =>
  page.locator('.home-kpi', { has: page.locator('.home-kpi-title', { hasText: title }) }).locator('.home-kpi-value');

/** A mobile number no other test of the run uses. */
let seq = 0;
const newPhone = () => `137${String(Date.now() % 1e6).padStart(6, '0')}${String(seq++ % 100).padStart(2, '0')}`;

describe.skipIf(!hasChromium)('the home dashboard in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  let clerk: Api;
  const clerkName = 'store1.clerk1';

  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
    // A clerk of the seeded chain (their role holds the home), with a password of the operator's.
    const users = await admin.post<PageOf<{ id: number; username: string }>>('/admin/base/sys/user/page', {
      page: 1,
      size: 20,
      keyWord: clerkName,
    });
    const id = users.list.find((u) => u.username === clerkName)?.id;
    await admin.post('/admin/base/sys/user/update', { id, password: PASSWORD });
    clerk = apiOf(server.base, (await login(server.base, clerkName, PASSWORD)).token);
    // The clerk's own customer, invited today; two of the administrator's, one of another store.
    const mine = await clerk.post<{ id: number }>('/admin/customer/info/create', {
      customerName: 'Home clerk customer',
      customerPhone: newPhone(),
      customerType: 'new',
    });
    await clerk.post('/admin/customer/invitationRecord/create', {
      customerID: mine.id,
      inviteTime: new Date().toISOString().slice(0, 19).replace('T', ' '),
    });
    for (const name of ['Home admin customer 1', 'Home admin customer 2'])
      await admin.post('/admin/customer/info/create', {
        customerName: name,
        customerPhone: newPhone(),
        customerType: 'vip',
      });
  });
  afterAll(() => stopRun({ server, browser }));

  it('lands the administrator on / with the figures and the charts of every row', async () => {
    const { page } = await openAs(browser, server.base, { path: '/' });
    const summary = await admin.get<Summary>('/admin/demo/home/summary');
    expect(summary.customers?.total).toBeGreaterThanOrEqual(3);
    await eventually(() => kpi(page, 'Customers').innerText()).toBe(String(summary.customers?.total));
    // The trend, the stores and the types, each a drawn picture with its words for assistive technology.
    await eventually(() => page.locator('.home-chart svg').count()).toBe(3);
    expect(await page.locator('.home-chart[role=img]').first().getAttribute('aria-label')).toMatch(/new customers/);
    // The staff ranking and the task failures (the administrator may read task runs).
    await eventually(() => page.locator('.home-ranking li').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByRole('heading', { name: 'Recent task failures' }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it("shows a clerk their own figures, not the chain's", async () => {
    const { page } = await openAs(browser, server.base, { path: '/', user: clerkName, password: PASSWORD });
    const summary = await clerk.get<Summary>('/admin/demo/home/summary');
    const everyone = await admin.get<Summary>('/admin/demo/home/summary');
    expect(summary.customers?.total).toBe(1);
    expect(everyone.customers?.total).toBeGreaterThan(1);
    await eventually(() => kpi(page, 'Customers').innerText()).toBe('1');
    await eventually(() => kpi(page, 'Invitations (This week)').innerText()).toBe('1');
    await eventually(() => page.locator('.home-chart svg').count()).toBe(3);
    // The ranking lists the clerk alone; task runs are not theirs to read.
    await eventually(() => page.locator('.home-ranking li').count()).toBe(1);
    expect(summary.taskFailures).toBeNull();
    expect(await page.getByRole('heading', { name: 'Recent task failures' }).count()).toBe(0);
  });

  it('opens the list a figure counts, filtered as the figure is, with as many rows', async () => {
    // A clerk of its own for this test, with a customer and an invitation of today.
    const username = 'store1.clerk2';
    const users = await admin.post<PageOf<{ id: number; username: string }>>('/admin/base/sys/user/page', {
      page: 1,
      size: 20,
      keyWord: username,
    });
    const id = users.list.find((u) => u.username === username)?.id;
    await admin.post('/admin/base/sys/user/update', { id, password: PASSWORD });
    const own = apiOf(server.base, (await login(server.base, username, PASSWORD)).token);
    const customer = await own.post<{ id: number }>('/admin/customer/info/create', {
      customerName: 'Figure link customer',
      customerType: 'new',
      customerPhone: newPhone(),
    });
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}:00`;
    await own.post('/admin/customer/invitationRecord/create', { customerID: customer.id, inviteTime: local });

    const { page } = await openAs(browser, server.base, { path: '/', user: username, password: PASSWORD });
    const summary = await own.get<{ invitations: { count: number }; window: { from: string } }>(
      '/admin/demo/home/summary',
    );
    expect(summary.invitations.count).toBe(1);
    await eventually(() => kpi(page, 'Invitations (This week)').innerText()).toBe('1');
    const listed = page.waitForResponse((r) => r.url().includes('/admin/customer/invitationRecord/page'));
    await page.locator('.home-kpi', { hasText: 'Invitations (This week)' }).locator('.home-kpi-link').click();
    const request = (await listed).request().postDataJSON() as Record<string, unknown>;
    // The list asks for the figure's own window, the server's, not one the browser worked out.
    expect(request.inviteTimeFrom).toBe(summary.window.from);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/customer/invitation');
    expect(url.searchParams.get('inviteTimeFrom')).toBe(summary.window.from);
    await eventually(() => page.getByTestId('url-filters').isVisible()).toBe(true);
    await eventually(() => page.locator('.ant-pagination-total-text').innerText()).toBe('1 in all');
    expect(await page.locator('.crud .ant-table-row', { hasText: 'Figure link customer' }).count()).toBe(1);
    // "Show all" leaves the filter: the whole list (the clerk's own, the same row here).
    await page.getByTestId('url-filters').getByRole('button', { name: 'Show all' }).click();
    await eventually(() => new URL(page.url()).search).toBe('');
  });

  it('counts every figure for the range chosen, and opens its list with that range', async () => {
    const { page } = await openAs(browser, server.base, { path: '/', user: clerkName, password: PASSWORD });
    await eventually(() => kpi(page, 'Invitations (This week)').innerText()).toBe('1');
    const asked = page.waitForResponse(
      (r) => r.url().includes('/admin/demo/home/summary') && r.url().includes('range=last30'),
    );
    await page.getByTestId('home-range').getByText('Last 30 days').click();
    const answer = (await (await asked).json()) as { data: { window: { from: string; to: string } } };
    await eventually(() => kpi(page, 'Invitations (Last 30 days)').innerText()).toBe('1');
    const listed = page.waitForResponse((r) => r.url().includes('/admin/customer/invitationRecord/page'));
    await page.locator('.home-kpi', { hasText: 'Invitations (Last 30 days)' }).locator('.home-kpi-link').click();
    const request = (await listed).request().postDataJSON() as Record<string, unknown>;
    expect([request.inviteTimeFrom, request.inviteTimeTo]).toEqual([answer.data.window.from, answer.data.window.to]);
    await eventually(() => page.locator('.ant-pagination-total-text').innerText()).toBe('1 in all');
  });

  it('fits a phone in dark mode, without serious accessibility violations, and is reached by keyboard', async () => {
    const { page } = await openAs(browser, server.base, {
      path: '/',
      prefs: { dark: true, viewport: PHONE },
    });
    await eventually(() => page.locator('.home-chart svg').count()).toBe(3);
    // Nothing wider than the screen: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    // The refresh button is reachable by Tab and asks the three calls again.
    const refresh = page.getByRole('button', { name: 'Refresh' });
    await refresh.focus();
    const again = page.waitForResponse((r) => r.url().includes('/admin/demo/home/breakdown'));
    await page.keyboard.press('Enter');
    await again;
  });
});
