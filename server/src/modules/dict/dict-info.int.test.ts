import { type DictData, type DictInfo, type DictType, dictInfo, dictType, recycleData } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MessageKey, translate } from '../../core/i18n.js';
import { dataOf, expectRefused, type Reply, startApp, type TestApp, testTargets } from '../../testing/harness.js';

type Id = { id: number };
type Row = Record<string, unknown>;
type RecycleSet = { table: string; rows: Row[] };

const PASSWORD = 'pass-1234';

const url = (d: { endpoints: readonly { action: string; url: string }[] }, action: string) => {
  const found = d.endpoints.find((e) => e.action === action);
  if (!found) throw new Error(`no ${action}`);
  return found.url;
};

/** What each item of the data map carries (the family's wire sample, and the labels in every language), no more. */
const DATA_ITEM_FIELDS = ['id', 'labels', 'name', 'orderNum', 'parentId', 'typeId', 'value'];

describe.each(testTargets())('dict/info and dict/type on $name', (target) => {
  let t: TestApp;
  let admin: string;
  /** Signed in, holding no permission at all. */
  let nobody: string;
  let serial = 0;
  const unique = (prefix: string) => {
    serial += 1;
    return `${prefix}${serial}`;
  };
  const db = () => t.ctx.db.loose;

  const addType = async (name: string, key = unique('type')) =>
    dataOf(await t.post<Id>(url(dictType, 'add'), { name, key }, admin)).id;
  const addItem = async (body: Record<string, unknown>) =>
    dataOf(await t.post<Id>(url(dictInfo, 'add'), body, admin)).id;
  const storedItems = (ids: number[]) =>
    db().selectFrom(dictInfo.table).selectAll().where('id', 'in', ids).orderBy('id').execute() as Promise<Row[]>;
  const data = async (body: unknown, token = admin) =>
    dataOf(await t.post<DictData>(url(dictInfo, 'data'), body, token));

  /** The newest recycle record, its JSON read. */
  async function lastRecord() {
    const row = (await db().selectFrom(recycleData.table).selectAll().orderBy('id', 'desc').executeTakeFirst()) as
      | Row
      | undefined;
    if (!row) throw new Error('no recycle record');
    const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
    const entityInfo = json<{ entity: string; module: string; table: string }>(row.entityInfo);
    return {
      id: Number(row.id),
      url: row.url,
      count: Number(row.count),
      entityInfo,
      // The deleted entity's rows, then what went with them.
      sets: [
        { table: entityInfo.table, rows: json<RecycleSet['rows']>(row.data) },
        ...(json<RecycleSet[] | null>(row.related) ?? []),
      ],
    };
  }
  const recordCount = async () =>
    Number(
      (
        (await db()
          .selectFrom(recycleData.table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()) as { n: number | string }
      ).n,
    );
  /** The recorded rows of one table, in the order they were recorded. */
  const rowsOf = (sets: RecycleSet[], table: string) => sets.filter((s) => s.table === table).flatMap((s) => s.rows);

  function expectMessage(reply: Reply, status: number, key: MessageKey) {
    expectRefused(reply, status);
    expect(reply.body.message).toBe(translate('en', key));
  }
  const en = { language: 'en' };

  beforeAll(async () => {
    t = await startApp(target);
    admin = (await t.login()).token;
    const departments = dataOf(await t.post<Array<{ id: number }>>('/admin/base/sys/department/list', {}, admin));
    dataOf(
      await t.post(
        '/admin/base/sys/user/add',
        { username: 'dict.nobody', password: PASSWORD, departmentId: departments[0]?.id },
        admin,
      ),
    );
    nobody = (await t.login('dict.nobody', PASSWORD)).token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('starts a new install with the goodsType dictionary, a tree with numeric values', async () => {
    const map = await data({ types: ['goodsType'] });
    expect(Object.keys(map)).toEqual(['goodsType']);
    const goods = map.goodsType ?? [];
    const fresh = goods.find((i) => i.name === '生鲜');
    expect(fresh).toMatchObject({ value: 1, parentId: null });
    expect(goods.filter((i) => i.parentId === fresh?.id).map((i) => i.name)).toEqual(['水果', '蔬菜', '肉禽蛋']);
    expect(goods.every((i) => typeof i.value === 'number')).toBe(true);
    const types = dataOf(await t.get<DictType[]>(url(dictInfo, 'types')));
    expect(types.map((ty) => ty.key)).toEqual(expect.arrayContaining(['goodsType', 'storeType', 'paymentMethod']));
  });

  it('answers the data map: chosen types only, every type when none are named, items by orderNum', async () => {
    const brandKey = unique('brand');
    const jobKey = unique('occupation');
    const brand = await addType('品牌', brandKey);
    const job = await addType('职业', jobKey);
    const cool = await addItem({ typeId: brand, name: 'COOL', value: 'cool', orderNum: 1 });
    const url2 = 'https://example.com/a.gif';
    const gif = await addItem({ typeId: brand, name: '闪酷', value: url2, orderNum: 2 });
    // Added in an order unlike their orderNum; ties keep the order they were added in.
    const mage = await addItem({ typeId: job, name: '法师', value: '4', orderNum: 1 });
    const tank = await addItem({ typeId: job, name: '坦克', value: '2', orderNum: 3 });
    const assassin = await addItem({ typeId: job, name: '刺客', value: '1', orderNum: 4 });
    const phantom = await addItem({ typeId: job, name: '幻影刺客', value: '5', orderNum: 1, parentId: assassin });
    const warrior = await addItem({ typeId: job, name: '战士', value: '3', orderNum: 2 });
    // No value: the id stands for it. Leading zeros and decimals with trailing zeros stay text.
    const blank = await addItem({ typeId: job, name: '无值', orderNum: 5 });
    const spaces = await addItem({ typeId: job, name: '空白值', value: '   ', orderNum: 6 });
    const code = await addItem({ typeId: job, name: '编号', value: '007', orderNum: 7 });
    const price = await addItem({ typeId: job, name: '价格', value: '1.50', orderNum: 8 });
    const negative = await addItem({ typeId: job, name: '负数', value: '-2.5', orderNum: 9 });

    const one = await data({ types: [jobKey] });
    expect(Object.keys(one)).toEqual([jobKey]);
    const jobs = one[jobKey] ?? [];
    expect(jobs.map((i) => i.id)).toEqual([
      mage,
      phantom,
      warrior,
      tank,
      assassin,
      blank,
      spaces,
      code,
      price,
      negative,
    ]);
    expect(jobs.map((i) => i.value)).toEqual([4, 5, 3, 2, 1, blank, spaces, '007', '1.50', -2.5]);
    expect(jobs.find((i) => i.id === phantom)).toEqual({
      id: phantom,
      typeId: job,
      name: '幻影刺客',
      labels: { 'zh-cn': '幻影刺客', 'zh-tw': '幻影刺客', en: '幻影刺客' },
      value: 5,
      orderNum: 1,
      parentId: assassin,
    });
    for (const item of jobs) expect(Object.keys(item).sort()).toEqual(DATA_ITEM_FIELDS);
    // The stored value stays empty: only the data map stands the id in for it.
    expect(dataOf(await t.get<DictInfo>(url(dictInfo, 'info'), { id: blank }, admin)).value).toBeNull();
    expect(dataOf(await t.get<DictInfo>(url(dictInfo, 'info'), { id: spaces }, admin)).value).toBeNull();

    const both = await data({ types: [brandKey, jobKey, 'no-such-type'] });
    expect(Object.keys(both).sort()).toEqual([brandKey, jobKey].sort());
    expect(both[brandKey]?.map((i) => [i.id, i.value])).toEqual([
      [cool, 'cool'],
      [gif, url2],
    ]);

    const allTypes = dataOf(await t.post<DictType[]>(url(dictType, 'list'), {}, admin)).map((ty) => ty.key);
    for (const body of [{}, { types: [] }, { types: null }]) {
      const all = await data(body);
      expect(Object.keys(all).sort()).toEqual([...allTypes].sort());
      expect(all[jobKey]).toEqual(jobs);
    }
    expect(await data({ types: ['no-such-type'] })).toEqual({});
    // A type without items is there, empty.
    const emptyKey = unique('empty');
    await addType('空', emptyKey);
    expect(await data({ types: [emptyKey] })).toEqual({ [emptyKey]: [] });
  });

  it('keeps a label per UI language: the data map names each item in the request’s language, its name where it has none', async () => {
    const key = unique('labelled');
    const typeId = await addType('标签', key);
    const both = await addItem({ typeId, name: '门店', nameZhTw: ' 門市 ', nameEn: 'Store', value: 's', orderNum: 1 });
    const plain = await addItem({ typeId, name: '仅名称', nameEn: '', value: 'p', orderNum: 2 });
    const [first, second] = await storedItems([both, plain]);
    expect([first?.nameZhCn, first?.nameZhTw, first?.nameEn]).toEqual([null, '門市', 'Store']);
    expect([second?.nameZhCn, second?.nameZhTw, second?.nameEn]).toEqual([null, null, null]);
    const names = async (language: string) =>
      dataOf(await t.post<DictData>(url(dictInfo, 'data'), { types: [key] }, admin, { language }))[key]?.map(
        (i) => i.name,
      );
    expect(await names('en')).toEqual(['Store', '仅名称']);
    expect(await names('zh-tw')).toEqual(['門市', '仅名称']);
    expect(await names('zh-cn')).toEqual(['门店', '仅名称']);
    expect((await data({ types: [key] }))[key]?.[0]?.labels).toEqual({ 'zh-cn': '门店', 'zh-tw': '門市', en: 'Store' });
    // The seeded dictionaries come labelled in every language.
    const goods = (await data({ types: ['goodsType'] })).goodsType ?? [];
    expect(goods.find((i) => i.value === 11)?.labels).toEqual({ 'zh-cn': '水果', 'zh-tw': '水果', en: 'Fruit' });
    // The item screen's keyword finds a label in any language.
    const page = dataOf(
      await t.post<{ list: DictInfo[] }>(url(dictInfo, 'page'), { page: 1, size: 20, typeId, keyWord: 'stor' }, admin),
    );
    expect(page.list.map((i) => i.id)).toEqual([both]);
    const tooLong = await t.post(url(dictInfo, 'add'), { typeId, name: 'x', nameEn: 'y'.repeat(101) }, admin, en);
    expectRefused(tooLong, 400);
    expect(tooLong.body.message).toContain('Name (English)');
  });

  it('opens the types without a token, and the data to any signed-in user without a permission', async () => {
    const types = await t.get<DictType[]>(url(dictInfo, 'types'));
    expect(types.status).toBe(200);
    expect(dataOf(types).some((ty) => ty.key === 'goodsType')).toBe(true);

    expectRefused(await t.post(url(dictInfo, 'data'), {}), 401);
    expect(Object.keys(await data({ types: ['goodsType'] }, nobody))).toEqual(['goodsType']);
    // Everything else of the dictionary needs its permission.
    expectRefused(await t.post(url(dictInfo, 'page'), { page: 1, size: 10 }, nobody), 403);
    expectRefused(await t.post(url(dictType, 'list'), {}, nobody), 403);
    expectRefused(await t.post(url(dictType, 'add'), { name: 'x', key: 'x' }, nobody), 403);
  });

  it('deletes an item with everything below it, all captured in one recycle record', async () => {
    const typeId = await addType('门店区域');
    const east = await addItem({ typeId, name: '华东', orderNum: 1 });
    const shanghai = await addItem({ typeId, name: '上海', parentId: east, orderNum: 1 });
    const pudong = await addItem({ typeId, name: '浦东', parentId: shanghai, orderNum: 1 });
    const hangzhou = await addItem({ typeId, name: '杭州', parentId: east, orderNum: 2 });
    const south = await addItem({ typeId, name: '华南', orderNum: 2 });
    const before = await storedItems([east, shanghai, pudong, hangzhou]);

    dataOf(await t.post(url(dictInfo, 'delete'), { ids: [east] }, admin));
    expect((await storedItems([east, shanghai, pudong, hangzhou, south])).map((r) => r.id)).toEqual([south]);

    const record = await lastRecord();
    expect(record.url).toBe(url(dictInfo, 'delete'));
    expect(record.entityInfo).toMatchObject({ entity: 'DictInfoEntity', module: 'dict', table: 'dict_info' });
    expect(record.sets.map((s) => s.table)).toEqual(expect.arrayContaining(['dict_info']));
    const recorded = rowsOf(record.sets, 'dict_info');
    // The chosen item first, then what was below it, every parent before its children, as stored.
    expect(recorded.map((r) => Number(r.id))).toEqual([east, shanghai, hangzhou, pudong]);
    expect([...recorded].sort((a, b) => Number(a.id) - Number(b.id))).toEqual(before);

    // The recycle bin puts the whole subtree back as it was.
    dataOf(await t.post(url(recycleData, 'restore'), { ids: [record.id] }, admin));
    expect(await storedItems([east, shanghai, pudong, hangzhou])).toEqual(before);
  });

  it('deletes a child and its parent together without recording a row twice', async () => {
    const typeId = await addType('渠道');
    const parent = await addItem({ typeId, name: '线上' });
    const child = await addItem({ typeId, name: '小程序', parentId: parent });
    const grandchild = await addItem({ typeId, name: '会员小程序', parentId: child });
    dataOf(await t.post(url(dictInfo, 'delete'), { ids: [child, parent] }, admin));
    expect(await storedItems([parent, child, grandchild])).toEqual([]);
    const ids = rowsOf((await lastRecord()).sets, 'dict_info').map((r) => Number(r.id));
    expect([...ids].sort((a, b) => a - b)).toEqual([parent, child, grandchild]);
  });

  it('deletes a type with all its items, captured with the type and restored as they were', async () => {
    const key = unique('payLevel');
    const typeId = await addType('会员等级', key);
    const gold = await addItem({ typeId, name: '金卡', value: 'gold', orderNum: 2 });
    const silver = await addItem({ typeId, name: '银卡', value: 'silver', orderNum: 1 });
    const goldPlus = await addItem({ typeId, name: '金卡 Plus', parentId: gold });
    const otherType = await addType('其他');
    const untouched = await addItem({ typeId: otherType, name: '保留' });
    const typeBefore = (await db().selectFrom(dictType.table).selectAll().where('id', '=', typeId).execute()) as Row[];
    const itemsBefore = await storedItems([gold, silver, goldPlus]);

    dataOf(await t.post(url(dictType, 'delete'), { ids: [typeId] }, admin));
    expect(await db().selectFrom(dictType.table).select('id').where('id', '=', typeId).execute()).toEqual([]);
    expect(await db().selectFrom(dictInfo.table).select('id').where('typeId', '=', typeId).execute()).toEqual([]);
    expect((await storedItems([untouched])).length).toBe(1);
    expect(await data({ types: [key] })).toEqual({});

    const record = await lastRecord();
    expect(record.url).toBe(url(dictType, 'delete'));
    expect(record.entityInfo).toMatchObject({ entity: 'DictTypeEntity', module: 'dict', table: 'dict_type' });
    expect(record.count).toBe(1);
    expect(record.sets.map((s) => s.table)).toEqual(['dict_type', 'dict_info']);
    expect(rowsOf(record.sets, 'dict_type')).toEqual(typeBefore);
    const items = rowsOf(record.sets, 'dict_info');
    expect([...items].sort((a, b) => Number(a.id) - Number(b.id))).toEqual(itemsBefore);
    expect(items.findIndex((r) => r.id === gold)).toBeLessThan(items.findIndex((r) => r.id === goldPlus));

    dataOf(await t.post(url(recycleData, 'restore'), { ids: [record.id] }, admin));
    expect(await db().selectFrom(dictType.table).selectAll().where('id', '=', typeId).execute()).toEqual(typeBefore);
    expect(await storedItems([gold, silver, goldPlus])).toEqual(itemsBefore);
    expect((await data({ types: [key] }))[key]?.map((i) => i.id)).toEqual([goldPlus, silver, gold]);
  });

  it('refuses a delete of a missing id without deleting or recording anything', async () => {
    const typeId = await addType('临时');
    const item = await addItem({ typeId, name: '留下' });
    const records = await recordCount();
    expectRefused(await t.post(url(dictInfo, 'delete'), { ids: [item, 999_999_999] }, admin), 404);
    expectRefused(await t.post(url(dictType, 'delete'), { ids: [typeId, 999_999_998] }, admin), 404);
    expect((await storedItems([item])).length).toBe(1);
    expect(await recordCount()).toBe(records);
  });

  it('keeps a parent inside the same type and never below the item itself', async () => {
    const typeId = await addType('尺码');
    const otherType = await addType('颜色');
    const big = await addItem({ typeId, name: '大码' });
    const xl = await addItem({ typeId, name: 'XL', parentId: big });
    const xxl = await addItem({ typeId, name: 'XXL', parentId: xl });
    const red = await addItem({ typeId: otherType, name: '红' });
    const post = (action: 'add' | 'update', body: Record<string, unknown>) =>
      t.post(url(dictInfo, action), body, admin, en);

    expectMessage(await post('add', { typeId: 999_999_999, name: 'x' }), 400, 'dict.typeMissing');
    expectMessage(await post('add', { typeId, name: 'x', parentId: 999_999_999 }), 400, 'dict.parentMissing');
    expectMessage(await post('add', { typeId, name: 'x', parentId: red }), 400, 'dict.parentOtherType');
    expectMessage(await post('update', { id: big, parentId: big }), 400, 'dict.cycle');
    expectMessage(await post('update', { id: big, parentId: xxl }), 400, 'dict.cycle');
    expectMessage(await post('update', { id: xl, parentId: red }), 400, 'dict.parentOtherType');
    // Moving to another type keeps the parent, which is not of that type; an item with children cannot move.
    expectMessage(await post('update', { id: xxl, typeId: otherType }), 400, 'dict.parentOtherType');
    expectMessage(await post('update', { id: big, typeId: otherType }), 400, 'dict.typeChangeWithChildren');
    // Nothing above changed anything.
    expect((await storedItems([big, xl, xxl])).map((r) => [r.id, r.typeId, r.parentId])).toEqual([
      [big, typeId, null],
      [xl, typeId, big],
      [xxl, typeId, xl],
    ]);

    // What is allowed: moving up the tree, to the top, and a leaf to another type's top level.
    dataOf(await post('update', { id: xxl, parentId: big }));
    dataOf(await post('update', { id: xl, parentId: null }));
    dataOf(await post('update', { id: big, parentId: xl, orderNum: 3 }));
    dataOf(await post('update', { id: xxl, typeId: otherType, parentId: red }));
    expect((await storedItems([big, xl, xxl])).map((r) => [r.id, r.typeId, r.parentId, r.orderNum])).toEqual([
      [big, typeId, xl, 3],
      [xl, typeId, null, 0],
      [xxl, otherType, red, 0],
    ]);
  });

  it('validates names, keys, value lengths and required fields with clear messages', async () => {
    const typeId = await addType('校验');
    const addTypeReply = (body: Record<string, unknown>) => t.post(url(dictType, 'add'), body, admin, en);
    const addItemReply = (body: Record<string, unknown>) => t.post(url(dictInfo, 'add'), body, admin, en);

    for (const key of ['has space', '1starts-with-digit', '中文', 'semi;colon']) {
      expectMessage(await addTypeReply({ name: '坏标识', key }), 400, 'dict.keyFormat');
    }
    const blankName = await addTypeReply({ name: '   ', key: unique('blank') });
    expectRefused(blankName, 400);
    expect(blankName.body.message).toBe(translate('en', 'validation.required', { field: dictType.columns.name.label }));
    const missingKey = await addTypeReply({ name: '无标识' });
    expectRefused(missingKey, 400);
    expect(missingKey.body.message).toContain('Key');

    const key = unique('dup');
    await addType('第一个', key);
    const duplicate = await addTypeReply({ name: '第二个', key });
    expectRefused(duplicate, 409);
    expect(duplicate.body.message).toBe(
      translate('en', 'common.duplicateValue', { field: dictType.columns.key.label, value: key }),
    );
    // Keys are trimmed before they are checked, so a padded copy is the same key.
    expectRefused(await addTypeReply({ name: '第三个', key: ` ${key} ` }), 409);

    expectRefused(await addItemReply({ name: '无类型' }), 400);
    expectRefused(await addItemReply({ typeId, name: '' }), 400);
    const blankItem = await addItemReply({ typeId, name: '  ' });
    expect(blankItem.body.message).toBe(translate('en', 'validation.required', { field: dictInfo.columns.name.label }));
    expectRefused(await addItemReply({ typeId, name: 'x', value: 'v'.repeat(501) }), 400);
    expectRefused(await addItemReply({ typeId, name: 'x', orderNum: 1.5 }), 400);
    expectRefused(await addItemReply({ typeId, name: 'x', value: 5 }), 400);

    // Values need not be unique within a type (the family's server does not ask it either).
    await addItem({ typeId, name: '甲', value: 'same' });
    await addItem({ typeId, name: '乙', value: 'same' });
    const stored = await db().selectFrom(dictInfo.table).select('name').where('typeId', '=', typeId).execute();
    expect(stored).toHaveLength(2);
  });

  it('pages items of one type by orderNum, searching name and value', async () => {
    const typeId = await addType('分页');
    const later = await addItem({ typeId, name: '乙项', value: 'beta', orderNum: 2 });
    const first = await addItem({ typeId, name: '甲项', value: 'alpha', orderNum: 1 });
    const page = dataOf(
      await t.post<{ list: DictInfo[]; pagination: { total: number } }>(
        url(dictInfo, 'page'),
        { page: 1, size: 10, typeId },
        admin,
      ),
    );
    expect(page.list.map((r) => r.id)).toEqual([first, later]);
    expect(page.pagination.total).toBe(2);
    const found = dataOf(await t.post<DictInfo[]>(url(dictInfo, 'list'), { typeId, keyWord: 'bet' }, admin));
    expect(found.map((r) => r.id)).toEqual([later]);
  });
});
