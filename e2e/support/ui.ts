import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The one dialog on show (closed forceRender modals are hidden and not counted). */
export const dialog = (page: Page) => page.getByRole('dialog');
/** The open confirmation bubble. */
export const confirmBubble = (page: Page) => page.locator('.ant-popconfirm:visible');
/** The toasts on show (the root's one stack), as one text (read without waiting, so a poll can retry). */
export const toasts = async (page: Page) => (await page.locator('.app-toast').allInnerTexts()).join('\n');
/**
 * Does the action while watching for a toast that holds the text (as written: case counts, as in a
 * `toContain` of the toasts), from before the action: a poll of the toasts started after it may,
 * on a loaded machine, come after a short-lived toast has already gone.
 */
export async function expectToastDuring(page: Page, text: string, action: () => Promise<unknown>) {
  const holding = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  await Promise.all([page.locator('.app-toast', { hasText: holding }).waitFor(), action()]);
}
/**
 * The view of the current tab. Kept-alive tabs stay in the DOM, hidden by React's <Activity>, which
 * may leave a slot's old class in place until it shows again: only the visible one counts.
 */
export const view = (page: Page) => page.locator('.view-slot.active:visible');
export const tableRow = (page: Page, text: string) => view(page).locator('.ant-table-row', { hasText: text });
/** The header cells' texts of the list on show (a selection column has none; the action column's is for a screen reader). */
export const tableHeaders = async (page: Page) =>
  (await view(page).locator('.ant-table-thead th').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
/**
 * Nothing scrolls sideways: neither the list's table past its box nor the page past the screen,
 * and (given a row) every cell of the row ends inside the screen.
 */
export async function expectNothingSideways(page: Page, row?: Locator) {
  const overflow = await page.evaluate(() => {
    const table = document.querySelector('.view-slot.active .ant-table-content');
    return {
      table: table ? table.scrollWidth - table.clientWidth : -1,
      page: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
  expect(overflow).toEqual({ table: 0, page: 0 });
  if (!row) return;
  const right = await row
    .locator('td')
    .evaluateAll((cells) => Math.max(...cells.map((c) => c.getBoundingClientRect().right)));
  expect(right).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}
/** The box ends inside the screen on both sides (`what` names it in a failure). */
export async function expectInsideScreen(page: Page, box: Locator, what = 'the box') {
  const rect = await box.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect([what, rect && Math.round(rect.x) >= 0, rect && Math.round(rect.x + rect.width) <= width]).toEqual([
    what,
    true,
    true,
  ]);
}
/** The page itself never scrolls sideways (a wide table may scroll inside its own box). */
export async function expectPageNotSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}
/** The form item of a field, by its input's id. */
export const formItem = (scope: Locator, page: Page, field: string) =>
  scope.locator('.ant-form-item', { has: page.locator(`#${field}`) });

/**
 * Waits until nothing on the page is moving: antd marks an element in motion with a `…-appear`,
 * `…-enter` or `…-leave` class, and a click on a dialog still zooming in may be lost. An element
 * leaving at no size (a button's loading icon, width 0, when the loading flipped on and off within
 * a frame) is not waited for: that motion may never end, and nothing there can take a click.
 */
export async function motionless(page: Page) {
  await page.waitForFunction(
    () =>
      !Array.from(document.querySelectorAll('[class]')).some((e) => {
        const motion = /(^|\s)\S+-(appear|enter|leave)(\s|$)/.exec(e.getAttribute('class') ?? '')?.[2];
        if (!motion) return false;
        const box = e.getBoundingClientRect();
        return motion !== 'leave' || (box.width > 0 && box.height > 0);
      }),
  );
}

/** Waits for a value to come true, up to `timeout` (expect.poll's own default is 1 s). */
export const eventually = <T>(read: () => T | Promise<T>, timeout = 20_000) => expect.poll(read, { timeout });

/** Goes to a path inside the running app, as the browser's back button would: no reload. */
export async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
  // The view slot turns active in the same render as its tab.
  await page.locator(`.tabs-bar .ant-tabs-tab-active [data-tab="${path}"]`).waitFor();
}

/** Picks an option of the select (or tree select) by its title, typing it first where the select searches. */
export async function pickOption(page: Page, select: Locator, title: string) {
  await select.click();
  // A long list (the department tree grows with every test's departments) renders only the
  // options in view: narrow it to the one wanted so it is drawn.
  const search = select.locator('input').first();
  if ((await search.count()) > 0 && (await search.isEditable())) await search.fill(title);
  const option = page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true });
  await option.click();
}

/** Picks a node of a tree select and waits for its dropdown to close. */
export async function pickTreeOption(page: Page, select: Locator, title: string) {
  await pickOption(page, select, title);
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}

/** Saves the open dialog and waits for it to close. */
export async function saveDialog(page: Page, okName = 'Save') {
  const box = dialog(page);
  // A dialog still zooming in may lose the click.
  await motionless(page);
  await box.getByRole('button', { name: okName }).click();
  await box.waitFor({ state: 'hidden' });
}

/** Waits for the next answer of a call whose path ends as given (`/sys/role/list`), and reads its data. */
export async function nextAnswer<T>(page: Page, pathEnd: string, action: () => Promise<unknown>): Promise<T> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(pathEnd) && r.request().method() !== 'OPTIONS'),
    action(),
  ]);
  return ((await response.json()) as { data: T }).data;
}

/** What has the focus, in a few words (for a failure message). */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return active
      ? `${active.tagName.toLowerCase()} "${(active.innerText || active.getAttribute('aria-label') || '').slice(0, 40)}"`
      : 'none';
  });

/** Whether the focus is in what covers the screen (a dialog, a drawer, or an option list of one of its selects). */
export const focusCovered = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return false;
    return !!active.closest('.ant-modal-wrap, .ant-drawer-open, .ant-select-dropdown');
  });

/** Tabs forward (and back) round what is open: the focus never reaches the screen behind it. */
export async function expectFocusTrapped(page: Page, presses = 12) {
  const escaped: string[] = [];
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i += 1) {
      await page.keyboard.press(key);
      if (!(await focusCovered(page))) escaped.push(`${key} ${i + 1}: ${await focused(page)}`);
    }
  }
  expect(escaped).toEqual([]);
}

/** Tabs until the element has the focus (at most `presses` times), as a keyboard user would. */
export async function tabTo(page: Page, target: Locator, presses = 25) {
  for (let i = 0; i < presses; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the element; the focus is on ${await focused(page)}`);
}

export const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);
