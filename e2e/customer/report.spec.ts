import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_TIMEOUT_MS, newPhone, SCREENS, type Seeded, seededStaff, signInFresh } from '../day/day.js';
import { type Api, hasChromium, type RunningServer, startRun, stopRun, unique } from '../support/app.js';
import { expectInsideScreen, expectPageNotSideways, motionless, view } from '../support/ui.js';

/*
 * The reports (issue 38, point 3) as the store manager and the treasurer would use them, on a desk
 * screen and a phone: the screen opened from the menu (on a phone through the menu drawer), the
 * range changed by a preset and by a custom range picked in the calendar, the grouping switched,
 * and the export read back: the range and scope written in the file, its rows those on the screen.
 * Each test makes its own invitations on days of its own, so its custom range holds only them.
 */

type Report = {
  window: { from: string; to: string };
  metrics: string[];
  rows: Array<{ key: number | string | null; name: string | null } & Record<string, number | string | null>>;
  totals: Record<string, number>;
};
/** The counts each invitation adds: its status in the invitationStatus dictionary, all on past days. */
type Counts = { made: number; planned: number; visited: number; bought: number; noShow: number };

const day = (back: number) => {
  const d = new Date();
  d.setDate(d.getDate() - back);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** What a status on a day gone by counts as: 1 still invited is a no-show, 2 visited, 3 visited and bought. */
function counted(statuses: string[]): Counts {
  return {
    made: statuses.length,
    planned: 0,
    visited: statuses.filter((s) => s === '2' || s === '3').length,
    bought: statuses.filter((s) => s === '3').length,
    noShow: statuses.filter((s) => s === '1' || s === '4').length,
  };
}

const pick = (row: Record<string, unknown> | undefined) =>
  row && { made: row.made, planned: row.planned, visited: row.visited, bought: row.bought, noShow: row.noShow };

/** Waits for the next invitations report the screen asks for while doing `action`, and reads it. */
async function nextReport(
  page: Page,
  action: () => Promise<unknown>,
): Promise<{ body: Record<string, unknown>; data: Report }> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => new URL(r.url()).pathname.endsWith('/customer/report/invitations') && r.request().method() === 'POST',
    ),
    action(),
  ]);
  const body = JSON.parse(response.request().postData() ?? '{}') as Record<string, unknown>;
  return { body, data: ((await response.json()) as { data: Report }).data };
}

/** The table as the screen shows it: the header, each row's cells, the totals line. */
async function screenTable(page: Page) {
  const table = view(page).locator('.customer-report-table');
  const cells = async (row: Locator) => (await row.locator('th, td').allInnerTexts()).map((t) => t.trim());
  const header = await cells(table.locator('.ant-table-thead tr').first());
  const rows: string[][] = [];
  for (const row of await table.locator('.ant-table-tbody tr.ant-table-row').all()) rows.push(await cells(row));
  const total = await cells(table.locator('.ant-table-summary tr').first());
  return { header, rows, total };
}

/** The screen shows the answer: a row per group with its figures, in the answer's order. */
function expectShows(shown: Awaited<ReturnType<typeof screenTable>>, report: Report) {
  expect(shown.rows).toEqual(
    report.rows.map((r) => [r.name ?? '(none)', ...report.metrics.map((m) => String(r[m] ?? 0))]),
  );
  expect(shown.total).toEqual(['Total', ...report.metrics.map((m) => String(report.totals[m] ?? 0))]);
}

/** Opens an entry of the menu by its route, on a phone through the menu drawer. */
async function openFromMenu(page: Page, router: string, phone: boolean) {
  if (phone) await page.locator('.app-header > button').first().click();
  const menu = page.locator('.sidebar-menu:visible');
  await menu.waitFor();
  const entry = menu.locator(`[data-menu-id$="-${router}"]`);
  for (let round = 0; round < 10 && !(await entry.isVisible()); round += 1) {
    const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
    await motionless(page);
  }
  await entry.click();
  if (phone) await page.locator('.sidebar-drawer .ant-drawer-content').waitFor({ state: 'hidden' });
  await page.waitForURL((url) => url.pathname === router);
}

/** Picks a day in the open range picker's calendar, by its date. */
async function pickDay(page: Page, date: string) {
  const popup = page.locator('.ant-picker-dropdown:visible');
  const cell = popup.locator(`td.ant-picker-cell-in-view[title="${date}"]`);
  for (let round = 0; round < 3 && (await cell.count()) === 0; round += 1) {
    await popup.locator('.ant-picker-header-prev-btn').first().click();
  }
  await cell.first().click();
}

/** The xlsx as rows of cell texts (the heading, a blank line, the table). */
async function readBook(path: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(fs.readFileSync(path) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]?.eachRow({ includeEmpty: true }, (row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return rows;
}

describe.skipIf(!hasChromium)('the reports in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  let store1: string;
  let store3: string;
  let clerks: Record<'s1a' | 's1b' | 's3', Seeded>;
  // Each test its own days, a week apart: its custom range holds only its own invitations.
  let nextWindow = 0;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
    clerks = {
      s1a: await seededStaff(server.base, admin, 'store1.clerk1'),
      s1b: await seededStaff(server.base, admin, 'store1.clerk2'),
      s3: await seededStaff(server.base, admin, 'store3.clerk1'),
    };
    const departments = await admin.post<Array<{ id: number; name: string }>>('/admin/base/sys/department/list');
    const storeOf = async (who: Seeded) => {
      const user = await admin.get<{ departmentId: number }>('/admin/base/sys/user/info', { id: who.id });
      return departments.find((d) => d.id === user.departmentId)?.name ?? '';
    };
    store1 = await storeOf(clerks.s1a);
    store3 = await storeOf(clerks.s3);
    expect(store1).not.toBe(store3);
  });
  afterAll(() => stopRun({ server, browser }));

  /** A customer of the clerk's with invitations made by her on the days given (days back from today) in these statuses. */
  async function invitations(who: Seeded, made: Array<[number, string]>) {
    const { id } = await who.api.post<{ id: number }>('/admin/customer/info/create', {
      customerName: unique('Report '),
      customerPhone: newPhone(),
    });
    for (const [back, customerStatus] of made)
      await who.api.post('/admin/customer/invitationRecord/create', {
        customerID: id,
        inviteTime: `${day(back)} 10:30:00`,
        customerStatus,
      });
  }

  describe.each(SCREENS)('on a $name screen', ({ name, viewport }) => {
    const phone = name === 'phone';

    for (const role of ['store1.manager', 'treasurer'] as const) {
      it(
        `${role} opens the reports, changes the range and the grouping, and exports what is shown`,
        async () => {
          const reader = await seededStaff(server.base, admin, role);
          // Three days of their own, inside the last 30 (the custom range's calendar opens on those months).
          const first = 8 + 4 * nextWindow;
          nextWindow += 1;
          const [from, to] = [day(first), day(first - 2)];
          await invitations(clerks.s1a, [
            [first, '2'],
            [first - 1, '3'],
            [first - 2, '1'],
          ]);
          await invitations(clerks.s1b, [[first - 1, '2']]);
          await invitations(clerks.s3, [[first, '3']]);
          // The day after the range, not counted in it.
          await invitations(clerks.s1a, [[first - 3, '2']]);

          const page = await signInFresh(browser, server.base, reader, viewport);
          const opened = await nextReport(page, () => openFromMenu(page, '/customer/report', phone));
          expect(opened.body).toMatchObject({ groupBy: 'store' });
          const screen = view(page).getByTestId('report');
          await screen.waitFor();
          await expectPageNotSideways(page);

          // A preset: the last 30 days, ending today.
          const last30 = await nextReport(page, () =>
            screen.getByTestId('report-range').getByText('Last 30 days', { exact: true }).click(),
          );
          expect([last30.body.from, last30.body.to]).toEqual([day(29), day(0)]);
          await screen
            .getByTestId('report-window')
            .getByText(`${day(29)} to ${day(0)}`)
            .waitFor();

          // A custom range, picked in the calendar: it opens as the last 30 days, then the test's own three.
          await screen.getByTestId('report-range').getByText('Custom', { exact: true }).click();
          await screen.getByTestId('report-range').locator('.ant-picker-input input').first().click();
          const popup = page.locator('.ant-picker-dropdown:visible');
          await popup.waitFor();
          await motionless(page);
          await expectInsideScreen(page, popup.locator('.ant-picker-panel-container'), 'the range picker');
          await pickDay(page, from);
          const custom = await nextReport(page, () => pickDay(page, to));
          expect([custom.body.from, custom.body.to, custom.body.groupBy]).toEqual([from, to, 'store']);
          await popup.waitFor({ state: 'hidden' });
          await screen.getByTestId('report-window').getByText(`${from} to ${to}`).waitFor();

          // By store: the manager her store's alone; the treasurer every store's.
          const byStore = Object.fromEntries(custom.data.rows.map((r) => [r.name, pick(r)]));
          const mine = counted(['2', '3', '1', '2']);
          expect(byStore).toEqual(
            role === 'treasurer' ? { [store1]: mine, [store3]: counted(['3']) } : { [store1]: mine },
          );
          await view(page).locator('.customer-report-table .ant-table-row').first().waitFor();
          expectShows(await screenTable(page), custom.data);
          await expectPageNotSideways(page);
          // The chart and the table's box inside the screen (a wide table scrolls within its box).
          await expectInsideScreen(page, view(page).locator('.customer-report-chart'), 'the chart');
          await expectInsideScreen(page, view(page).locator('.customer-report-table'), 'the table');
          await expectInsideScreen(page, screen.getByTestId('report-export'), 'the export button');

          // By staff member: who made them.
          const byClerk = await nextReport(page, () =>
            screen.getByTestId('report-group').getByText('Staff', { exact: true }).click(),
          );
          expect([byClerk.body.from, byClerk.body.to, byClerk.body.groupBy]).toEqual([from, to, 'clerk']);
          expect(Object.fromEntries(byClerk.data.rows.map((r) => [r.name, pick(r)]))).toEqual({
            [clerks.s1a.name]: counted(['2', '3', '1']),
            [clerks.s1b.name]: counted(['2']),
            ...(role === 'treasurer' ? { [clerks.s3.name]: counted(['3']) } : {}),
          });
          await view(page)
            .locator('.customer-report-table .ant-table-thead th', { hasText: /^Staff$/ })
            .waitFor();
          await view(page).locator('.customer-report-table .ant-table-row', { hasText: clerks.s1b.name }).waitFor();
          const shown = await screenTable(page);
          expectShows(shown, byClerk.data);
          await expectPageNotSideways(page);

          // The export: what the screen shows, with the range, the grouping and the reader's scope written in.
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            screen.getByTestId('report-export').click(),
          ]);
          expect(download.suggestedFilename()).toBe(`Invitations-${from}-${to}.xlsx`);
          const rows = await readBook(await download.path());
          const heading = Object.fromEntries(rows.slice(0, 6).map((r) => [r[0], r[1]]));
          expect(heading).toMatchObject({
            Report: 'Invitations',
            Range: `${from} – ${to}`,
            'Grouped by': 'Staff',
          });
          expect(heading.Scope?.startsWith(`${reader.name} (${role}): `)).toBe(true);
          const tableStart = rows.findIndex((r) => r[0] === 'Staff');
          expect(tableStart).toBeGreaterThan(5);
          expect(rows[tableStart]).toEqual(shown.header);
          expect(rows.slice(tableStart + 1, tableStart + 1 + shown.rows.length + 1)).toEqual([
            ...shown.rows,
            shown.total,
          ]);
        },
        DAY_TIMEOUT_MS,
      );
    }
  });
});
