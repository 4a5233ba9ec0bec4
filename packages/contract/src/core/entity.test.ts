import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sysDepartment } from '../base/sys-department.js';
import { sysLog } from '../base/sys-log.js';
import { sysParam } from '../base/sys-param.js';
import { sysUser } from '../base/sys-user.js';
import { declarations } from '../registry.js';
import { col } from './columns.js';
import { addedId, defineEntity, MAX_PAGE_SIZE, type PageQueryOp, permOf } from './entity.js';
import { label } from './i18n.js';

const demo = defineEntity({
  module: 'demo',
  path: 'goods',
  entityName: 'DemoGoodsEntity',
  table: 'demo_goods',
  label: label('商品', '商品', 'Goods'),
  columns: {
    title: col.string({ label: label('标题', '標題', 'Title'), max: 50 }),
    price: col.decimal({ label: label('价格', '價格', 'Price'), min: 0 }),
    status: col.intEnum([0, 1], { label: label('状态', '狀態', 'Status'), default: 1 }),
    remark: col.string({ label: label('备注', '備註', 'Remark'), nullable: true }),
    images: col.json(z.array(z.string()), { label: label('图片', '圖片', 'Images'), default: [] }),
  },
  query: { keyWordLikeFields: ['title'], fieldEq: ['status'], fieldLike: ['title'] },
  extra: { publish: { method: 'post', summary: label('发布', '發佈', 'Publish') } },
});

describe('defineEntity', () => {
  it('derives urls and permissions from module, path and action', () => {
    expect(demo.prefix).toBe('/admin/demo/goods');
    expect(demo.perms.page).toBe('demo:goods:page');
    expect(demo.perms.publish).toBe('demo:goods:publish');
    expect(sysUser.perms.move).toBe('base:sys:user:move');
    expect(demo.endpoints.map((e) => e.url)).toContain('/admin/demo/goods/publish');
    expect(permOf('base', 'sys/user', 'page')).toBe('base:sys:user:page');
  });

  it('serves only the standard actions it lists', () => {
    expect(sysLog.endpoints.map((e) => e.action).sort()).toEqual(['clear', 'getKeep', 'page', 'setKeep']);
    expect(sysDepartment.endpoints.map((e) => e.action).sort()).toEqual(['add', 'delete', 'list', 'order', 'update']);
  });

  it('add requires the non-null columns without defaults and accepts an array', () => {
    const add = demo.endpoints.find((e) => e.action === 'add')?.input;
    expect(add?.safeParse({ title: 'Tea', price: 3 }).success).toBe(true);
    expect(add?.safeParse({ price: 3 }).success).toBe(false);
    expect(
      add?.safeParse([
        { title: 'A', price: 1 },
        { title: 'B', price: 2 },
      ]).success,
    ).toBe(true);
    expect(add?.safeParse({ title: 'x'.repeat(51), price: 1 }).success).toBe(false);
    expect(add?.safeParse({ title: 'Tea', price: 1, status: 2 }).success).toBe(false);
  });

  it('answers an add of one row with its id', () => {
    expect(addedId({ id: 3 })).toBe(3);
    expect(() => addedId({ ids: [3, 4] })).toThrow(/several ids/);
  });

  it('update needs an id and nothing else', () => {
    expect(demo.schemas.update.safeParse({ id: 1 }).success).toBe(true);
    expect(demo.schemas.update.safeParse({ title: 'x' }).success).toBe(false);
    expect(demo.schemas.update.safeParse({ id: '7', remark: null }).data).toEqual({ id: 7, remark: null });
  });

  it('page defaults to 1 × 20, caps the size and reads numeric text', () => {
    expect(demo.schemas.page.parse({})).toMatchObject({ page: 1, size: 20 });
    expect(demo.schemas.page.parse({ page: '2', size: '5', status: '1' })).toMatchObject({
      page: 2,
      size: 5,
      status: 1,
    });
    expect(demo.schemas.page.safeParse({ size: MAX_PAGE_SIZE + 1 }).success).toBe(false);
    expect(demo.schemas.page.safeParse({ page: 0 }).success).toBe(false);
    expect(demo.schemas.page.safeParse({ sort: 'sideways' }).success).toBe(false);
    expect(demo.schemas.page.parse({ status: [0, 1], keyWord: '' })).toMatchObject({
      status: [0, 1],
      keyWord: undefined,
    });
  });

  it('never exposes hidden columns in rows, and keeps them writable only through writeFields', () => {
    expect(Object.keys((sysUser.schemas.row as unknown as { shape: object }).shape)).not.toContain('password');
    expect(sysUser.schemas.create.shape).toHaveProperty('password');
    expect(sysUser.orderable.has('password')).toBe(false);
  });
});

describe('the text index', () => {
  const withTextIndex = (textIndex: PageQueryOp<'name' | 'code' | 'remark'>['textIndex']) =>
    defineEntity({
      module: 'demo',
      path: 'people',
      entityName: 'DemoPeopleEntity',
      table: 'demo_people',
      label: label('人', '人', 'People'),
      columns: {
        name: col.string({ label: label('名', '名', 'Name'), max: 50 }),
        code: col.string({ label: label('编号', '編號', 'Code'), max: 20 }),
        remark: col.string({ label: label('备注', '備註', 'Remark'), max: 200 }),
      },
      query: { keyWordLikeFields: ['name', 'code', 'remark'], fieldEq: [], fieldLike: [], textIndex },
    });

  it('keeps pairs of every word field unless told which, and none of the identifiers', () => {
    const all = withTextIndex(true);
    expect([all.textIndex, all.textIdentifiers, all.textPairs]).toEqual([
      ['name', 'code', 'remark'],
      undefined,
      ['name', 'code', 'remark'],
    ]);
    const codes = withTextIndex({ identifiers: ['code'] });
    expect([codes.textIndex, codes.textIdentifiers, codes.textPairs]).toEqual([
      ['name', 'remark'],
      ['code'],
      ['name', 'remark'],
    ]);
    expect(withTextIndex({ identifiers: ['code'], pairs: ['name'] }).textPairs).toEqual(['name']);
    expect(withTextIndex({ pairs: [] }).textPairs).toBeUndefined();
    expect(() => withTextIndex({ identifiers: ['code'], pairs: ['code'] })).toThrow(
      /pairs code is not a keyword field outside the identifiers/,
    );
    expect(withTextIndex(false).textPairs).toBeUndefined();
  });
});

describe('enum columns', () => {
  it('carry what each value means, in each language, where the declaration says', () => {
    const status = col.intEnum([0, 1], {
      label: label('状态', '狀態', 'Status'),
      valueLabels: { 0: label('停用', '停用', 'Off'), 1: label('启用', '啟用', 'On') },
    });
    expect(status.values).toEqual([0, 1]);
    expect(status.valueLabels?.['1']?.en).toBe('On');
    expect(demo.columns.status.valueLabels).toBeUndefined();
    expect(sysParam.columns.dataType.valueLabels?.[2]?.['zh-tw']).toBe('檔案');
    col.stringEnum(['a', 'b'], {
      label: label('级别', '級別', 'Level'),
      // @ts-expect-error: every value needs its label ("b" has none)
      valueLabels: { a: label('甲', '甲', 'A') },
    });
  });
});

describe('the registry', () => {
  it('has one declaration per prefix and one endpoint per url and method', () => {
    // A second declaration of a prefix only holds the other method of a url the first has (message
    // preferences: GET reads, POST saves), since an action names one method.
    const first = new Map<string, (typeof declarations)[number]>();
    for (const d of declarations) {
      const earlier = first.get(d.prefix);
      if (!earlier) {
        first.set(d.prefix, d);
        continue;
      }
      for (const e of d.endpoints) {
        const twin = earlier.endpoints.find((o) => o.url === e.url);
        expect(twin, `${e.url} repeats its prefix without a twin`).toBeDefined();
        expect(twin?.method).not.toBe(e.method);
      }
    }
    const calls = declarations.flatMap((d) => d.endpoints.map((e) => `${e.method} ${e.url}`));
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('gives every perm endpoint the permission its url spells', () => {
    for (const d of declarations) {
      for (const e of d.endpoints) {
        // A call another's grant covers (permAs: the reports' tables under customer:report:view)
        // names that permission instead of its own.
        if (e.auth === 'perm') {
          const spelled = e.url.replace(/^\/admin\//, '').split('/');
          if (e.url.startsWith('/admin/customer/report/'))
            spelled.splice(-1, 1, e.action === 'export' ? 'export' : 'view');
          expect(e.perm).toBe(spelled.join(':'));
        }
        // An open endpoint may still hold a caller who sends a token to its permission (sessionPerm).
        else if (e.auth === 'open' && e.perm !== null)
          expect(e.perm).toBe(
            e.url
              .replace(/^\/admin\//, '')
              .split('/')
              .join(':'),
          );
        else expect(e.perm).toBeNull();
      }
    }
  });
});
