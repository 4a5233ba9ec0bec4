import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, hasChromium, type RunningServer, startRun, stopRun, unique } from '../support/app.js';
import { dialog, tableRow, view, visit } from '../support/ui.js';
import { DAY_TIMEOUT_MS, menuRouters, newPhone, type Seeded, seededStaff, signInFresh, statusOf } from './day.js';

type PageOf<T> = { list: T[]; pagination: { total: number } };

/** Calls every write a back-office reader must not make: each answers 403 and writes nothing. */
const WRITES: Array<[string, (customerId: number) => unknown]> = [
  ['/admin/customer/info/create', () => ({ customerName: 'x', customerPhone: '13912345678' })],
  ['/admin/customer/info/update', (id) => ({ id, remark: 'changed' })],
  ['/admin/customer/info/delete', (id) => ({ ids: [id] })],
  ['/admin/customer/info/handOver', () => ({ fromEmployeeId: 1, toEmployeeId: 2 })],
  ['/admin/customer/info/reveal', (id) => ({ id, field: 'customerPhone', reason: 'just looking' })],
  ['/admin/customer/invitationRecord/create', (id) => ({ customerID: id, inviteTime: '2026-12-01 10:00:00' })],
  [
    '/admin/customer/activity/create',
    (id) => ({ customerId: id, customerName: 'x', customerPhone: '13912345678', customerAddress: 'x' }),
  ],
  ['/admin/base/sys/user/page', () => ({ page: 1, size: 10 })],
  ['/admin/base/sys/role/page', () => ({ page: 1, size: 10 })],
];

/** What the customer list offers this reader: no add, hand-over, batch or reveal buttons. */
async function expectReadOnlyList(page: Page, customerName: string) {
  const row = tableRow(page, customerName);
  await row.waitFor();
  expect(await view(page).getByTestId('crud-add').count()).toBe(0);
  expect(await view(page).getByTestId('customer-hand-over').count()).toBe(0);
  expect(await view(page).getByTestId('customer-batch-status').count()).toBe(0);
  expect(await row.getByTestId('reveal').count()).toBe(0);
}

/**
 * The treasurer and HR read the customers of every store (masked); the treasurer exports them for
 * the books, HR reads the record of reveals. Nothing else: each lacks the other's tool, every
 * write, the hand-over, the reveal and the staff screens, in the menus and at the API (403).
 */
describe.skipIf(!hasChromium)('the treasurer’s and HR’s day', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  let customerId: number;
  let customerName: string;
  let otherStore: string;
  let phone: string;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
    const clerk = await seededStaff(server.base, admin, 'store1.clerk1');
    const farClerk = await seededStaff(server.base, admin, 'store3.clerk1');
    customerName = unique('Ledger ');
    otherStore = unique('Far ');
    phone = newPhone();
    customerId = (
      await clerk.api.post<{ id: number }>('/admin/customer/info/create', {
        customerName,
        customerPhone: phone,
        remark: 'books',
      })
    ).id;
    await farClerk.api.post('/admin/customer/info/create', { customerName: otherStore, customerPhone: newPhone() });
    // A reveal for HR's audit to list.
    await admin.post('/admin/customer/info/reveal', { id: customerId, field: 'customerPhone', reason: 'audit trail' });
  });
  afterAll(() => stopRun({ server, browser }));

  async function expectWritesRefused(who: Seeded) {
    const before = await admin.post<PageOf<{ id: number }>>('/admin/customer/info/page', { page: 1, size: 1 });
    for (const [url, body] of WRITES)
      expect([url, await statusOf(server.base, who.api, url, body(customerId))]).toEqual([url, 403]);
    const after = await admin.post<PageOf<{ id: number; remark: string }>>('/admin/customer/info/page', {
      page: 1,
      size: 1,
    });
    expect(after.pagination.total).toBe(before.pagination.total);
    const row = await admin.get<{ remark: string }>('/admin/customer/info/info', { id: customerId });
    expect(row.remark).toBe('books');
  }

  it(
    'the treasurer reads every store’s customers masked and exports them, and can do nothing else',
    async () => {
      const treasurer = await seededStaff(server.base, admin, 'treasurer');
      const routers = await menuRouters(treasurer.api);
      expect(routers).toEqual(expect.arrayContaining(['/customer/info', '/customer/invitation', '/customer/activity']));
      // (The user screen's entry holds the department list the store filter needs; its calls answer 403 below.)
      for (const hidden of ['/customer/reveal-log', '/sys/role', '/space/list']) expect(routers).not.toContain(hidden);

      const page = await signInFresh(browser, server.base, treasurer);
      await visit(page, '/customer/info');
      await expectReadOnlyList(page, customerName);
      await tableRow(page, otherStore).waitFor();
      expect(await tableRow(page, customerName).innerText()).not.toContain(phone);

      // The export for the books: masked as the screen shows it.
      await view(page).getByTestId('crud-export').click();
      const box = dialog(page);
      await box.getByText('Choose the columns to export').waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        box.getByRole('button', { name: 'Export' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      expect(
        await statusOf(server.base, treasurer.api, '/admin/customer/activity/export', { columns: ['customerName'] }),
      ).toBe(200);

      await expectWritesRefused(treasurer);
      expect(await statusOf(server.base, treasurer.api, '/admin/customer/revealLog/page', { page: 1, size: 10 })).toBe(
        403,
      );
    },
    DAY_TIMEOUT_MS,
  );

  it(
    'HR reads every store’s customers and the record of reveals, exports nothing and can do nothing else',
    async () => {
      const hr = await seededStaff(server.base, admin, 'hr');
      const routers = await menuRouters(hr.api);
      expect(routers).toEqual(expect.arrayContaining(['/customer/info', '/customer/activity', '/customer/reveal-log']));
      for (const hidden of ['/sys/role', '/space/list']) expect(routers).not.toContain(hidden);

      const page = await signInFresh(browser, server.base, hr);
      await visit(page, '/customer/info');
      await expectReadOnlyList(page, customerName);
      await tableRow(page, otherStore).waitFor();
      expect(await view(page).getByTestId('crud-export').count()).toBe(0);

      await visit(page, '/customer/reveal-log');
      const entry = tableRow(page, 'audit trail');
      await entry.waitFor();
      expect(await entry.innerText()).toContain(customerName);

      await expectWritesRefused(hr);
      for (const url of ['/admin/customer/info/export', '/admin/customer/activity/export'])
        expect([url, await statusOf(server.base, hr.api, url, { columns: ['customerName'] })]).toEqual([url, 403]);
    },
    DAY_TIMEOUT_MS,
  );
});
