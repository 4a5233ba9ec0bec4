import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  apiCall,
  hasChromium,
  newContext,
  openAs,
  PHONE,
  type RunningServer,
  signIn,
  startRun,
  stopRun,
  unique,
} from '../support/app.js';
import {
  confirmBubble,
  eventually,
  expectNothingSideways,
  expectToastDuring,
  tableHeaders,
  tableRow,
  view,
  visit,
} from '../support/ui.js';

type Row = Record<string, unknown> & { id: number };
type PageOf<T> = { list: T[]; pagination: { total: number } };

const PASSWORD = 'restore123';

async function userNamed(api: Api, username: string): Promise<Row | undefined> {
  const found = await api.post<PageOf<Row>>('/admin/base/sys/user/page', { page: 1, size: 100, keyWord: username });
  return found.list.find((u) => u.username === username);
}

describe.skipIf(!hasChromium)('the recycle bin in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  it('deletes a user, restores it from the recycle bin with its role, and the user signs in', async () => {
    const username = unique('e2e_restored_');
    // A user with a role that opens the user screen, so the sign-in lands on a real page.
    const menus = await admin.post<Row[]>('/admin/base/sys/menu/list');
    const userPage = menus.find((m) => m.router === '/sys/user');
    if (!userPage) throw new Error('no /sys/user menu');
    const perms = menus.filter((m) => m.parentId === userPage.id).map((m) => m.id);
    const { id: roleId } = await admin.post<{ id: number }>('/admin/base/sys/role/add', {
      name: unique('E2E restorer '),
      label: unique('e2e-restorer-'),
      menuIdList: [userPage.id, ...perms],
    });
    const departments = await admin.post<Row[]>('/admin/base/sys/department/list');
    const top = departments.find((d) => d.parentId === null);
    await admin.post('/admin/base/sys/user/add', {
      departmentId: top?.id,
      username,
      password: PASSWORD,
      name: 'Restored Person',
      roleIdList: [roleId],
    });
    const before = await userNamed(admin, username);
    expect(before).toBeDefined();

    // Delete it on the users screen.
    const { page } = await openAs(browser, server.base, { path: '/sys/user' });
    // The seed has many users: find this one by keyword.
    const userSearch = view(page).locator('.crud-search .ant-input-search input');
    await userSearch.fill(username);
    await userSearch.press('Enter');
    await tableRow(page, username).getByRole('button', { name: 'Delete' }).click();
    await confirmBubble(page).getByRole('button', { name: 'Delete' }).click();
    await eventually(() => userNamed(admin, username)).toBeUndefined();

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

    // The row says what was deleted: the kind of record and its name.
    expect(cells).toContain(username);
    // The preview shows the deleted user readable, with its role link, and never a secret or a bare id.
    await row.first().getByRole('button', { name: 'View data' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByText(`Deleted data · User · ${username}`).waitFor();
    const userSet = drawer.locator('section[aria-label="User"]');
    await userSet.getByText(username).waitFor();
    await userSet.getByText('Restored Person').waitFor();
    const headers = await userSet.locator('th').allInnerTexts();
    expect(headers).toContain('Username');
    for (const hidden of ['Password', 'Two-factor secret', 'Socket id', 'ID', 'Department', 'Creator'])
      expect(headers).not.toContain(hidden);
    expect(await userSet.innerText()).not.toContain('******');
    // The role link is ids alone: its count says it.
    const roles = drawer.locator('section[aria-label="User roles"]');
    expect(await roles.innerText()).toContain('1 row');
    expect(await roles.locator('.ant-table').count()).toBe(0);

    // Restore from the drawer, after confirming.
    await drawer.getByRole('button', { name: 'Restore' }).click();
    expect(await confirmBubble(page).innerText()).toContain('original IDs');
    await expectToastDuring(page, 'Restored 1 record', () =>
      confirmBubble(page).getByRole('button', { name: 'Restore' }).click(),
    );
    await drawer.waitFor({ state: 'hidden' });
    await eventually(async () => (await row.first().innerText()).includes('Restored')).toBe(true);
    expect(await row.first().getByRole('button', { name: 'Restore' }).count()).toBe(0);

    // Back with the same id and its role.
    const after = await userNamed(admin, username);
    expect(after?.id).toBe(before?.id);
    const info = await admin.get<{ roleIdList: number[] }>('/admin/base/sys/user/info', { id: after?.id ?? 0 });
    expect(info.roleIdList).toEqual([roleId]);

    // And the restored user signs in with the old password.
    const context = await newContext(browser, server.base, { locale: 'en' });
    try {
      const restored = await context.newPage();
      await signIn(restored, username, PASSWORD);
      await restored.locator('.app-layout').waitFor();
      const person = await apiCall<{ username: string }>(restored, '/admin/base/comm/person');
      expect(person.username).toBe(username);
    } finally {
      await context.close();
    }
  });

  it('restores a batch of records after confirming, skipping none that are open', async () => {
    const keys = [unique('e2eRecycleA'), unique('e2eRecycleB')];
    const ids: number[] = [];
    for (const key of keys) {
      const { id } = await admin.post<{ id: number }>('/admin/base/sys/param/add', {
        keyName: key,
        name: key,
        data: 'x',
        dataType: 0,
      });
      ids.push(id);
      await admin.post('/admin/base/sys/param/delete', { ids: [id] });
    }
    const { page } = await openAs(browser, server.base, { path: '/recycle/data' });
    const search = view(page).locator('input[aria-label="Operator or address"]');
    await search.fill('sys/param/delete');
    await search.press('Enter');
    const rows = tableRow(page, '/admin/base/sys/param/delete');
    await eventually(() => rows.count()).toBe(2);
    await view(page).locator('.ant-table-thead .ant-checkbox-input').check();
    await view(page).getByTestId('recycle-batch-restore').click();
    await expectToastDuring(page, 'Restored 2 records', () =>
      confirmBubble(page).getByRole('button', { name: 'Restore' }).click(),
    );
    const params = await admin.post<Row[]>('/admin/base/sys/param/list');
    expect(
      params
        .filter((p) => ids.includes(p.id))
        .map((p) => p.keyName)
        .sort(),
    ).toEqual([...keys].sort());
  });

  it('fits a phone: what was deleted with when, its status and one menu, nothing sideways', async () => {
    const key = unique('e2eRecyclePhone');
    const { id } = await admin.post<{ id: number }>('/admin/base/sys/param/add', {
      keyName: key,
      name: key,
      data: 'x',
      dataType: 0,
    });
    await admin.post('/admin/base/sys/param/delete', { ids: [id] });
    const { page } = await openAs(browser, server.base, {
      path: '/recycle/data',
      prefs: { viewport: PHONE },
    });
    const search = view(page).locator('input[aria-label="Operator or address"]');
    await search.fill('sys/param/delete');
    await search.press('Enter');
    const row = tableRow(page, key);
    await row.waitFor();
    expect(await tableHeaders(page)).toEqual(['Data type', 'Status', 'Actions']);
    // When it was deleted sits under what was deleted.
    expect(await row.locator('.recycle-when').innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(await row.locator('.row-menu-button').count()).toBe(1);
    await expectNothingSideways(page, row);
  });
});
