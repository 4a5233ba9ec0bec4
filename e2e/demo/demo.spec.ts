import type { Browser, Page } from 'playwright-core';
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
import {
  confirmBubble,
  dialog,
  eventually,
  expectToastDuring,
  formItem,
  motionless,
  saveDialog,
  tableRow,
  view,
  visit,
} from '../support/ui.js';

type Goods = { id: number; title: string; price: number; mainImage: string | null; status: number; stock: number };
type PageOf<T> = { list: T[]; pagination: { total: number } };

/** A real 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNwTL3+fykDw/+lDI6p1wEsrgZDdESJrAAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a PNG and records it in the file space, as the file space screen does. */
async function uploadPng(base: string, api: Api, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), name);
  const response = await fetch(`${base}/api/admin/base/comm/upload`, {
    method: 'POST',
    headers: { authorization: api.token },
    body: form,
  });
  const { data: url } = (await response.json()) as { data: string };
  await api.post('/admin/space/info/add', { url, type: 'image', name, size: PNG.length, classifyId: null });
  return url;
}

const goodsTitled = async (api: Api, title: string) =>
  (await api.post<PageOf<Goods>>('/admin/demo/goods/page', { page: 1, size: 10, title })).list;

/** The keys of the open tabs, in order. */
const tabKeys = (page: Page) =>
  page.locator('.tabs-bar [data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')));

describe.skipIf(!hasChromium)('the demos in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    // The tenant demo's spec sets a user's tenant on the user screen, which offers it only with MULTI_TENANT on.
    ({ server, browser, admin } = await startRun({ MULTI_TENANT: 'on' }));
  });
  afterAll(() => stopRun({ server, browser }));

  it('adds goods with a picture from the file space, edits its price to the cent and deletes it', async () => {
    const pictureName = `${unique('apple-')}.png`;
    const picture = await uploadPng(server.base, admin, pictureName);
    const { page } = await openAs(browser, server.base, { path: '/demo/crud' });
    await view(page).locator('.ant-table-row').first().waitFor();

    const title = unique('Pear ');
    await view(page).getByTestId('crud-add').click();
    const form = dialog(page);
    await form.locator('#title').fill(title);
    await form.locator('#price').fill('19.99');
    await form.locator('#stock').fill('12');
    // The main picture: chosen in the file space's picker.
    await form.getByTestId('space-file-input-choose').click();
    const picker = page.locator('.space-picker');
    await picker.locator(`[data-testid=space-file][data-name="${pictureName}"] .space-card-thumb`).click();
    await eventually(() => picker.getByTestId('space-picker-count').innerText()).toBe('1 of 1 chosen');
    await picker.getByTestId('space-picker-use').click();
    await picker.waitFor({ state: 'hidden' });
    await eventually(() => form.locator('#mainImage').inputValue()).toBe(picture);
    await motionless(page);
    await expectToastDuring(page, 'Saved', () => form.getByRole('button', { name: 'Save' }).click());

    const [added] = await goodsTitled(admin, title);
    expect(added).toMatchObject({ title, price: 19.99, stock: 12, mainImage: picture, status: 1 });
    // The row shows the picture and the price with its cents.
    const row = tableRow(page, title);
    await eventually(() => row.locator('img').first().getAttribute('src')).toBe(picture);
    expect(await row.innerText()).toContain('19.99');

    // Edit: the price to the cent, and the status switched off.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page);
    await eventually(() => edit.locator('#title').inputValue()).toBe(title);
    await edit.locator('#price').fill('1234.05');
    await edit.locator('#status').click();
    await eventually(() => edit.locator('#status').getAttribute('aria-checked')).toBe('false');
    await edit.getByRole('button', { name: 'Save' }).click();
    await eventually(async () => (await goodsTitled(admin, title))[0]?.price).toBe(1234.05);
    expect((await goodsTitled(admin, title))[0]?.status).toBe(0);
    await eventually(() => tableRow(page, title).innerText()).toContain('1,234.05');

    // Delete, after the confirmation that names it.
    await tableRow(page, title).getByRole('button', { name: 'Delete' }).click();
    const bubble = confirmBubble(page);
    await eventually(() => bubble.innerText()).toContain(title);
    await bubble.getByRole('button', { name: 'Delete' }).click();
    await eventually(async () => (await goodsTitled(admin, title)).length).toBe(0);
    await eventually(() => tableRow(page, title).count()).toBe(0);
  });

  it('opens a tab per distinct URL of the dynamic route, and none for the error pages', async () => {
    const { page } = await openAs(browser, server.base, { path: '/demo/test/route/1/alpha' });
    await eventually(() => view(page).getByTestId('param-id').innerText()).toBe('1');
    // Within the app (a reload would start the tabs over).
    await visit(page, '/demo/test/route/2');
    await eventually(() => view(page).getByTestId('param-id').innerText()).toBe('2');
    expect(await view(page).getByTestId('param-name').innerText()).toBe('(not given)');
    await eventually(() => tabKeys(page)).toEqual(
      expect.arrayContaining(['/demo/test/route/1/alpha', '/demo/test/route/2']),
    );
    const routeTabs = (await tabKeys(page)).filter((key) => key?.startsWith('/demo/test/route/'));
    expect(routeTabs).toEqual(['/demo/test/route/1/alpha', '/demo/test/route/2']);
    // Each tab names its parameters, so the two tell apart (and the browser's title says the same).
    const tabTitle = (key: string) => page.locator(`.tabs-bar [data-tab="${key}"]`).innerText();
    expect(await tabTitle('/demo/test/route/1/alpha')).toBe('Route parameters · 1 / alpha');
    expect(await tabTitle('/demo/test/route/2')).toBe('Route parameters · 2');
    expect(await page.title()).toBe('Route parameters · 2 - Backroom');
    // Back to the first through its tab: its own parameters.
    await page.locator('.tabs-bar [data-tab="/demo/test/route/1/alpha"]').click();
    await eventually(() => view(page).getByTestId('param-name').innerText()).toBe('alpha');

    // An unknown page: the not-found page inside the shell, and no tab for it (process: false).
    const before = await tabKeys(page);
    await page.evaluate(() => {
      history.pushState(null, '', '/no/such/page');
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    await page.waitForURL('**/404');
    await eventually(() => page.locator('.app-layout .error-page').innerText()).toContain('page not found');
    expect((await tabKeys(page)).some((key) => key === '/404')).toBe(false);
    expect((await tabKeys(page)).length).toBeLessThanOrEqual(before.length);
  });

  it("puts a user in a tenant on the user screen, and that user then sees only the tenant's rows", async () => {
    // Its data first: a role with the tenant demo and the user page, a tenant of this test's own
    // with a row in it (added by a colleague already there), and a row of another tenant.
    type Menu = { id: number; parentId: number | null; router: string | null };
    const menus = await admin.post<Menu[]>('/admin/base/sys/menu/list');
    const pageWith = (router: string) => {
      const page = menus.find((m) => m.router === router);
      if (!page) throw new Error(`no menu ${router}`);
      return [page.id, ...menus.filter((m) => m.parentId === page.id).map((m) => m.id)];
    };
    const departments = await admin.post<Array<{ id: number; name: string }>>('/admin/base/sys/department/list');
    const east = departments.find((d) => d.name === '华东区')?.id;
    const { id: roleId } = await admin.post<{ id: number }>('/admin/base/sys/role/add', {
      name: unique('Tenant staff '),
      label: unique('e2e-tenant-'),
      menuIdList: [...pageWith('/demo/tenant'), ...pageWith('/sys/user')],
      departmentIdList: east ? [east] : [],
      relevance: true,
    });
    const tenant = 1000 + Math.floor(Math.random() * 1_000_000);
    const addUser = async (username: string, tenantId?: number) => {
      const { id } = await admin.post<{ id: number }>('/admin/base/sys/user/add', {
        username,
        password: 'tenant-pass1',
        departmentId: east,
        roleIdList: [roleId],
        ...(tenantId ? { tenantId } : {}),
      });
      return id;
    };
    const addRowAs = async (username: string, title: string) => {
      const api = apiOf(server.base, (await login(server.base, username, 'tenant-pass1')).token);
      await api.post('/admin/demo/tenant/add', { title });
    };
    const colleague = unique('e2e_colleague_');
    const outsider = unique('e2e_outsider_');
    await addUser(colleague, tenant);
    await addUser(outsider, tenant + 1);
    const ours = unique('ours-');
    const theirs = unique('theirs-');
    await addRowAs(colleague, ours);
    await addRowAs(outsider, theirs);
    const username = unique('e2e_tenant_');
    const userId = await addUser(username);

    // The superuser sets the tenant on the user's edit form; a bad value is said, not changed.
    const { page } = await openAs(browser, server.base, { path: '/sys/user' });
    const search = view(page).locator('.crud-search').getByRole('searchbox');
    await search.fill(username);
    await search.press('Enter');
    await tableRow(page, username).getByRole('button', { name: 'Edit' }).click();
    const form = dialog(page);
    await eventually(() => form.locator('#username').inputValue()).toBe(username);
    expect(await form.locator('#tenantId').inputValue()).toBe('');
    await form.locator('#tenantId').fill('0');
    await motionless(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(() => formItem(form, page, 'tenantId').locator('.ant-form-item-explain-error').innerText()).toBe(
      'A whole number of 1 or more, or empty for no tenant',
    );
    // The form with its tenant field and the error under it reads as it should.
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
    await form.locator('#tenantId').fill(String(tenant));
    await saveDialog(page);
    expect((await admin.get<{ tenantId: number | null }>('/admin/base/sys/user/info', { id: userId })).tenantId).toBe(
      tenant,
    );

    // That user signs in: the tenant demo lists the tenant's row only, and "this tenant's rows" says so.
    const signedIn = await openAs(browser, server.base, {
      path: '/demo/tenant',
      user: username,
      password: 'tenant-pass1',
    });
    await tableRow(signedIn.page, ours).waitFor();
    expect(await tableRow(signedIn.page, theirs).count()).toBe(0);
    expect(await view(signedIn.page).locator('.ant-table-row').count()).toBe(1);
    await view(signedIn.page).getByTestId('tenant-use').click();
    const calls = view(signedIn.page).locator('table:has(caption)');
    await calls.locator('caption').waitFor();
    expect(await calls.locator('tbody tr').allInnerTexts()).toEqual([expect.stringContaining(ours)]);
    expect(await calls.locator('tbody tr').innerText()).toContain(String(tenant));

    // Not being a superuser, they get no tenant field on the user form.
    await visit(signedIn.page, '/sys/user');
    await view(signedIn.page).getByTestId('crud-add').click();
    await dialog(signedIn.page).locator('#username').waitFor();
    expect(await dialog(signedIn.page).locator('#tenantId').count()).toBe(0);
  });

  it.each([false, true])('has no serious violations on the demos and the goods form (dark: %s)', async (dark) => {
    const { page } = await openAs(browser, server.base, { path: '/demo/crud', prefs: { dark } });
    const problems: Record<string, unknown> = {};
    const check = async (what: string) => {
      const found = await seriousViolations(page);
      if (found.length > 0) problems[what] = found;
    };
    await view(page).locator('.ant-table-row').first().waitFor();
    await check('goods list');
    await view(page).getByTestId('crud-add').click();
    await dialog(page).getByTestId('rich-text-editor').waitFor();
    await motionless(page);
    await check('goods form');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'hidden' });
    // The dialog's mask fades out after it: let it end before its tab is hidden.
    await motionless(page);
    await visit(page, '/demo/tenant');
    await view(page).getByTestId('tenant-noTenant').click();
    await view(page).locator('.ant-table-caption').waitFor();
    // The pointer leaves the button it pressed (antd's hover colour is not what is being checked).
    await page.mouse.move(0, 0);
    await motionless(page);
    await check('tenant demo');
    await visit(page, '/demo/test/route/3/x');
    await check('route demo');
    expect(problems).toEqual({});
  });
});
