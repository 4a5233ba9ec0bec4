import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS } from '../day/day.js';
import { type Api, hasChromium, openAs, type RunningServer, startRun, stopRun, unique } from '../support/app.js';
import { addRole, addStaff, addStore, CLERK_PERMS, MANAGER_PERMS, type Staff } from '../support/retail.js';
import {
  dialog,
  eventually,
  expectInsideScreen,
  expectPageNotSideways,
  formItem,
  pickOption,
  saveDialog,
  tableRow,
  view,
} from '../support/ui.js';

const NOTICE_PERMS = [
  'base:notice:add',
  'base:notice:update',
  'base:notice:delete',
  'base:notice:info',
  'base:notice:list',
  'base:notice:page',
  'base:notice:receipts',
  // The add row grants the audience lists too (the screen's department and user pickers).
  'base:sys:department:list',
  'base:sys:user:list',
];

/** The bell's unread count as the header shows it ('' when none). */
const unreadOf = async (page: Page) => {
  const count = page.getByTestId('message-unread').locator('.ant-badge-count');
  return (await count.count()) > 0 ? (await count.innerText()).trim() : '';
};

describe.skipIf(!hasChromium)('the message center in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  let store: { id: number; name: string };
  let clerk: Staff;
  let manager: Staff;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
    store = await addStore(admin);
    const clerkRole = await addRole(admin, CLERK_PERMS, [store.id]);
    const managerRole = await addRole(admin, [...MANAGER_PERMS, ...NOTICE_PERMS], [store.id]);
    clerk = await addStaff(admin, { name: unique('Clerk '), storeId: store.id, roleId: clerkRole, level: 'clerk' });
    manager = await addStaff(admin, {
      name: unique('Manager '),
      storeId: store.id,
      roleId: managerRole,
      level: 'storeManger',
    });
  });
  afterAll(() => stopRun({ server, browser }));

  it('a clerk: the bell fills while the page is open, the drawer marks it read', async () => {
    const { page } = await openAs(browser, server.base, { user: clerk.username, password: clerk.password, path: '/' });
    await page.getByTestId('message-bell').waitFor();
    // The stream is open once it answered: a reload waits for it (it may have answered already).
    await Promise.all([page.waitForResponse((r) => r.url().includes('/message/stream')), page.reload()]);
    await page.getByTestId('message-bell').waitFor();
    expect(await unreadOf(page)).toBe('');
    const title = unique('Stock take ');
    await admin.post('/admin/base/notice/add', {
      title,
      content: '<p>Count the <b>shelves</b> tonight.</p>',
      departmentIds: [store.id],
    });
    await eventually(() => unreadOf(page), 5000).toBe('1');
    await page.getByTestId('message-bell').click();
    const drawer = page.locator('.message-drawer');
    const item = drawer.locator('.message-unread', { hasText: title });
    await item.waitFor();
    expect(await drawer.innerText()).toContain('Today');
    await item.locator('button').click();
    // It leads to the announcement's text, and the bell is empty again.
    await dialog(page).getByText('shelves').waitFor();
    await eventually(() => unreadOf(page)).toBe('');
  });

  describe.each(SCREENS)('on a $name screen', ({ name, viewport }) => {
    const phone = name === 'phone';
    it('a manager: sends an announcement to her store and sees who read it', async () => {
      const { page } = await openAs(browser, server.base, {
        user: manager.username,
        password: manager.password,
        path: '/base/notice',
        prefs: { viewport },
      });
      // A title as long as a real one: the list shows it whole on a desk screen.
      const title = unique('Opening hours this Sunday ');
      await view(page).getByTestId('crud-add').click();
      const form = dialog(page);
      await form.locator('#title').fill(title);
      const editor = form.getByTestId('rich-text-editor');
      await editor.waitFor();
      await editor.click();
      await page.keyboard.type('We open at nine on Sunday.');
      // A multiple choice keeps its list open: a click on the title closes it.
      await pickOption(page, formItem(form, page, 'departmentIds').locator('.ant-select'), store.name);
      await expectInsideScreen(page, page.locator('.ant-select-dropdown:visible'), 'the department list');
      await form.locator('#title').click();
      await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
      await expectInsideScreen(page, form, 'the form');
      await saveDialog(page);
      const row = tableRow(page, title);
      await row.waitFor();
      // The title reads whole, not cut to an ellipsis.
      const cell = row.locator('td', { hasText: title }).first();
      const fits = await cell.evaluate((td) => {
        // The text's own box, as laid out: an ellipsis leaves it wider than the cell that clips it.
        const text = document.createRange();
        text.selectNodeContents(td);
        const inner = text.getBoundingClientRect();
        const box = td.getBoundingClientRect();
        return inner.left >= box.left - 0.5 && inner.right <= box.right + 0.5;
      });
      expect(fits).toBe(true);
      await expectPageNotSideways(page);

      // The clerk reads it (through her own calls), and the receipts say so.
      const clerkApi = await openAs(browser, server.base, {
        user: clerk.username,
        password: clerk.password,
        path: '/',
      });
      const mine = await clerkApi.api.post<{ list: Array<{ id: number; title: string }> }>('/admin/base/message/page', {
        page: 1,
        size: 20,
      });
      const message = mine.list.find((m) => m.title === title);
      expect(message).toBeDefined();
      await clerkApi.api.post('/admin/base/message/read', { ids: [message?.id] });

      // On a phone the row's actions are behind its menu.
      if (phone) {
        await row.locator('.row-menu-button').click();
        await page.locator('.row-menu:visible').getByRole('button', { name: 'Receipts' }).click();
      } else {
        await row.getByRole('button', { name: 'Receipts' }).click();
      }
      const receipts = page.getByTestId('notice-receipts');
      await receipts.waitFor();
      await eventually(() => page.getByTestId('receipts-total').innerText()).toBe('Read 1 of 2');
      expect(await receipts.innerText()).toContain(clerk.name);
      await expectInsideScreen(page, dialog(page), 'the receipts');
    });
  });

  it("the admin: a failed task's alert arrives in the bell", async () => {
    const { page } = await openAs(browser, server.base, { path: '/' });
    await Promise.all([page.waitForResponse((r) => r.url().includes('/message/stream')), page.reload()]);
    await page.getByTestId('message-bell').waitFor();
    const name = unique('Nightly sync ');
    const { id } = await admin.post<{ id: number }>('/admin/task/info/add', {
      name,
      service: 'task:demo',
      data: '{"fail":true}',
      taskType: 1,
      every: 3_600_000,
      status: 0,
    });
    const before = Number((await unreadOf(page)) || 0);
    await admin.post('/admin/task/info/once', { id });
    await eventually(async () => Number((await unreadOf(page)) || 0), 10_000).toBeGreaterThan(before);
    await page.getByTestId('message-bell').click();
    await page.locator('.message-drawer').getByText(`Task failed: ${name}`).waitFor();
  });
});
