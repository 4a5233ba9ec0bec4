import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, hasChromium, launch, newContext, type RunningServer, signIn, startServer } from '../support/app.js';

type SpaceFile = { id: number; name: string; url: string; classifyId: number | null; size: number; type: string };
type PageOf<T> = { list: T[]; pagination: { total: number } };

/** A real 2×2 PNG (a few dozen bytes: well under the avatar's 100 KB). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNwTL3+fykDw/+lDI6p1wEsrgZDdESJrAAAAABJRU5ErkJggg==',
  'base64',
);

const view = (page: Page) => page.locator('.view-slot.active');
const dialog = (page: Page) => page.getByRole('dialog');
const toasts = async (page: Page) => (await page.locator('.ant-message-notice').allInnerTexts()).join('\n');
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
const files = async (page: Page) =>
  (await apiCall<PageOf<SpaceFile>>(page, '/admin/space/info/page', { page: 1, size: 100 })).list;

/** Goes to a path inside the running app without a reload, as a menu click would. */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
  await page.locator(`.tabs-bar .ant-tabs-tab-active [data-tab="${path}"]`).waitFor();
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
  let page: Page;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
    const context = await newContext(browser, server.base, { locale: 'en' });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds a category, uploads an image into it with a progress bar, and shows its preview', async () => {
    await page.goto('/space/list');
    await view(page).locator('.space-browser').waitFor();
    await view(page).getByText('No files here yet').waitFor();

    // A category, added from the tree.
    await view(page).getByTestId('space-add-category').click();
    await dialog(page).getByLabel('Category name').fill('Avatars');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    await view(page).locator('.space-panel').getByText('Avatars', { exact: true }).click();

    // Upload through the file chooser.
    await view(page).getByTestId('space-file-input').setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    // Each file shows its own row with a progress bar until it is done.
    await view(page).getByTestId('space-queue-item').first().waitFor();
    const card = view(page).locator('[data-testid=space-file][data-name="avatar.png"]');
    await card.waitFor();
    const stored = (await files(page)).find((f) => f.name === 'avatar.png');
    expect(stored).toMatchObject({ type: 'image', size: PNG.length });
    expect(stored?.url).toMatch(/^\/upload\/\d{8}\/[0-9a-f-]{36}\.png$/);
    const category = (await apiCall<Array<{ id: number; name: string }>>(page, '/admin/space/type/list', {})).find(
      (c) => c.name === 'Avatars',
    );
    expect(stored?.classifyId).toBe(category?.id);
    // The preview is the stored image itself, and it loads.
    const img = card.locator('img');
    expect(await img.getAttribute('src')).toBe(stored?.url);
    await eventually(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(2);
  });

  it('uploads dropped files, and refuses too many or a file type outside the allow-list', async () => {
    await dropFiles(page, '.view-slot.active .space-files', [
      { name: 'dropped.png', type: 'image/png', base64: PNG.toString('base64') },
    ]);
    await view(page).locator('[data-testid=space-file][data-name="dropped.png"]').waitFor();

    const ten = Array.from({ length: 10 }, (_, i) => ({ name: `f${i}.png`, mimeType: 'image/png', buffer: PNG }));
    await view(page).getByTestId('space-file-input').setInputFiles(ten);
    await eventually(() => toasts(page)).toContain('You can select up to 9 files');

    await view(page)
      .getByTestId('space-file-input')
      .setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await eventually(() => view(page).locator('.space-queue-error').allInnerTexts()).toContain(
      'Files of type .exe cannot be uploaded',
    );
    expect((await files(page)).map((f) => f.name).sort()).toEqual(['avatar.png', 'dropped.png']);
  });

  it('says what a category delete takes before it does it', async () => {
    const node = view(page).locator('.space-panel .tree-panel-node', { hasText: 'Avatars' });
    await node.hover();
    await node.getByRole('button', { name: 'More actions for Avatars' }).click();
    await page.locator('.ant-dropdown:visible').getByText('Delete', { exact: true }).click();
    await eventually(() => dialog(page).getByTestId('category-delete-text').innerText()).toContain(
      '2 files in it will be deleted with it.',
    );
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    expect(await files(page)).toHaveLength(2);
  });

  it('picks the uploaded image as the avatar in the personal center, and shows it', async () => {
    const avatar = (await files(page)).find((f) => f.name === 'avatar.png');
    await visit(page, '/my/info');
    await view(page).getByTestId('avatar-choose').click();
    const picker = dialog(page);
    await picker.getByText('Choose a file').waitFor();
    await picker.locator('[data-testid=space-file][data-name="avatar.png"] .space-card-thumb').click();
    await eventually(() => picker.getByTestId('space-picker-count').innerText()).toBe('1 of 1 chosen');
    await picker.getByTestId('space-picker-use').click();
    await picker.waitFor({ state: 'hidden' });
    await eventually(() => view(page).locator('#headImg').inputValue()).toBe(avatar?.url);
    await view(page).getByRole('button', { name: 'Save' }).first().click();
    await eventually(() => toasts(page)).toContain('Profile saved');

    const person = await apiCall<{ headImg: string }>(page, '/admin/base/comm/person');
    expect(person.headImg).toBe(avatar?.url);
    // Shown in the personal center and in the header, loaded from the file space.
    const preview = view(page).getByTestId('avatar-preview').locator('img');
    await eventually(() => preview.getAttribute('src')).toBe(avatar?.url);
    const header = page.locator('.app-header .ant-avatar img').first();
    await eventually(() => header.getAttribute('src')).toBe(avatar?.url);
    await eventually(() => header.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(2);
  });
});
