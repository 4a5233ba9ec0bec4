import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { CodingModule, CodingPreview, EntitySpecInput, MenuParse, SysMenu } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataOf,
  expectRefused,
  expectRuleRefusal,
  startApp,
  type TestApp,
  testTargets,
} from '../../testing/harness.js';

const EN = { language: 'en' };
const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The files a plan edits, copied from the repository into a throwaway tree (the source root of a dev server). */
const TREE_FILES = [
  'packages/contract/src/registry.ts',
  'packages/contract/src/index.ts',
  'server/src/app.ts',
  'server/src/db/migrations/index.ts',
  'web/src/modules/index.ts',
  'server/src/modules/dict/index.ts',
  'web/src/modules/dict/index.ts',
];

function makeTree(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'br-coding-'));
  for (const file of TREE_FILES) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  fs.mkdirSync(path.join(dir, 'packages/contract/src/dict'), { recursive: true });
  return dir;
}

const SHOP: EntitySpecInput = {
  module: 'shop',
  path: 'goods',
  label: { 'zh-cn': '商品', 'zh-tw': '商品', en: 'Goods' },
  menu: { 'zh-cn': '商店', 'zh-tw': '商店', en: 'Shop' },
  fields: [
    {
      name: 'title',
      label: { 'zh-cn': '标题', 'zh-tw': '標題', en: 'Title' },
      kind: 'string',
      required: true,
      length: 50,
      search: true,
    },
    { name: 'price', label: { 'zh-cn': '价格', 'zh-tw': '價格', en: 'Price' }, kind: 'decimal', required: true },
    {
      name: 'type',
      label: { 'zh-cn': '类型', 'zh-tw': '類型', en: 'Type' },
      kind: 'int',
      dict: 'goodsType',
      search: true,
    },
    { name: 'description', label: { 'zh-cn': '描述', 'zh-tw': '描述', en: 'Description' }, kind: 'text', list: false },
  ],
};

describe.each(testTargets())('base/coding and menu parse/create on $name', (target) => {
  let prod: TestApp;
  let dev: TestApp;
  let token: string;
  let devToken: string;
  let tree: string;
  let outside: string;

  beforeAll(async () => {
    tree = makeTree();
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'br-outside-'));
    fs.symlinkSync(outside, path.join(tree, 'packages/contract/src/evil'));
    prod = await startApp(target);
    dev = await startApp(target, { NODE_ENV: 'development', SOURCE_ROOT: tree });
    token = (await prod.login()).token;
    devToken = (await dev.login()).token;
  }, 120_000);

  afterAll(async () => {
    await prod?.stop();
    await dev?.stop();
    fs.rmSync(tree, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('refuses the module tree and writing code in production, with a clear message', async () => {
    const tree = await prod.get('/admin/base/coding/getModuleTree', {}, token, EN);
    expectRuleRefusal(tree);
    expect(tree.body.message).toMatch(/development mode/);
    const zh = await prod.post('/admin/base/coding/createCode', { spec: SHOP }, token, { language: 'zh-cn' });
    expectRuleRefusal(zh);
    expect(zh.body.message).toContain('开发模式');
    expect(dataOf(await prod.get('/admin/base/coding/status', {}, token))).toEqual({ ai: false, writable: false });
    const described = await prod.post('/admin/base/coding/describe', { text: 'a goods table' }, token, EN);
    expectRuleRefusal(described);
    expect(described.body.message).toMatch(/AI_BASE_URL/);
  });

  it('previews everything an entity needs, anywhere', async () => {
    const preview = dataOf(await prod.post<CodingPreview>('/admin/base/coding/preview', SHOP, token));
    expect(preview.writable).toBe(false);
    const byPath = Object.fromEntries(preview.files.map((f) => [f.path, f]));
    const declaration = byPath['packages/contract/src/shop/shop-goods.ts'];
    expect(declaration?.content).toContain(
      "title: col.string({ label: label('标题', '標題', 'Title'), min: 1, max: 50 })",
    );
    expect(declaration?.content).toContain(
      "type: col.int({ label: label('类型', '類型', 'Type'), nullable: true, dict: 'goodsType' })",
    );
    expect(declaration?.content).toContain("query: { keyWordLikeFields: ['title'], fieldEq: ['type'] }");
    expect(byPath['server/src/modules/shop/shop-goods.routes.ts']?.content).toContain(
      'mountCrud(app, ctx, createCrud(ctx, shopGoods))',
    );
    expect(byPath['web/src/modules/shop/views/shop-goods.tsx']?.content).toContain(
      'overrides={{ description: { column: { hidden: true } } }}',
    );
    expect(byPath['packages/contract/src/registry.ts']?.lines).toContain('shop_goods: shopGoods,');
    expect(preview.migration.path).toMatch(/^server\/src\/db\/migrations\/\d{14}_shop_create-goods\.ts$/);
    expect(preview.migration.content).toContain('createTable');
    expect(preview.migration.content).toContain('`price` decimal(14, 2) not null');
    expect(preview.migration.content).toContain('"name": "shop_goods"');
    expect(preview.menus[0]?.childMenus?.[0]).toMatchObject({
      router: '/shop/goods',
      viewPath: 'modules/shop/views/shop-goods.vue',
    });
    expect(preview.menus[0]?.childMenus?.[0]?.childMenus?.map((r) => r.perms)).toEqual([
      'shop:goods:page,shop:goods:list,shop:goods:info',
      'shop:goods:add',
      'shop:goods:info,shop:goods:update',
      'shop:goods:delete',
    ]);
    expect(preview.texts.en).toEqual({ 商店: 'Shop', 商品: 'Goods' });
    // An entity that exists, a reserved or repeated field, a name that leaves its folder: refused.
    const existing = await prod.post('/admin/base/coding/preview', { ...SHOP, module: 'dict', path: 'type' }, token);
    expectRefused(existing, 409);
    for (const bad of [
      { ...SHOP, module: '../etc' },
      { ...SHOP, path: 'goods/../../x' },
      { ...SHOP, fields: [{ ...SHOP.fields[0], name: 'id' }] },
      { ...SHOP, fields: [SHOP.fields[0], SHOP.fields[0]] },
      { ...SHOP, label: { 'zh-cn': "x'); evil('", 'zh-tw': 'x', en: 'x' } },
    ]) {
      expectRefused(await prod.post('/admin/base/coding/preview', bad, token), 400);
    }
  });

  it('lists modules and their entities in development mode', async () => {
    const modules = dataOf(await dev.get<CodingModule[]>('/admin/base/coding/getModuleTree', {}, devToken));
    const dict = modules.find((m) => m.module === 'dict');
    expect(dict?.directory).toBe('数据管理');
    expect(dict?.entities.map((e) => e.path).sort()).toEqual(['info', 'type']);
    expect(modules.find((m) => m.module === 'base')?.entities.map((e) => e.path)).toContain('sys/user');
    expect(dataOf(await dev.get('/admin/base/coding/status', {}, devToken))).toEqual({ ai: false, writable: true });
  });

  it('writes the files under the module folders, never twice without asking, never outside the tree', async () => {
    const written = dataOf(
      await dev.post<{ files: string[]; migration: string }>('/admin/base/coding/createCode', { spec: SHOP }, devToken),
    );
    expect(written.files).toContain('packages/contract/src/shop/shop-goods.ts');
    for (const file of written.files) expect(fs.existsSync(path.join(tree, file)), file).toBe(true);
    const registry = () => fs.readFileSync(path.join(tree, 'packages/contract/src/registry.ts'), 'utf8');
    expect(registry()).toContain('shop_goods: shopGoods,');
    expect(fs.readFileSync(path.join(tree, 'server/src/db/migrations/index.ts'), 'utf8')).toContain(
      `'${written.migration}'`,
    );
    // Again: the files exist, nothing is written.
    const before = registry();
    const again = await dev.post('/admin/base/coding/createCode', { spec: SHOP }, devToken, EN);
    expectRefused(again, 409);
    expect(again.body.message).toMatch(/exist already/);
    expect(registry()).toBe(before);
    // With the flag, the files are written again and the registrations are not repeated.
    dataOf(await dev.post('/admin/base/coding/createCode', { spec: SHOP, overwrite: true }, devToken));
    expect(registry().split('shop_goods: shopGoods,').length).toBe(2);
    // An existing module gets the entity added to its registrations.
    const note = { ...SHOP, module: 'dict', path: 'note', fields: [SHOP.fields[0]] };
    dataOf(await dev.post('/admin/base/coding/createCode', { spec: note }, devToken));
    expect(fs.readFileSync(path.join(tree, 'server/src/modules/dict/index.ts'), 'utf8')).toContain(
      "export { registerDictNoteRoutes } from './dict-note.routes.js';",
    );
    // A module folder that is a link out of the tree: refused, nothing written there.
    const evil = await dev.post('/admin/base/coding/createCode', { spec: { ...SHOP, module: 'evil' } }, devToken);
    expectRuleRefusal(evil);
    expect(fs.readdirSync(outside)).toEqual([]);
  });

  it('parses an entity declaration or the SQL of a table for its CRUD screen', async () => {
    const parsed = dataOf(await prod.post<MenuParse>('/admin/base/sys/menu/parse', { entity: 'dict/type' }, token));
    expect(parsed).toMatchObject({
      source: 'declaration',
      entity: 'dict/type',
      table: 'dict_type',
      router: '/dict/list',
    });
    expect(parsed.columns.find((c) => c.name === 'key')).toMatchObject({
      kind: 'string',
      search: 'keyword',
      nullable: false,
    });
    expect(parsed.perms).toContainEqual({ action: 'page', perm: 'dict:type:page' });
    // The user's password hash is hidden: parse never lists it.
    const user = dataOf(
      await prod.post<MenuParse>('/admin/base/sys/menu/parse', { entity: 'BaseSysUserEntity' }, token),
    );
    expect(user.columns.map((c) => c.name)).not.toContain('password');
    const sql = dataOf(
      await prod.post<MenuParse>(
        '/admin/base/sys/menu/parse',
        { sql: 'create table shop_order (id serial primary key, order_no varchar(32) not null, paid boolean)' },
        token,
      ),
    );
    // A table's page gets a view path in the family's form, as the seeded pages hold them.
    expect(sql).toMatchObject({
      source: 'sql',
      entity: null,
      router: '/shop/order',
      viewPath: 'modules/shop/views/shop-order.vue',
    });
    expect(sql.columns.map((c) => [c.name, c.kind, c.nullable])).toEqual([
      ['orderNo', 'string', false],
      ['paid', 'bool', true],
    ]);
    expect(sql.perms.map((p) => p.perm)).toContain('shop:order:add');
    const bad = await prod.post('/admin/base/sys/menu/parse', { sql: 'drop table x' }, token, EN);
    expectRefused(bad, 400);
    expect(bad.body.message).toMatch(/CREATE TABLE/);
    expectRefused(await prod.post('/admin/base/sys/menu/parse', { entity: 'nope/none' }, token), 400);
    expectRefused(await prod.post('/admin/base/sys/menu/parse', { entity: 'dict/type', sql: 'x' }, token), 400);
    expectRefused(await prod.post('/admin/base/sys/menu/parse', {}, token), 400);
  });

  it('creates the menu page of an entity and its permission rows in one transaction', async () => {
    const list = async () => dataOf(await prod.post<SysMenu[]>('/admin/base/sys/menu/list', {}, token));
    const page = (await list()).find((m) => m.router === '/dict/list');
    expect(page).toBeDefined();
    // The page exists: refused, nothing added.
    const count = (await list()).length;
    expectRuleRefusal(await prod.post('/admin/base/sys/menu/create', { entity: 'dict/type', parentId: null }, token));
    expect((await list()).length).toBe(count);
    dataOf(await prod.post('/admin/base/sys/menu/delete', { ids: [page?.id] }, token));
    // Under a permission row: refused, nothing added.
    const permRow = (await list()).find((m) => m.type === 2);
    const before = (await list()).length;
    expectRuleRefusal(
      await prod.post('/admin/base/sys/menu/create', { entity: 'dict/type', parentId: permRow?.id }, token),
    );
    expect((await list()).length).toBe(before);
    const { id } = dataOf(
      await prod.post<{ id: number }>(
        '/admin/base/sys/menu/create',
        { entity: 'dict/type', parentId: page?.parentId ?? null, name: '字典' },
        token,
      ),
    );
    const after = await list();
    expect(after.find((m) => m.id === id)).toMatchObject({
      type: 1,
      name: '字典',
      router: '/dict/list',
      viewPath: 'modules/dict/views/list.vue',
    });
    const rows = after.filter((m) => m.parentId === id);
    expect(rows.map((r) => r.perms)).toEqual([
      'dict:type:page,dict:type:list,dict:type:info',
      'dict:type:add',
      'dict:type:info,dict:type:update',
      'dict:type:delete',
    ]);
  });
});

/** A local stand-in for an OpenAI-compatible chat-completions endpoint. */
describe('base/coding describe, through an OpenAI-compatible endpoint', () => {
  let server: http.Server;
  let app: TestApp;
  let token: string;
  let answer: string;
  const seen: { authorization?: string; model?: string; messages?: unknown[] }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        if (req.url !== '/v1/chat/completions') {
          res.writeHead(404).end();
          return;
        }
        const parsed = JSON.parse(body) as { model: string; messages: unknown[] };
        seen.push({ authorization: req.headers.authorization, model: parsed.model, messages: parsed.messages });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: answer } }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const [target] = testTargets();
    if (!target) throw new Error('no target');
    app = await startApp(target, {
      AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      AI_API_KEY: 'sk-test-secret-key',
      AI_MODEL: 'fake-model',
    });
    token = (await app.login()).token;
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("turns the model's answer into the form's structure, validated; the key stays on the server", async () => {
    expect(dataOf(await app.get('/admin/base/coding/status', {}, token))).toEqual({ ai: true, writable: false });
    answer = `Here it is:\n\`\`\`json\n${JSON.stringify(SHOP)}\n\`\`\``;
    const reply = await app.post<{ spec: EntitySpecInput }>(
      '/admin/base/coding/describe',
      { text: 'goods with a title and a price' },
      token,
    );
    expect(dataOf(reply).spec).toMatchObject({
      module: 'shop',
      path: 'goods',
      fields: [{ name: 'title', required: true }, {}, {}, {}],
    });
    expect(reply.raw).not.toContain('sk-test-secret-key');
    expect(seen.at(-1)).toMatchObject({ authorization: 'Bearer sk-test-secret-key', model: 'fake-model' });
    expect(JSON.stringify(seen.at(-1)?.messages)).toContain('goods with a title and a price');
    // An answer that is not a valid description is refused with the reason.
    answer = JSON.stringify({ ...SHOP, fields: [{ name: 'Bad Name', kind: 'string', label: SHOP.label }] });
    const invalid = await app.post('/admin/base/coding/describe', { text: 'x' }, token, EN);
    expectRuleRefusal(invalid);
    expect(invalid.body.message).toMatch(/not a valid entity description/);
    answer = 'no json here';
    expectRuleRefusal(await app.post('/admin/base/coding/describe', { text: 'x' }, token));
  });
});
