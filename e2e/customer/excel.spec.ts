import fs from 'node:fs';
import { createRequire } from 'node:module';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, hasChromium, openAs, type RunningServer, startRun, stopRun, unique } from '../support/app.js';
import { dialog, expectToastDuring, view } from '../support/ui.js';

type Row = Record<string, unknown> & { id: number };
type PageOf<T> = { list: T[]; pagination: { total: number } };

const PASSWORD = 'excel-e2e1';
const require = createRequire(import.meta.url);

/** A seeded staff member with a password set for the test; answers their id. */
async function staff(admin: Api, username: string): Promise<number> {
  const page = await admin.post<PageOf<Row>>('/admin/base/sys/user/page', { page: 1, size: 50, keyWord: username });
  const user = page.list.find((u) => u.username === username);
  if (!user) throw new Error(`no seeded user ${username}`);
  await admin.post('/admin/base/sys/user/update', { id: user.id, password: PASSWORD });
  return user.id;
}

/** Serious or critical axe-core violations in the open dialog (the screen behind it is the customer screen's own). */
async function seriousViolations(page: Page): Promise<string[]> {
  // Through the debugging protocol, as support/a11y.ts does: the app's CSP (script-src 'self') refuses an added script tag.
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate((require('axe-core') as { source: string }).source);
  }
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: unknown): Promise<{ violations: Array<{ id: string; impact: string }> }> };
      }
    ).axe;
    return axe.run({ include: [['[role="dialog"]']] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${JSON.stringify((v as unknown as { nodes: Array<{ target: unknown }> }).nodes.map((n) => n.target))}`,
    );
}

async function search(page: Page, text: string) {
  const box = view(page).locator('.crud-search .ant-input-search input');
  await box.fill(text);
  await box.press('Enter');
}

describe.skipIf(!hasChromium)('customer export and import in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  let clerk1: number;
  let otherStoreClerk: number;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
    await staff(admin, 'store1.manager');
    clerk1 = await staff(admin, 'store1.clerk1');
    otherStoreClerk = await staff(admin, 'store2.clerk1');
  });
  afterAll(() => stopRun({ server, browser }));

  it('a store manager exports the chosen columns of the store’s customers, and the file opens', async () => {
    const tag = unique('xlsexp');
    await admin.post('/admin/customer/info/add', {
      customerName: `${tag} mine`,
      customerPhone: '13811112222',
      employeeId: clerk1,
      remark: tag,
    });
    await admin.post('/admin/customer/info/add', {
      customerName: `${tag} theirs`,
      customerPhone: '13833334444',
      employeeId: otherStoreClerk,
      remark: tag,
    });

    const { page } = await openAs(browser, server.base, {
      path: '/customer/info',
      user: 'store1.manager',
      password: PASSWORD,
    });
    await search(page, tag);
    await view(page)
      .locator('.ant-table-row', { hasText: `${tag} mine` })
      .waitFor();
    await view(page).getByTestId('crud-export').click();
    const box = dialog(page);
    await box.getByText('Choose the columns to export').waitFor();
    // Columns must be chosen first: none chosen is refused in the dialog.
    await box.getByRole('button', { name: 'None' }).click();
    await box.getByRole('button', { name: 'Export' }).click();
    await box.getByRole('alert').getByText('Choose at least one column to export').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await box.getByRole('checkbox', { name: 'Customer name' }).check();
    await box.getByRole('checkbox', { name: 'Phone', exact: true }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      box.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const path = await download.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync(path) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    // The store's customer only, masked as the screen shows it.
    expect(rows).toEqual([
      ['Customer name', 'Phone'],
      [`${tag} mine`, '138****2222'],
    ]);
    await box.waitFor({ state: 'hidden' });
  });

  it('an import with one bad row shows the dry run and commits the good rows', async () => {
    const tag = unique('xlsimp');
    const file = new ExcelJS.Workbook();
    const sheet = file.addWorksheet('data');
    sheet.addRow(['Customer name', 'Phone', 'Sex', 'Remark']);
    sheet.addRow([`${tag} one`, '13755556666', 'Female', tag]);
    sheet.addRow([`${tag} two`, '13755557777', 'Male', tag]);
    sheet.addRow([`${tag} bad`, '13755558888', 'Robot', tag]);
    const buffer = Buffer.from(await file.xlsx.writeBuffer());

    const { page, api } = await openAs(browser, server.base, {
      path: '/customer/info',
      user: 'store1.manager',
      password: PASSWORD,
    });
    await view(page).getByTestId('crud-import').click();
    const box = dialog(page);
    // A file must be chosen first.
    await box.getByTestId('excel-import-check').click();
    await box.getByRole('alert').getByText('Choose a file to import first').waitFor();
    await box.locator('input[type=file]').setInputFiles({
      name: 'customers.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await box.getByTestId('excel-import-check').click();
    const report = box.getByTestId('excel-import-report');
    await report.waitFor();
    await report.getByText('Add: 2').waitFor();
    await report.getByText('Error: 1').waitFor();
    const bad = report.locator('.ant-table-row', { hasText: 'Robot' });
    await bad.getByText('C4').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing is written by the check.
    const before = await api.post<PageOf<Row>>('/admin/customer/info/page', { page: 1, size: 10, keyWord: tag });
    expect(before.pagination.total).toBe(0);
    await expectToastDuring(page, 'Imported: 2 added, 0 updated', () => box.getByTestId('excel-import-commit').click());
    const after = await api.post<PageOf<Row>>('/admin/customer/info/page', { page: 1, size: 10, keyWord: tag });
    expect(after.list.map((r) => r.customerName).sort()).toEqual([`${tag} one`, `${tag} two`]);
    await search(page, tag);
    await view(page)
      .locator('.ant-table-row', { hasText: `${tag} two` })
      .waitFor();
  });
});
