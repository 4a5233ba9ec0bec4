import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, type Violation } from '../support/a11y.js';
import { hasChromium, openAs, PHONE, type RunningServer, startRun, stopRun } from '../support/app.js';
import { eventually, view } from '../support/ui.js';

const PATH = '/helper/transform';
const input = (page: Page) => view(page).getByTestId('transform-input');
const output = (page: Page) => view(page).getByTestId('transform-output');
const outputText = (page: Page) => output(page).inputValue();
const describeViolation = (v: Violation) => `${v.id}: ${v.targets.join(' | ')}`;

/** Chooses a conversion by keyboard alone: focus the menu, arrows down to it, Enter. */
async function chooseByKeyboard(page: Page, name: string) {
  await view(page).locator('#transform-converter').focus();
  await page.keyboard.press('ArrowDown');
  const active = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active');
  await active.waitFor();
  for (let step = 0; step < 20 && (await active.innerText()) !== name; step++) await page.keyboard.press('ArrowDown');
  expect(await active.innerText()).toBe(name);
  await page.keyboard.press('Enter');
  await expect
    .poll(() =>
      view(page)
        .locator('.transform-converter .ant-select-content, .transform-converter .ant-select-selection-item')
        .first()
        .innerText(),
    )
    .toBe(name);
}

describe.skipIf(!hasChromium)('the transform utility in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    ({ server, browser } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  it('is in the menu, and turns a JSON sample into a zod schema by keyboard, to copy', async () => {
    const { page, context } = await openAs(browser, server.base, { path: '/' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Reached from the seeded menu: 实用工具 → 数据转换.
    await page.locator('.app-sider').getByText('Tools', { exact: true }).click();
    await page.locator('.app-sider').getByText('Transform', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === PATH);
    await chooseByKeyboard(page, 'JSON → zod schema');
    // Tab to "Fill in a sample" and press it; then Ctrl+Enter in the text converts.
    await view(page).getByRole('button', { name: 'Fill in a sample' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => input(page).inputValue()).toContain('"address"');
    await input(page).focus();
    await page.keyboard.press('Control+Enter');
    await eventually(() => outputText(page)).toContain("import { z } from 'zod';");
    const schema = await outputText(page);
    expect(schema).toContain(
      'export const addressSchema = z.object({\n  city: z.string(),\n  street: z.string().nullable(),\n});',
    );
    expect(schema).toContain('  note: z.string().optional(),');
    expect(schema).toContain('export const rootListSchema = z.array(rootSchema);');
    // The type name is an option.
    await view(page).locator('#transform-option-rootName').fill('Customer');
    await view(page).getByTestId('transform-run').click();
    await eventually(() => outputText(page)).toContain('export const customerListSchema = z.array(customerSchema);');
    await view(page).getByRole('button', { name: 'Copy' }).click();
    await eventually(() => page.evaluate(() => navigator.clipboard.readText())).toContain('customerSchema');
  });

  it('shows where invalid JSON goes wrong, then converts it to CSV for download, and back', async () => {
    const { page } = await openAs(browser, server.base, { path: PATH });
    await input(page).fill('[\n  {"name": "王小明", "city": "上海",}\n]');
    await view(page).getByTestId('transform-run').click();
    const error = view(page).getByTestId('transform-error');
    await expect.poll(() => error.innerText()).toContain('Invalid JSON: no comma may follow the last item');
    expect(await error.getByTestId('transform-error-at').innerText()).toBe('Line 2, column 32');
    await error.getByRole('button', { name: 'Show in the input' }).click();
    // The cursor stands on the character that went wrong.
    await expect.poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);
    const at = await input(page).evaluate((el: HTMLTextAreaElement) => el.value.charAt(el.selectionStart));
    expect(at).toBe('}');

    await input(page).fill('[{"name": "Lee, \\"Amy\\"", "address": {"city": "臺北"}, "tags": ["a", "b"]}]');
    await view(page).getByTestId('transform-run').click();
    await eventually(() => outputText(page)).toBe('name,address.city,tags.0,tags.1\n"Lee, ""Amy""",臺北,a,b\n');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      view(page).getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('converted.csv');
    const saved = fs.readFileSync((await download.path()) ?? '', 'utf8');
    // A byte-order mark first, so Excel reads the UTF-8; lines end in CRLF.
    expect(saved).toBe('\uFEFFname,address.city,tags.0,tags.1\r\n"Lee, ""Amy""",臺北,a,b\r\n');
    await view(page).getByTestId('transform-swap').click();
    await eventually(async () => JSON.parse((await outputText(page)) || 'null')).toEqual([
      { name: 'Lee, "Amy"', address: { city: '臺北' }, tags: ['a', 'b'] },
    ]);
  });

  it('writes an Excel workbook and reads it back, and converts Chinese text, with the libraries loaded on demand', async () => {
    const { page } = await openAs(browser, server.base, { path: PATH });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await view(page).locator('#transform-converter').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('JSON → Excel', { exact: true }).click();
    await input(page).fill('[{"id": 1, "name": "王小明", "code": "007"}, {"id": 2, "name": "Amy", "code": "010"}]');
    expect(scripts.some((url) => url.includes('exceljs'))).toBe(false);
    await view(page).getByTestId('transform-run').click();
    await expect.poll(() => view(page).getByTestId('transform-file').innerText()).toMatch(/Excel workbook ready \(\d/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      view(page).getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('converted.xlsx');
    const workbook = fs.readFileSync((await download.path()) ?? '');
    expect(workbook.subarray(0, 2).toString()).toBe('PK');
    // Read back through the file chooser, as a user would pick the saved workbook.
    await view(page).locator('#transform-converter').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Excel → JSON', { exact: true }).click();
    await view(page).getByTestId('transform-file-input').setInputFiles({
      name: 'customers.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook,
    });
    await expect.poll(() => view(page).locator('.file-drop-hint').innerText()).toMatch(/^Chosen: customers\.xlsx/);
    await view(page).getByTestId('transform-run').click();
    await eventually(async () => JSON.parse((await outputText(page)) || 'null')).toEqual([
      { id: 1, name: '王小明', code: '007' },
      { id: 2, name: 'Amy', code: '010' },
    ]);

    await view(page).locator('#transform-converter').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Simplified → Traditional', { exact: true }).click();
    await input(page).fill('软件和鼠标');
    await view(page).getByTestId('transform-run').click();
    await eventually(() => outputText(page)).toBe('軟體和滑鼠');
    expect(scripts.some((url) => url.includes('cn2t'))).toBe(true);
  });

  for (const dark of [false, true]) {
    it(`has no serious accessibility violations with a result and with an error (${dark ? 'dark' : 'light'})`, async () => {
      const { page } = await openAs(browser, server.base, { path: PATH, prefs: { dark } });
      await view(page).getByRole('button', { name: 'Fill in a sample' }).click();
      await view(page).getByTestId('transform-run').click();
      await eventually(() => outputText(page)).toContain('address.city');
      // The pointer off the button it pressed: a hovered button is drawn in its hover colour.
      await page.mouse.move(0, 0);
      expect((await seriousViolations(page, { whole: true })).map(describeViolation)).toEqual([]);
      await input(page).fill('{"a": }');
      await view(page).getByTestId('transform-run').click();
      await view(page).getByTestId('transform-error').waitFor();
      await page.mouse.move(0, 0);
      expect((await seriousViolations(page, { whole: true })).map(describeViolation)).toEqual([]);
      // The file drop of Excel → JSON, reached by keyboard: Tab from the option before it lands on its chooser.
      await view(page).locator('#transform-converter').click();
      await page.locator('.ant-select-dropdown:visible').getByTitle('Excel → JSON', { exact: true }).click();
      await view(page).getByRole('button', { name: 'Clear' }).focus();
      await page.keyboard.press('Tab');
      await expect
        .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type))
        .toBe('file');
      await page.mouse.move(0, 0);
      expect((await seriousViolations(page, { whole: true })).map(describeViolation)).toEqual([]);
    });
  }

  it('is usable on a phone (390×844): nothing wider than the screen, timestamps to dates in a chosen zone', async () => {
    const { page } = await openAs(browser, server.base, {
      path: PATH,
      prefs: { viewport: PHONE },
    });
    await view(page).locator('#transform-converter').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Timestamps → dates', { exact: true }).click();
    const zone = view(page).locator('#transform-option-timeZone');
    await zone.click();
    await zone.fill('Asia/Tok');
    await page.locator('.ant-select-dropdown:visible').getByTitle('Asia/Tokyo', { exact: true }).click();
    await input(page).fill('1795669472\n1795669472123');
    await view(page).getByTestId('transform-run').click();
    await eventually(() => outputText(page)).toBe('2026-11-26 14:04:32 +09:00\n2026-11-26 14:04:32.123 +09:00');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await output(page).boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  });
});
