import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, hasChromium, launch, newContext, type RunningServer, signIn, startServer } from '../support/app.js';

type Row = Record<string, unknown> & { id: number };
type PageOf<T> = { list: T[]; pagination: { total: number } };

const confirmBubble = (page: Page) => page.locator('.ant-popconfirm:visible');
const toasts = async (page: Page) => (await page.locator('.ant-message-notice').allInnerTexts()).join('\n');
/**
 * The view of the current tab. A kept-alive tab's slot is hidden by React's <Activity>, which may
 * leave its old class in place until shown again: only the visible one counts.
 */
const view = (page: Page) => page.locator('.view-slot.active:visible');
const tableRow = (page: Page, text: string) => view(page).locator('.ant-table-row', { hasText: text });
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

/** Goes to a path inside the running app without a reload, as the menu would. */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
  await page.locator(`.tabs-bar .ant-tabs-tab-active [data-tab="${path}"]`).waitFor();
}

const USERNAME = 'e2e_restored';
const PASSWORD = 'restore123';

async function userNamed(page: Page, username: string): Promise<Row | undefined> {
  const page1 = await apiCall<PageOf<Row>>(page, '/admin/base/sys/user/page', { page: 1, size: 100 });
  return page1.list.find((u) => u.username === username);
}

describe.skipIf(!hasChromium)('the recycle bin in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
    const context = await newContext(browser, server.base, { locale: 'en' });
    admin = await context.newPage();
    admin.setDefaultTimeout(15_000);
    await signIn(admin);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('deletes a user, restores it from the recycle bin with its role, and the user signs in', async () => {
    const page = admin;
    // A user with a role that opens the user screen, so the sign-in lands on a real page.
    const menus = await apiCall<Row[]>(page, '/admin/base/sys/menu/list', {});
    const userPage = menus.find((m) => m.router === '/sys/user');
    if (!userPage) throw new Error('no /sys/user menu');
    const perms = menus.filter((m) => m.parentId === userPage.id).map((m) => m.id);
    const { id: roleId } = await apiCall<{ id: number }>(page, '/admin/base/sys/role/add', {
      name: 'E2E restorer',
      label: 'e2e-restorer',
      menuIdList: [userPage.id, ...perms],
    });
    const departments = await apiCall<Row[]>(page, '/admin/base/sys/department/list', {});
    const top = departments.find((d) => d.parentId === null);
    await apiCall(page, '/admin/base/sys/user/add', {
      departmentId: top?.id,
      username: USERNAME,
      password: PASSWORD,
      name: 'Restored Person',
      roleIdList: [roleId],
    });
    const before = await userNamed(page, USERNAME);
    expect(before).toBeDefined();

    // Delete it on the users screen.
    await visit(page, '/sys/user');
    // The seed has many users: find this one by keyword.
    const userSearch = view(page).locator('.crud-search .ant-input-search input');
    await userSearch.fill(USERNAME);
    await userSearch.press('Enter');
    await tableRow(page, USERNAME).getByRole('button', { name: 'Delete' }).click();
    await confirmBubble(page).getByRole('button', { name: 'OK' }).click();
    await eventually(() => userNamed(page, USERNAME)).toBeUndefined();

    // The recycle bin lists the deletion: what, who, where.
    await visit(page, '/recycle/data');
    const row = tableRow(page, '/admin/base/sys/user/delete');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    const cells = await row.first().innerText();
    expect(cells).toContain('User');
    expect(cells).toContain('超级管理员');
    expect(cells).toContain('Restorable');

    // The keyword finds it by address and hides it for an unrelated one.
    const search = view(page).locator('input[aria-label="Operator or address"]');
    await search.fill('no-such-thing');
    await search.press('Enter');
    await view(page).locator('.ant-table-placeholder').waitFor();
    await search.fill('sys/user/delete');
    await search.press('Enter');
    await row.first().waitFor();

    // The preview shows the deleted user readable, with its role link, and never the password hash.
    await row.first().getByRole('button', { name: 'View data' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByText('Deleted data · User').waitFor();
    const userSet = drawer.locator('section[aria-label="User"]');
    await userSet.getByText(USERNAME).waitFor();
    await userSet.getByText('Restored Person').waitFor();
    expect(await userSet.innerText()).toContain('******');
    await drawer.locator('section[aria-label="User roles"]').waitFor();
    expect(await drawer.locator('section[aria-label="User roles"] .ant-table-row').count()).toBe(1);

    // Restore from the drawer, after confirming.
    await drawer.getByRole('button', { name: 'Restore' }).click();
    expect(await confirmBubble(page).innerText()).toContain('original IDs');
    await confirmBubble(page).getByRole('button', { name: 'Restore' }).click();
    await eventually(() => toasts(page)).toContain('Restored 1 record');
    await drawer.waitFor({ state: 'hidden' });
    await eventually(async () => (await row.first().innerText()).includes('Restored')).toBe(true);
    expect(await row.first().getByRole('button', { name: 'Restore' }).count()).toBe(0);

    // Back with the same id and its role.
    const after = await userNamed(page, USERNAME);
    expect(after?.id).toBe(before?.id);
    const info = await apiCall<{ roleIdList: number[] }>(page, `/admin/base/sys/user/info?id=${after?.id}`);
    expect(info.roleIdList).toEqual([roleId]);

    // And the restored user signs in with the old password.
    const context = await newContext(browser, server.base, { locale: 'en' });
    const restored = await context.newPage();
    await signIn(restored, USERNAME, PASSWORD);
    await restored.locator('.app-layout').waitFor();
    const person = await apiCall<{ username: string }>(restored, '/admin/base/comm/person');
    expect(person.username).toBe(USERNAME);
    await context.close();
  });

  it('restores a batch of records after confirming, skipping none that are open', async () => {
    const page = admin;
    const ids: number[] = [];
    for (const key of ['e2eRecycleA', 'e2eRecycleB']) {
      const { id } = await apiCall<{ id: number }>(page, '/admin/base/sys/param/add', {
        keyName: key,
        name: key,
        data: 'x',
        dataType: 0,
      });
      ids.push(id);
      await apiCall(page, '/admin/base/sys/param/delete', { ids: [id] });
    }
    await visit(page, '/recycle/data');
    const search = view(page).locator('input[aria-label="Operator or address"]');
    await search.fill('sys/param/delete');
    await search.press('Enter');
    const rows = tableRow(page, '/admin/base/sys/param/delete');
    await eventually(() => rows.count()).toBe(2);
    await view(page).locator('.ant-table-thead .ant-checkbox-input').check();
    await view(page).getByTestId('recycle-batch-restore').click();
    await confirmBubble(page).getByRole('button', { name: 'Restore' }).click();
    await eventually(() => toasts(page)).toContain('Restored 2 records');
    const params = await apiCall<Row[]>(page, '/admin/base/sys/param/list', {});
    expect(
      params
        .filter((p) => ids.includes(p.id))
        .map((p) => p.keyName)
        .sort(),
    ).toEqual(['e2eRecycleA', 'e2eRecycleB']);
  });
});
