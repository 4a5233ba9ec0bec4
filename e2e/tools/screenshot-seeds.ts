/**
 * The data the screenshots show (e2e/tools/screenshots.ts): deleted rows for the recycle bin, files,
 * tasks, customers, app users, sessions from other devices, a rich-text notice and plugins, made
 * through the API as an operator would, once, by the first signed-in page.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { readFolder, zipFiles } from '../../server/src/modules/plugin/package-writer.js';
import { apiCall } from '../support/app.js';
import { relayPlugin } from '../support/plugin-packages.js';

const root = path.resolve(import.meta.dirname, '../..');

/** The package of an example plugin from plugins/, at another version when given. */
export async function examplePackage(name: string, version?: string): Promise<Buffer> {
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
/** Two announcements to the admin (one read), so the bell, the message screen and the receipts show rows. */
async function seedMessages(page: Page) {
  const person = await apiCall<{ id: number }>(page, '/admin/base/comm/person');
  for (const title of ['本周盘点安排', '门店营业时间调整']) {
    await apiCall(page, '/admin/base/notice/add', {
      title,
      content: '<p>请各门店于<strong>周五晚</strong>完成盘点，并在系统中提交结果。</p>',
      userIds: [person.id],
    });
  }
  const mine = await apiCall<{ list: Array<{ id: number }> }>(page, '/admin/base/message/page', { page: 1, size: 5 });
  const last = mine.list.at(-1);
  if (last) await apiCall(page, '/admin/base/message/read', { ids: [last.id] });
}

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

/** Customers of a store with invitations across this week, activities with prize photos, and a reveal. */
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

/** Everything the screens show, in the order its parts need (the customers' photos come from the space). */
export async function seedScreens(page: Page, base: string) {
  await seedRecycle(page);
  await seedSpace(page);
  await seedTasks(page);
  await seedCustomers(page);
  await seedAppUsers(page);
  await seedSessions(page, base);
  await seedParams(page);
  await seedPlugins(page);
  await seedMessages(page);
}
