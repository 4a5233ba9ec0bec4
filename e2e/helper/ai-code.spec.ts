import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/a11y.js';
import { hasChromium, openAs, type RunningServer, startRun, stopRun } from '../support/app.js';
import { view } from '../support/ui.js';

describe.skipIf(!hasChromium)('the AI fast-coding helper in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    ({ server, browser } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  it('previews an entity described by the form, and keeps it while another tab is open', async () => {
    const { page } = await openAs(browser, server.base, { path: '/helper/ai-code' });
    const screen = view(page);
    // A production server without an AI endpoint: the form works, and the page says what the rest needs.
    await screen.getByText('Describing in words needs an AI endpoint').waitFor();
    await screen.getByText('writing the files needs development mode').waitFor();
    await screen.getByLabel('Module').fill('shop');
    await screen.getByLabel('Entity path').fill('goods');
    await screen.getByLabel('Name · Simplified Chinese').first().fill('商品');
    await screen.getByLabel('Name · Traditional Chinese').first().fill('商品');
    await screen.getByLabel('Name · English').first().fill('Goods');
    const field = screen.getByRole('group', { name: 'Field 1' });
    await field.getByLabel('Field name').fill('title');
    await field.getByLabel('Name · Simplified Chinese').fill('标题');
    await field.getByLabel('Name · Traditional Chinese').fill('標題');
    await field.getByLabel('Name · English').fill('Title');
    await field.getByText('Required').click();
    await field.getByText('Searchable').click();
    const answer = page.waitForResponse((r) => r.url().endsWith('/admin/base/coding/preview'));
    await screen.getByRole('button', { name: 'Preview' }).click();
    expect((await answer).status()).toBe(200);
    const declaration = screen.locator('.ai-code-pre').first();
    await declaration.waitFor();
    const source = await declaration.innerText();
    expect(source).toContain('export const shopGoods = defineEntity({');
    expect(source).toContain("title: col.string({ label: label('标题', '標題', 'Title'), min: 1, max: 100 })");
    expect(source).toContain("query: { keyWordLikeFields: ['title'] }");
    await expect.poll(() => screen.getByText(/_shop_create-goods\.ts/).count()).toBe(1);
    await screen.getByText('server/src/modules/shop/shop-goods.routes.ts').waitFor();
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
    // Another tab, then back: the cached page still holds the preview.
    // In the app (a reload would start afresh): the router follows the history.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/sys/menu');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await view(page).locator('.menu-page').waitFor();
    await page.getByRole('tab', { name: 'AI coding' }).click();
    await view(page).locator('.ai-code-pre').first().waitFor();
    expect(await view(page).getByLabel('Entity path').inputValue()).toBe('goods');
  });
});

describe.skipIf(!hasChromium)("the menu screen's 'create the screen for an entity' in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    ({ server, browser } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  it('parses the chosen entity and says when its screen exists', async () => {
    const { page } = await openAs(browser, server.base, { path: '/sys/menu' });
    await view(page).getByRole('button', { name: 'Create an entity screen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Entity').click();
    // A long list draws only the options in view: narrow it to the one wanted.
    await dialog.getByLabel('Entity').fill('dict/type');
    const parsed = page.waitForResponse((r) => r.url().endsWith('/admin/base/sys/menu/parse'));
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'dict/type' })
      .first()
      .click();
    expect((await parsed).status()).toBe(200);
    await dialog.getByText('dict:type:page').waitFor();
    await dialog.getByText('A screen with the router /dict/list exists already').waitFor();
    await dialog.locator('.ant-table-row', { hasText: 'key' }).first().waitFor();
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
