import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  hasChromium,
  newContext,
  openAs,
  type RunningServer,
  signIn,
  startRun,
  stopRun,
  unique,
} from '../support/app.js';
import {
  confirmBubble,
  dialog,
  eventually,
  expectToastDuring,
  formItem,
  motionless,
  pickOption,
  pickTreeOption,
  saveDialog,
  tableRow,
  view,
  visit,
} from '../support/ui.js';

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

/** A call as the page would make it, answering the HTTP status as well. */
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

const users = async (api: Api) =>
  (await api.post<PageOf<Row>>('/admin/base/sys/user/page', { page: 1, size: 500 })).list;
const userNamed = async (api: Api, username: string) => (await users(api)).find((u) => u.username === username);
const departments = (api: Api) => api.post<Department[]>('/admin/base/sys/department/list');
const departmentId = async (api: Api, name: string) => {
  const found = (await departments(api)).find((d) => d.name === name);
  if (!found) throw new Error(`no department ${name}`);
  return found.id;
};
const menus = (api: Api) => api.post<Menu[]>('/admin/base/sys/menu/list');

describe.skipIf(!hasChromium)('the base screens in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  it('fits the users, parameters and menus tables on a 1440 px screen, no header cut, in English and Chinese', async () => {
    for (const locale of ['en', 'zh-cn'] as const) {
      const { page } = await openAs(browser, server.base, { path: '/sys/user', prefs: { locale } });
      const problems: string[] = [];
      for (const path of ['/sys/user', '/sys/param', '/sys/menu']) {
        await visit(page, path);
        const table = view(page).locator('.ant-table');
        await table.locator('tbody tr.ant-table-row').first().waitFor();
        const found = await table.evaluate((el) => {
          const out: string[] = [];
          const body = el.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
          if (body && body.scrollWidth > body.clientWidth + 1)
            out.push(`scrolls by ${body.scrollWidth - body.clientWidth}px`);
          // A header is cut when its words are wider than the room the cell gives them (the cell's
          // scrollWidth would also count antd's shadow beside a pinned column).
          for (const th of Array.from(el.querySelectorAll<HTMLElement>('thead th'))) {
            const words = th.querySelector<HTMLElement>('.ant-table-column-title') ?? th;
            if (!words.innerText.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(words);
            const style = getComputedStyle(words);
            const room =
              words.clientWidth -
              (words === th ? Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight) : 0);
            const wide = range.getBoundingClientRect().width;
            if (wide > room + 1) out.push(`header "${words.innerText}" cut (${Math.round(wide)} > ${room})`);
          }
          return out;
        });
        problems.push(...found.map((p) => `${locale} ${path}: ${p}`));
      }
      expect(problems).toEqual([]);
    }
  });

  it('creates a user in a department with a role, edits, disables, moves and deletes it', async () => {
    // Its data first, then the screen: the role select reads the roles as the screen opens.
    const role = unique('E2E staff ');
    const username = unique('e2e_user_');
    const { id: roleId } = await admin.post<{ id: number }>('/admin/base/sys/role/add', {
      name: role,
      label: unique('e2e-staff-'),
      menuIdList: [],
    });
    const east = await departmentId(admin, '华东区');
    const finance = await departmentId(admin, '财务部');
    const { page } = await openAs(browser, server.base, { path: '/sys/user' });

    await tableRow(page, 'admin').waitFor();
    await view(page).getByTestId('crud-add').click();
    const form = dialog(page);
    expect(await form.locator('.ant-modal-title').innerText()).toBe('Add user');
    await form.locator('#username').fill(username);
    await form.locator('#password').fill('secret123');
    await form.locator('#name').fill('E2E User');
    await form.locator('#nickName').fill('Tester');
    await pickTreeOption(page, formItem(form, page, 'departmentId').locator('.ant-select'), '华东区');
    await pickOption(page, formItem(form, page, 'roleIdList').locator('.ant-select'), role);
    // Close the open option list by clicking the dialog's title, not Escape (which would close the dialog).
    await form.locator('.ant-modal-title').click();
    await saveDialog(page);
    await tableRow(page, username).waitFor();
    const created = await userNamed(admin, username);
    expect(created).toMatchObject({ nickName: 'Tester', departmentId: east, status: 1 });
    const info = await admin.get<Row>('/admin/base/sys/user/info', { id: created?.id ?? 0 });
    expect(info.roleIdList).toEqual([roleId]);

    // Edit the name (a column the list shows; the nickname waits in the column settings).
    await tableRow(page, username).getByRole('button', { name: 'Edit' }).click();
    await eventually(() => dialog(page).locator('#username').inputValue()).toBe(username);
    // The title names the thing and the record.
    expect(await dialog(page).locator('.ant-modal-title').innerText()).toBe(`Edit user: ${username}`);
    await dialog(page).locator('#name').fill('Renamed');
    await saveDialog(page);
    await eventually(() => tableRow(page, username).innerText()).toContain('Renamed');
    expect((await userNamed(admin, username))?.name).toBe('Renamed');

    // The status switch asks before it disables (the user is signed out everywhere), then saves.
    const status = tableRow(page, username).getByRole('switch', { name: `Status of ${username}` });
    expect(await status.getAttribute('aria-checked')).toBe('true');
    await status.click();
    const ask = page.locator('.ant-modal-confirm');
    await ask.locator('.ant-modal-confirm-title', { hasText: 'Disable' }).waitFor();
    await expectToastDuring(page, 'Status updated', () => ask.getByRole('button', { name: 'Disable' }).click());
    await eventually(async () => (await userNamed(admin, username))?.status).toBe(0);
    await eventually(() => status.getAttribute('aria-checked')).toBe('false');

    // Move it to another department.
    await tableRow(page, username).locator('.ant-checkbox-input').check();
    await view(page).getByRole('button', { name: 'Move users' }).click();
    await eventually(() => dialog(page).locator('.ant-modal-title').innerText()).toContain('Move the 1 selected user');
    await pickTreeOption(page, dialog(page).locator('.ant-select'), '财务部');
    await saveDialog(page, 'Move users');
    await eventually(async () => (await userNamed(admin, username))?.departmentId).toBe(finance);
    await eventually(() => tableRow(page, username).innerText()).toContain('财务部');

    // Delete it: the confirmation names the record.
    await tableRow(page, username).getByRole('button', { name: 'Delete' }).click();
    await eventually(() => confirmBubble(page).innerText()).toContain(`Delete user “${username}”?`);
    await confirmBubble(page).getByRole('button', { name: 'Delete' }).click();
    await tableRow(page, username).waitFor({ state: 'detached' });
    expect(await userNamed(admin, username)).toBeUndefined();
  });

  it('adds a sub-department from the tree, renames it, and deletes it keeping its users', async () => {
    const [name, renamed, username] = [unique('E2E 西南区 '), unique('E2E 西北区 '), unique('e2e_dept_user_')];
    const parent = await departmentId(admin, '门店运营部');
    const top = await departmentId(admin, '总部');
    const { page } = await openAs(browser, server.base, { path: '/sys/user' });
    const tree = view(page).locator('.dept-panel');
    await tree.getByText('门店运营部', { exact: true }).waitFor();
    const nodeMenu = async (node: string, action: string) => {
      await tree.getByRole('button', { name: `Actions for “${node}”` }).click();
      await page.getByRole('menuitem', { name: action }).click();
    };

    await nodeMenu('门店运营部', 'Add sub-department');
    await dialog(page).locator('#name').fill(name);
    await saveDialog(page);
    await tree.getByText(name, { exact: true }).waitFor();
    const added = (await departments(admin)).find((d) => d.name === name);
    expect(added?.parentId).toBe(parent);
    const id = added?.id as number;
    await admin.post('/admin/base/sys/user/add', { username, password: 'secret123', departmentId: id });

    await nodeMenu(name, 'Edit department');
    await eventually(() => dialog(page).locator('#name').inputValue()).toBe(name);
    await dialog(page).locator('#name').fill(renamed);
    await saveDialog(page);
    await tree.getByText(renamed, { exact: true }).waitFor();
    expect((await departments(admin)).find((d) => d.id === id)?.name).toBe(renamed);

    await nodeMenu(renamed, 'Delete department');
    const confirm = dialog(page);
    await eventually(() => confirm.innerText()).toContain('will move to the top department “总部”');
    expect(await confirm.getByRole('checkbox', { name: 'Also delete its users' }).isChecked()).toBe(false);
    await saveDialog(page, 'Delete');
    await tree.getByText(renamed, { exact: true }).waitFor({ state: 'detached' });
    expect((await departments(admin)).some((d) => d.id === id)).toBe(false);
    // Its user was kept and moved to the top department.
    expect((await userNamed(admin, username))?.departmentId).toBe(top);
  });

  it('creates a role with function and data permissions, edits and deletes it', async () => {
    const [name, label] = [unique('E2E auditor '), unique('e2e-auditor-')];
    const all = await menus(admin);
    const html = all.find((m) => m.type === 2 && m.perms === 'base:sys:param:html');
    const exportRow = all.find((m) => m.type === 2 && m.perms === 'base:sys:menu:export');
    const finance = await departmentId(admin, '财务部');
    expect(html && exportRow).toBeTruthy();
    const { page } = await openAs(browser, server.base, { path: '/sys/role' });

    await view(page).locator('.ant-table-row').first().waitFor();
    await view(page).getByTestId('crud-add').click();
    const form = dialog(page);
    await form.locator('#name').fill(name);
    await form.locator('#label').fill(label);
    const [functionTree, dataTree] = [form.locator('.perm-tree-box').nth(0), form.locator('.perm-tree-box').nth(1)];
    // Several pages have an "Export" row; the tree lists 系统管理's menus first, and the server's
    // answer below says whether the row ticked was the one meant.
    const tick = (tree: Locator, title: string) =>
      tree
        .locator('.ant-tree-treenode:not([aria-hidden])', {
          has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }),
        })
        .first()
        .locator('.ant-tree-checkbox')
        .click();
    await functionTree.locator('.ant-tree-title').first().waitFor();
    await tick(functionTree, 'As HTML');
    await tick(functionTree, 'Export');
    await dataTree.locator('.ant-tree-title').first().waitFor();
    await tick(dataTree, '财务部');
    await saveDialog(page);
    await tableRow(page, label).waitFor();
    const role = (await admin.post<Row[]>('/admin/base/sys/role/list')).find((r) => r.label === label);
    const info = await admin.get<Row>('/admin/base/sys/role/info', { id: role?.id ?? 0 });
    // The ticked permissions, with their half-checked parents (a menu shows only with its parents).
    expect(info.menuIdList).toEqual(
      expect.arrayContaining([html?.id, exportRow?.id, html?.parentId, exportRow?.parentId]),
    );
    expect((info.menuIdList as number[]).length).toBeLessThan(10);
    expect(info.departmentIdList).toEqual([finance]);

    await tableRow(page, label).getByRole('button', { name: 'Edit' }).click();
    await eventually(() => dialog(page).locator('#name').inputValue()).toBe(name);
    await dialog(page).locator('#remark').fill('Reads the books');
    await saveDialog(page);
    await eventually(() => tableRow(page, label).innerText()).toContain('Reads the books');
    const edited = await admin.get<Row>('/admin/base/sys/role/info', { id: role?.id ?? 0 });
    expect(edited.remark).toBe('Reads the books');
    // Editing kept the permissions.
    expect([...(edited.menuIdList as number[])].sort()).toEqual([...(info.menuIdList as number[])].sort());

    await tableRow(page, label).getByRole('button', { name: 'Delete' }).click();
    await confirmBubble(page).getByRole('button', { name: 'Delete' }).click();
    await tableRow(page, label).waitFor({ state: 'detached' });
    expect((await admin.post<Row[]>('/admin/base/sys/role/list')).some((r) => r.id === role?.id)).toBe(false);
  });

  it('adds a menu under a directory, renames it and deletes it', async () => {
    const [name, renamed, router] = [unique('E2E page '), unique('E2E renamed '), `/${unique('e2e-page-')}`];
    const directory = (await menus(admin)).find((m) => m.name === '参数配置');
    const { page } = await openAs(browser, server.base, { path: '/sys/menu' });
    await tableRow(page, 'Settings').waitFor();
    await view(page).getByRole('button', { name: 'Add child: Settings' }).click();
    const form = dialog(page);
    await eventually(() => form.locator('.ant-modal-title').innerText()).toBe('Add below “Settings”');
    await form.locator('#menuForm_name').fill(name);
    // The router must start with a slash.
    await form.locator('#menuForm_router').fill(router.slice(1));
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => form.locator('.ant-form-item-explain-error').allInnerTexts()).toContain(
      'The router must start with /',
    );
    await form.locator('#menuForm_router').fill(router);
    await form.locator('#menuForm_icon').click();
    await page.locator('.menu-icon-grid button[data-icon]').first().click();
    await saveDialog(page);
    await tableRow(page, name).waitFor();
    const added = (await menus(admin)).find((m) => m.name === name);
    expect(added).toMatchObject({ type: 1, parentId: directory?.id, router });
    // The sidebar reloads with it (inside its directory, opened here).
    const settings = page.locator('.app-sider').getByRole('menuitem', { name: 'Settings' });
    if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
    await eventually(() => page.locator('.app-sider').innerText()).toContain(name);

    await view(page)
      .getByRole('button', { name: `Edit: ${name}` })
      .click();
    await eventually(() => dialog(page).locator('#menuForm_name').inputValue()).toBe(name);
    await dialog(page).locator('#menuForm_name').fill(renamed);
    await saveDialog(page);
    await tableRow(page, renamed).waitFor();
    expect((await menus(admin)).find((m) => m.id === added?.id)?.name).toBe(renamed);

    await view(page)
      .getByRole('button', { name: `Delete: ${renamed}` })
      .click();
    await confirmBubble(page).getByRole('button', { name: 'Delete' }).click();
    await tableRow(page, renamed).waitFor({ state: 'detached' });
    expect((await menus(admin)).some((m) => m.id === added?.id)).toBe(false);
    await eventually(() => page.locator('.app-sider').innerText()).not.toContain(renamed);
  });

  it('quick-adds a permission row of an entity EPS serves, under the menu that holds its others', async () => {
    const name = unique('E2E dictionary types ');
    const all = await menus(admin);
    // The permission rows of dict/type sit under one menu: the dialog proposes that one.
    const holder = all.find((m) => m.type === 2 && (m.perms ?? '').split(',').includes('dict:type:add'));
    const { page } = await openAs(browser, server.base, { path: '/sys/menu' });
    await view(page).getByRole('button', { name: 'Quick-add permission' }).click();
    const form = dialog(page);
    // A click on a dialog still zooming in can land beside its button (CI lost one this way).
    await motionless(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => form.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual(
      expect.arrayContaining(['Choose an entity', 'Fill in a permission name']),
    );
    const entity = form.getByLabel('Entity');
    await entity.click();
    // A long list draws only the options in view: narrow it to the one wanted.
    await entity.fill('dict/type');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'dict/type' })
      .first()
      .click();
    await form.getByText('dict:type:page').waitFor();
    // The entity's option list fades out over the form: a click before it has gone may miss.
    await motionless(page);
    await form.getByRole('checkbox', { name: 'All' }).check();
    await form.locator('#menuQuickAdd_name').fill(name);
    await saveDialog(page);
    const added = (await menus(admin)).find((m) => m.name === name);
    expect(added).toMatchObject({ type: 2, parentId: holder?.parentId });
    expect((added?.perms ?? '').split(',')).toEqual(expect.arrayContaining(['dict:type:page', 'dict:type:add']));
    await admin.post('/admin/base/sys/menu/delete', { ids: [added?.id] });
  });

  it('adds a string parameter, refuses broken JSON, edits and deletes it', async () => {
    const keyName = unique('e2eGreeting');
    const findParam = async () =>
      (await admin.post<PageOf<Row>>('/admin/base/sys/param/page', { page: 1, size: 100, keyWord: keyName })).list.find(
        (p) => p.keyName === keyName,
      );
    const { page } = await openAs(browser, server.base, { path: '/sys/param' });
    await view(page).locator('.ant-table-row').first().waitFor();
    // What the limited user below must not see, shown to the admin by the same locators.
    expect(await view(page).getByRole('button', { name: 'Delete selected' }).count()).toBe(1);
    expect(await view(page).locator('.ant-table-row .ant-checkbox').count()).toBeGreaterThanOrEqual(2);
    await view(page).getByTestId('crud-add').click();
    const form = dialog(page);
    await form.locator('#name').fill('E2E greeting');
    await form.locator('#keyName').fill(keyName);
    await form.locator('#data').fill('hello');
    await saveDialog(page);
    await tableRow(page, keyName).waitFor();
    expect(await findParam()).toMatchObject({ name: 'E2E greeting', data: 'hello', dataType: 0 });

    await tableRow(page, keyName).getByRole('button', { name: 'Edit' }).click();
    await eventually(() => dialog(page).locator('#data').inputValue()).toBe('hello');
    await dialog(page).locator('#data').fill('{bad');
    await expectToastDuring(page, 'Parameter format error', () =>
      dialog(page).getByRole('button', { name: 'Save' }).click(),
    );
    // Refused: the dialog stays open and nothing changed.
    expect(await dialog(page).isVisible()).toBe(true);
    expect((await findParam())?.data).toBe('hello');
    await dialog(page).locator('#data').fill('{"greeting": "hi"}');
    await saveDialog(page);
    await eventually(async () => (await findParam())?.data).toBe('{"greeting": "hi"}');
    await eventually(() => tableRow(page, keyName).innerText()).toContain('"greeting"');

    await tableRow(page, keyName).getByRole('button', { name: 'Delete' }).click();
    await confirmBubble(page).getByRole('button', { name: 'Delete' }).click();
    await tableRow(page, keyName).waitFor({ state: 'detached' });
    expect(await findParam()).toBeUndefined();
  });

  it('searches the request log, keeps the keep-days setting, and clears the log', async () => {
    const marker = unique('e2e-log-marker-');
    const logPage = (keyWord?: string) =>
      admin.post<PageOf<Row>>('/admin/base/sys/log/page', { page: 1, size: 100, ...(keyWord ? { keyWord } : {}) });
    // A request to find later (the log keeps what a call's schema took, so the marker is a keyword
    // the user page accepts); rows are written in batches, so wait until it is stored.
    await admin.post('/admin/base/sys/user/page', { page: 1, size: 1, keyWord: marker });
    await eventually(async () => JSON.stringify((await logPage('sys/user/page')).list)).toContain(marker);
    const { page } = await openAs(browser, server.base, { path: '/sys/log' });

    await view(page).locator('.ant-table-row').first().waitFor();
    const search = view(page).locator('input[aria-label="User name, address or IP"]');
    await search.fill('sys/user/page');
    await search.press('Enter');
    await eventually(async () => {
      const actions = await view(page).locator('.ant-table-row .log-code').allInnerTexts();
      return actions.length > 0 && actions.every((a) => a === '/admin/base/sys/user/page');
    }).toBe(true);
    await eventually(() => view(page).locator('.ant-table-row').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining(marker)]),
    );

    // Keep days: saved, and still there after a reload.
    const keep = view(page).getByRole('spinbutton', { name: 'Days to keep the request log' });
    await eventually(() => keep.inputValue()).toBe('31');
    await keep.fill('45');
    await expectToastDuring(page, 'kept for 45 days', () => view(page).getByRole('button', { name: 'Save' }).click());
    expect(await admin.get<number>('/admin/base/sys/log/getKeep')).toBe(45);
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
    await expectToastDuring(page, 'The request log was cleared', () =>
      confirmBubble(page).getByRole('button', { name: 'Clear' }).click(),
    );
    await eventually(total).toBeLessThan(5);
    // What is left are the log screen's own calls made after the clear.
    const actions = await view(page).locator('.ant-table-row .log-code').allInnerTexts();
    expect(actions.every((a) => a.startsWith('/admin/base/sys/log/'))).toBe(true);
    const after = await logPage();
    expect(after.list.every((r) => String(r.action).startsWith('/admin/base/sys/log/'))).toBe(true);
  });

  it('shows a limited user only what the role holds, and sends a refused call to /403', async () => {
    const all = await menus(admin);
    const paramPage = all.find((m) => m.name === '参数列表' && m.type === 1);
    const viewRows = all.filter(
      (m) => m.type === 2 && m.parentId === paramPage?.id && (m.perms ?? '').split(',').includes('base:sys:param:page'),
    );
    expect(viewRows).toHaveLength(1);
    const role = {
      name: unique('E2E viewer '),
      label: unique('e2e-viewer-'),
      menuIdList: viewRows.map((m) => m.id),
      departmentIdList: [],
    };
    const { id: roleId } = await admin.post<{ id: number }>('/admin/base/sys/role/add', role);
    const username = unique('e2e_viewer_');
    await admin.post('/admin/base/sys/user/add', {
      username,
      password: 'viewer123',
      nickName: 'Viewer',
      departmentId: await departmentId(admin, '总部'),
      roleIdList: [roleId],
    });

    // Through the login form, as the user would: its only page is home.
    const context = await newContext(browser, server.base, { locale: 'en' });
    const limited = await context.newPage();
    try {
      await signIn(limited, username, 'viewer123');
      await limited.waitForURL('**/sys/param');
      // Directories always draw their titles; pages only inside open ones (the home's are open).
      expect(await limited.locator('.app-sider .ant-menu-submenu-title').allInnerTexts()).toEqual([
        'System',
        'Settings',
      ]);
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
      expect(await rawCall(limited, '/admin/base/sys/user/page', { page: 1, size: 20 })).toMatchObject({
        status: 403,
      });

      // The role loses its menus while the screen is open: the next load is refused and the app shows /403.
      await visit(limited, '/sys/param');
      await view(limited).locator('.ant-table-row').first().waitFor();
      await admin.post('/admin/base/sys/role/update', { ...role, id: roleId, menuIdList: [] });
      const refused = limited.waitForResponse((r) => r.url().includes('/sys/param/page') && r.status() === 403);
      await view(limited).getByRole('button', { name: 'Refresh' }).click();
      await refused;
      await limited.waitForURL('**/403');
      await eventually(() => limited.locator('.error-page').innerText()).toContain('not authorized');
    } finally {
      await context.close();
    }
  });
});
