import type { Browser } from 'playwright-core';
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
import { addRole, addStaff, addStore, CLERK_PERMS, MANAGER_PERMS } from '../support/retail.js';
import { pickOption, tableRow, view } from '../support/ui.js';

type PageOf<T> = { list: T[]; pagination: { total: number } };
type Event = { userName: string | null; recordName: string | null; action: string };

let phoneSeq = 0;
const newPhone = () => `138${String(Date.now() % 1e6).padStart(6, '0')}${String(phoneSeq++ % 100).padStart(2, '0')}`;

describe.skipIf(!hasChromium)('who changed what, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  it('a manager opens a customer’s history after a clerk’s edit; the admin filters the audit screen by operator', async () => {
    const store = await addStore(admin);
    const clerk = await addStaff(admin, {
      name: unique('Clerk '),
      storeId: store.id,
      roleId: await addRole(admin, CLERK_PERMS),
      level: 'clerk',
    });
    const manager = await addStaff(admin, {
      name: unique('Manager '),
      storeId: store.id,
      roleId: await addRole(admin, MANAGER_PERMS, [store.id]),
      level: 'storeManger',
    });
    const clerkApi = apiOf(server.base, (await login(server.base, clerk.username, clerk.password)).token);
    const before = unique('Before ');
    const after = unique('After ');
    const { id } = await clerkApi.post<{ id: number }>('/admin/customer/info/create', {
      customerName: before,
      customerPhone: newPhone(),
      customerAddress: 'No. 2 Market Street',
    });
    await clerkApi.post('/admin/customer/info/update', { id, customerName: after });

    // The manager: the row's History lists the clerk's edit, field by field.
    const { page } = await openAs(browser, server.base, {
      user: manager.username,
      password: manager.password,
      path: '/customer/info',
    });
    const row = tableRow(page, after);
    await row.waitFor();
    await row.getByRole('button', { name: /^History/ }).click();
    const history = page.getByTestId('record-history');
    await history.waitFor();
    const newest = history.locator('li').first();
    await expect.poll(() => newest.innerText()).toContain(clerk.name);
    const text = await newest.innerText();
    expect(text).toContain('Updated');
    expect(text).toContain(before);
    expect(text).toContain(after);
    expect(await history.locator('li').count()).toBe(2);

    // The admin: the audit screen, filtered by the clerk, shows the clerk's two events and nobody else's.
    const audit = await openAs(browser, server.base, { path: '/sys/audit' });
    await view(audit.page).locator('.ant-table-row').first().waitFor();
    const filtered = audit.page.waitForResponse(
      (r) =>
        r.url().includes('/admin/base/sys/audit/page') &&
        (r.request().postData() ?? '').includes(`"userId":${clerk.id}`),
    );
    await pickOption(audit.page, audit.page.getByTestId('audit-operator'), clerk.name);
    const answer = (await (await filtered).json()) as { data: PageOf<Event> };
    expect(answer.data.list.map((e) => e.action).sort()).toEqual(['add', 'update']);
    expect(answer.data.list.every((e) => e.userName === clerk.name)).toBe(true);
    await tableRow(audit.page, after).first().waitFor();
    expect(await view(audit.page).locator('.ant-table-row').count()).toBe(2);
    // The event links to its request in the request log.
    await view(audit.page).locator('.ant-table-row').first().locator('a[href^="/sys/log?reqId="]').waitFor();
  });

  it('on a phone the audit screen shows when (date over time, whole), who and which record', async () => {
    const name = unique('Phone audit ');
    await admin.post('/admin/customer/info/create', {
      customerName: name,
      customerPhone: newPhone(),
      customerAddress: 'No. 3 Market Street',
    });
    const { page } = await openAs(browser, server.base, { path: '/sys/audit', prefs: { viewport: PHONE } });
    const row = tableRow(page, name);
    await row.waitFor();
    const when = row.locator('.audit-when');
    const [date, time] = await when.locator('span').allInnerTexts();
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    // Neither line is cut, and the row's cells fit the screen.
    expect(await when.evaluate((el) => el.scrollWidth <= (el.parentElement?.clientWidth ?? 0))).toBe(true);
    expect(await row.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(PHONE.width);
    expect(await row.innerText()).toContain(name);
  });

  it('the admin opens a dictionary item’s history after it was renamed', async () => {
    const [key, typeName, before, after] = [unique('e2eHist'), unique('Hist type '), unique('Old '), unique('New ')];
    const type = await admin.post<{ id: number }>('/admin/dict/type/add', { name: typeName, key });
    const item = await admin.post<{ id: number }>('/admin/dict/info/add', {
      typeId: type.id,
      name: before,
      value: 'v',
    });
    await admin.post('/admin/dict/info/update', { id: item.id, name: after });

    const { page } = await openAs(browser, server.base, { path: '/dict/list' });
    await view(page)
      .locator('[data-testid=dict-type-row]', { has: page.getByText(typeName, { exact: true }) })
      .click();
    const row = tableRow(page, after);
    await row.waitFor();
    await row.getByRole('button', { name: `History: ${after}` }).click();
    const history = page.getByTestId('record-history');
    await history.waitFor();
    expect(await history.locator('li').count()).toBe(2);
    const newest = await history.locator('li').first().innerText();
    expect(newest).toContain('Updated');
    expect(newest).toContain(before);
    expect(newest).toContain(after);
    expect(await history.locator('li').last().innerText()).toContain('Added');
  });
});
