import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Seeded, seededStaff } from '../day/day.js';
import { type Api, hasChromium, openAs, type RunningServer, startRun, stopRun } from '../support/app.js';
import { view } from '../support/ui.js';

/** Where the first row's cells are: the checkbox, the pinned ones, and one that scrolls. */
function cells(page: Page) {
  return view(page)
    .locator('.ant-table-row')
    .first()
    .evaluate((row) => {
      const box = (el: Element | null) => (el ? el.getBoundingClientRect() : null);
      const scroller = row.closest('.ant-table-content') as HTMLElement;
      const start = row.querySelector('td.crud-pin-start');
      const end = row.querySelector('td.crud-pin-end');
      const loose = Array.from(row.querySelectorAll('td')).filter(
        (td) => !td.matches('.crud-pin, .ant-table-selection-column'),
      );
      // What a pointer at a pinned cell's middle meets: the cell itself when it paints above what scrolls under it.
      const onTop = (el: Element | null) => {
        const r = box(el);
        if (!r) return null;
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('td') === el;
      };
      const shadow = (el: Element | null) => (el ? getComputedStyle(el, '::after').boxShadow : null);
      return {
        box: box(scroller),
        overflow: scroller.scrollWidth - scroller.clientWidth,
        selection: box(row.querySelector('td.ant-table-selection-column')),
        start: box(start),
        end: box(end),
        loose: box(loose[1] ?? null),
        startOnTop: onTop(start),
        endOnTop: onTop(end),
        startShadow: shadow(start),
        endShadow: shadow(end),
      };
    });
}

describe.skipIf(!hasChromium)('pinned columns of the lists', () => {
  let server: RunningServer;
  let admin: Api;
  let browser: Awaited<ReturnType<typeof startRun>>['browser'];
  let clerk: Seeded;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
    clerk = await seededStaff(server.base, admin, 'store1.clerk1');
    // The clerk sees their own customers only: two of them, so there is a row to hover besides the first.
    for (const n of [1, 2])
      await admin.post('/admin/customer/info/create', {
        customerName: `Pinned columns customer ${n}`,
        customerPhone: `1380000000${n}`,
        employeeId: clerk.id,
      });
  });
  afterAll(() => stopRun({ server, browser }));

  for (const { user, path } of [
    { user: 'admin', path: '/sys/user' },
    { user: 'store1.clerk1', path: '/customer/info' },
  ]) {
    it(`keeps the checkboxes, the first column and the row actions in place while ${user}'s ${path} scrolls sideways`, async () => {
      const { page } = await openAs(browser, server.base, {
        path,
        ...(user === 'admin' ? {} : { user, password: clerk.password }),
        prefs: { viewport: { width: 900, height: 800 } },
      });
      const table = view(page).locator('.ant-table');
      await table.locator('.ant-table-row').first().waitFor();
      // CSS places the pinned cells: antd's fixed columns (which measure every column in script) are not used.
      expect(await table.locator('.ant-table-measure-row, .ant-table-cell-fix').count()).toBe(0);

      const before = await cells(page);
      expect(before.overflow).toBeGreaterThan(120);
      if (!before.start || !before.end || !before.loose || !before.box) throw new Error('no pinned cells in the list');
      // The first column starts where the checkboxes end (or at the table's edge without them).
      expect(before.start.left).toBeCloseTo(before.selection?.right ?? before.box.left, 0);
      expect(before.end.right).toBeLessThanOrEqual(before.box.right + 0.5);
      // Nothing scrolled out at the start yet: no shadow there; more to see at the end: a shadow there.
      expect(before.startShadow).toBe('none');
      expect(before.endShadow).not.toBe('none');

      await table.locator('.ant-table-content').evaluate((el) => {
        el.scrollLeft = 120;
      });
      const cue = view(page).locator('.scroll-cue');
      await expect.poll(() => cue.getAttribute('data-more-start')).toBe('true');
      const after = await cells(page);
      expect(after.loose?.left).toBeCloseTo(before.loose.left - 120, 0);
      expect(after.start?.left).toBeCloseTo(before.start.left, 0);
      expect(after.end?.left).toBeCloseTo(before.end.left, 0);
      expect(after.selection?.left ?? null).toBe(before.selection?.left ?? null);
      expect({ start: after.startOnTop, end: after.endOnTop }).toEqual({ start: true, end: true });
      await expect.poll(async () => (await cells(page)).startShadow).not.toBe('none');

      // A hovered row takes its colour across the pinned cells too (they hide what scrolls under them).
      const row = table.locator('.ant-table-row').nth(1);
      await row.locator('td').nth(3).hover();
      const colours = () =>
        row.evaluate((tr) => {
          const bg = (sel: string) => {
            const el = tr.querySelector(sel);
            return el ? getComputedStyle(el).backgroundColor : null;
          };
          const loose = bg('td:not(.crud-pin):not(.ant-table-selection-column)');
          return { start: bg('td.crud-pin-start') === loose, end: bg('td.crud-pin-end') === loose, loose };
        });
      // Colours move in a short transition: polled until they settle.
      await expect.poll(async () => (await colours()).start && (await colours()).end).toBe(true);
      expect((await colours()).loose).not.toBe('rgba(0, 0, 0, 0)');
    });
  }
});
