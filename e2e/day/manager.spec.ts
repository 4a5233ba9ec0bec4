import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, hasChromium, type RunningServer, startRun, stopRun, unique } from '../support/app.js';
import { dialog, eventually, expectToastDuring, pickOption, tableRow, view, visit } from '../support/ui.js';
import { DAY_TIMEOUT_MS, newPhone, SCREENS, seededStaff, signInFresh } from './day.js';

type Customer = { id: number; customerName: string; employeeId: number };
type PageOf<T> = { list: T[]; pagination: { total: number } };

const formDialog = (page: Page) => page.locator('.ant-modal:visible').filter({ has: page.locator('form') });
const confirmation = (page: Page) => page.locator('.ant-modal-confirm:visible');

async function search(page: Page, text: string) {
  const box = view(page).locator('.crud-search .ant-input-search input');
  await box.fill(text);
  await box.press('Enter');
}

/** The seeded store manager's day, from the sign-in: hand-overs, an export, a reveal with a reason, the audit. */
describe.skipIf(!hasChromium)('a store manager’s day', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  describe.each(SCREENS)('on a $name screen', ({ viewport }) => {
    it(
      'hands over selected customers and a whole book, exports, reveals a phone with a reason and reads the audit',
      async () => {
        const manager = await seededStaff(server.base, admin, 'store1.manager');
        const leaving = await seededStaff(server.base, admin, 'store1.clerk1');
        const taking = await seededStaff(server.base, admin, 'store1.clerk2');
        const tag = unique('day');
        const phones = [newPhone(), newPhone(), newPhone(), newPhone()];
        const names = ['Ada', 'Bea', 'Cy', 'Di'].map((n) => `${tag} ${n}`);
        const ids: number[] = [];
        for (const [i, customerName] of names.entries()) {
          const { id } = await leaving.api.post<{ id: number }>('/admin/customer/info/create', {
            customerName,
            customerPhone: phones[i],
            customerAddress: 'No. 5 Nanjing Road',
            remark: tag,
          });
          ids.push(id);
        }
        // Admin books an appointment for the leaving clerk's first customer: it is the customer's, and moves with it.
        const { id: booked } = await admin.post<{ id: number }>('/admin/customer/invitationRecord/create', {
          customerID: ids[0],
          inviteTime: '2026-12-01 10:00:00',
        });

        const page = await signInFresh(browser, server.base, manager, viewport);
        await visit(page, '/customer/info');
        await search(page, tag);
        for (const name of names) await tableRow(page, name).waitFor();

        // The two selected customers go to the other clerk; the confirmation names how many and to whom.
        for (const name of names.slice(0, 2)) await tableRow(page, name).getByRole('checkbox').check();
        await view(page).getByTestId('customer-hand-over').click();
        const box = formDialog(page);
        await box.getByText("Hand over a clerk's customers").waitFor();
        await box.getByText('The 2 selected customers').waitFor();
        await pickOption(
          page,
          box.locator('.ant-form-item', { hasText: 'To clerk' }).locator('.ant-select'),
          taking.name,
        );
        await box.getByRole('button', { name: 'Hand over' }).click();
        await confirmation(page)
          .locator('.ant-modal-confirm-title', { hasText: `Hand over 2 customers to ${taking.name}?` })
          .waitFor();
        await expectToastDuring(page, 'Customers handed over', () =>
          confirmation(page).getByRole('button', { name: 'Hand over' }).click(),
        );
        await box.waitFor({ state: 'hidden' });
        // The owner column shows her own name, the store's name (which begins hers) on the line below.
        for (const name of names.slice(0, 2))
          await eventually(() =>
            tableRow(page, name).locator('.customer-staff').first().getAttribute('title'),
          ).toContain(taking.name);
        const invitation = await admin.get<{ employeeId: number }>('/admin/customer/invitationRecord/info', {
          id: booked,
        });
        expect(invitation.employeeId).toBe(taking.id);

        // The rest of the leaving clerk's book: her customers of this test and any another test left her.
        const leavingBook = await admin.post<PageOf<Customer>>('/admin/customer/info/page', {
          page: 1,
          size: 1,
          employeeId: leaving.id,
        });
        expect(leavingBook.pagination.total).toBeGreaterThanOrEqual(2);
        await view(page).getByTestId('customer-hand-over').click();
        await box.getByText('All customers of a clerk').click();
        await pickOption(
          page,
          box.locator('.ant-form-item', { hasText: 'From clerk' }).locator('.ant-select'),
          leaving.name,
        );
        await pickOption(
          page,
          box.locator('.ant-form-item', { hasText: 'To clerk' }).locator('.ant-select'),
          taking.name,
        );
        await box.getByRole('button', { name: 'Hand over' }).click();
        await confirmation(page)
          .locator('.ant-modal-confirm-title', {
            hasText: `Hand over all ${leavingBook.pagination.total} customers of ${leaving.name} to ${taking.name}?`,
          })
          .waitFor();
        await expectToastDuring(page, 'Customers handed over', () =>
          confirmation(page).getByRole('button', { name: 'Hand over' }).click(),
        );
        await box.waitFor({ state: 'hidden' });
        const theirs = await manager.api.post<PageOf<Customer>>('/admin/customer/info/page', {
          page: 1,
          size: 50,
          keyWord: tag,
        });
        expect(theirs.list.map((c) => c.employeeId)).toEqual(names.map(() => taking.id));
        for (const name of names.slice(2))
          await eventually(() =>
            tableRow(page, name).locator('.customer-staff').first().getAttribute('title'),
          ).toContain(taking.name);

        // Export: the store's customers, masked as the screen shows them.
        await view(page).getByTestId('crud-export').click();
        const exporting = dialog(page);
        await exporting.getByText('Choose the columns to export').waitFor();
        await exporting.getByRole('button', { name: 'None' }).click();
        await exporting.getByRole('checkbox', { name: 'Customer name' }).check();
        await exporting.getByRole('checkbox', { name: 'Phone', exact: true }).check();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          exporting.getByRole('button', { name: 'Export' }).click(),
        ]);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
        const rows: unknown[][] = [];
        book.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
        expect(rows[0]).toEqual(['Customer name', 'Phone']);
        expect(
          rows
            .slice(1)
            .map((r) => r[0])
            .sort(),
        ).toEqual([...names].sort());
        expect(rows.slice(1).map((r) => r[1])).not.toContain(phones[0]);
        await exporting.waitFor({ state: 'hidden' });

        // Reveal a phone, giving a reason.
        const row = tableRow(page, names[0] as string);
        expect(await row.innerText()).not.toContain(phones[0]);
        await row.getByRole('button', { name: 'Show Phone' }).click();
        const reason = formDialog(page).locator('#reveal_reason');
        await reason.fill(`customer asked to be called back ${tag}`);
        await formDialog(page).getByRole('button', { name: 'Show' }).click();
        await formDialog(page).waitFor({ state: 'hidden' });
        await eventually(() => row.innerText()).toContain(phones[0]);

        // The audit names who looked, at whose phone, and why.
        await visit(page, '/customer/reveal-log');
        const entry = tableRow(page, `customer asked to be called back ${tag}`);
        await entry.waitFor();
        expect(await entry.innerText()).toContain(manager.name);
        expect(await entry.innerText()).toContain(names[0]);
      },
      DAY_TIMEOUT_MS,
    );
  });
});
