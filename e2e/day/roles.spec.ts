import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, hasChromium, login, type RunningServer, startRun, stopRun, unique } from '../support/app.js';
import {
  dialog,
  eventually,
  expectInsideScreen,
  formItem,
  motionless,
  pickTreeOption,
  saveDialog,
  tableRow,
  view,
  visit,
} from '../support/ui.js';
import { DAY_TIMEOUT_MS, menuRouters, newPhone, SCREENS, seededStaff, signInFresh, statusOf } from './day.js';

type PageOf<T> = { list: T[]; pagination: { total: number } };
type User = { id: number; username: string; name: string | null; departmentId: number | null; status: number };

/** Every entry of the signed-in sidebar, by router, each directory opened (on a phone, in its drawer). */
async function sidebarRouters(page: Page, phone: boolean): Promise<string[]> {
  if (phone) await page.locator('.app-header > button').first().click();
  const menu = page.locator('.sidebar-menu:visible');
  await menu.waitFor();
  for (let round = 0; round < 20; round += 1) {
    const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
    await motionless(page);
  }
  const ids = await menu.locator('[data-menu-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-id')));
  if (phone) {
    await page.keyboard.press('Escape');
    await page.locator('.sidebar-drawer').waitFor({ state: 'hidden' });
  }
  return ids.flatMap((id) => /-(\/.*)$/.exec(id ?? '')?.[1] ?? []);
}

/** A row's action: a button of its own on a desktop, behind the row's menu on a phone. */
async function rowAction(page: Page, row: Locator, name: RegExp, phone: boolean) {
  if (!phone) return row.getByRole('button', { name, exact: true }).click();
  await row.locator('.row-menu-button').click();
  await page.locator('.row-menu:visible').getByRole('button', { name }).click();
}

/**
 * The staff roles at their jobs (issue 37, point 2), on a desktop and on a phone: HR keeps the
 * roster and sees no customer, the treasurer reads and exports every store's activities and
 * prizes and nothing else, a store manager adds and runs her store's clerks and is refused beyond
 * her store. Each sidebar holds what its role can open, and nothing that would answer 403.
 */
describe.skipIf(!hasChromium)('each role at its job', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  let departmentOf: (name: string) => number;
  const prizes = [unique('Kettle '), unique('Umbrella ')];
  // The rows are found by what a phone shows too: a customer's name, a staff member's name.
  const winners: string[] = [];
  const names: Record<string, string> = {};
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
    const departments = await admin.post<Array<{ id: number; name: string }>>('/admin/base/sys/department/list');
    departmentOf = (name) => departments.find((d) => d.name === name)?.id ?? 0;
    for (const [i, username] of ['store1.clerk1', 'store3.clerk1'].entries()) {
      const clerk = await seededStaff(server.base, admin, username);
      const customerName = unique('Prize winner ');
      winners.push(customerName);
      const { id } = await clerk.api.post<{ id: number }>('/admin/customer/info/create', {
        customerName,
        customerPhone: newPhone(),
        diseaseInformation: 'needs a companion',
      });
      await clerk.api.post('/admin/customer/activity/create', {
        customerId: id,
        customerName,
        customerPhone: newPhone(),
        customerAddress: 'No. 1 Market Street',
        activityName: 'Winter fair',
        prizeName: prizes[i],
      });
    }
    for (const username of ['store1.clerk2', 'store3.clerk1'])
      names[username] = (await seededStaff(server.base, admin, username)).name;
  });
  afterAll(() => stopRun({ server, browser }));

  describe.each(SCREENS)('on a $name screen', ({ name, viewport }) => {
    const phone = name === 'phone';

    it(
      'HR adds a clerk, resets her password and disables a leaver, and reads no customer',
      async () => {
        const hr = await seededStaff(server.base, admin, 'hr');
        const routers = await menuRouters(hr.api);
        expect(routers).toContain('/sys/user');
        for (const hidden of ['/customer/info', '/customer/activity', '/customer/reveal-log', '/sys/role'])
          expect(routers).not.toContain(hidden);
        const page = await signInFresh(browser, server.base, hr, viewport);
        expect((await sidebarRouters(page, phone)).sort()).toEqual([...routers].sort());
        await visit(page, '/sys/user');
        await tableRow(page, names['store3.clerk1'] ?? '').waitFor();

        // A new clerk for a store, through the form.
        const username = unique('hr_new_');
        const fullName = unique('Starter ');
        await view(page).getByTestId('crud-add').click();
        const form = dialog(page);
        await form.locator('#username').fill(username);
        await form.locator('#password').fill('Roster-2026-new');
        await form.locator('#name').fill(fullName);
        await pickTreeOption(page, formItem(form, page, 'departmentId').locator('.ant-select'), '深圳南山店');
        // HR gives no role: every role holds customer rights she does not hold.
        expect(await form.locator('#roleIdList').count()).toBe(0);
        await expectInsideScreen(page, form);
        await saveDialog(page);
        await tableRow(page, fullName).waitFor();
        const added = (
          await admin.post<PageOf<User>>('/admin/base/sys/user/page', { page: 1, size: 5, keyWord: username })
        ).list[0];
        expect(added).toMatchObject({ username, departmentId: departmentOf('深圳南山店'), status: 1 });

        // She forgot it: a new one, given on the edit form.
        await rowAction(page, tableRow(page, fullName), /Edit/, phone);
        await eventually(() => dialog(page).locator('#username').inputValue()).toBe(username);
        await dialog(page).locator('#password').fill('Second-2026-try');
        await saveDialog(page);
        expect((await login(server.base, username, 'Second-2026-try')).token).toBeTruthy();
        // A leaver disabled (the status switch's confirmation is the list's own business).
        await hr.api.post('/admin/base/sys/user/update', { id: added?.id, status: 0 });
        await eventually(
          async () => (await admin.get<User>('/admin/base/sys/user/info', { id: added?.id ?? 0 })).status,
        ).toBe(0);

        // No customer's data, in the browser or at the API.
        for (const url of [
          '/admin/customer/info/page',
          '/admin/customer/activity/page',
          '/admin/customer/revealLog/page',
        ])
          expect([url, await statusOf(server.base, hr.api, url, { page: 1, size: 10 })]).toEqual([url, 403]);
      },
      DAY_TIMEOUT_MS,
    );

    it(
      'the treasurer reads and exports every store’s activities and prizes, and nothing else',
      async () => {
        const treasurer = await seededStaff(server.base, admin, 'treasurer');
        const routers = await menuRouters(treasurer.api);
        expect(routers).toContain('/customer/activity');
        for (const hidden of ['/sys/user', '/customer/info', '/customer/invitation', '/customer/reveal-log'])
          expect(routers).not.toContain(hidden);
        const page = await signInFresh(browser, server.base, treasurer, viewport);
        expect((await sidebarRouters(page, phone)).sort()).toEqual([...routers].sort());
        await visit(page, '/customer/activity');
        for (const winner of winners) await tableRow(page, winner).waitFor();
        // The prizes come with them (a desktop's column; the export holds them on either).
        const listed = await treasurer.api.post<PageOf<{ prizeName: string }>>('/admin/customer/activity/page', {
          page: 1,
          size: 100,
        });
        expect(listed.list.map((a) => a.prizeName)).toEqual(expect.arrayContaining(prizes));
        expect(await view(page).getByTestId('crud-add').count()).toBe(0);
        await view(page).getByTestId('crud-export').click();
        const box = dialog(page);
        await box.getByText('Choose the columns to export').waitFor();
        await expectInsideScreen(page, box);
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          box.getByRole('button', { name: 'Export' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
        // Not a customer's file (care notes), nor the staff.
        for (const url of ['/admin/customer/info/page', '/admin/customer/info/details', '/admin/base/sys/user/page'])
          expect([url, await statusOf(server.base, treasurer.api, url, { id: 1, page: 1, size: 10 })]).toEqual([
            url,
            403,
          ]);
      },
      DAY_TIMEOUT_MS,
    );

    it(
      'a store manager adds a clerk to her store with the clerk’s role, and is refused beyond her store',
      async () => {
        const manager = await seededStaff(server.base, admin, 'store1.manager');
        const routers = await menuRouters(manager.api);
        expect(routers).toEqual(expect.arrayContaining(['/sys/user', '/customer/info']));
        expect(routers).not.toContain('/sys/role');
        const page = await signInFresh(browser, server.base, manager, viewport);
        expect((await sidebarRouters(page, phone)).sort()).toEqual([...routers].sort());
        await visit(page, '/sys/user');
        await tableRow(page, names['store1.clerk2'] ?? '').waitFor();
        // Her store alone: another store's clerk is not on her list.
        expect(await tableRow(page, names['store3.clerk1'] ?? '').count()).toBe(0);

        const username = unique('s1_new_');
        const fullName = unique('Second clerk ');
        await view(page).getByTestId('crud-add').click();
        const form = dialog(page);
        await form.locator('#username').fill(username);
        await form.locator('#password').fill('Counter-2026-new');
        await form.locator('#name').fill(fullName);
        await pickTreeOption(page, formItem(form, page, 'departmentId').locator('.ant-select'), '上海南京路店');
        // The roles offered are hers to give: the clerk's and her own, nothing wider.
        const roles = formItem(form, page, 'roleIdList').locator('.ant-select');
        await roles.click();
        const giveable = await manager.api.post<Array<{ name: string; label: string }>>('/admin/base/sys/role/list');
        expect(giveable.map((r) => r.label).sort()).toEqual(['clerk', 'store1.manager']);
        const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
        await eventually(async () => (await offered.allInnerTexts()).map((o) => o.trim()).sort()).toEqual(
          giveable.map((r) => r.name).sort(),
        );
        const clerkRole = giveable.find((r) => r.label === 'clerk')?.name ?? '';
        await page.locator('.ant-select-dropdown:visible').getByTitle(clerkRole, { exact: true }).click();
        await form.locator('.ant-modal-title').click();
        await expectInsideScreen(page, form);
        await saveDialog(page);
        await tableRow(page, fullName).waitFor();

        // Refused beyond her store, with a message that says why.
        const far = await fetch(`${server.base}/api/admin/base/sys/user/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: manager.api.token, language: 'en' },
          body: JSON.stringify({
            username: unique('s1_far_'),
            password: 'Counter-2026-new',
            departmentId: departmentOf('广州天河店'),
          }),
        });
        expect(far.status).toBe(400);
        expect(((await far.json()) as { message: string }).message).toBe(
          'You have no data permission for this department',
        );
        const hrRole = (await admin.post<Array<{ id: number; label: string }>>('/admin/base/sys/role/list')).find(
          (r) => r.label === 'hr',
        );
        const added = (
          await manager.api.post<PageOf<User>>('/admin/base/sys/user/page', { page: 1, size: 5, keyWord: username })
        ).list[0];
        expect(
          await statusOf(server.base, manager.api, '/admin/base/sys/user/update', {
            id: added?.id,
            roleIdList: [hrRole?.id],
          }),
        ).toBe(400);
        expect(await statusOf(server.base, manager.api, '/admin/base/sys/role/page', { page: 1, size: 10 })).toBe(403);
      },
      DAY_TIMEOUT_MS,
    );
  });
});
