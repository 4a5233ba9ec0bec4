/**
 * The drawers, dialogs and states the screenshots (e2e/tools/screenshots.ts) open beyond each
 * screen as it first shows: forms, previews, pickers, the plugin dialogs and the sign-in steps.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { codeAt, stepAt } from '../../server/src/core/auth/totp.js';
import { signPackage } from '../../server/src/modules/plugin/package-writer.js';
import { apiCall, newContext, type Prefs, signIn, skipPasswordChange, submitLogin, unique } from '../support/app.js';
import { relayPlugin } from '../support/plugin-packages.js';
import { examplePackage } from './screenshot-seeds.js';

/** Takes the screenshot of the page as it is, under a name (its setting is added to the file name). */
export type Shoot = (name: string) => Promise<void>;

/** Waits until what a visitor would look at is drawn: data loaded, spinners gone, transitions over. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton, .nprogress-busy'), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  // Opening animations (modal zoom, drawer slide, tab ink) take about 0.3 s.
  await page.waitForTimeout(400);
}

/** The CRUD demo's add dialog: every field kind of the kit in one form (pictures, rich text, money, a switch). */
export async function shootGoodsDialog(page: Page, shoot: Shoot) {
  await page.goto('/demo/crud');
  await page.locator('.view-slot.active .ant-table-row').first().waitFor();
  await page.locator('.view-slot.active [data-testid=crud-add]').click();
  await page.locator('.ant-modal:visible [data-testid=rich-text-editor]').waitFor();
  await settle(page);
  await shoot('demo-crud-add');
  await page.keyboard.press('Escape');
}

/** The plugin screen's dialogs: install (empty, a signed and an unsigned package), README, config (flat and nested), update, uninstall. */
export async function shootPluginDialogs(page: Page, shoot: Shoot, signingKey: string) {
  const view = page.locator('.view-slot.active');
  const modal = page.locator('.ant-modal:visible');
  const close = async () => {
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal-wrap:visible, .ant-drawer-open').first().waitFor({ state: 'hidden' });
  };
  const choose = async (name: string, zip: Buffer) => {
    await modal.getByTestId('plugin-file').setInputFiles({ name, mimeType: 'application/zip', buffer: zip });
    await modal.getByTestId('plugin-signature').waitFor();
  };
  await page.goto('/helper/plugins/serve');
  await view.getByTestId('plugin-readme-relay').waitFor();
  await view.getByTestId('plugin-install').click();
  await modal.getByTestId('plugin-file').waitFor({ state: 'attached' });
  await settle(page);
  await shoot('helper-plugins-install');
  await choose('relay-signed-1.0.0.zip', await signPackage(await relayPlugin('relay-signed', '1.0.0'), signingKey));
  await settle(page);
  await shoot('helper-plugins-install-signed');
  await choose('relay-next-1.0.0.zip', await relayPlugin('relay-next', '1.0.0'));
  await settle(page);
  await shoot('helper-plugins-install-unsigned');
  await close();
  await view.getByTestId('plugin-readme-notify-webhook').click();
  await page.locator('.ant-drawer-open [data-testid=plugin-readme] table').waitFor();
  await settle(page);
  await shoot('helper-plugins-readme');
  await close();
  await view.getByTestId('plugin-config-notify-webhook').click();
  await modal.locator('form').waitFor();
  await settle(page);
  await shoot('helper-plugins-config');
  await close();
  await view.getByTestId('plugin-config-relay').click();
  await modal.locator('fieldset').first().waitFor();
  await settle(page);
  await shoot('helper-plugins-config-nested');
  await close();
  await view.getByTestId('plugin-update-notify-webhook').click();
  await choose('notify-webhook-1.1.0.zip', await examplePackage('notify-webhook', '1.1.0'));
  await settle(page);
  await shoot('helper-plugins-update');
  await close();
  await view.getByTestId('plugin-uninstall-storage-webdav').click();
  await page.getByTestId('plugin-uninstall-ok').waitFor();
  await settle(page);
  await shoot('helper-plugins-uninstall');
  await close();
}

/** Where a row's actions are: the row itself, or on a phone its menu, opened. */
async function rowActions(page: Page, row: Locator): Promise<Locator> {
  const menu = row.locator('.row-menu-button');
  if ((await menu.count()) === 0) return row;
  await menu.click();
  return page.locator('.row-menu:visible');
}

/** The parameter screen's rich-text editor (editing the notice) and its preview. */
export async function shootParamDialogs(page: Page, shoot: Shoot) {
  const view = page.locator('.view-slot.active');
  await page.goto('/sys/param');
  const row = view.locator('.ant-table-row', { hasText: 'weekendPromotion' });
  await row.waitFor();
  await (await rowActions(page, row)).getByRole('button', { name: /编辑|Edit/ }).click();
  await page.locator('.ant-modal:visible [data-testid=rich-text-editor]').waitFor();
  await settle(page);
  await shoot('sys-param-editor');
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
  await (await rowActions(page, row)).locator('[data-testid=param-preview-weekendPromotion]').click();
  await page.frameLocator('[data-testid=param-preview-frame]').locator('h2').waitFor();
  // No networkidle here: Chromium reports none for a page holding a sandboxed frame.
  await page.waitForTimeout(400);
  await shoot('sys-param-preview');
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
}

/** The invitation form with its date-and-time picker open: the popup must fit a 390 px screen. */
export async function shootInvitationPicker(page: Page, shoot: Shoot) {
  const view = page.locator('.view-slot.active');
  await page.goto('/customer/invitation');
  await view.locator('[data-testid=crud-add]').click();
  const time = page.locator('.ant-modal:visible #inviteTime');
  await time.waitFor();
  await settle(page);
  await time.click();
  await page.locator('.ant-picker-dropdown:visible .ant-picker-time-panel').waitFor();
  await settle(page);
  await shoot('customer-invitation-time-picker');
  await page.keyboard.press('Escape');
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
  await page.locator('.ant-modal:visible .ant-modal-close').click();
  await page.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
}

/** The reports grouped by staff member over a custom range, its calendar open (it must fit a phone). */
export async function shootReportPicker(page: Page, shoot: Shoot) {
  const view = page.locator('.view-slot.active');
  await page.goto('/customer/report');
  const screen = view.locator('[data-testid=report]');
  await screen.waitFor();
  await screen.locator('[data-testid=report-group] .ant-segmented-item').nth(1).click();
  await screen.locator('[data-testid=report-range] .ant-segmented-item').last().click();
  await screen.locator('[data-testid=report-range] .ant-picker-input input').first().click();
  await page.locator('.ant-picker-dropdown:visible .ant-picker-panel-container').waitFor();
  await settle(page);
  await shoot('customer-report-range-picker');
  await page.keyboard.press('Escape');
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
}

/** The customer screens' drawer and dialogs: details, the form, the hand-over, the reveal, the calendar. */
/** A customer import as a person fills it from an export: a store name column, and one phone on two rows. */
async function importSample(): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  for (const row of [
    ['客户姓名', '手机号', '客户类型', '门店名称'],
    ['周敏', '13912345601', 'VIP customer', '上海南京路店'],
    ['吴磊', '13912345601', '老客戶', '上海南京路店'],
  ])
    sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function shootCustomerDialogs(page: Page, shoot: Shoot) {
  const view = page.locator('.view-slot.active');
  await page.goto('/customer/info');
  await view.locator('.ant-table-row').first().waitFor();
  await view.locator('.customer-name-link', { hasText: '王芳' }).click();
  await page.locator('.ant-drawer-open [data-testid=timeline-activity]').first().waitFor();
  await settle(page);
  await shoot('customer-info-details');
  await page.locator('.ant-drawer-open [data-testid=details-activity]').click();
  await page.locator('.ant-modal:visible #activityName').waitFor();
  await settle(page);
  await shoot('customer-info-details-activity');
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await page.locator('.ant-drawer-open').waitFor({ state: 'hidden' });
  await view.locator('[data-testid=crud-add]').click();
  await page.locator('.ant-modal:visible #customerName').waitFor();
  await settle(page);
  await shoot('customer-info-form');
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
  await view.locator('[data-testid=customer-hand-over]').click();
  await page.locator('.ant-modal:visible form').waitFor();
  await settle(page);
  await shoot('customer-info-hand-over');
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
  // The import check's report: a column the import sets aside and a phone twice in the file.
  await view.locator('[data-testid=crud-import]').click();
  await page.locator('.ant-modal:visible input[type=file]').setInputFiles({
    name: 'customers.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await importSample(),
  });
  await page.locator('[data-testid=excel-import-check]').click();
  await page.locator('[data-testid=excel-import-warning]').first().waitFor();
  await settle(page);
  await shoot('customer-info-import-check');
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
  await view.locator('.ant-table-row').first().locator('[data-testid=reveal]').first().click();
  await page.locator('.ant-modal:visible #reveal_reason').waitFor();
  await settle(page);
  await shoot('customer-info-reveal');
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
  await page.goto('/customer/invitation');
  await view
    .locator('[data-testid=invitation-mode]')
    .getByText(/日历|Calendar/)
    .click();
  await view.locator('[data-testid=invitation-card]').first().waitFor();
  await settle(page);
  await shoot('customer-invitation-calendar');
  await page.goto('/customer/activity');
  await view.locator('.ant-table-row').first().waitFor();
  // On a phone the row's actions are in its menu.
  const rowMenu = view.locator('.ant-table-row').first().locator('.row-menu-button');
  if ((await rowMenu.count()) > 0) await rowMenu.click();
  await page
    .locator('.ant-table-row:visible, .row-menu:visible')
    .getByRole('button', { name: /编辑|Edit/ })
    .first()
    .click();
  await page.locator('.ant-modal:visible [data-testid=images-input]').waitFor();
  await settle(page);
  await shoot('customer-activity-form');
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
}

/** The transform utility with a result (a JSON sample as a zod schema), with an error in the input, and its file drop. */
export async function shootTransform(page: Page, shoot: Shoot) {
  const view = page.locator('.view-slot.active');
  await page.goto('/helper/transform');
  await view.locator('#transform-converter').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(/zod/).click();
  await view.getByRole('button', { name: /填入示例|Fill in a sample/ }).click();
  await view.getByTestId('transform-run').click();
  await view.getByTestId('transform-output').filter({ hasText: 'rootSchema' }).waitFor();
  await settle(page);
  await shoot('helper-transform-zod');
  await view.getByTestId('transform-input').fill('[\n  {"name": "王小明", "city": "上海",}\n]');
  await view.getByTestId('transform-run').click();
  await view.getByTestId('transform-error').waitFor();
  await settle(page);
  await shoot('helper-transform-error');
  await view.locator('#transform-converter').click();
  await page
    .locator('.ant-select-dropdown:visible')
    .getByTitle(/Excel → JSON/)
    .click();
  await view.locator('.transform-drop').waitFor();
  await settle(page);
  await shoot('helper-transform-excel');
}

/**
 * Account security (`npm run screenshots -- security`): the personal center's 2FA section while
 * enrolling, the forced change a new user sees, and the login's second step.
 */
export async function shootAccountSecurity(
  browser: Browser,
  base: string,
  prefs: Prefs,
  page: Page,
  shootOn: (target: Page, name: string) => Promise<void>,
) {
  await page.goto('/my/info');
  const card = page.getByTestId('two-factor-card');
  await card.getByRole('button', { name: /开始设置|Set up/ }).click();
  await card.locator('.qr-code').waitFor();
  await card.locator('.qr-code').scrollIntoViewIfNeeded();
  await settle(page);
  await shootOn(page, 'my-two-factor');

  const username = unique('shot');
  await apiCall(page, '/admin/base/sys/user/add', { username, password: 'Shot-pass1', name: '李娜', departmentId: 1 });
  const context = await newContext(browser, base, prefs);
  try {
    const other = await context.newPage();
    await submitLogin(other, username, 'Shot-pass1');
    await other.locator('.sign-in-step .ant-form').waitFor();
    await other.locator('.password-rules li').first().waitFor();
    await settle(other);
    await shootOn(other, 'forced-password-change');
    const setup = await apiCall<{ secret: string }>(other, '/admin/base/comm/twoFactorSetup', {});
    await apiCall(other, '/admin/base/comm/twoFactorEnable', { code: codeAt(setup.secret, stepAt(Date.now())) });
    await other.evaluate(() => localStorage.clear());
    await submitLogin(other, username, 'Shot-pass1');
    await other.locator('#totpCode').waitFor();
    await settle(other);
    await shootOn(other, 'two-factor-login');
  } finally {
    await context.close();
  }

  // Turning it off: the personal center of a user with 2FA on asks for the password and a code.
  const enrolled = unique('shot');
  await apiCall(page, '/admin/base/sys/user/add', {
    username: enrolled,
    password: 'Shot-pass1',
    name: '王芳',
    departmentId: 1,
  });
  skipPasswordChange(base, enrolled);
  const offContext = await newContext(browser, base, prefs);
  try {
    const own = await offContext.newPage();
    await signIn(own, enrolled, 'Shot-pass1');
    await own.locator('.app-layout').waitFor();
    const setup = await apiCall<{ secret: string }>(own, '/admin/base/comm/twoFactorSetup', {});
    const step = stepAt(Date.now());
    await apiCall(own, '/admin/base/comm/twoFactorEnable', { code: codeAt(setup.secret, step) });
    await own.goto('/my/info');
    const card = own.getByTestId('two-factor-card');
    await card.locator('input[type=password]').waitFor();
    await card.scrollIntoViewIfNeeded();
    await settle(own);
    await shootOn(own, 'my-two-factor-off');
  } finally {
    await offContext.close();
  }
}

/** A second URL of the route demo, opened within the app: two tabs, each naming its parameters. */
export async function shootRouteTabs(page: Page, shoot: Shoot) {
  await page.goto('/demo/test/route/42/tea');
  await page.locator('.view-slot.active [data-testid=param-id]').waitFor();
  await page.evaluate(() => {
    history.pushState(null, '', '/demo/test/route/7');
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  });
  await page.locator('.tabs-bar .ant-tabs-tab-active [data-tab="/demo/test/route/7"]').waitFor();
  await settle(page);
  await shoot('demo-route-tabs');
}

/** The add form on the users screen, and its foot. */
export async function shootUserForm(page: Page, shoot: Shoot) {
  await page.goto('/sys/user');
  await page.locator('.view-slot.active .ant-table-row').first().waitFor();
  await page.locator('.view-slot.active [data-testid=crud-add]').click();
  await page.getByRole('dialog').waitFor();
  await settle(page);
  await shoot('sys-user-form');
  // Its foot: the enterprise WeChat account and the remark (the tenant field a superuser
  // sets shows there only with MULTI_TENANT=on).
  await page.getByRole('dialog').locator('#remark').scrollIntoViewIfNeeded();
  await settle(page);
  await shoot('sys-user-form-foot');
  await page.getByRole('dialog').locator('.ant-modal-close').click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

/**
 * What a full run (no word given) takes besides: the dictionary's item form, the recycle bin's
 * preview, the file picker, the task form and run log.
 */
export async function shootFullRunDialogs(page: Page, shoot: Shoot) {
  // The dictionary's item form, adding a child of the first item.
  await page.goto('/dict/list');
  await page.locator('.view-slot.active .ant-table-row').first().waitFor();
  await page.locator('.view-slot.active [data-testid=dict-add-item]').click();
  await page.getByRole('dialog').waitFor();
  await settle(page);
  await shoot('dict-list-form');
  await page.getByRole('dialog').locator('.ant-modal-close').click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  // The recycle bin's data preview of the deleted user.
  await page.goto('/recycle/data');
  const deleted = page.locator('.view-slot.active .ant-table-row').last();
  await deleted.waitFor();
  // On a phone the preview is in the row's menu.
  await (await rowActions(page, deleted)).locator('[data-testid^=recycle-preview-]').click();
  await page.locator('.ant-drawer-open .recycle-set').first().waitFor();
  await settle(page);
  await shoot('recycle-data-preview');
  await page.keyboard.press('Escape');
  await page.locator('.ant-drawer-open').waitFor({ state: 'hidden' });
  // The file picker, choosing an avatar in the personal center.
  await page.goto('/my/info');
  await page.locator('.view-slot.active [data-testid=avatar-choose]').click();
  await page.locator('.space-picker [data-testid=space-file]').first().waitFor();
  await page.locator('.space-picker [data-testid=space-file] .space-card-thumb').first().click();
  await settle(page);
  await shoot('space-picker');
  await page.getByRole('dialog').locator('.ant-modal-close').click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  // The task form with a cron pattern and its next runs, then the run log of a task.
  await page.goto('/task/list');
  await page.locator('.view-slot.active .ant-table-row').first().waitFor();
  await page.locator('.view-slot.active [data-testid=crud-add]').click();
  await page.getByRole('dialog').locator('#cron').fill('0 9 * * 1-5');
  await page.getByRole('dialog').locator('[data-testid=task-preview] li').first().waitFor();
  await settle(page);
  await shoot('task-list-form');
  await page.getByRole('dialog').locator('.ant-modal-close').click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await page
    .locator('.view-slot.active .ant-table-row', { hasText: '门店心跳检查' })
    .locator('button', { hasText: /日志|Log/ })
    .click();
  await page.locator('.ant-drawer-open .ant-table-row').first().waitFor();
  await settle(page);
  await shoot('task-list-log');
  await page.keyboard.press('Escape');
  await page.locator('.ant-drawer-open').waitFor({ state: 'hidden' });
}

/** The settings drawer (theme colour, light / dark / follow the system, menu groups, page transition). */
export async function shootSettingsDrawer(page: Page, shoot: Shoot) {
  await page.goto('/');
  await page.locator('.app-layout').waitFor();
  await page.getByTestId('open-settings').click();
  await page.locator('.ant-drawer-open .ant-drawer-section').waitFor();
  await settle(page);
  await shoot('settings-drawer');
  await page.keyboard.press('Escape');
  await page.locator('.ant-drawer-open').waitFor({ state: 'hidden' });
}

/**
 * The menu dialog of a page: its view chosen by name, the list of screens open, then a path of
 * one's own typed in with the note on what it opens.
 */
export async function shootMenuDialog(page: Page, shoot: Shoot) {
  await page.goto('/sys/menu');
  const view = page.locator('.view-slot.active');
  await view.locator('.ant-table-row').first().waitFor();
  await view.getByPlaceholder(/Name, router or permission|名称、路由或权限/).fill('/sys/user');
  await view.getByRole('button', { name: /^(Edit|编辑): (Users|用户列表)$/ }).click();
  const box = page.getByRole('dialog').getByTestId('menu-view-select');
  await box.waitFor();
  await settle(page);
  await shoot('sys-menu-form');
  await box.locator('.ant-select').click();
  const list = page.locator('.ant-select-dropdown:visible');
  await list.locator('.ant-select-item-option').first().waitFor();
  await settle(page);
  await shoot('sys-menu-form-views');
  // The last choice: a path of one's own.
  await box.locator('.ant-select input').fill('…');
  await list.locator('.ant-select-item-option').last().click();
  await page.getByRole('dialog').getByTestId('menu-view-custom').fill('modules/shop/views/stock.vue');
  await settle(page);
  await shoot('sys-menu-form-custom');
  await page.getByRole('dialog').locator('.ant-modal-close').click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}
