import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, hasChromium, launch, newContext, type RunningServer, signIn, startServer } from '../support/app.js';

type Row = Record<string, unknown> & { id: number };
type PageOf<T> = { list: T[]; pagination: { total: number } };
type Department = { id: number; name: string; parentId: number | null };
type Menu = {
  id: number;
  name: string;
  type: number;
  parentId: number | null;
  router: string | null;
  perms: string | null;
};

/** A call as the page would make it, answering the HTTP status as well (apiCall throws on anything but code 1000). */
function rawCall(page: Page, url: string, body: unknown = {}) {
  return page.evaluate(
    async ([u, b]) => {
      const raw = localStorage.getItem('backroom.token');
      const token = raw ? (JSON.parse(raw) as { value: string }).value : '';
      const response = await fetch(`/api${u}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify(b),
      });
      const json = (await response.json()) as { code: number };
      return { status: response.status, code: json.code };
    },
    [url, body] as const,
  );
}

/** The one dialog on show (closed forceRender modals are hidden and not counted). */
const dialog = (page: Page) => page.getByRole('dialog');
/** The open confirmation bubble. */
const confirmBubble = (page: Page) => page.locator('.ant-popconfirm:visible');
/** The toasts on show, as one text (read without waiting, so a poll can retry). */
const toasts = async (page: Page) => (await page.locator('.ant-message-notice').allInnerTexts()).join('\n');
/** The view of the current tab (kept-alive tabs stay in the DOM, hidden). */
const view = (page: Page) => page.locator('.view-slot.active');
const tableRow = (page: Page, text: string) => view(page).locator('.ant-table-row', { hasText: text });

/** Waits up to 10 s for a value (expect.poll's own default is 1 s). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

/** Goes to a path inside the running app, as the browser's back button would: no reload. */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
  // The view slot turns active in the same render as its tab.
  await page.locator(`.tabs-bar .ant-tabs-tab-active [data-tab="${path}"]`).waitFor();
}

/** Picks a node of the open tree-select dropdown by its title. */
async function pickTreeOption(page: Page, select: Locator, title: string) {
  await select.click();
  const option = page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true });
  await option.click();
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}

/** Saves the open dialog and waits for it to close. */
async function saveDialog(page: Page, okName = 'Save') {
  const box = dialog(page);
  await box.getByRole('button', { name: okName }).click();
  await box.waitFor({ state: 'hidden' });
}

async function users(page: Page): Promise<Row[]> {
  return (await apiCall<PageOf<Row>>(page, '/admin/base/sys/user/page', { page: 1, size: 100 })).list;
}
const userNamed = async (page: Page, username: string) => (await users(page)).find((u) => u.username === username);
const departments = (page: Page) => apiCall<Department[]>(page, '/admin/base/sys/department/list', {});
const departmentId = async (page: Page, name: string) => {
  const found = (await departments(page)).find((d) => d.name === name);
  if (!found) throw new Error(`no department ${name}`);
  return found.id;
};
const menus = (page: Page) => apiCall<Menu[]>(page, '/admin/base/sys/menu/list', {});

describe.skipIf(!hasChromium)('the base screens in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
    const context = await newContext(browser, server.base, { locale: 'en' });
    admin = await context.newPage();
    // Fail a missing element in 15 s rather than the default 30, well within the test's 60.
    admin.setDefaultTimeout(15_000);
    await signIn(admin);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a user in a department with a role, edits, disables, moves and deletes it', async () => {
    const page = admin;
    const role = 'E2E staff';
    await apiCall(page, '/admin/base/sys/role/add', { name: role, label: 'e2e-staff', menuIdList: [] });
    const roleId = (await apiCall<Row[]>(page, '/admin/base/sys/role/list', {})).find((r) => r.name === role)?.id;
    expect(roleId).toEqual(expect.any(Number));
    const east = await departmentId(page, '华东区');
    const finance = await departmentId(page, '财务部');

    // The user screen is the landing page: it may have read the roles before this one was added.
    await page.reload();
    await visit(page, '/sys/user');
    await tableRow(page, 'admin').waitFor();
    await view(page).getByTestId('crud-add').click();
    const form = dialog(page);
    await form.locator('#username').fill('e2e_user');
    await form.locator('#password').fill('secret123');
    await form.locator('#name').fill('E2E User');
    await form.locator('#nickName').fill('Tester');
    await pickTreeOption(
      page,
      form.locator('.ant-form-item', { has: page.locator('#departmentId') }).locator('.ant-select'),
      '华东区',
    );
    await form
      .locator('.ant-form-item', { has: page.locator('#roleIdList') })
      .locator('.ant-select')
      .click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(role, { exact: true }).click();
    // Close the open option list by clicking the dialog's title, not Escape (which would close the dialog).
    await form.locator('.ant-modal-title').click();
    await saveDialog(page);
    await tableRow(page, 'e2e_user').waitFor();
    const created = await userNamed(page, 'e2e_user');
    expect(created).toMatchObject({ nickName: 'Tester', departmentId: east, status: 1 });
    const info = await apiCall<Row>(page, `/admin/base/sys/user/info?id=${created?.id}`);
    expect(info.roleIdList).toEqual([roleId]);

    // Edit the nickname.
    await tableRow(page, 'e2e_user').getByRole('button', { name: 'Edit' }).click();
    await eventually(() => dialog(page).locator('#username').inputValue()).toBe('e2e_user');
    await dialog(page).locator('#nickName').fill('Renamed');
    await saveDialog(page);
    await tableRow(page, 'Renamed').waitFor();
    expect((await userNamed(page, 'e2e_user'))?.nickName).toBe('Renamed');

    // The status switch saves at once.
    const status = tableRow(page, 'e2e_user').getByRole('switch', { name: 'Status of e2e_user' });
    expect(await status.getAttribute('aria-checked')).toBe('true');
    await status.click();
    await eventually(() => toasts(page)).toContain('Status updated');
    expect((await userNamed(page, 'e2e_user'))?.status).toBe(0);
    await eventually(() => status.getAttribute('aria-checked')).toBe('false');

    // Move it to another department.
    await tableRow(page, 'e2e_user').locator('.ant-checkbox-input').check();
    await view(page).getByRole('button', { name: 'Move users' }).click();
    await eventually(() => dialog(page).locator('.ant-modal-title').innerText()).toContain('Move the 1 selected user');
    await pickTreeOption(page, dialog(page).locator('.ant-select'), '财务部');
    await saveDialog(page, 'Move users');
    await eventually(async () => (await userNamed(page, 'e2e_user'))?.departmentId).toBe(finance);
    await eventually(() => tableRow(page, 'e2e_user').innerText()).toContain('财务部');

    // Delete it.
    await tableRow(page, 'e2e_user').getByRole('button', { name: 'Delete' }).click();
    await confirmBubble(page).getByRole('button', { name: 'OK' }).click();
    await tableRow(page, 'e2e_user').waitFor({ state: 'detached' });
    expect(await userNamed(page, 'e2e_user')).toBeUndefined();
  });

  it('adds a sub-department from the tree, renames it, and deletes it keeping its users', async () => {
    const page = admin;
    await visit(page, '/sys/user');
    const tree = view(page).locator('.dept-panel');
    await tree.getByText('门店运营部', { exact: true }).waitFor();
    const parent = await departmentId(page, '门店运营部');
    const top = await departmentId(page, '总部');
    const nodeMenu = async (name: string, action: string) => {
      await tree.getByRole('button', { name: `Actions for “${name}”` }).click();
      await page.getByRole('menuitem', { name: action }).click();
    };

    await nodeMenu('门店运营部', 'Add sub-department');
    await dialog(page).locator('#name').fill('E2E 西南区');
    await saveDialog(page);
    await tree.getByText('E2E 西南区', { exact: true }).waitFor();
    const added = (await departments(page)).find((d) => d.name === 'E2E 西南区');
    expect(added?.parentId).toBe(parent);
    const id = added?.id as number;
    await apiCall(page, '/admin/base/sys/user/add', {
      username: 'e2e_dept_user',
      password: 'secret123',
      departmentId: id,
    });

    await nodeMenu('E2E 西南区', 'Edit department');
    await eventually(() => dialog(page).locator('#name').inputValue()).toBe('E2E 西南区');
    await dialog(page).locator('#name').fill('E2E 西北区');
    await saveDialog(page);
    await tree.getByText('E2E 西北区', { exact: true }).waitFor();
    expect((await departments(page)).find((d) => d.id === id)?.name).toBe('E2E 西北区');

    await nodeMenu('E2E 西北区', 'Delete department');
    const confirm = dialog(page);
    await eventually(() => confirm.innerText()).toContain('will move to the top department “总部”');
    expect(await confirm.getByRole('checkbox', { name: 'Also delete its users' }).isChecked()).toBe(false);
    await saveDialog(page, 'Delete');
    await tree.getByText('E2E 西北区', { exact: true }).waitFor({ state: 'detached' });
    expect((await departments(page)).some((d) => d.id === id)).toBe(false);
    // Its user was kept and moved to the top department.
    expect((await userNamed(page, 'e2e_dept_user'))?.departmentId).toBe(top);
  });

  it('creates a role with function and data permissions, edits and deletes it', async () => {
    const page = admin;
    const all = await menus(page);
    const html = all.find((m) => m.type === 2 && m.perms === 'base:sys:param:html');
    const exportRow = all.find((m) => m.type === 2 && m.perms === 'base:sys:menu:export');
    const finance = await departmentId(page, '财务部');
    expect(html && exportRow).toBeTruthy();

    await visit(page, '/sys/role');
    await view(page).locator('.ant-table-row').first().waitFor();
    await view(page).getByTestId('crud-add').click();
    const form = dialog(page);
    await form.locator('#name').fill('E2E auditor');
    await form.locator('#label').fill('e2e-auditor');
    const [functionTree, dataTree] = [form.locator('.perm-tree-box').nth(0), form.locator('.perm-tree-box').nth(1)];
    const tick = (tree: Locator, title: string) =>
      tree
        .locator('.ant-tree-treenode:not([aria-hidden])', {
          has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }),
        })
        .locator('.ant-tree-checkbox')
        .click();
    await functionTree.locator('.ant-tree-title').first().waitFor();
    await tick(functionTree, 'As HTML');
    await tick(functionTree, 'Export');
    await dataTree.locator('.ant-tree-title').first().waitFor();
    await tick(dataTree, '财务部');
    await saveDialog(page);
    await tableRow(page, 'e2e-auditor').waitFor();
    const role = (await apiCall<Row[]>(page, '/admin/base/sys/role/list', {})).find((r) => r.label === 'e2e-auditor');
    const info = await apiCall<Row>(page, `/admin/base/sys/role/info?id=${role?.id}`);
    // The ticked permissions, with their half-checked parents (a menu shows only with its parents).
    expect(info.menuIdList).toEqual(
      expect.arrayContaining([html?.id, exportRow?.id, html?.parentId, exportRow?.parentId]),
    );
    expect((info.menuIdList as number[]).length).toBeLessThan(10);
    expect(info.departmentIdList).toEqual([finance]);

    await tableRow(page, 'e2e-auditor').getByRole('button', { name: 'Edit' }).click();
    await eventually(() => dialog(page).locator('#name').inputValue()).toBe('E2E auditor');
    await dialog(page).locator('#remark').fill('Reads the books');
    await saveDialog(page);
    await tableRow(page, 'Reads the books').waitFor();
    const edited = await apiCall<Row>(page, `/admin/base/sys/role/info?id=${role?.id}`);
    expect(edited.remark).toBe('Reads the books');
    // Editing kept the permissions.
    expect([...(edited.menuIdList as number[])].sort()).toEqual([...(info.menuIdList as number[])].sort());

    await tableRow(page, 'e2e-auditor').getByRole('button', { name: 'Delete' }).click();
    await confirmBubble(page).getByRole('button', { name: 'OK' }).click();
    await tableRow(page, 'e2e-auditor').waitFor({ state: 'detached' });
    expect((await apiCall<Row[]>(page, '/admin/base/sys/role/list', {})).some((r) => r.id === role?.id)).toBe(false);
  });

  it('adds a menu under a directory, renames it and deletes it', async () => {
    const page = admin;
    const directory = (await menus(page)).find((m) => m.name === '参数配置');
    await visit(page, '/sys/menu');
    await tableRow(page, 'Settings').waitFor();
    await view(page).getByRole('button', { name: 'Add child: Settings' }).click();
    const form = dialog(page);
    await eventually(() => form.locator('.ant-modal-title').innerText()).toBe('Add below “Settings”');
    await form.locator('#menuForm_name').fill('E2E page');
    // The router must start with a slash.
    await form.locator('#menuForm_router').fill('e2e-page');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => form.locator('.ant-form-item-explain-error').allInnerTexts()).toContain(
      'The router must start with /',
    );
    await form.locator('#menuForm_router').fill('/e2e-page');
    await form.locator('#menuForm_icon').click();
    await page.locator('.menu-icon-grid button[data-icon]').first().click();
    await saveDialog(page);
    await tableRow(page, 'E2E page').waitFor();
    const added = (await menus(page)).find((m) => m.name === 'E2E page');
    expect(added).toMatchObject({ type: 1, parentId: directory?.id, router: '/e2e-page' });
    // The sidebar reloads with it (inside its directory, opened here).
    const settings = page.locator('.app-sider').getByRole('menuitem', { name: 'Settings' });
    if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
    await eventually(() => page.locator('.app-sider').innerText()).toContain('E2E page');

    await view(page).getByRole('button', { name: 'Edit: E2E page' }).click();
    await eventually(() => dialog(page).locator('#menuForm_name').inputValue()).toBe('E2E page');
    await dialog(page).locator('#menuForm_name').fill('E2E renamed');
    await saveDialog(page);
    await tableRow(page, 'E2E renamed').waitFor();
    expect((await menus(page)).find((m) => m.id === added?.id)?.name).toBe('E2E renamed');

    await view(page).getByRole('button', { name: 'Delete: E2E renamed' }).click();
    await confirmBubble(page).getByRole('button', { name: 'Delete' }).click();
    await tableRow(page, 'E2E renamed').waitFor({ state: 'detached' });
    expect((await menus(page)).some((m) => m.id === added?.id)).toBe(false);
    await eventually(() => page.locator('.app-sider').innerText()).not.toContain('E2E renamed');
  });

  it('adds a string parameter, refuses broken JSON, edits and deletes it', async () => {
    const page = admin;
    const findParam = async () =>
      (await apiCall<PageOf<Row>>(page, '/admin/base/sys/param/page', { page: 1, size: 100 })).list.find(
        (p) => p.keyName === 'e2eGreeting',
      );
    await visit(page, '/sys/param');
    await view(page).locator('.ant-table-row').first().waitFor();
    // What the limited user below must not see, shown to the admin by the same locators.
    expect(await view(page).getByRole('button', { name: 'Delete selected' }).count()).toBe(1);
    expect(await view(page).locator('.ant-table-row .ant-checkbox').count()).toBeGreaterThanOrEqual(2);
    await view(page).getByTestId('crud-add').click();
    const form = dialog(page);
    await form.locator('#name').fill('E2E greeting');
    await form.locator('#keyName').fill('e2eGreeting');
    await form.locator('#data').fill('hello');
    await saveDialog(page);
    await tableRow(page, 'e2eGreeting').waitFor();
    expect(await findParam()).toMatchObject({ name: 'E2E greeting', data: 'hello', dataType: 0 });

    await tableRow(page, 'e2eGreeting').getByRole('button', { name: 'Edit' }).click();
    await eventually(() => dialog(page).locator('#data').inputValue()).toBe('hello');
    await dialog(page).locator('#data').fill('{bad');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await eventually(() => toasts(page)).toContain('Parameter format error');
    // Refused: the dialog stays open and nothing changed.
    expect(await dialog(page).isVisible()).toBe(true);
    expect((await findParam())?.data).toBe('hello');
    await dialog(page).locator('#data').fill('{"greeting": "hi"}');
    await saveDialog(page);
    await eventually(async () => (await findParam())?.data).toBe('{"greeting": "hi"}');
    await eventually(() => tableRow(page, 'e2eGreeting').innerText()).toContain('"greeting"');

    await tableRow(page, 'e2eGreeting').getByRole('button', { name: 'Delete' }).click();
    await confirmBubble(page).getByRole('button', { name: 'OK' }).click();
    await tableRow(page, 'e2eGreeting').waitFor({ state: 'detached' });
    expect(await findParam()).toBeUndefined();
  });

  it('searches the request log, keeps the keep-days setting, and clears the log', async () => {
    const page = admin;
    const logPage = (keyWord?: string) =>
      apiCall<PageOf<Row>>(page, '/admin/base/sys/log/page', { page: 1, size: 100, ...(keyWord ? { keyWord } : {}) });
    // A request to find later; rows are written in batches, so wait until it is stored.
    await apiCall(page, '/admin/base/sys/department/list', { marker: 'e2e-log-marker' });
    await eventually(async () => (await logPage('department/list')).pagination.total).toBeGreaterThan(0);

    await visit(page, '/sys/log');
    await view(page).locator('.ant-table-row').first().waitFor();
    const search = view(page).locator('input[aria-label="User name, address or IP"]');
    await search.fill('department/list');
    await search.press('Enter');
    await eventually(async () => {
      const actions = await view(page).locator('.ant-table-row .log-code').allInnerTexts();
      return actions.length > 0 && actions.every((a) => a === '/admin/base/sys/department/list');
    }).toBe(true);
    expect(await view(page).locator('.ant-table-row').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('e2e-log-marker')]),
    );

    // Keep days: saved, and still there after a reload.
    const keep = view(page).getByRole('spinbutton', { name: 'Days to keep the request log' });
    await eventually(() => keep.inputValue()).toBe('31');
    await keep.fill('45');
    await view(page).getByRole('button', { name: 'Save' }).click();
    await eventually(() => toasts(page)).toContain('kept for 45 days');
    expect(await apiCall<number>(page, '/admin/base/sys/log/getKeep')).toBe(45);
    await page.reload();
    await eventually(() =>
      view(page).getByRole('spinbutton', { name: 'Days to keep the request log' }).inputValue(),
    ).toBe('45');

    // Clear, after confirming: the table's total drops from every request so far to the few made since.
    // No pagination shows for an empty table.
    const total = async () => {
      const [text] = await view(page).locator('.ant-pagination-total-text').allInnerTexts();
      return Number(text?.match(/\d+/)?.[0] ?? 0);
    };
    await eventually(total).toBeGreaterThan(20);
    await view(page).getByRole('button', { name: 'Clear' }).click();
    await confirmBubble(page).getByRole('button', { name: 'Clear' }).click();
    await eventually(() => toasts(page)).toContain('The request log was cleared');
    await eventually(total).toBeLessThan(5);
    // What is left are the log screen's own calls made after the clear.
    const actions = await view(page).locator('.ant-table-row .log-code').allInnerTexts();
    expect(actions.every((a) => a.startsWith('/admin/base/sys/log/'))).toBe(true);
    const after = await logPage();
    expect(after.pagination.total).toBeLessThan(5);
    expect(after.list.every((r) => String(r.action).startsWith('/admin/base/sys/log/'))).toBe(true);
  });

  it('shows a limited user only what the role holds, and sends a refused call to /403', async () => {
    const page = admin;
    const all = await menus(page);
    const paramPage = all.find((m) => m.name === '参数列表' && m.type === 1);
    const viewRows = all.filter(
      (m) => m.type === 2 && m.parentId === paramPage?.id && (m.perms ?? '').split(',').includes('base:sys:param:page'),
    );
    expect(viewRows).toHaveLength(1);
    const role = {
      name: 'E2E viewer',
      label: 'e2e-viewer',
      menuIdList: viewRows.map((m) => m.id),
      departmentIdList: [],
    };
    await apiCall(page, '/admin/base/sys/role/add', role);
    const roleId = (await apiCall<Row[]>(page, '/admin/base/sys/role/list', {})).find(
      (r) => r.label === role.label,
    )?.id;
    expect(roleId).toEqual(expect.any(Number));
    await apiCall(page, '/admin/base/sys/user/add', {
      username: 'e2e_viewer',
      password: 'viewer123',
      nickName: 'Viewer',
      departmentId: await departmentId(page, '总部'),
      roleIdList: [roleId],
    });

    const context = await newContext(browser, server.base, { locale: 'en' });
    const limited = await context.newPage();
    limited.setDefaultTimeout(15_000);
    await signIn(limited, 'e2e_viewer', 'viewer123');
    // Its only page is home.
    await limited.waitForURL('**/sys/param');
    // Directories always draw their titles; pages only inside open ones (the home's are open).
    expect(await limited.locator('.app-sider .ant-menu-submenu-title').allInnerTexts()).toEqual(['System', 'Settings']);
    expect(await limited.locator('.app-sider .ant-menu-item').allInnerTexts()).toEqual(['Parameters']);
    const sider = await limited.locator('.app-sider').innerText();
    for (const other of ['Users', 'Roles', 'Menus', 'Request log']) expect(sider).not.toContain(other);

    // The param screen lists, but offers no change.
    await view(limited).locator('.ant-table-row').first().waitFor();
    expect(await view(limited).locator('.ant-table-row').count()).toBeGreaterThanOrEqual(2);
    expect(await view(limited).getByTestId('crud-add').count()).toBe(0);
    expect(await view(limited).getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await view(limited).getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await view(limited).getByRole('button', { name: 'Delete selected' }).count()).toBe(0);
    expect(await view(limited).locator('.ant-table-row .ant-checkbox').count()).toBe(0);

    // A page that is not the user's is not found; a call it may not make is refused.
    await limited.goto('/sys/user');
    await limited.waitForURL('**/404');
    await eventually(() => limited.locator('.error-page').innerText()).toContain('page not found');
    expect(await rawCall(limited, '/admin/base/sys/user/page', { page: 1, size: 20 })).toMatchObject({ status: 403 });

    // The role loses its menus while the screen is open: the next load is refused and the app shows /403.
    await visit(limited, '/sys/param');
    await view(limited).locator('.ant-table-row').first().waitFor();
    await apiCall(page, '/admin/base/sys/role/update', { ...role, id: roleId, menuIdList: [] });
    const refused = limited.waitForResponse((r) => r.url().includes('/sys/param/page') && r.status() === 403);
    await view(limited).getByRole('button', { name: 'Refresh' }).click();
    await refused;
    await limited.waitForURL('**/403');
    await eventually(() => limited.locator('.error-page').innerText()).toContain('not authorized');
    await context.close();
  });
});
