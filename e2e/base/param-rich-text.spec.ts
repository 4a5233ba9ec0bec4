import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/a11y.js';
import { type Api, hasChromium, openAs, type RunningServer, startRun, stopRun, unique } from '../support/app.js';
import { dialog, eventually, formItem, motionless, pickOption, saveDialog, tableRow, view } from '../support/ui.js';

type Param = { id: number; keyName: string; name: string; data: string | null; dataType: number };
type PageOf<T> = { list: T[] };

const findParam = async (admin: Api, keyName: string) =>
  (await admin.post<PageOf<Param>>('/admin/base/sys/param/page', { page: 1, size: 100, keyWord: keyName })).list.find(
    (p) => p.keyName === keyName,
  );

describe.skipIf(!hasChromium)('the rich-text parameter in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  it('writes bold text in the editor, lists an excerpt, previews it and opens its page in a tab without a token', async () => {
    const keyName = unique('e2eNotice');
    const { page, context } = await openAs(browser, server.base, { path: '/sys/param' });
    const editorChunk: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' && /rich-text-editor/.test(r.url())) editorChunk.push(r.url());
    });
    await view(page).locator('.ant-table-row').first().waitFor();
    // The seeded notice shows as words, not markup.
    await eventually(() => view(page).getByTestId('param-data-storeNotice').innerText()).toBe(
      '欢迎使用 Backroom 门店后台。',
    );

    await view(page).getByTestId('crud-add').click();
    const form = dialog(page);
    await form.locator('#name').fill('E2E notice');
    await form.locator('#keyName').fill(keyName);
    // A text parameter has a plain box, and the editor has not been fetched.
    await form.locator('textarea#data').waitFor();
    expect(editorChunk).toEqual([]);
    await pickOption(page, formItem(form, page, 'dataType').locator('.ant-select'), 'Rich text');
    const editor = form.getByTestId('rich-text-editor');
    await editor.waitFor();
    expect(editorChunk.length).toBeGreaterThan(0);

    await editor.click();
    await page.keyboard.type('Weekend ');
    // Bold by its shortcut: a key is handled after the keys before it (the editor reads the typed
    // text first), where a click on the toolbar could come before a busy editor had read the
    // trailing space, which then went into the bold text.
    await page.keyboard.press('Control+b');
    await eventually(() => form.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('half price');
    await page.keyboard.press('Control+b');
    await eventually(() => form.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.type(' at every store.');
    await editor.locator('strong', { hasText: 'half price' }).waitFor();
    // The dialog with the editor: no serious accessibility problem, and the toolbar is reached by Tab.
    await motionless(page);
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Italic' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Bold');
    await saveDialog(page);

    const saved = await findParam(admin, keyName);
    expect(saved?.dataType).toBe(1);
    expect(saved?.data).toBe('<p>Weekend <strong>half price</strong> at every store.</p>');
    // The list: the words on one line, no markup.
    const cell = tableRow(page, keyName).getByTestId(`param-data-${keyName}`);
    await eventually(() => cell.innerText()).toBe('Weekend half price at every store.');
    // And after a reload (which also leaves behind the hidden form's button ripple, a motion that
    // never ends while its dialog is hidden).
    await page.reload();
    await eventually(() => cell.innerText()).toBe('Weekend half price at every store.');
    expect(await seriousViolations(page)).toEqual([]);

    // Preview: the page as the public call serves it, in a sandboxed frame.
    await tableRow(page, keyName).getByTestId(`param-preview-${keyName}`).click();
    const preview = dialog(page);
    await preview.getByText('Preview: E2E notice').waitFor();
    const frame = page.frameLocator('[data-testid=param-preview-frame]');
    await frame.locator('strong', { hasText: 'half price' }).waitFor();
    await motionless(page);
    expect(await seriousViolations(page)).toEqual([]);

    // Open page: a new tab, which sends no token, gets the page from the open call.
    const requests: Request[] = [];
    context.on('request', (r) => {
      if (r.url().includes('/html?')) requests.push(r);
    });
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      preview.getByTestId(`param-open-${keyName}`).click(),
    ]);
    await tab.locator('strong', { hasText: 'half price' }).waitFor();
    expect(await tab.locator('body').innerText()).toBe('Weekend half price at every store.');
    expect(new URL(tab.url()).pathname).toBe('/api/admin/base/open/html');
    const opened = requests.find((r) => r.frame().page() === tab);
    expect(opened?.headers().authorization).toBeUndefined();
    const response = await opened?.response();
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain('sandbox');
    await tab.close();

    // Editing again shows the bold text in the editor.
    await preview.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'hidden' });
    await tableRow(page, keyName).getByRole('button', { name: 'Edit' }).click();
    await dialog(page).getByTestId('rich-text-editor').locator('strong', { hasText: 'half price' }).waitFor();
  });
});
