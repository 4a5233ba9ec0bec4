import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/a11y.js';
import {
  type Api,
  apiOf,
  hasChromium,
  login,
  openAs,
  type RunningServer,
  startRun,
  stopRun,
  unique,
} from '../support/app.js';
import { addRole, addStaff, addStore, CLERK_PERMS, MANAGER_PERMS, type Staff } from '../support/retail.js';
import { eventually, expectToastDuring, motionless, pickTreeOption, tableRow, view, visit } from '../support/ui.js';

type Customer = { id: number; customerName: string; customerPhone: string; employeeId: number | null };
type PageOf<T> = { list: T[]; pagination: { total: number } };
type Details = Customer & {
  invitations: Array<{ id: number; customerID: number; customerStatus: string }>;
  activities: Array<{ id: number; customerId: number | null; activityName: string | null }>;
};

/** The add/edit dialog on show (a form in a modal; the details drawer is a dialog too, without a form). */
const formDialog = (page: Page) => page.locator('.ant-modal:visible').filter({ has: page.locator('form') });
/** The confirmation on show. */
const confirmation = (page: Page) => page.locator('.ant-modal-confirm:visible');
const drawer = (page: Page) => page.locator('.ant-drawer-open');

/**
 * Escape as a reader presses it in an open dialog, with the focus inside it. Once, in a full run,
 * Escape left the reveal dialog open (not seen again in eight runs under load): should the focus
 * be elsewhere, it is put on the dialog and the spec says where it was, so a run shows whether
 * that was the cause.
 */
async function escapeFrom(page: Page, box: Locator, what: string) {
  const elsewhere = await box.evaluate((el) => {
    if (el.contains(document.activeElement)) return null;
    const was = document.activeElement?.outerHTML.slice(0, 160) ?? 'nothing';
    (el as HTMLElement).focus();
    return was;
  });
  if (elsewhere !== null) console.warn(`${what}: the focus was outside the open dialog, on ${elsewhere}`);
  await page.keyboard.press('Escape');
}

let phoneSeq = 0;
/** A mobile number no other test of the run uses. */
const newPhone = () => `139${String(Date.now() % 1e6).padStart(6, '0')}${String(phoneSeq++ % 100).padStart(2, '0')}`;

const apiAs = async (base: string, staff: Staff) =>
  apiOf(base, (await login(base, staff.username, staff.password)).token);
const createCustomer = (api: Api, customerName: string, customerPhone = newPhone()) =>
  api.post<{ id: number; customerCode: string }>('/admin/customer/info/create', {
    customerName,
    customerPhone,
    customerAddress: 'No. 1 Market Street',
  });
const customers = async (api: Api, filters: Record<string, unknown> = {}) =>
  api.post<PageOf<Customer>>('/admin/customer/info/page', { page: 1, size: 100, ...filters });

describe.skipIf(!hasChromium)('the customer screens in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  it('lets a clerk add a customer, invite them and record an activity, seeing only their own customers', async () => {
    const store = await addStore(admin);
    const clerkRole = await addRole(admin, CLERK_PERMS);
    const alice = await addStaff(admin, {
      name: unique('Alice '),
      storeId: store.id,
      roleId: clerkRole,
      level: 'clerk',
    });
    const bob = await addStaff(admin, { name: unique('Bob '), storeId: store.id, roleId: clerkRole, level: 'clerk' });
    const bobsPhone = newPhone();
    const bobsCustomer = unique('Bobs customer ');
    await createCustomer(await apiAs(server.base, bob), bobsCustomer, bobsPhone);

    const { page, api } = await openAs(browser, server.base, {
      path: '/customer/info',
      user: alice.username,
      password: alice.password,
    });
    // Nothing of Bob's: the list is empty for Alice.
    await view(page).locator('.ant-table-placeholder .ant-empty').waitFor();

    // Add a customer: the form checks the draft (preCreate), then creates it.
    const name = unique('Carla ');
    const phone = newPhone();
    await view(page).getByTestId('crud-add').click();
    await formDialog(page).locator('#customerName').fill(name);
    await formDialog(page).locator('#customerPhone').fill(phone);
    await formDialog(page).locator('#customerAddress').fill('No. 8 Harbour Road');
    await formDialog(page).getByRole('button', { name: 'Save' }).click();
    await formDialog(page).waitFor({ state: 'hidden' });
    const row = tableRow(page, name);
    await row.waitFor();
    // Alice holds no reveal permission: her own customer's phone shows masked, with a "show"
    // button, since an owner may reveal her own customers (issue 37; e2e/day/counter.spec.ts).
    const shown = await row.innerText();
    expect(shown).not.toContain(phone);
    expect(shown).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(await row.getByTestId('reveal').count()).toBeGreaterThan(0);
    expect(await view(page).locator('.ant-table-row').count()).toBe(1);

    // A second customer with Bob's customer's phone: the duplicate is named before anything is saved.
    await view(page).getByTestId('crud-add').click();
    await formDialog(page).locator('#customerName').fill(unique('Dup '));
    await formDialog(page).locator('#customerPhone').fill(bobsPhone);
    await formDialog(page).locator('#customerAddress').fill('No. 9 Harbour Road');
    await formDialog(page).getByRole('button', { name: 'Save' }).click();
    await confirmation(page).getByTestId('customer-duplicates').waitFor();
    const told = await confirmation(page).innerText();
    expect(told).toContain('This phone number is already in use');
    // Bob's customer lies outside Alice's scope: only its store is named, never the customer.
    expect(told).toContain(`A customer outside what you may see has this number, at ${store.name}`);
    expect(told).not.toContain(bobsCustomer);
    expect(told).not.toContain(bob.name);
    await confirmation(page).getByRole('button', { name: 'Cancel' }).click();
    await confirmation(page).waitFor({ state: 'hidden' });
    // Declined: the form stays open and nothing was written.
    await formDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await formDialog(page).waitFor({ state: 'hidden' });
    const mine = await customers(api);
    expect(mine.list.map((c) => c.customerName)).toEqual([name]);
    expect(mine.pagination.total).toBe(1);
    const id = mine.list[0]?.id as number;

    // The details: invite, then record an activity, both from the drawer with the customer filled in.
    await row.getByRole('button', { name, exact: true }).click();
    await drawer(page).getByText(`Customer: ${name}`).waitFor();
    await drawer(page).getByText('No invitations or activities yet').waitFor();
    await drawer(page).getByTestId('details-invite').click();
    expect(await formDialog(page).locator('.ant-select-content').first().innerText()).toContain(name);
    // The dialog has just opened: a click while it still zooms in may be lost.
    await motionless(page);
    await formDialog(page).getByRole('button', { name: 'Save' }).click();
    await formDialog(page).waitFor({ state: 'hidden' });
    await drawer(page).getByTestId('timeline-invitation').waitFor();

    await drawer(page).getByTestId('details-activity').click();
    expect(await formDialog(page).locator('#customerName').inputValue()).toBe(name);
    expect(await formDialog(page).locator('#customerAddress').inputValue()).toBe('No. 8 Harbour Road');
    // The customer is filled in, and the record keeps their phone (the server's, not the masked one shown).
    expect(await formDialog(page).getByTestId('customer-select').innerText()).toContain(name);
    await formDialog(page).locator('#activityName').fill('Spring tasting');
    await formDialog(page).locator('#prizeName').fill('Tea set');
    // The prize photos are the file space's picture list in the activity's words; a clerk may add them.
    await formDialog(page).getByTestId('images-input').getByRole('button', { name: 'Add photos' }).waitFor();
    await formDialog(page).getByRole('button', { name: 'Save' }).click();
    await formDialog(page).waitFor({ state: 'hidden' });
    const activity = drawer(page).getByTestId('timeline-activity');
    await activity.waitFor();
    expect(await activity.innerText()).toContain('Spring tasting');
    expect(await drawer(page).getByTestId('timeline-invitation').count()).toBe(1);

    const details = await api.post<Details>('/admin/customer/info/details', { id });
    expect(details.invitations.map((i) => [i.customerID, i.customerStatus])).toEqual([[id, '1']]);
    expect(details.activities.map((a) => [a.customerId, a.activityName])).toEqual([[id, 'Spring tasting']]);
    // Still only her own: Bob's customer is neither listed nor counted.
    const after = await customers(api);
    expect(after.list.map((c) => c.customerName)).not.toContain(bobsCustomer);
    expect(after.pagination.total).toBe(1);

    // Told about the duplicate, she saves anyway: the customer is created with the same number.
    await drawer(page).locator('.ant-drawer-close').click();
    await drawer(page).waitFor({ state: 'hidden' });
    const twin = unique('Twin ');
    await view(page).getByTestId('crud-add').click();
    await formDialog(page).locator('#customerName').fill(twin);
    await formDialog(page).locator('#customerPhone').fill(bobsPhone);
    await formDialog(page).locator('#customerAddress').fill('No. 9 Harbour Road');
    await formDialog(page).getByRole('button', { name: 'Save' }).click();
    await confirmation(page).getByRole('button', { name: 'Save anyway' }).click();
    await formDialog(page).waitFor({ state: 'hidden' });
    await tableRow(page, twin).waitFor();
    expect((await customers(api)).list.map((c) => c.customerName).sort()).toEqual([name, twin].sort());
  });

  it('lets a store manager see the whole store and hand one clerk’s customers to another', async () => {
    const store = await addStore(admin);
    const other = await addStore(admin);
    const clerkRole = await addRole(admin, CLERK_PERMS);
    const managerRole = await addRole(admin, MANAGER_PERMS, [store.id]);
    const alice = await addStaff(admin, {
      name: unique('Alice '),
      storeId: store.id,
      roleId: clerkRole,
      level: 'clerk',
    });
    const bob = await addStaff(admin, { name: unique('Bob '), storeId: store.id, roleId: clerkRole, level: 'clerk' });
    const carol = await addStaff(admin, {
      name: unique('Carol '),
      storeId: other.id,
      roleId: clerkRole,
      level: 'clerk',
    });
    const maria = await addStaff(admin, {
      name: unique('Maria '),
      storeId: store.id,
      roleId: managerRole,
      level: 'storeManger',
    });
    const aliceApi = await apiAs(server.base, alice);
    const alices = [unique('Ann '), unique('Abe ')];
    for (const name of alices) await createCustomer(aliceApi, name);
    const bobs = unique('Ben ');
    await createCustomer(await apiAs(server.base, bob), bobs);
    const carols = unique('Cleo ');
    await createCustomer(await apiAs(server.base, carol), carols);

    const { page, api } = await openAs(browser, server.base, {
      path: '/customer/info',
      user: maria.username,
      password: maria.password,
    });
    // The whole store, with each customer's owner; nothing of the other store.
    for (const name of alices) expect(await tableRow(page, name).innerText()).toContain(alice.name);
    expect(await tableRow(page, bobs).innerText()).toContain(bob.name);
    await eventually(() => view(page).locator('.ant-table-row').count()).toBe(3);
    expect(await tableRow(page, carols).count()).toBe(0);

    // Hand Alice's customers to Bob.
    await view(page).getByTestId('customer-hand-over').click();
    const box = formDialog(page);
    await box.getByText("Hand over a clerk's customers").waitFor();
    await pickTreeOption(
      page,
      box.locator('.ant-form-item', { hasText: 'From clerk' }).locator('.ant-select'),
      alice.name,
    );
    await pickTreeOption(page, box.locator('.ant-form-item', { hasText: 'To clerk' }).locator('.ant-select'), bob.name);
    await box.getByRole('button', { name: 'Hand over' }).click();
    const confirm = confirmation(page);
    await confirm
      .locator('.ant-modal-confirm-title', { hasText: `Hand over all 2 customers of ${alice.name} to ${bob.name}?` })
      .waitFor();
    await expectToastDuring(page, 'Customers handed over', () =>
      confirm.getByRole('button', { name: 'Hand over' }).click(),
    );
    await box.waitFor({ state: 'hidden' });
    for (const name of alices) await eventually(() => tableRow(page, name).innerText()).toContain(bob.name);

    expect((await customers(api, { employeeId: alice.id })).pagination.total).toBe(0);
    const bobsNow = await customers(api, { employeeId: bob.id });
    expect(bobsNow.list.map((c) => c.customerName).sort()).toEqual([...alices, bobs].sort());
    // The other store's customer stayed where it was.
    expect((await customers(admin, { employeeId: carol.id })).list.map((c) => c.customerName)).toEqual([carols]);
  });

  it('lets a manager show a masked phone by keyboard alone, giving a reason the audit lists', async () => {
    const store = await addStore(admin);
    const clerkRole = await addRole(admin, CLERK_PERMS);
    const managerRole = await addRole(admin, MANAGER_PERMS, [store.id]);
    const clerk = await addStaff(admin, {
      name: unique('Dora '),
      storeId: store.id,
      roleId: clerkRole,
      level: 'clerk',
    });
    const manager = await addStaff(admin, {
      name: unique('Mona '),
      storeId: store.id,
      roleId: managerRole,
      level: 'storeManger',
    });
    const name = unique('Eve ');
    const phone = newPhone();
    const { id } = await createCustomer(await apiAs(server.base, clerk), name, phone);

    const { page, api } = await openAs(browser, server.base, {
      path: '/customer/info',
      user: manager.username,
      password: manager.password,
    });
    const row = tableRow(page, name);
    await row.waitFor();
    expect(await row.innerText()).not.toContain(phone);
    await row.getByRole('button', { name: 'Show Phone' }).focus();
    await page.keyboard.press('Enter');
    const reason = formDialog(page).locator('#reveal_reason');
    await reason.waitFor();
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('reveal_reason');
    // One character is not a reason.
    await page.keyboard.type('x');
    await page.keyboard.press('Enter');
    await formDialog(page).getByText('The reason must be 2 to 200 characters').waitFor();
    await page.keyboard.type(' called back about an order');
    await page.keyboard.press('Enter');
    await formDialog(page).waitFor({ state: 'hidden' });
    await eventually(() => row.innerText()).toContain(phone);

    // The details open, offer a quick form and close again, all from the keyboard.
    await row.getByRole('button', { name, exact: true }).focus();
    await page.keyboard.press('Enter');
    await drawer(page).getByTestId('details-invite').focus();
    await page.keyboard.press('Enter');
    await formDialog(page).locator('#inviteTime').waitFor();
    await page.keyboard.press('Escape');
    await formDialog(page).waitFor({ state: 'hidden' });
    expect(await drawer(page).count()).toBe(1);
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'hidden' });

    // The audit lists who looked at what, and why.
    const log = await api.post<
      PageOf<{ recordId: number; recordName: string | null; field: string; reason: string; userName: string | null }>
    >('/admin/customer/revealLog/page', { page: 1, size: 20, recordId: id });
    expect(log.list.map((e) => [e.field, e.reason, e.userName, e.recordName])).toEqual([
      ['customerPhone', 'x called back about an order', manager.name, name],
    ]);
    await visit(page, '/customer/reveal-log');
    const entry = tableRow(page, 'x called back about an order');
    await entry.waitFor();
    expect(await entry.innerText()).toContain(manager.name);
    expect(await entry.innerText()).toContain('Phone');
    // The entry names the customer, not only the record's number.
    expect(await entry.innerText()).toContain(name);
  });

  it('marks a department as a store on the department screen', async () => {
    const store = await addStore(admin);
    const { page } = await openAs(browser, server.base, { path: '/sys/user' });
    const tree = view(page).locator('.dept-panel');
    const node = tree.locator('.tree-panel-node', { hasText: store.name });
    await node.getByTestId('dept-store-tag').waitFor();
    await tree.getByRole('button', { name: `Actions for “${store.name}”` }).click();
    await page.getByRole('menuitem', { name: 'Edit department' }).click();
    const flag = formDialog(page).getByRole('switch');
    await eventually(() => flag.getAttribute('aria-checked')).toBe('true');
    await flag.click();
    await motionless(page);
    await formDialog(page).getByRole('button', { name: 'Save' }).click();
    await formDialog(page).waitFor({ state: 'hidden' });
    await node.getByTestId('dept-store-tag').waitFor({ state: 'detached' });
    const departments = await admin.post<Array<{ id: number; isStore: boolean }>>('/admin/base/sys/department/list');
    expect(departments.find((d) => d.id === store.id)?.isStore).toBe(false);
  });

  it('shows every customer screen without serious accessibility problems, light and dark', async () => {
    const name = unique('Axe ');
    const { id } = await createCustomer(admin, name);
    // Today at 10:00: the calendar opens on this week, whatever day the suite runs.
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const inviteTime = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())} 10:00:00`;
    await admin.post('/admin/customer/invitationRecord/create', { customerID: id, inviteTime });
    await admin.post('/admin/customer/activity/create', {
      customerId: id,
      customerName: name,
      customerPhone: newPhone(),
      customerAddress: 'No. 2 Market Street',
      activityName: 'Autumn fair',
    });
    for (const dark of [false, true]) {
      const { page } = await openAs(browser, server.base, { path: '/customer/info', prefs: { dark } });
      const problems: Record<string, unknown> = {};
      const check = async (what: string) => {
        const found = await seriousViolations(page);
        if (found.length > 0) problems[what] = found;
      };
      await tableRow(page, name).waitFor();
      await check('customer list');
      await tableRow(page, name).getByRole('button', { name, exact: true }).click();
      await drawer(page).getByTestId('timeline-activity').waitFor();
      await check('customer details');
      await page.keyboard.press('Escape');
      await drawer(page).waitFor({ state: 'hidden' });
      await view(page).getByTestId('crud-add').click();
      await formDialog(page).locator('#customerName').waitFor();
      await check('customer form');
      await escapeFrom(page, formDialog(page), 'customer form');
      await formDialog(page).waitFor({ state: 'hidden' });
      await view(page).getByTestId('customer-hand-over').click();
      await formDialog(page).getByText('From clerk').waitFor();
      await check('hand-over dialog');
      await escapeFrom(page, formDialog(page), 'hand-over dialog');
      await formDialog(page).waitFor({ state: 'hidden' });
      await tableRow(page, name).getByRole('button', { name: 'Show Phone' }).click();
      await formDialog(page).locator('#reveal_reason').waitFor();
      await check('reveal dialog');
      await escapeFrom(page, formDialog(page), 'reveal dialog');
      await formDialog(page).waitFor({ state: 'hidden' });
      for (const path of ['/customer/invitation', '/customer/activity', '/customer/reveal-log']) {
        await page.goto(path);
        await view(page).locator('.ant-table-row, .ant-table-placeholder').first().waitFor();
        await check(path);
      }
      await page.goto('/customer/invitation');
      await view(page).getByTestId('invitation-mode').getByText('Calendar').click();
      await view(page).getByTestId('invitation-card').first().waitFor();
      await check('invitation calendar');
      expect({ dark, problems }).toEqual({ dark, problems: {} });
    }
  });
});
