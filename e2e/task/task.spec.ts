import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, hasChromium, openAs, type RunningServer, startRun, stopRun, unique } from '../support/app.js';
import { confirmBubble, dialog, eventually, expectToastDuring, formItem, tableRow, view } from '../support/ui.js';

type Task = {
  id: number;
  name: string;
  status: number;
  every: number | null;
  taskType: number;
  service: string;
  nextRunTime: string | null;
  lockExpireTime: string | null;
};
type Log = { id: number; status: number; trigger: number; detail: string | null };
type PageOf<T> = { list: T[]; pagination: { total: number } };

const drawer = (page: Page) => page.locator('.ant-drawer-open');
/** The form item of a field of the open dialog, by the id antd gives its control. */
const item = (page: Page, field: string) => formItem(dialog(page), page, field);

async function taskNamed(api: Api, name: string): Promise<Task | undefined> {
  const tasks = await api.post<PageOf<Task>>('/admin/task/info/page', { page: 1, size: 100, keyWord: name });
  return tasks.list.find((t) => t.name === name);
}
/** The position of a column of the screen's table, by its header. */
async function columnIndex(page: Page, title: string): Promise<number> {
  const headers = await view(page).locator('.ant-table-thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === title);
  if (index < 0) throw new Error(`no column ${title} in ${headers.join(' | ')}`);
  return index;
}
const logsOf = async (api: Api, id: number) =>
  (await api.get<PageOf<Log>>('/admin/task/info/log', { id, page: 1, size: 100 })).list;

describe.skipIf(!hasChromium)('the task screen in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  beforeAll(async () => {
    ({ server, browser, admin } = await startRun());
  });
  afterAll(() => stopRun({ server, browser }));

  it('creates an interval task, starts it, sees its runs appear in the log, and stops it', async () => {
    const name = unique('E2E heartbeat ');
    const { page } = await openAs(browser, server.base, { path: '/task/list' });
    // The seeded system tasks are listed, and cannot be deleted.
    const system = tableRow(page, 'base:log-retention');
    await system.waitFor();
    expect(await system.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    await view(page).getByTestId('crud-add').click();
    await dialog(page).locator('#name').fill(name);
    await item(page, 'service').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Demo task', { exact: true }).click();
    await item(page, 'taskType').getByText('Fixed interval', { exact: true }).click();
    await dialog(page).locator('#every').fill('1');
    // The preview lists the next five runs, one second apart, from now.
    const preview = dialog(page).getByTestId('task-preview').locator('li');
    await eventually(() => preview.count()).toBe(5);
    const times = (await preview.allInnerTexts()).map((text) => Date.parse(text.replace(' ', 'T')));
    expect(times.slice(1).map((time, i) => time - (times[i] as number))).toEqual([1000, 1000, 1000, 1000]);
    await dialog(page).locator('#data').fill('{"message":"hello from e2e"}');
    // Saved stopped: the form starts a new task only when asked to.
    expect(await item(page, 'status').getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'hidden' });

    const row = tableRow(page, name);
    await row.waitFor();
    expect(await row.innerText()).toContain('Every second');
    const created = await taskNamed(admin, name);
    expect(created).toMatchObject({ status: 0, taskType: 1, every: 1000, service: 'task:demo' });
    const id = created?.id as number;

    // Start it with the switch.
    const toggle = row.getByRole('switch', { name: `Start or stop “${name}”` });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await expectToastDuring(page, 'Started', () => toggle.click());
    await eventually(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect((await taskNamed(admin, name))?.status).toBe(1);

    // The log drawer fills as it runs, each run with its status and duration.
    await row.getByRole('button', { name: 'Log' }).click();
    await drawer(page).getByText(`Run log: ${name}`).waitFor();
    const logRows = drawer(page).locator('.ant-table-row');
    await eventually(() => logRows.count(), 30_000).toBeGreaterThanOrEqual(3);
    const first = await logRows.first().innerText();
    expect(first).toContain('Succeeded');
    expect(first).toContain('Schedule');
    expect(first).toMatch(/\d+ ms/);
    expect(first).toContain('hello from e2e');
    await drawer(page).locator('.ant-drawer-close').click();
    await drawer(page).waitFor({ state: 'hidden' });

    // Stop it: no more runs.
    await expectToastDuring(page, 'Stopped', () => toggle.click());
    await eventually(() => toggle.getAttribute('aria-checked')).toBe('false');
    // Stopped is a state, not a wait: the scheduler runs a tick only by claiming the lease a running
    // task holds (its lockExpireTime), and a stopped task holds none and has no next run.
    expect(await taskNamed(admin, name)).toMatchObject({ status: 0, nextRunTime: null, lockExpireTime: null });
    const afterStop = (await logsOf(admin, id)).length;
    // The log the drawer shows again is the one the server has: nothing was added since.
    await row.getByRole('button', { name: 'Log' }).click();
    await eventually(() => logRows.count()).toBe(afterStop);
    expect(await logsOf(admin, id)).toHaveLength(afterStop);
  });

  it('runs a task once on request and shows a failure in the reader’s words', async () => {
    const name = unique('E2E failing ');
    await admin.post('/admin/task/info/add', {
      name,
      service: 'task:demo',
      taskType: 1,
      every: 3_600_000,
      status: 0,
      data: '{"fail":true,"message":"shelf data missing"}',
    });
    const { page } = await openAs(browser, server.base, { path: '/task/list' });
    const row = tableRow(page, name);
    await row.getByRole('button', { name: 'Run once' }).click();
    await expectToastDuring(page, 'Running; see the log for the result', () =>
      confirmBubble(page).getByRole('button', { name: 'Run once' }).click(),
    );
    await row.getByRole('button', { name: 'Log' }).click();
    const logRow = drawer(page).locator('.ant-table-row').first();
    await eventually(() => logRow.innerText().catch(() => '')).toContain('Failed: shelf data missing');
    expect(await logRow.innerText()).toContain('Manual');
    // Only the failed runs.
    await drawer(page).getByText('Succeeded', { exact: true }).click();
    await eventually(() => drawer(page).locator('.ant-table-row').count()).toBe(0);
    await drawer(page).locator('.ant-drawer-close').click();
  });

  it('run once updates the row’s last run when the run ends, without a refresh', async () => {
    const name = unique('E2E slow once ');
    await admin.post('/admin/task/info/add', {
      name,
      service: 'task:demo',
      taskType: 1,
      every: 3_600_000,
      status: 0,
      data: '{"sleepMs":1500}',
    });
    const { page } = await openAs(browser, server.base, { path: '/task/list' });
    const row = tableRow(page, name);
    await row.waitFor();
    const lastRun = row.locator('td').nth(await columnIndex(page, 'Last run'));
    expect((await lastRun.innerText()).trim()).toBe('—');
    await row.getByRole('button', { name: 'Run once' }).click();
    // Watched from before the run starts: the message shows for 3 s only.
    const ended = page.locator('.app-toast', { hasText: `“${name}” has finished running` }).waitFor();
    await confirmBubble(page).getByRole('button', { name: 'Run once' }).click();
    // Busy while the run goes on (it takes 1.5 s), then the row shows when it ran.
    await row.getByRole('button', { name: 'Running…' }).waitFor();
    await ended;
    await eventually(() => lastRun.innerText()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const saved = await taskNamed(admin, name);
    expect((await lastRun.innerText()).trim()).toBe((saved as Task & { lastExecuteTime: string }).lastExecuteTime);
    await row.getByRole('button', { name: 'Run once' }).waitFor();
  });

  it('previews a cron pattern’s next five runs and says what is wrong with a bad one', async () => {
    const { page } = await openAs(browser, server.base, { path: '/task/list' });
    await view(page).getByTestId('crud-add').click();
    const cron = dialog(page).locator('#cron');
    await cron.fill('0 3 * * *');
    const preview = dialog(page).getByTestId('task-preview');
    await eventually(() => preview.locator('li').count()).toBe(5);
    for (const text of await preview.locator('li').allInnerTexts()) expect(text).toMatch(/ 03:00:00$/);
    await cron.fill('61 * * * *');
    await eventually(() => preview.innerText()).toMatch(/minute/i);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await eventually(() => item(page, 'cron').locator('.ant-form-item-explain').innerText()).toMatch(/minute/i);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'hidden' });
  });
});
