import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/a11y.js';
import { type Api, hasChromium, openAs, PHONE, type RunningServer, startRun, stopRun, unique } from '../support/app.js';
import { dialog, eventually, motionless, saveDialog, tableRow, view } from '../support/ui.js';

type Menu = { id: number; name: string; type: number; parentId: number | null; router: string | null };
type MenuInfo = Menu & { viewPath: string | null };

const menus = (api: Api) => api.post<MenuInfo[]>('/admin/base/sys/menu/list');
const menuNamed = async (api: Api, name: string) => (await menus(api)).find((m) => m.name === name);

/** The menu dialog's view select, and the dropdown it opens. */
const viewSelect = (page: Page) => dialog(page).getByTestId('menu-view-select').locator('.ant-select');
const dropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');

/** Opens the view select, narrows it by `search` and picks the option named `name`. */
async function chooseView(page: Page, search: string, name: string) {
  await viewSelect(page).click();
  await viewSelect(page).locator('input').fill(search);
  await dropdown(page).getByTitle(name, { exact: true }).click();
  await dropdown(page).waitFor({ state: 'hidden' });
}

/** Adds a page under 参数配置 through the API, holding `viewPath`. */
async function addPage(api: Api, viewPath: string | null) {
  const parent = await menuNamed(api, '参数配置');
  const name = unique('E2E view ');
  const router = `/${unique('e2e-view-')}`;
  const { id } = await api.post<{ id: number }>('/admin/base/sys/menu/add', {
    type: 1,
    name,
    parentId: parent?.id ?? null,
    router,
    viewPath,
    icon: 'icon-menu',
    orderNum: 99,
    keepAlive: true,
    isShow: true,
  });
  return { id, name, router };
}

/** Narrows the menu table to the row named `name`, once the table has loaded. */
async function findRow(page: Page, name: string, search = 'Name, router or permission') {
  await view(page).locator('.ant-table-row').first().waitFor();
  await view(page).getByPlaceholder(search).fill(name);
  await tableRow(page, name).waitFor();
}

async function openEdit(page: Page, name: string) {
  await tableRow(page, name).waitFor();
  await view(page)
    .getByRole('button', { name: `Edit: ${name}` })
    .click();
  await dialog(page).getByTestId('menu-view-select').waitFor();
  await motionless(page);
}

describe.skipIf(!hasChromium)("the menu screen's view choice", () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  it('offers the screens by name, stores the seeded path of the one chosen, and the menu opens it', async () => {
    const { id, name, router } = await addPage(admin, null);
    const { page } = await openAs(browser, server.base, { path: '/sys/menu' });
    await findRow(page, name);
    await openEdit(page, name);
    await expect(viewSelect(page).innerText()).resolves.toContain('Choose a screen');
    // Found by its name in the language in use, and by its path.
    await chooseView(page, 'dictionary', 'Dictionary');
    await eventually(() => viewSelect(page).innerText()).toContain('Dictionary');
    await saveDialog(page);
    await eventually(async () => (await menus(admin)).find((m) => m.id === id)?.viewPath).toBe(
      'modules/dict/views/list.vue',
    );
    // The new menu opens the dictionary screen.
    await page.goto(router);
    await page
      .locator('.view-slot.active [data-testid=dict-add-item], .view-slot.active .dict-types')
      .first()
      .waitFor();
    await admin.post('/admin/base/sys/menu/delete', { ids: [id] });
  });

  it('shows the screen of a path spelled another way and keeps that path until another screen is chosen', async () => {
    // As an earlier release seeded the parameter screen.
    const { id, name } = await addPage(admin, 'modules/base/views/param');
    const { page } = await openAs(browser, server.base, { path: '/sys/menu' });
    await findRow(page, name);
    await openEdit(page, name);
    await eventually(() => viewSelect(page).innerText()).toContain('Parameters');
    await expect(dialog(page).getByTestId('menu-view-custom').count()).resolves.toBe(0);
    // Saved without touching the view: the path stays as it was spelled.
    await saveDialog(page);
    await eventually(async () => (await menus(admin)).find((m) => m.id === id)?.viewPath).toBe(
      'modules/base/views/param',
    );
    // The same screen chosen again changes nothing either; another one writes its seeded path.
    await openEdit(page, name);
    await chooseView(page, 'param', 'Parameters');
    await chooseView(page, 'log', 'Request log');
    await saveDialog(page);
    await eventually(async () => (await menus(admin)).find((m) => m.id === id)?.viewPath).toBe(
      'cool/modules/base/views/log.vue',
    );
    await admin.post('/admin/base/sys/menu/delete', { ids: [id] });
  });

  it('takes a custom path, says what it opens, and shows a typed path of its own as custom', async () => {
    const { id, name } = await addPage(admin, 'modules/shop/views/stock.vue');
    const { page } = await openAs(browser, server.base, { path: '/sys/menu' });
    await findRow(page, name);
    await openEdit(page, name);
    // A path no screen of the app has: the custom choice, with the path in its box and a word why.
    await eventually(() => viewSelect(page).innerText()).toContain('Custom path…');
    const custom = dialog(page).getByTestId('menu-view-custom');
    const note = dialog(page).getByTestId('menu-view-note');
    await expect(custom.inputValue()).resolves.toBe('modules/shop/views/stock.vue');
    await eventually(() => note.innerText()).toContain('No screen of this app has this path');
    // Typing a path of one of the app's screens keeps the box open and names the screen.
    await custom.fill('modules/task/views/list');
    await eventually(() => note.innerText()).toBe('Opens the screen “Tasks”.');
    await custom.fill('https://report.example.com');
    await eventually(() => note.innerText()).toBe('Opens this address in a frame.');
    // The dialog with its text box open reads well to a screen reader and by contrast.
    expect(await seriousViolations(page)).toEqual([]);
    await saveDialog(page);
    await eventually(async () => (await menus(admin)).find((m) => m.id === id)?.viewPath).toBe(
      'https://report.example.com',
    );
    // From a screen to a custom path: the box starts with the screen's path, to edit.
    await openEdit(page, name);
    await chooseView(page, 'user', 'Users');
    await chooseView(page, 'custom', 'Custom path…');
    await expect(custom.inputValue()).resolves.toBe('modules/base/views/user/index.vue');
    await custom.fill('modules/base/views/user/index.vue?tab=2');
    await saveDialog(page);
    await eventually(async () => (await menus(admin)).find((m) => m.id === id)?.viewPath).toBe(
      'modules/base/views/user/index.vue?tab=2',
    );
    await admin.post('/admin/base/sys/menu/delete', { ids: [id] });
  });

  it('fits the choice on a phone and names the screens in Chinese', async () => {
    const { id, name } = await addPage(admin, null);
    const { page } = await openAs(browser, server.base, {
      path: '/sys/menu',
      prefs: { locale: 'zh-cn', viewport: PHONE },
    });
    await findRow(page, name, '名称、路由或权限');
    await view(page)
      .getByRole('button', { name: `编辑: ${name}` })
      .click();
    await dialog(page).getByTestId('menu-view-select').waitFor();
    await motionless(page);
    await viewSelect(page).click();
    await dropdown(page).getByTitle('菜单列表', { exact: true }).waitFor();
    const box = await dropdown(page).boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    // A long list draws the options in view only: narrowed by a word of the name.
    await viewSelect(page).locator('input').fill('字典');
    await dropdown(page).getByTitle('字典管理', { exact: true }).click();
    // The dialog's primary button (antd spaces out its two characters: 保 存).
    await dialog(page).locator('.ant-modal-footer .ant-btn-primary').click();
    await dialog(page).waitFor({ state: 'hidden' });
    await eventually(async () => (await menus(admin)).find((m) => m.id === id)?.viewPath).toBe(
      'modules/dict/views/list.vue',
    );
    await admin.post('/admin/base/sys/menu/delete', { ids: [id] });
  });
});
