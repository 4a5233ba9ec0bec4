import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, hasChromium, launch, newContext, type RunningServer, signIn, startServer } from '../support/app.js';

type Task = { id: number; name: string; status: number; every: number | null; taskType: number; service: string };
type Log = { id: number; status: number; trigger: number; detail: string | null };
type PageOf<T> = { list: T[]; pagination: { total: number } };

const dialog = (page: Page) => page.getByRole('dialog');
const confirmBubble = (page: Page) => page.locator('.ant-popconfirm:visible');
const toasts = async (page: Page) => (await page.locator('.ant-message-notice').allInnerTexts()).join('\n');
/** The view of the current tab (kept-alive tabs stay in the DOM, hidden). */
const view = (page: Page) => page.locator('.view-slot.active:visible');
const tableRow = (page: Page, text: string) => view(page).locator('.ant-table-row', { hasText: text });
const drawer = (page: Page) => page.locator('.ant-drawer-open');
const eventually = <T>(read: () => T | Promise<T>, timeout = 10_000) => expect.poll(read, { timeout });
/** The form item of a field, by the id antd gives its control. */
const item = (page: Page, field: string) => dialog(page).locator('.ant-form-item', { has: page.locator(`#${field}`) });

async function taskNamed(page: Page, name: string): Promise<Task | undefined> {
  const tasks = await apiCall<PageOf<Task>>(page, '/admin/task/info/page', { page: 1, size: 100, keyWord: name });
  return tasks.list.find((t) => t.name === name);
}
const logsOf = async (page: Page, id: number) =>
  (await apiCall<PageOf<Log>>(page, `/admin/task/info/log?id=${id}&page=1&size=100`)).list;

describe.skipIf(!hasChromium)('the task screen in Chromium', () => {
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

  it('creates an interval task, starts it, sees its runs appear in the log, and stops it', async () => {
    await page.goto('/task/list');
    // The seeded system tasks are listed, and cannot be deleted.
    const system = tableRow(page, 'base:log-retention');
    await system.waitFor();
    expect(await system.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    await view(page).getByTestId('crud-add').click();
    await dialog(page).locator('#name').fill('E2E heartbeat');
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

    const row = tableRow(page, 'E2E heartbeat');
    await row.waitFor();
    expect(await row.innerText()).toContain('Every second');
    const created = await taskNamed(page, 'E2E heartbeat');
    expect(created).toMatchObject({ status: 0, taskType: 1, every: 1000, service: 'task:demo' });
    const id = created?.id as number;

    // Start it with the switch.
    const toggle = row.getByRole('switch', { name: 'Start or stop “E2E heartbeat”' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await eventually(() => toasts(page)).toContain('Started');
    await eventually(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect((await taskNamed(page, 'E2E heartbeat'))?.status).toBe(1);

    // The log drawer fills as it runs, each run with its status and duration.
    await row.getByRole('button', { name: 'Log' }).click();
    await drawer(page).getByText('Run log: E2E heartbeat').waitFor();
    const logRows = drawer(page).locator('.ant-table-row');
    await eventually(() => logRows.count(), 15_000).toBeGreaterThanOrEqual(3);
    const first = await logRows.first().innerText();
    expect(first).toContain('Succeeded');
    expect(first).toContain('Schedule');
    expect(first).toMatch(/\d+ ms/);
    expect(first).toContain('hello from e2e');
    await drawer(page).locator('.ant-drawer-close').click();
    await drawer(page).waitFor({ state: 'hidden' });

    // Stop it: no more runs.
    await toggle.click();
    await eventually(() => toasts(page)).toContain('Stopped');
    await eventually(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect((await taskNamed(page, 'E2E heartbeat'))?.status).toBe(0);
    await page.waitForTimeout(500);
    const afterStop = (await logsOf(page, id)).length;
    await page.waitForTimeout(2500);
    expect(await logsOf(page, id)).toHaveLength(afterStop);
  });

  it('runs a task once on request and shows a failure in the reader’s words', async () => {
    await apiCall(page, '/admin/task/info/add', {
      name: 'E2E failing',
      service: 'task:demo',
      taskType: 1,
      every: 3_600_000,
      status: 0,
      data: '{"fail":true,"message":"shelf data missing"}',
    });
    await page.goto('/task/list');
    const row = tableRow(page, 'E2E failing');
    await row.getByRole('button', { name: 'Run once' }).click();
    await confirmBubble(page).getByRole('button', { name: 'Run once' }).click();
    await eventually(() => toasts(page)).toContain('Running; see the log for the result');
    await row.getByRole('button', { name: 'Log' }).click();
    const logRow = drawer(page).locator('.ant-table-row').first();
    await eventually(() => logRow.innerText().catch(() => '')).toContain('Failed: shelf data missing');
    expect(await logRow.innerText()).toContain('Manual');
    // Only the failed runs.
    await drawer(page).getByText('Succeeded', { exact: true }).click();
    await eventually(() => drawer(page).locator('.ant-table-row').count()).toBe(0);
    await drawer(page).locator('.ant-drawer-close').click();
  });

  it('previews a cron pattern’s next five runs and says what is wrong with a bad one', async () => {
    await page.goto('/task/list');
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
