import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  hasChromium,
  login,
  newContext,
  openAs,
  type RunningServer,
  startRun,
  stopRun,
  unique,
} from '../support/app.js';
import { eventually, tableRow, view } from '../support/ui.js';

/** The breadcrumb's entries as shown. */
const crumbs = (page: Page) => page.locator('.app-crumbs .ant-breadcrumb-link').allInnerTexts();
/** The text of a customer's row in the list. */
const rowText = (page: Page, name: string) => tableRow(page, name).innerText();

/**
 * Dictionary words in the UI language (issue 37 §3): the customer list of a customer typed VIP
 * and regular shows the English words in English and the Traditional ones in 繁體, the first load
 * after switching to 繁體 included; and the theme follows the system's dark preference until the
 * user picks one.
 */
describe.skipIf(!hasChromium)('dictionary labels and the system theme in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  const vip = unique('Vip ');
  const regular = unique('Regular ');
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
    await admin.post('/admin/customer/info/add', {
      customerName: vip,
      customerPhone: '13912300001',
      customerType: 'vip',
    });
    await admin.post('/admin/customer/info/add', {
      customerName: regular,
      customerPhone: '13912300002',
      customerType: 'regular',
    });
  });
  afterAll(() => stopRun({ server, browser }));

  it('shows the customer types in English on the list, its filter and the breadcrumb', async () => {
    const { page } = await openAs(browser, server.base, { path: '/customer/info', prefs: { locale: 'en' } });
    await eventually(() => rowText(page, vip)).toContain('VIP customer');
    expect(await rowText(page, regular)).toContain('Regular customer');
    expect(await view(page).innerText()).not.toMatch(/VIP客户|老客户/);
    expect(await crumbs(page)).toEqual(['Customers', 'Customer info']);
  });

  it('shows them in Traditional Chinese, and so does the first load after switching to 繁體', async () => {
    const { page } = await openAs(browser, server.base, { path: '/customer/info', prefs: { locale: 'zh-tw' } });
    await eventually(() => rowText(page, vip)).toContain('VIP客戶');
    expect(await rowText(page, regular)).toContain('老客戶');
    expect(await crumbs(page)).toEqual(['客戶管理', '客戶資訊']);

    // From Simplified, through the header's language menu, then a reload.
    const { page: other } = await openAs(browser, server.base, { path: '/customer/info', prefs: { locale: 'zh-cn' } });
    await eventually(() => rowText(other, vip)).toContain('VIP客户');
    await other.getByTestId('language').click();
    await other.getByRole('menuitem', { name: '繁體中文' }).click();
    await eventually(() => rowText(other, vip)).toContain('VIP客戶');
    expect(await crumbs(other)).toEqual(['客戶管理', '客戶資訊']);
    await other.reload();
    await eventually(() => rowText(other, vip)).toContain('VIP客戶');
    expect(await crumbs(other)).toEqual(['客戶管理', '客戶資訊']);
    expect(await other.locator('.tabs-bar').innerText()).toContain('客戶資訊');
  });

  it('follows the system’s dark preference until the user picks light, which then holds', async () => {
    const session = await login(server.base);
    const context = await newContext(browser, server.base, {
      locale: 'en',
      dark: 'system',
      colorScheme: 'dark',
      session,
    });
    try {
      const page = await context.newPage();
      await page.goto('/customer/info');
      await page.locator('.app-layout').waitFor();
      const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
      expect(await theme()).toBe('dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await eventually(theme).toBe('light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await eventually(theme).toBe('dark');
      await page.getByTestId('toggle-dark').click();
      await eventually(theme).toBe('light');
      await page.reload();
      await page.locator('.app-layout').waitFor();
      expect(await theme()).toBe('light');
    } finally {
      await context.close();
    }
  });

  it('draws one focus ring on a focused text field: its rounded border, no square outline inside', async () => {
    const { page } = await openAs(browser, server.base, { path: '/customer/info', prefs: { locale: 'en' } });
    const search = view(page).locator('input.ant-input').first();
    await search.click();
    await page.keyboard.type('1');
    const ring = await page.evaluate(() => {
      const input = document.activeElement as HTMLElement;
      const box = (input.closest('.ant-input-affix-wrapper, .ant-select, .ant-picker') as HTMLElement | null) ?? input;
      return {
        tag: input.tagName,
        outline: getComputedStyle(input).outlineStyle,
        shadow: getComputedStyle(box).boxShadow,
        radius: getComputedStyle(box).borderTopLeftRadius,
      };
    });
    expect(ring.tag).toBe('INPUT');
    expect(ring.outline).toBe('none');
    expect(ring.shadow).not.toBe('none');
    expect(ring.radius).not.toBe('0px');
  });
});
