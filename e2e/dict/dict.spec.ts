import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, hasChromium, openAs, PHONE, type RunningServer, startRun, stopRun, unique } from '../support/app.js';
import { confirmBubble, dialog, eventually, saveDialog, view } from '../support/ui.js';

type DictType = { id: number; name: string; key: string };
type DataItem = {
  id: number;
  typeId: number;
  name: string;
  value: string | number;
  orderNum: number;
  parentId: number | null;
};

const typeRow = (page: Page, name: string) =>
  view(page).locator('[data-testid=dict-type-row]', { has: page.getByText(name, { exact: true }) });
const itemRow = (page: Page, name: string) =>
  view(page).locator('.ant-table-row', { has: page.locator('td').getByText(name, { exact: true }) });

const types = (api: Api) => api.post<DictType[]>('/admin/dict/type/list');
async function itemsOf(api: Api, key: string): Promise<DataItem[]> {
  const data = await api.post<Record<string, DataItem[]>>('/admin/dict/info/data', { types: [key] });
  return data[key] ?? [];
}
/** The names in the item table, top to bottom, as shown. */
const shownNames = (page: Page) => view(page).locator('.ant-table-row td:first-child').allInnerTexts();

describe.skipIf(!hasChromium)('the dictionary screen in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  it('adds a type, adds items and a child, edits, reorders and deletes them, then deletes the type', async () => {
    const [key, name, renamed] = [unique('e2eSizes'), unique('E2E sizes '), unique('E2E garment sizes ')];
    const { page } = await openAs(browser, server.base, { path: '/dict/list' });
    // The starter dictionaries are there, the first one chosen.
    await typeRow(page, 'goodsType').waitFor();
    await itemRow(page, 'Fresh food').waitFor();

    // A key that is not a code is refused in the form, before anything is sent.
    await view(page).getByTestId('dict-add-type').click();
    const typeForm = dialog(page);
    await typeForm.locator('#dict-type_name').fill(name);
    await typeForm.locator('#dict-type_key').fill('e2e sizes');
    await typeForm.getByRole('button', { name: 'Save' }).click();
    await typeForm.getByText('The key must start with a letter').waitFor();
    await typeForm.locator('#dict-type_key').fill(key);
    await saveDialog(page);
    // The new type is chosen and still empty.
    await view(page).locator('.dict-items-title', { hasText: name }).waitFor();
    await view(page).getByText('This type has no items yet').waitFor();
    const created = (await types(admin)).find((t) => t.key === key);
    expect(created?.name).toBe(name);

    // Two top-level items, then a child of the first.
    await view(page).getByTestId('dict-add-item').click();
    await dialog(page).locator('#dict-item_name').fill('Large');
    await dialog(page).locator('#dict-item_value').fill('L');
    await saveDialog(page);
    await itemRow(page, 'Large').waitFor();
    await view(page).getByTestId('dict-add-item').click();
    await dialog(page).locator('#dict-item_name').fill('Small');
    await saveDialog(page);
    await itemRow(page, 'Small').waitFor();
    await itemRow(page, 'Large').getByRole('button', { name: 'Add child: Large' }).click();
    await dialog(page).locator('#dict-item_name').fill('Extra large');
    await dialog(page).locator('#dict-item_value').fill('XL');
    await saveDialog(page);
    await itemRow(page, 'Extra large').waitFor();

    let items = await itemsOf(admin, key);
    const large = items.find((i) => i.name === 'Large');
    const small = items.find((i) => i.name === 'Small');
    expect(large).toMatchObject({ value: 'L', parentId: null, orderNum: 1 });
    // Small had no value: the data map answers its id.
    expect(small).toMatchObject({ value: small?.id, parentId: null, orderNum: 2 });
    expect(items.find((i) => i.name === 'Extra large')).toMatchObject({ value: 'XL', parentId: large?.id });
    await eventually(() => shownNames(page)).toEqual(['Large', 'Extra large', 'Small']);

    // Edit: rename and give a value.
    await itemRow(page, 'Small').getByRole('button', { name: 'Edit: Small' }).click();
    await expect.poll(() => dialog(page).locator('#dict-item_name').inputValue()).toBe('Small');
    await dialog(page).locator('#dict-item_name').fill('Petite');
    await dialog(page).locator('#dict-item_value').fill('S');
    await saveDialog(page);
    await itemRow(page, 'Petite').waitFor();

    // Reorder in place: Petite goes first.
    await itemRow(page, 'Petite')
      .getByRole('button', { name: /^Change order, Petite/ })
      .click();
    const order = itemRow(page, 'Petite').getByRole('spinbutton');
    await order.fill('0');
    await order.press('Enter');
    await eventually(() => shownNames(page)).toEqual(['Petite', 'Large', 'Extra large']);
    items = await itemsOf(admin, key);
    expect(items.map((i) => [i.name, i.value])).toEqual([
      ['Petite', 'S'],
      ['Large', 'L'],
      ['Extra large', 'XL'],
    ]);

    // Delete Large: the confirmation says its child goes too, and both go.
    await itemRow(page, 'Large').getByRole('button', { name: 'Delete: Large' }).click();
    await confirmBubble(page).getByText('The 1 items below it are deleted with it.').waitFor();
    await confirmBubble(page).getByRole('button', { name: 'Delete' }).click();
    await itemRow(page, 'Large').waitFor({ state: 'detached' });
    await eventually(() => shownNames(page)).toEqual(['Petite']);
    expect((await itemsOf(admin, key)).map((i) => i.name)).toEqual(['Petite']);

    // Edit the type's name through its row menu.
    await typeRow(page, key).hover();
    await typeRow(page, key)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await page.locator('.ant-dropdown:visible').getByText('Edit type').click();
    await expect.poll(() => dialog(page).locator('#dict-type_name').inputValue()).toBe(name);
    await dialog(page).locator('#dict-type_name').fill(renamed);
    await saveDialog(page);
    await view(page).locator('.dict-items-title', { hasText: renamed }).waitFor();

    // Delete the type: the confirmation counts its items, and type and items go.
    await typeRow(page, key).hover();
    await typeRow(page, key)
      .getByRole('button', { name: `Actions for ${renamed}` })
      .click();
    await page.locator('.ant-dropdown:visible').getByText('Delete type').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('Its 1 items are deleted with it.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await typeRow(page, key).waitFor({ state: 'detached' });
    expect((await types(admin)).some((t) => t.key === key)).toBe(false);
    expect(await admin.post('/admin/dict/info/data', { types: [key] })).toEqual({});
    // Back on the first type.
    await itemRow(page, 'Fresh food').waitFor();
  });

  it('lays the screen out for a phone: the type list folds above the items', async () => {
    const { page: phone } = await openAs(browser, server.base, {
      path: '/dict/list',
      prefs: { viewport: PHONE },
    });
    await itemRow(phone, 'Fresh food').waitFor();
    // Folded: the list is not shown until asked for; choosing a type folds it again.
    expect(await view(phone).locator('[data-testid=dict-type-row]').count()).toBe(0);
    await view(phone).getByRole('button', { name: 'Show the type list' }).click();
    await typeRow(phone, 'storeType').locator('.dict-type-main').click();
    await itemRow(phone, 'Company-owned').waitFor();
    expect(await view(phone).locator('[data-testid=dict-type-row]').count()).toBe(0);
    // Nothing runs off the side of the screen.
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
