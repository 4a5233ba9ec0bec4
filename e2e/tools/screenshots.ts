/**
 * Screenshots of the main screens for a look by eye: every page in zh-cn and en, light and dark,
 * on a laptop (1440×900) and a phone (390×844), plus the user form, the plugin screen's dialogs and
 * the settings drawer open.
 * Run with `npm run screenshots`; the PNGs land in e2e/screenshots/ (not committed).
 * `npm run screenshots -- customer` takes only the screens whose route has that word (and login).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { codeAt, stepAt } from '../../server/src/core/auth/totp.js';
import { readFolder, signPackage, zipFiles } from '../../server/src/modules/plugin/package-writer.js';
import { generateSigningKey } from '../../server/src/modules/plugin/signing.js';
import { startFakeWecom } from '../../server/src/testing/fake-wecom.js';
import {
  apiCall,
  hasChromium,
  launch,
  newContext,
  type Prefs,
  signIn,
  skipPasswordChange,
  startServer,
  submitLogin,
  unique,
} from '../support/app.js';
import { relayPlugin } from '../support/plugin-packages.js';
import { freePort } from '../support/server-process.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const out = path.join(root, 'e2e/screenshots');

const ROUTES = [
  '/login',
  '/',
  '/sys/user',
  '/sys/role',
  '/sys/menu',
  '/sys/param',
  '/sys/log',
  '/sys/session',
  '/my/info',
  '/dict/list',
  '/recycle/data',
  '/space/list',
  '/task/list',
  '/customer/info',
  '/customer/invitation',
  '/customer/activity',
  '/customer/reveal-log',
  '/helper/transform',
  '/helper/ai-code',
  '/user/list',
  '/demo/crud',
  '/demo/tenant',
  '/demo/test/route/42/tea',
  '/helper/plugins/serve',
  '/404',
] as const;
const slug = (route: string) => route.replace(/^\//, '').replace(/\//g, '-') || 'home';
/** Only the routes with this word in them (and the login, which signs in), when given. */
const only = process.argv[2];
const wanted = (route: string) => !only || route === '/login' || route.includes(only) || slug(route).includes(only);
const LOCALES = ['zh-cn', 'en'] as const;
const THEMES = [
  { name: 'light', dark: false },
  { name: 'dark', dark: true },
] as const;
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** The CRUD demo's add dialog: every field kind of the kit in one form (pictures, rich text, money, a switch). */
async function shootGoodsDialog(page: Page, shoot: (name: string) => Promise<void>) {
  await page.goto('/demo/crud');
  await page.locator('.view-slot.active .ant-table-row').first().waitFor();
  await page.locator('.view-slot.active [data-testid=crud-add]').click();
  await page.locator('.ant-modal:visible [data-testid=rich-text-editor]').waitFor();
  await settle(page);
  await shoot('demo-crud-add');
  await page.keyboard.press('Escape');
}

/** Waits until what a visitor would look at is drawn: data loaded, spinners gone, transitions over. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton, .nprogress-busy'), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  // Opening animations (modal zoom, drawer slide, tab ink) take about 0.3 s.
  await page.waitForTimeout(400);
}

/** The package of an example plugin from plugins/, at another version when given. */
async function examplePackage(name: string, version?: string): Promise<Buffer> {
  const files = await readFolder(path.join(root, 'plugins', name));
  if (version) {
    const manifest = JSON.parse(String(files.get('plugin.json'))) as Record<string, unknown>;
    files.set('plugin.json', Buffer.from(JSON.stringify({ ...manifest, version })));
  }
  return zipFiles(files);
}

/**
 * The two example plugins and one with a nested config, installed as an operator would (unsigned,
 * confirmed, their network approved); the webhook one configured and enabled, its delivery of a failed task refused (no
 * such host), so its row shows a last error.
 */
async function seedPlugins(page: Page) {
  const zips = [
    await examplePackage('notify-webhook'),
    await examplePackage('storage-webdav'),
    await relayPlugin('relay', '1.0.0'),
  ];
  for (const zip of zips) {
    await page.evaluate(async (data) => {
      const raw = localStorage.getItem('backroom.token');
      const token = raw ? (JSON.parse(raw) as { value: string }).value : '';
      const form = new FormData();
      form.append('confirmUnsigned', 'true');
      form.append('approveNetwork', 'true');
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      form.append('file', new Blob([bytes], { type: 'application/zip' }), 'plugin.zip');
      const response = await fetch('/api/admin/plugin/info/install', {
        method: 'POST',
        headers: { authorization: token },
        body: form,
      });
      const json = (await response.json()) as { code: number; message: string };
      if (json.code !== 1000) throw new Error(`plugin install: ${json.message}`);
    }, zip.toString('base64'));
  }
  type Row = { id: number; keyName: string; lastError: string | null };
  const rows = async () =>
    (await apiCall<{ list: Row[] }>(page, '/admin/plugin/info/page', { page: 1, size: 10 })).list;
  const byKey = async (keyName: string) => (await rows()).find((p) => p.keyName === keyName);
  const relay = await byKey('relay');
  if (relay) {
    await apiCall(page, '/admin/plugin/info/update', {
      id: relay.id,
      config: {
        relay: { url: 'https://relay.example.com/in', port: 8443, auth: { user: 'ops', token: 'relay-token' } },
        channels: ['门店', 'ops'],
        verbose: true,
      },
    });
  }
  const webhook = await byKey('notify-webhook');
  if (!webhook) return;
  await apiCall(page, '/admin/plugin/info/update', {
    id: webhook.id,
    config: { url: 'https://hooks.example.com/backroom', format: 'wecom', secret: 'shot-secret' },
    status: 1,
  });
  const tasks = await apiCall<{ list: Array<{ id: number; name: string }> }>(page, '/admin/task/info/page', {
    page: 1,
    size: 20,
  });
  const failing = tasks.list.find((task) => task.name === '同步供应商库存');
  if (failing) await apiCall(page, '/admin/task/info/once', { id: failing.id });
  for (let i = 0; i < 40 && !(await byKey('notify-webhook'))?.lastError; i += 1) await page.waitForTimeout(250);
}

/** The plugin screen's dialogs: install (empty, a signed and an unsigned package), README, config (flat and nested), update, uninstall. */
async function shootPluginDialogs(page: Page, shoot: (name: string) => Promise<void>, signingKey: string) {
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

/** Deletions for the recycle bin to show: a user with a role, a menu with its children, two parameters. */
async function seedRecycle(page: Page) {
  const roleId = (
    await apiCall<{ id: number }>(page, '/admin/base/sys/role/add', {
      name: '店员',
      label: 'shot-clerk',
      menuIdList: [],
    })
  ).id;
  const user = await apiCall<{ id: number }>(page, '/admin/base/sys/user/add', {
    username: 'zhang.wei',
    password: 'shot-pass1',
    name: '张伟',
    nickName: 'Wei',
    phone: '13800000001',
    roleIdList: [roleId],
  });
  await apiCall(page, '/admin/base/sys/user/delete', { ids: [user.id] });
  const dir = await apiCall<{ id: number }>(page, '/admin/base/sys/menu/add', { name: '临时报表', type: 0 });
  await apiCall(page, '/admin/base/sys/menu/add', { name: '日报', type: 1, parentId: dir.id, router: '/report/day' });
  await apiCall(page, '/admin/base/sys/menu/delete', { ids: [dir.id] });
  for (const keyName of ['holidayNotice', 'returnPolicy']) {
    const param = await apiCall<{ id: number }>(page, '/admin/base/sys/param/add', {
      keyName,
      name: keyName,
      data: 'x',
      dataType: 0,
    });
    await apiCall(page, '/admin/base/sys/param/delete', { ids: [param.id] });
  }
}

const AGENTS = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
} as const;

/** Sessions from other devices (the admin's and a clerk's) and an account locked by wrong passwords. */
async function seedSessions(page: Page, base: string) {
  const signInFrom = (username: string, password: string, agent: string) =>
    fetch(`${base}/api/admin/base/open/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': agent },
      body: JSON.stringify({ username, password }),
    });
  for (const [username, name] of [
    ['li.na', '李娜'],
    ['wang.fang', '王芳'],
  ] as const) {
    await apiCall(page, '/admin/base/sys/user/add', { username, password: 'shot-pass1', name, nickName: name });
  }
  await signInFrom('admin', '123456', AGENTS.iPhone);
  await signInFrom('admin', '123456', AGENTS.mac);
  await signInFrom('li.na', 'shot-pass1', AGENTS.edge);
  await signInFrom('li.na', 'shot-pass1', AGENTS.iPhone);
  for (let i = 0; i < 5; i += 1) await signInFrom('wang.fang', `guess-${i}`, AGENTS.edge);
}

/** A longer rich-text notice for the parameter list's excerpt, its editor and its preview. */
async function seedParams(page: Page) {
  await apiCall(page, '/admin/base/sys/param/add', {
    keyName: 'weekendPromotion',
    name: '周末促销公告',
    dataType: 1,
    data:
      '<h2 style="text-align: center">周末会员日</h2><p>本周六、周日全场<strong>生鲜八折</strong>，会员积分<em>双倍</em>。' +
      '</p><ul><li><p>每人限购两件</p></li><li><p>特价商品不参与满减</p></li></ul>' +
      '<blockquote><p>活动解释权归门店所有。</p></blockquote>',
    remark: '门店首页公告',
  });
}

/** The parameter screen's rich-text editor (editing the notice) and its preview. */
async function shootParamDialogs(page: Page, shoot: (name: string) => Promise<void>) {
  const view = page.locator('.view-slot.active');
  await page.goto('/sys/param');
  const row = view.locator('.ant-table-row', { hasText: 'weekendPromotion' });
  await row.waitFor();
  await row.getByRole('button', { name: /编辑|Edit/ }).click();
  await page.locator('.ant-modal:visible [data-testid=rich-text-editor]').waitFor();
  await settle(page);
  await shoot('sys-param-editor');
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
  await row.locator('[data-testid=param-preview-weekendPromotion]').click();
  await page.frameLocator('[data-testid=param-preview-frame]').locator('h2').waitFor();
  // No networkidle here: Chromium reports none for a page holding a sandboxed frame.
  await page.waitForTimeout(400);
  await shoot('sys-param-preview');
  await page.keyboard.press('Escape');
  await page.locator('.ant-modal:visible').waitFor({ state: 'hidden' });
}

/** Files for the file space to show: a category with a few images (one coloured pixel each) and a PDF. */
async function seedSpace(page: Page) {
  const category = await apiCall<{ id: number }>(page, '/admin/space/type/add', { name: '商品图片' });
  await apiCall(page, '/admin/space/type/add', { name: '合同与单据' });
  const samples = [
    [
      '春季新品.png',
      'image',
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNwTL0OAAJoAX42danrAAAAAElFTkSuQmCC',
    ],
    [
      '牙刷套装.png',
      'image',
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGMIPCQFAAKVAS4XvivtAAAAAElFTkSuQmCC',
    ],
    [
      '收纳箱.png',
      'image',
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4v5QBAARLAaU/Dnq2AAAAAElFTkSuQmCC',
    ],
    [
      '促销海报.png',
      'image',
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGO4YN4LAANvAZX7C/J5AAAAAElFTkSuQmCC',
    ],
    ['供货合同.pdf', 'pdf', Buffer.from('%PDF-1.7\n').toString('base64')],
  ] as const;
  for (const [name, type, base64] of samples) {
    const url = await page.evaluate(
      async ([fileName, data]) => {
        const raw = localStorage.getItem('backroom.token');
        const token = raw ? (JSON.parse(raw) as { value: string }).value : '';
        const form = new FormData();
        form.append('file', new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], fileName));
        const response = await fetch('/api/admin/base/comm/upload', {
          method: 'POST',
          headers: { authorization: token },
          body: form,
        });
        return ((await response.json()) as { data: string }).data;
      },
      [name, base64] as const,
    );
    const size = Buffer.from(base64, 'base64').length;
    await apiCall(page, '/admin/space/info/add', { url, name, type, size, classifyId: category.id, key: url });
  }
}

/** Tasks for the task screen to show: a running interval task with runs in its log, one that fails, a cron one. */
async function seedTasks(page: Page) {
  const add = (body: Record<string, unknown>) =>
    apiCall<{ id: number }>(page, '/admin/task/info/add', { service: 'task:demo', ...body });
  const heartbeat = await add({
    name: '门店心跳检查',
    taskType: 1,
    every: 30_000,
    limit: 1000,
    status: 1,
    data: '{"message":"门店在线"}',
    remark: '每 30 秒确认各门店收银机在线',
  });
  const report = await add({
    name: '生成门店日报',
    taskType: 0,
    cron: '0 22 * * *',
    status: 0,
    data: '{"sleepMs":1200}',
  });
  const failing = await add({
    name: '同步供应商库存',
    taskType: 0,
    cron: '*/15 * * * *',
    status: 1,
    data: '{"fail":true,"message":"供应商接口超时"}',
  });
  for (const id of [heartbeat.id, report.id, failing.id, heartbeat.id]) {
    await apiCall(page, '/admin/task/info/once', { id });
  }
  // The runs end within a second or two; the log shows them.
  await page.waitForTimeout(1500);
}

/** Customers of a store with invitations across this week, activities with prize photos, and a reveal. */
/** A few app users (mini program, official account, H5) with an address, for the app user list. */
async function seedAppUsers(page: Page) {
  const people = [
    ['小王', '13912345678', 0, 1, 1],
    ['Lily', '13698765432', 1, 2, 1],
    ['阿强', '13511112222', 2, 1, 0],
  ] as const;
  for (const [nickName, phone, loginType, gender, status] of people) {
    const { id } = await apiCall<{ id: number }>(page, '/admin/user/info/add', {
      nickName,
      phone,
      loginType,
      gender,
      status,
    });
    await apiCall(page, '/admin/user/address/add', {
      userId: id,
      contact: nickName,
      phone,
      province: '上海市',
      city: '上海市',
      district: '黄浦区',
      address: '南京东路 299 号',
      isDefault: true,
    });
  }
}

async function seedCustomers(page: Page) {
  const photos = (
    await apiCall<{ list: Array<{ url: string; type: string }> }>(page, '/admin/space/info/page', { page: 1, size: 20 })
  ).list
    .filter((f) => f.type === 'image')
    .map((f) => f.url);
  const people = [
    ['王芳', '13912345678', 'VIP', '上海市黄浦区南京东路 299 号'],
    ['李娜', '13698765432', null, '上海市静安区愚园路 18 弄 6 号'],
    ['张伟', '13511112222', null, '上海市徐汇区天钥桥路 100 号'],
    ['刘洋', '13833334444', null, '上海市长宁区定西路 55 号'],
    ['陈静', '13755556666', null, '上海市普陀区长寿路 8 号'],
  ] as const;
  const types = await apiCall<Record<string, Array<{ value: string | number | null; id: number }>>>(
    page,
    '/admin/dict/info/data',
    { types: ['customerType'] },
  );
  const firstType = types.customerType?.[0];
  const monday = new Date();
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  const at = (day: number, hour: number) => {
    const d = new Date(monday);
    d.setDate(d.getDate() + day);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(hour)}:00:00`;
  };
  for (const [i, [customerName, customerPhone, vip, customerAddress]] of people.entries()) {
    const { id } = await apiCall<{ id: number }>(page, '/admin/customer/info/create', {
      customerName,
      customerPhone,
      customerAddress,
      customerSex: i % 2 === 0 ? 2 : 1,
      customerAge: String(30 + i * 7),
      customerType: vip && firstType ? String(firstType.value ?? firstType.id) : null,
      diseaseInformation: i === 0 ? '高血压，慎用含钠产品' : '',
      remark: i === 1 ? '周末方便联系' : '',
    });
    await apiCall(page, '/admin/customer/invitationRecord/create', {
      customerID: id,
      inviteTime: at(i % 5, 10 + i),
      customerStatus: String((i % 4) + 1),
      remark: i === 0 ? '新品品鉴会' : '',
    });
    if (i < 3) {
      await apiCall(page, '/admin/customer/activity/create', {
        customerId: id,
        customerName,
        customerPhone,
        customerAddress,
        activityName: i === 2 ? '会员日' : '春季品鉴会',
        prizeName: ['茶具套装', '保温杯', '购物袋'][i],
        prizePhoto: photos.slice(0, 3 - i),
      });
    }
    if (i === 0) {
      await apiCall(page, '/admin/customer/info/reveal', { id, field: 'customerPhone', reason: '客户来电核对订单' });
    }
  }
}

/** The customer screens' drawer and dialogs: details, the form, the hand-over, the reveal, the calendar. */
async function shootCustomerDialogs(page: Page, shoot: (name: string) => Promise<void>) {
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
async function shootTransform(page: Page, shoot: (name: string) => Promise<void>) {
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
async function shootAccountSecurity(
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

async function main() {
  if (!hasChromium) process.exit(1);
  if (
    !fs.existsSync(path.join(root, 'web/dist/index.html')) ||
    !fs.existsSync(path.join(root, 'server/dist/main.js'))
  ) {
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  }
  fs.mkdirSync(out, { recursive: true });
  const started = Date.now();
  // Enterprise WeChat sign-in configured (against the local fake), so the login page shows its action.
  const wecom = await startFakeWecom();
  const port = await freePort();
  // A key the server trusts, so the install dialog shows a signed package as such.
  const signing = generateSigningKey();
  const [server, browser] = await Promise.all([
    startServer({
      PORT: String(port),
      PLUGIN_TRUSTED_KEYS: signing.publicKey,
      ...wecom.env(`http://127.0.0.1:${port}/login`),
    }),
    launch(),
  ]);
  const problems: string[] = [];
  let count = 0;
  let recycleSeeded = false;
  try {
    for (const size of SIZES) {
      for (const locale of LOCALES) {
        for (const theme of THEMES) {
          const prefs: Prefs = { locale, dark: theme.dark, viewport: size };
          const context = await newContext(browser, server.base, prefs);
          const page = await context.newPage();
          const where = `${locale}.${theme.name}.${size.width}x${size.height}`;
          page.on('pageerror', (error) => problems.push(`${where} ${page.url()}: ${error.message}`));
          page.on('console', (message) => {
            if (message.type() === 'error' || message.type() === 'warning') {
              problems.push(`${where} ${new URL(page.url()).pathname} console.${message.type()}: ${message.text()}`);
            }
          });
          const shootOn = async (target: Page, name: string) => {
            await target.mouse.move(0, 0);
            await target.screenshot({ path: path.join(out, `${name}.${where}.png`) });
            count += 1;
          };
          const shoot = (name: string) => shootOn(page, name);
          for (const route of ROUTES.filter(wanted)) {
            if (route === '/login') {
              await page.goto('/login');
              await page.locator('#username').waitFor();
              await page.getByTestId('wecom-sign-in').waitFor();
              await settle(page);
              await shoot('login');
              await signIn(page);
              if (!recycleSeeded) {
                // The home of a fresh install (it lands there), before any data is seeded.
                if (wanted('/')) {
                  await page.locator('.home').waitFor();
                  await settle(page);
                  await shoot('home-empty');
                }
                await seedRecycle(page);
                await seedSpace(page);
                await seedTasks(page);
                await seedCustomers(page);
                await seedAppUsers(page);
                await seedSessions(page, server.base);
                await seedParams(page);
                await seedPlugins(page);
                recycleSeeded = true;
              }
              continue;
            }
            await page.goto(route);
            await page.locator('.app-layout .view-slot.active, .error-page').first().waitFor();
            await settle(page);
            await shoot(slug(route));
          }
          if (wanted('/customer')) await shootCustomerDialogs(page, shoot);
          if (wanted('/sys/param')) await shootParamDialogs(page, shoot);
          if (wanted('/helper/transform')) await shootTransform(page, shoot);
          if (wanted('/demo/crud')) await shootGoodsDialog(page, shoot);
          if (wanted('/helper/plugins/serve')) await shootPluginDialogs(page, shoot, signing.privateKeyPem);
          if (!only || only === 'security') await shootAccountSecurity(browser, server.base, prefs, page, shootOn);
          if (wanted('/demo/test/route/42/tea')) {
            // A second URL of the route demo, opened within the app: two tabs, each naming its parameters.
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
          if (wanted('/sys/user')) {
            // The add form on the users screen.
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
          if (only) {
            await context.close();
            continue;
          }
          // The settings drawer.
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
          await page.locator('.view-slot.active [data-testid^=recycle-preview-]').last().click();
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
          await page.getByTestId('open-settings').click();
          await page.locator('.ant-drawer-open .ant-drawer-section').waitFor();
          await settle(page);
          await shoot('settings-drawer');
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    await wecom.close();
  }
  console.log(`${count} screenshots in ${path.relative(root, out)}/ (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (problems.length) console.log(`Browser errors and warnings:\n${[...new Set(problems)].join('\n')}`);
}

await main();
