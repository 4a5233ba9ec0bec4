import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, hasChromium, openAs, type RunningServer, startRun, stopRun, unique } from '../support/app.js';
import { dialog, eventually, expectToastDuring, motionless, view } from '../support/ui.js';

type SpaceFile = { id: number; name: string; url: string; classifyId: number | null; size: number; type: string };
type PageOf<T> = { list: T[]; pagination: { total: number } };

/** A real 2×2 PNG (a few dozen bytes: well under the avatar's 100 KB). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNwTL3+fykDw/+lDI6p1wEsrgZDdESJrAAAAABJRU5ErkJggg==',
  'base64',
);

const files = async (api: Api, keyWord?: string) =>
  (await api.post<PageOf<SpaceFile>>('/admin/space/info/page', { page: 1, size: 100, ...(keyWord ? { keyWord } : {}) }))
    .list;

/** Uploads a PNG through the API and records it in the file space, as the screen does. */
async function uploadPng(base: string, api: Api, name: string, classifyId: number | null = null): Promise<SpaceFile> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), name);
  const response = await fetch(`${base}/api/admin/base/comm/upload`, {
    method: 'POST',
    headers: { authorization: api.token },
    body: form,
  });
  const { data: url } = (await response.json()) as { data: string };
  const { id } = await api.post<{ id: number }>('/admin/space/info/add', {
    url,
    type: 'image',
    name,
    size: PNG.length,
    classifyId,
  });
  return { id, name, url, classifyId, size: PNG.length, type: 'image' };
}

/** Drops files on an element the way a browser does when files are dragged from the desktop. */
async function dropFiles(page: Page, selector: string, list: Array<{ name: string; type: string; base64: string }>) {
  await page.evaluate(
    ([sel, items]) => {
      const target = document.querySelector(sel);
      if (!target) throw new Error(`nothing at ${sel}`);
      const data = new DataTransfer();
      for (const item of items) {
        const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0));
        data.items.add(new File([bytes], item.name, { type: item.type }));
      }
      for (const type of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
      }
    },
    [selector, list] as const,
  );
}

describe.skipIf(!hasChromium)('the file space in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  it('adds a category, uploads an image into it with a progress bar, and shows its preview', async () => {
    const [category, name] = [unique('Avatars '), `${unique('avatar-')}.png`];
    const { page } = await openAs(browser, server.base, { path: '/space/list' });
    await view(page).locator('.space-browser').waitFor();

    // A category, added from the tree, and empty.
    await view(page).getByTestId('space-add-category').click();
    await dialog(page).getByLabel('Category name').fill(category);
    await motionless(page);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    await view(page).locator('.space-panel').getByText(category, { exact: true }).click();
    await view(page).getByText('No files here yet').waitFor();

    // Upload through the file chooser.
    await view(page).getByTestId('space-file-input').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
    // Each file shows its own row with a progress bar until it is done.
    await view(page).getByTestId('space-queue-item').first().waitFor();
    const card = view(page).locator(`[data-testid=space-file][data-name="${name}"]`);
    await card.waitFor();
    const stored = (await files(admin, name)).find((f) => f.name === name);
    expect(stored).toMatchObject({ type: 'image', size: PNG.length });
    expect(stored?.url).toMatch(/^\/upload\/\d{8}\/[0-9a-f-]{36}\.png$/);
    const categories = await admin.post<Array<{ id: number; name: string }>>('/admin/space/type/list');
    expect(stored?.classifyId).toBe(categories.find((c) => c.name === category)?.id);
    // The preview is the stored image itself, and it loads.
    const img = card.locator('img');
    expect(await img.getAttribute('src')).toBe(stored?.url);
    await eventually(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(2);
  });

  it('uploads dropped files, and refuses too many or a file type outside the allow-list', async () => {
    const dropped = `${unique('dropped-')}.png`;
    const before = (await files(admin)).length;
    const { page } = await openAs(browser, server.base, { path: '/space/list' });
    await view(page).locator('.space-files').waitFor();
    await dropFiles(page, '.view-slot.active .space-files', [
      { name: dropped, type: 'image/png', base64: PNG.toString('base64') },
    ]);
    await view(page).locator(`[data-testid=space-file][data-name="${dropped}"]`).waitFor();

    const ten = Array.from({ length: 10 }, (_, i) => ({ name: `f${i}.png`, mimeType: 'image/png', buffer: PNG }));
    await expectToastDuring(page, 'You can select up to 9 files', () =>
      view(page).getByTestId('space-file-input').setInputFiles(ten),
    );

    await view(page)
      .getByTestId('space-file-input')
      .setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await eventually(() => view(page).locator('.space-queue-error').allInnerTexts()).toContain(
      'Files of type .exe cannot be uploaded',
    );
    // Only the dropped file was kept.
    const after = await files(admin);
    expect(after.length).toBe(before + 1);
    expect(after.some((f) => f.name === dropped)).toBe(true);
  });

  it('says what a category delete takes before it does it', async () => {
    const category = unique('Receipts ');
    const { id: classifyId } = await admin.post<{ id: number }>('/admin/space/type/add', {
      name: category,
      parentId: null,
    });
    for (const name of ['a.png', 'b.png'])
      await uploadPng(server.base, admin, `${unique('receipt-')}-${name}`, classifyId);
    const { page } = await openAs(browser, server.base, { path: '/space/list' });

    const node = view(page).locator('.space-panel .tree-panel-node', { hasText: category });
    await node.hover();
    await node.getByRole('button', { name: `More actions for ${category}` }).click();
    await page.locator('.ant-dropdown:visible').getByText('Delete', { exact: true }).click();
    await eventually(() => dialog(page).getByTestId('category-delete-text').innerText()).toContain(
      '2 files in it will be deleted with it.',
    );
    await motionless(page);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    expect((await files(admin)).filter((f) => f.classifyId === classifyId)).toHaveLength(2);
  });

  it('picks an uploaded image as the avatar in the personal center, and shows it', async () => {
    const avatar = await uploadPng(server.base, admin, `${unique('face-')}.png`);
    const { page, api } = await openAs(browser, server.base, { path: '/my/info' });
    await view(page).getByTestId('avatar-choose').click();
    const picker = dialog(page);
    await picker.getByText('Choose a file').waitFor();
    await picker.locator(`[data-testid=space-file][data-name="${avatar.name}"] .space-card-thumb`).click();
    await eventually(() => picker.getByTestId('space-picker-count').innerText()).toBe('1 of 1 chosen');
    await picker.getByTestId('space-picker-use').click();
    await picker.waitFor({ state: 'hidden' });
    await eventually(() => view(page).locator('#headImg').inputValue()).toBe(avatar.url);
    await expectToastDuring(page, 'Profile saved', () =>
      view(page).getByRole('button', { name: 'Save' }).first().click(),
    );

    const person = await api.get<{ headImg: string }>('/admin/base/comm/person');
    expect(person.headImg).toBe(avatar.url);
    // Shown in the personal center and in the header, loaded from the file space.
    const preview = view(page).getByTestId('avatar-preview').locator('img');
    await eventually(() => preview.getAttribute('src')).toBe(avatar.url);
    const header = page.locator('.app-header .ant-avatar img').first();
    await eventually(() => header.getAttribute('src')).toBe(avatar.url);
    await eventually(() => header.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(2);
  });

  it('opens an uploaded spreadsheet through its signed link; its bare address serves nothing without a session', async () => {
    const name = `${unique('customers-')}.xlsx`;
    const workbook = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from('name,phone\nWang,13912345678\n'),
    ]);
    const { page } = await openAs(browser, server.base, { path: '/space/list' });
    await view(page).locator('.space-files').waitFor();
    await view(page).getByTestId('space-file-input').setInputFiles({
      name,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook,
    });
    const card = view(page).locator(`[data-testid=space-file][data-name="${name}"]`);
    await card.waitFor();
    // The record keeps the bare address; the screen opens the signed link the list answers.
    const [stored] = await files(admin, name);
    expect(stored?.url).toMatch(/^\/upload\/\d{8}\/[0-9a-f-]{36}\.xlsx\?expires=\d+&signature=/);
    await page.evaluate(() => {
      window.open = (url?: string | URL) => {
        (window as unknown as { opened: string }).opened = String(url);
        return null;
      };
    });
    await card.locator('.space-card-thumb').click();
    const openedUrl = () => page.evaluate(() => (window as unknown as { opened?: string }).opened ?? '');
    await eventually(openedUrl).toMatch(/\.xlsx\?expires=/);
    const opened = await openedUrl();
    // What a new tab sends: no Authorization header.
    const fetched = (target: string) =>
      page.evaluate(async (url) => {
        const response = await fetch(url);
        return { status: response.status, size: (await response.arrayBuffer()).byteLength };
      }, target);
    expect(await fetched(opened)).toEqual({ status: 200, size: workbook.length });
    expect((await fetched(opened.split('?')[0] ?? '')).status).toBe(404);
  });

  it('chooses a file in the picker by a click on its name, as on its picture', async () => {
    const file = await uploadPng(server.base, admin, `${unique('named-')}.png`);
    const { page } = await openAs(browser, server.base, { path: '/my/info' });
    await view(page).getByTestId('avatar-choose').click();
    const picker = dialog(page);
    const card = picker.locator(`[data-testid=space-file][data-name="${file.name}"]`);
    await card.locator('.space-card-name').click();
    await eventually(() => picker.getByTestId('space-picker-count').innerText()).toBe('1 of 1 chosen');
    expect(await card.locator('.space-card-thumb').getAttribute('aria-pressed')).toBe('true');
    // Again: chosen no more.
    await card.locator('.space-card-name').click();
    await eventually(() => card.locator('.space-card-thumb').getAttribute('aria-pressed')).toBe('false');
  });

  it('keeps the Files screen in its menu group and under its parent after a reload', async () => {
    const { page } = await openAs(browser, server.base, { path: '/space/list' });
    await view(page).getByTestId('space-grid').or(view(page).locator('.space-empty')).first().waitFor();
    await eventually(() => page.locator('.app-crumbs').innerText()).toMatch(/Data\s*\/\s*Files/);
    // Menu grouping on, then a reload on the Files screen: the Data group, with Files chosen in it.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('backroom.theme') ?? '{}') as { value: Record<string, unknown> };
      localStorage.setItem('backroom.theme', JSON.stringify({ value: { ...stored.value, isGroup: true } }));
    });
    await page.reload();
    await page.locator('.group-tabs .ant-tabs-tab-active').waitFor();
    expect(await page.locator('.group-tabs .ant-tabs-tab-active').innerText()).toBe('Data');
    expect(await page.locator('.app-sider .ant-menu-item-selected').innerText()).toBe('Files');
  });

  it('shows the shell’s no-permission page, and nothing of the file space, to a user without file rights', async () => {
    const username = unique('nofiles');
    await admin.post('/admin/base/sys/user/add', {
      username,
      password: 'no-files-1',
      name: username,
      nickName: username,
      roleIdList: [],
    });
    const { page } = await openAs(browser, server.base, {
      path: '/space/list',
      user: username,
      password: 'no-files-1',
    });
    const denied = view(page).locator('.error-page');
    await denied.waitFor();
    expect(await denied.locator('.error-code').innerText()).toBe('403');
    expect(await denied.locator('.illustration').count()).toBe(1);
    // No category tree, filters or upload around it, and not antd's own 403 picture.
    expect(await view(page).locator('.tree-panel, .space-files, .ant-result').count()).toBe(0);
    await denied.getByRole('button', { name: 'Back to home' }).waitFor();
  });
});
