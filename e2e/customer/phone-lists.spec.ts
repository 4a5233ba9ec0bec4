import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  unique,
} from '../support/app.js';
import { addRole, addStaff, addStore, CLERK_PERMS, MANAGER_PERMS, type Staff } from '../support/retail.js';
import { eventually, expectNothingSideways, tableHeaders, tableRow } from '../support/ui.js';

// Issue 24 §6: on a 390 px phone the customer and invitation lists show the name, the phone, the
// status and one action menu, without sideways scrolling. The invitation's phone is its customer's,
// masked as on the customer list; whoever may reveal the customer's phone may reveal it there.

let phoneSeq = 0;
/** A mobile number no other test of the run uses. */
const newPhone = () => `137${String(Date.now() % 1e6).padStart(6, '0')}${String(phoneSeq++ % 100).padStart(2, '0')}`;
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/** The row's invitation status reads whole, without an ellipsis. */
async function expectStatusWhole(row: Locator, label: string) {
  const status = row.locator('.customer-status-value');
  await status.waitFor();
  expect((await status.innerText()).trim()).toBe(label);
  expect(await status.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

describe.skipIf(!hasChromium)('the customer and invitation lists on a phone', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  let clerk: Staff;
  let manager: Staff;
  const name = unique('Phone list ');
  const phone = newPhone();
  const noShowName = unique('No show ');

  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
    const store = await addStore(admin);
    clerk = await addStaff(admin, {
      name: unique('Clerk '),
      storeId: store.id,
      roleId: await addRole(admin, CLERK_PERMS),
      level: 'clerk',
    });
    manager = await addStaff(admin, {
      name: unique('Manager '),
      storeId: store.id,
      roleId: await addRole(admin, MANAGER_PERMS),
      level: 'storeManger',
    });
    const asClerk = apiOf(server.base, (await login(server.base, clerk.username, clerk.password)).token);
    const { id } = await asClerk.post<{ id: number }>('/admin/customer/info/create', {
      customerName: name,
      customerPhone: phone,
      customerAddress: 'No. 9 Market Street',
    });
    await asClerk.post('/admin/customer/invitationRecord/create', {
      customerID: id,
      inviteTime: '2026-12-01 10:00:00',
    });
    const other = await asClerk.post<{ id: number }>('/admin/customer/info/create', {
      customerName: noShowName,
      customerPhone: newPhone(),
    });
    await asClerk.post('/admin/customer/invitationRecord/create', {
      customerID: other.id,
      inviteTime: '2026-11-30 10:00:00',
      customerStatus: '4',
    });
    await asClerk.post('/admin/customer/activity/create', {
      customerId: id,
      customerName: name,
      customerPhone: phone,
      customerAddress: 'No. 9 Market Street',
      activityName: 'Tea tasting',
    });
  });
  afterAll(() => stopRun({ server, browser }));

  it('shows a clerk without reveal the name, the masked phone, the status and one menu, nothing sideways', async () => {
    const { page } = await openAs(browser, server.base, {
      path: '/customer/info',
      user: clerk.username,
      password: clerk.password,
      prefs: { viewport: PHONE },
    });
    const customer = tableRow(page, name);
    await customer.waitFor();
    const customerPhone = (await customer.locator('.customer-masked').innerText()).trim();
    expect(customerPhone).toBe(masked(phone));
    expect(await tableHeaders(page)).toEqual(['Customer', 'Phone', 'Status', 'Actions']);
    await expectNothingSideways(page);

    await page.goto('/customer/invitation');
    const invitation = tableRow(page, name);
    await invitation.waitFor();
    expect(await tableHeaders(page)).toEqual(['Customer', 'Phone', 'Status', 'Actions']);
    // The same mask as on the customer list; no clear digit on the page, no reveal without the permission.
    expect((await invitation.locator('.customer-masked').innerText()).trim()).toBe(customerPhone);
    expect(await page.locator('body').innerText()).not.toContain(phone);
    expect(await invitation.getByTestId('reveal').count()).toBe(0);
    // When it is, under the name; the status can be changed in place; one menu for the rest.
    expect(await invitation.innerText()).toContain('12-01 10:00');
    await invitation.getByTestId(/^invitation-status-/).waitFor();
    expect(await invitation.locator('.row-menu-button').count()).toBe(1);
    // Every cell inside the screen, and each status whole ("No-show" the longest in English).
    await expectNothingSideways(page, invitation);
    await expectStatusWhole(tableRow(page, noShowName), 'No-show');

    // The activity list likewise: who, their phone, the activity, one menu.
    await page.goto('/customer/activity');
    const activity = tableRow(page, name);
    await activity.waitFor();
    expect(await tableHeaders(page)).toEqual(['Customer name', 'Phone', 'Activity', 'Actions']);
    expect((await activity.locator('.customer-masked').innerText()).trim()).toBe(customerPhone);
    expect(await activity.locator('.row-menu-button').count()).toBe(1);
    await expectNothingSideways(page);
  });

  it('lets a manager who may reveal the customer’s phone reveal it on the invitation, with a reason', async () => {
    const { page } = await openAs(browser, server.base, {
      path: '/customer/invitation',
      user: manager.username,
      password: manager.password,
      prefs: { viewport: PHONE },
    });
    const invitation = tableRow(page, name);
    await invitation.waitFor();
    expect((await invitation.locator('.customer-masked').innerText()).trim()).toBe(masked(phone));
    // The manager's rows have checkboxes too (she may delete): the status still reads whole.
    expect(await invitation.locator('.ant-checkbox').count()).toBe(1);
    await expectStatusWhole(tableRow(page, noShowName), 'No-show');
    // On show beside the number, on its line, and not cut off by the narrow column.
    const reveal = invitation.getByTestId('reveal');
    const [button, number, cell] = await Promise.all([
      reveal.boundingBox(),
      invitation.locator('.customer-masked > span').first().boundingBox(),
      invitation.locator('td', { has: page.getByTestId('reveal') }).boundingBox(),
    ]);
    if (!button || !number || !cell) throw new Error('the phone cell is not drawn');
    expect(button.x).toBeGreaterThanOrEqual(number.x + number.width);
    expect(button.y + button.height / 2).toBeGreaterThan(number.y);
    expect(button.y + button.height / 2).toBeLessThan(number.y + number.height);
    expect(button.x + button.width).toBeLessThanOrEqual(cell.x + cell.width);
    await reveal.click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.locator('#reveal_reason').fill('Calling about the visit');
    await dialog.locator('.ant-btn-primary').click();
    await eventually(() => invitation.locator('.customer-clear').innerText()).toBe(phone);
    // The reveal is the customer's, audited as any other.
    const log = await apiOf(server.base, (await login(server.base, manager.username, manager.password)).token).post<{
      list: Array<{ field: string; reason: string }>;
    }>('/admin/customer/revealLog/page', { page: 1, size: 20 });
    expect(log.list).toContainEqual(
      expect.objectContaining({ field: 'customerPhone', reason: 'Calling about the visit' }),
    );
    // The row's menu: Edit opens the dialog and the menu closes, not left over the dialog.
    await invitation.locator('.row-menu-button').click();
    await page.locator('.row-menu:visible').getByRole('button', { name: /Edit/ }).click();
    await page.locator('.ant-modal:visible form').waitFor();
    await eventually(() => page.locator('.row-menu:visible').count()).toBe(0);
  });
});
