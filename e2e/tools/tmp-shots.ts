import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { apiOf, launch, login, newContext, type Prefs, signIn, startServer } from '../support/app.js';

const out = '/tmp/pa-shots';
fs.mkdirSync(out, { recursive: true });
const only = process.argv[2];
const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(450);
};
const [off, on, browser] = await Promise.all([startServer(), startServer({ CAPTCHA: 'on' }), launch()]);
try {
  const admin = apiOf(off.base, (await login(off.base)).token);
  await admin.post('/admin/task/info/add', {
    name: '慢任务演示',
    service: 'task:demo',
    taskType: 1,
    every: 3_600_000,
    status: 0,
    data: '{"sleepMs":8000}',
  });
  await admin.post('/admin/base/sys/user/add', {
    username: 'alice',
    password: 'alice-pass1',
    nickName: 'Alice',
    name: '爱丽丝',
    roleIdList: [],
  });
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    for (const locale of ['zh-cn', 'en'] as const) {
      for (const dark of [false, true]) {
        const where = `${locale}.${dark ? 'dark' : 'light'}.${size.width}x${size.height}`;
        const prefs: Prefs = { locale, dark, viewport: size };
        const shoot = async (page: Page, name: string) => {
          await page.mouse.move(0, 0);
          await page.screenshot({ path: path.join(out, `${name}.${where}.png`) });
        };
        // The login page with the captcha on, and a refusal on it.
        if (!only || only === 'login') {
          const ctx = await newContext(browser, on.base, prefs);
          const page = await ctx.newPage();
          await page.goto('/login');
          await page.getByTestId('captcha').locator('img').waitFor();
          await settle(page);
          await shoot(page, 'login-captcha');
          await page.getByTestId('captcha').screenshot({ path: path.join(out, `captcha.${where}.png`) });
          await page.fill('#username', 'admin');
          await page.fill('#password', 'wrong-one');
          await page.fill('#verifyCode', '1234');
          await page.click('button[type=submit]');
          await page.getByTestId('login-refusal').waitFor();
          await page.getByTestId('captcha').locator('img').waitFor();
          await settle(page);
          await shoot(page, 'login-refused');
          await ctx.close();
        }
        const ctx = await newContext(browser, off.base, prefs);
        const page = await ctx.newPage();
        // Toasts: the initial-password warning with a "saved" under it.
        await page.goto('/login?redirect=/my/info');
        await signIn(page);
        await page.locator('.view-slot.active #nickName').waitFor();
        await page
          .locator('.view-slot.active')
          .getByRole('button', { name: /保\s?存|Save/ })
          .first()
          .click();
        await page.locator('.app-toast-success').waitFor();
        await page.waitForTimeout(300);
        await shoot(page, 'toasts-stacked');
        // The user edit dialog and the delete confirmation.
        await page.goto('/sys/user');
        const row = page.locator('.view-slot.active .ant-table-row', { hasText: 'alice' });
        await row.waitFor();
        await row.getByRole('button', { name: /编\s?辑|Edit/ }).click();
        await page.getByRole('dialog').locator('#username').waitFor();
        await settle(page);
        await shoot(page, 'user-edit');
        await page.getByRole('dialog').locator('.ant-modal-close').click();
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        await row.getByRole('button', { name: /删\s?除|Delete/ }).click();
        await page.locator('.ant-popconfirm:visible').waitFor();
        await settle(page);
        await shoot(page, 'user-delete');
        await page.keyboard.press('Escape');
        // The role form's permission tree at the request log and the tasks.
        await page.goto('/sys/role');
        await page.locator('.view-slot.active [data-testid=crud-add]').click();
        const dialog = page.getByRole('dialog');
        await dialog.locator('.ant-tree-treenode:not([aria-hidden])').first().waitFor();
        await dialog
          .locator('.ant-tree-treenode:not([aria-hidden])', { hasText: /请求日志|Request log/ })
          .scrollIntoViewIfNeeded();
        await settle(page);
        await shoot(page, 'role-form');
        await dialog
          .locator('.ant-tree-treenode:not([aria-hidden])', { hasText: /任务列表|^Tasks$/ })
          .last()
          .scrollIntoViewIfNeeded();
        await settle(page);
        await shoot(page, 'role-form-tasks');
        await dialog.locator('.ant-modal-close').click();
        // The task list with a run going on, then done.
        await page.goto('/task/list');
        const task = page.locator('.view-slot.active .ant-table-row', { hasText: '慢任务演示' });
        await task.waitFor();
        await task.getByRole('button', { name: /执行一次|Run once/ }).click();
        await page
          .locator('.ant-popconfirm:visible')
          .getByRole('button', { name: /执行一次|Run once/ })
          .click();
        await task.getByRole('button', { name: /执行中|Running…/ }).waitFor();
        await settle(page);
        await shoot(page, 'task-running');
        await task.getByRole('button', { name: /执行一次|Run once/ }).waitFor({ timeout: 30_000 });
        await page.waitForTimeout(300);
        await shoot(page, 'task-ran');
        await ctx.close();
      }
    }
  }
} finally {
  await browser.close();
  await Promise.all([off.stop(), on.stop()]);
}
