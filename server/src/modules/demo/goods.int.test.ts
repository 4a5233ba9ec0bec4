import { demoGoods } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../core/i18n.js';
import { dataOf, expectRefused, startApp, type TestApp, testTargets } from '../../testing/harness.js';

type Id = { id: number };
type Goods = {
  id: number;
  title: string;
  price: number;
  description: string | null;
  mainImage: string | null;
  type: number | null;
  status: number;
  exampleImages: string[];
  stock: number;
  nickName?: string | null;
};
type Page = { list: Goods[]; pagination: { total: number } };

const url = (action: string) => `${demoGoods.prefix}/${action}`;
const en = { language: 'en' };

describe.each(testTargets())('demo/goods on $name', (target) => {
  let t: TestApp;
  let admin: string;
  const add = async (body: Record<string, unknown>) => dataOf(await t.post<Id>(url('add'), body, admin)).id;
  const info = async (id: number) => dataOf(await t.get<Goods>(url('info'), { id }, admin));

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    dataOf(await t.post('/admin/base/comm/personUpdate', { nickName: '店长小王' }, admin));
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('starts a new install with a few goods in the seed language, typed from goodsType', async () => {
    const page = dataOf(await t.post<Page>(url('page'), { page: 1, size: 20, order: 'id', sort: 'asc' }, admin));
    expect(page.list.map((g) => g.title)).toEqual(['红富士苹果 5 斤装', '有机小番茄 500 克', '气泡矿泉水 24 瓶']);
    expect(page.list.map((g) => g.price)).toEqual([39.9, 12.5, 68]);
    expect(page.list.every((g) => g.type !== null)).toBe(true);
  });

  it('keeps every price exact to the cent, on the wire and in the database', async () => {
    const prices = [0.01, 0.1, 0.3, 19.99, 1234.5, 100000.07, 999_999_999_999.99];
    for (const price of prices) {
      const id = await add({ title: `price ${price}`, price });
      const reply = await t.get<Goods>(url('info'), { id }, admin);
      expect(dataOf(reply).price).toBe(price);
      // The JSON text holds the decimal as written, never a float's long tail.
      expect(reply.raw).toContain(`"price":${price}`);
      const stored = await t.ctx.db.loose
        .selectFrom('demo_goods')
        .select('price')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(stored.price)).toBe(price);
    }
    // Cents add up exactly where the database sums them (0.1 + 0.2 is not 0.3 in floating point).
    const a = await add({ title: 'sum a', price: 0.1 });
    const b = await add({ title: 'sum b', price: 0.2 });
    const sum = await t.ctx.db.loose
      .selectFrom('demo_goods')
      .select((eb) => eb.fn.sum<number | string>('price').as('total'))
      .where('id', 'in', [a, b])
      .executeTakeFirstOrThrow();
    expect(Math.round(Number(sum.total) * 100)).toBe(30);
  });

  it('refuses a price with more than two decimals, a float’s noise, a negative one and text', async () => {
    for (const price of [19.999, 0.1 + 0.2, 0.005]) {
      const reply = await t.post(url('add'), { title: 'too fine', price }, admin, en);
      expectRefused(reply, 400);
      expect(reply.body.message).toBe(
        translate('en', 'validation.scale', { field: demoGoods.columns.price.label, scale: 2 }),
      );
    }
    expectRefused(await t.post(url('add'), { title: 'negative', price: -1 }, admin), 400);
    expectRefused(await t.post(url('add'), { title: 'text', price: '12.50' }, admin), 400);
    expectRefused(await t.post(url('add'), { title: 'too big', price: 1_000_000_000_000 }, admin), 400);
    const [id] = [await add({ title: 'exact', price: 5 })];
    expectRefused(await t.post(url('update'), { id, price: 5.555 }, admin), 400);
    expect((await info(id)).price).toBe(5);
  });

  it('checks title, stock and type as declared', async () => {
    expectRefused(await t.post(url('add'), { title: 'x'.repeat(51), price: 1 }, admin), 400);
    expectRefused(await t.post(url('add'), { title: '', price: 1 }, admin), 400);
    expectRefused(await t.post(url('add'), { title: 'stock', price: 1, stock: -1 }, admin), 400);
    expectRefused(await t.post(url('add'), { title: 'type', price: 1, type: 999 }, admin), 400);
    const id = await add({ title: '五十字以内', price: 1, type: 21 });
    expect(await info(id)).toMatchObject({ type: 21, stock: 0, status: 1, exampleImages: null });
  });

  it('keeps the description under the rich-text allow-list and pictures from our own storage', async () => {
    const id = await add({
      title: 'rich',
      price: 1,
      description:
        '<p onclick="x()">Fresh <strong>fruit</strong><script>alert(1)</script><img src="https://evil.example/a.png"></p>',
      mainImage: '/upload/20261126/apple.png',
      exampleImages: ['/upload/20261126/a.png', '/upload/20261126/b.png'],
    });
    const row = await info(id);
    expect(row.description).toBe('<p>Fresh <strong>fruit</strong></p>');
    expect(row.mainImage).toBe('/upload/20261126/apple.png');
    expect(row.exampleImages).toEqual(['/upload/20261126/a.png', '/upload/20261126/b.png']);
    expectRefused(await t.post(url('update'), { id, mainImage: 'https://evil.example/a.png' }, admin), 400);
    expectRefused(await t.post(url('update'), { id, exampleImages: ['javascript:alert(1)'] }, admin), 400);
    expectRefused(await t.post(url('update'), { id, exampleImages: Array(10).fill('/upload/a.png') }, admin), 400);
  });

  it('filters by status, title (like) and the description (keyword); the page adds the owner’s nickname', async () => {
    const off = await add({ title: 'Kiwi crate', price: 3, status: 0, description: '<p>golden kiwis</p>' });
    const on = await add({ title: 'kiwi box', price: 4, status: 1, description: '<p>green kiwis</p>' });
    const page = async (body: Record<string, unknown>) =>
      dataOf(await t.post<Page>(url('page'), { page: 1, size: 100, ...body }, admin)).list.map((g) => g.id);
    expect(await page({ title: 'KIWI' })).toEqual([on, off]);
    expect(await page({ title: 'kiwi', status: 0 })).toEqual([off]);
    expect(await page({ keyWord: 'golden' })).toEqual([off]);
    // The keyword searches the description only, not the title.
    expect(await page({ keyWord: 'crate' })).toEqual([]);
    const [first] = dataOf(await t.post<Page>(url('page'), { page: 1, size: 1, title: 'kiwi box' }, admin)).list;
    expect(first?.nickName).toBe('店长小王');
    // The owner is the operator, never the body's.
    const forged = await add({ title: 'forged owner', price: 1, userId: 999 });
    const stored = await t.ctx.db.loose
      .selectFrom('demo_goods')
      .select('userId')
      .where('id', '=', forged)
      .executeTakeFirstOrThrow();
    expect(stored.userId).toBe(1);
    const ordered = dataOf(
      await t.post<Page>(url('page'), { page: 1, size: 2, title: 'kiwi', order: 'price', sort: 'desc' }, admin),
    );
    expect(ordered.list.map((g) => g.price)).toEqual([4, 3]);
  });

  it('updates and deletes', async () => {
    const id = await add({ title: 'to change', price: 2.5 });
    dataOf(await t.post(url('update'), { id, title: 'changed', price: 2.75, stock: 7 }, admin));
    expect(await info(id)).toMatchObject({ title: 'changed', price: 2.75, stock: 7 });
    dataOf(await t.post(url('delete'), { ids: [id] }, admin));
    expectRefused(await t.get(url('info'), { id }, admin), 404);
  });
});
