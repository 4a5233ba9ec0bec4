import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppOn, type TestApp, testTargets } from './testing/harness.js';

type Named = { name: string };
const CJK = /[\u3400-\u9fff]/;

/** The names a first start seeds (README, SEED_LOCALE), read from the database as stored. */
async function seededNames(t: TestApp) {
  const db = t.ctx.db.loose;
  const names = async (table: string) =>
    ((await db.selectFrom(table).select('name').orderBy('id').execute()) as Named[]).map((r) => r.name);
  const items = (await db.selectFrom('dict_info').select(['name', 'remark']).orderBy('id').execute()) as Array<
    Named & { remark: string | null }
  >;
  return {
    departments: await names('base_sys_department'),
    roles: await names('base_sys_role'),
    users: await names('base_sys_user'),
    params: await names('base_sys_param'),
    tasks: await names('task_info'),
    dictTypes: await names('dict_type'),
    dictItems: items.map((i) => i.name),
    dictRemarks: items.flatMap((i) => (i.remark ? [i.remark] : [])),
  };
}

describe.each(testTargets())('SEED_LOCALE on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.create>>;
  let english: Awaited<ReturnType<typeof seededNames>>;
  beforeAll(async () => {
    database = await target.create();
    const t = await startAppOn(target.name, database.db, async () => undefined, { SEED_LOCALE: 'en' });
    try {
      english = await seededNames(t);
    } finally {
      await t.stop();
    }
  });
  afterAll(() => database?.drop());

  it('seeds the demo data of a new install in English', () => {
    expect(english.departments).toEqual(
      expect.arrayContaining([
        'Head office',
        'Store operations',
        'East region',
        'South region',
        'Finance',
        'Human resources',
        'Shanghai Nanjing Road',
        'Shenzhen Nanshan',
      ]),
    );
    expect(english.roles).toEqual(
      expect.arrayContaining(['Superuser', 'Clerk', 'Treasurer', 'HR officer', 'Manager · Hangzhou West Lake']),
    );
    expect(english.users).toEqual(expect.arrayContaining(['Superuser', 'Guangzhou Tianhe clerk 2', 'Treasurer']));
    expect(english.params).toEqual(expect.arrayContaining(['Store notice', 'Discount rule']));
    expect(english.tasks).toEqual(expect.arrayContaining(['Request log retention', 'Recycle bin retention']));
    expect(english.dictTypes).toEqual(
      expect.arrayContaining(['Goods category', 'Payment method', 'Customer type', 'Invitation status']),
    );
    expect(english.dictItems).toEqual(expect.arrayContaining(['Fresh food', 'Fruit', 'Alipay', 'VIP customer']));
    // Not one Chinese name is left; a customer dictionary item's remark gives the Chinese meanings.
    for (const list of Object.values(english).filter((l) => l !== english.dictRemarks)) {
      expect(list.filter((name) => CJK.test(name))).toEqual([]);
    }
    expect(english.dictRemarks).toContain('新客户 · 新客戶');
  });

  it('keeps what was seeded when a later start names another language', async () => {
    const t = await startAppOn(target.name, database.db, async () => undefined, { SEED_LOCALE: 'zh-cn' });
    try {
      expect(await seededNames(t)).toEqual(english);
    } finally {
      await t.stop();
    }
  });
});

describe('SEED_LOCALE left unset', () => {
  it('seeds in Simplified Chinese, and refuses a language the product does not have', async () => {
    const [target] = testTargets();
    if (!target) throw new Error('no SQLite target');
    const database = await target.create();
    const t = await startAppOn(target.name, database.db, database.drop);
    try {
      const names = await seededNames(t);
      expect(names.departments).toEqual(expect.arrayContaining(['总部', '华东区', '上海南京路店']));
      expect(names.dictTypes).toContain('商品分类');
      expect(names.tasks).toContain('请求日志保留清理');
    } finally {
      await t.stop();
    }
    const { loadConfig } = await import('./core/config.js');
    expect(() => loadConfig({ SEED_LOCALE: 'fr' })).toThrow(/SEED_LOCALE/);
    expect(loadConfig({ SEED_LOCALE: 'zh-TW' }).seedLocale).toBe('zh-tw');
  });
});
