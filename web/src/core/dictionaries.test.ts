import type { DictData } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { dictItemsOf, dictLabel, dictOptions, itemTree } from './dictionaries';

/** Shaped as dict/info/data answers (the family's wire sample): flat, by orderNum, numeric values as numbers. */
const DATA: DictData = {
  occupation: [
    {
      id: 23,
      typeId: 20,
      name: '法师',
      labels: { 'zh-cn': '法师', 'zh-tw': '法师', en: '法师' },
      value: 4,
      orderNum: 1,
      parentId: null,
    },
    {
      id: 30,
      typeId: 20,
      name: '幻影刺客',
      labels: { 'zh-cn': '幻影刺客', 'zh-tw': '幻影刺客', en: '幻影刺客' },
      value: 5,
      orderNum: 1,
      parentId: 26,
    },
    {
      id: 24,
      typeId: 20,
      name: '战士',
      labels: { 'zh-cn': '战士', 'zh-tw': '战士', en: '战士' },
      value: 3,
      orderNum: 2,
      parentId: null,
    },
    {
      id: 26,
      typeId: 20,
      name: '刺客',
      labels: { 'zh-cn': '刺客', 'zh-tw': '刺客', en: '刺客' },
      value: 1,
      orderNum: 4,
      parentId: null,
    },
    {
      id: 27,
      typeId: 20,
      name: '射手',
      labels: { 'zh-cn': '射手', 'zh-tw': '射手', en: '射手' },
      value: 0,
      orderNum: 5,
      parentId: null,
    },
  ],
  brand: [
    {
      id: 21,
      typeId: 19,
      name: 'COOL',
      labels: { 'zh-cn': 'COOL', 'zh-tw': 'COOL', en: 'COOL' },
      value: 'cool',
      orderNum: 1,
      parentId: null,
    },
  ],
};

describe('dictionary data on the client', () => {
  it('names each item in the language asked for, its name where the server sent no labels', () => {
    const labelled: DictData = {
      customerType: [
        {
          id: 3,
          typeId: 7,
          name: 'VIP客户',
          labels: { 'zh-cn': 'VIP客户', 'zh-tw': 'VIP客戶', en: 'VIP customer' },
          value: 'vip',
          orderNum: 1,
          parentId: null,
        },
      ],
    };
    expect(dictLabel(dictItemsOf(labelled, 'customerType', 'en'), 'vip')).toBe('VIP customer');
    expect(dictLabel(dictItemsOf(labelled, 'customerType', 'zh-tw'), 'vip')).toBe('VIP客戶');
    expect(dictOptions(dictItemsOf(labelled, 'customerType', 'en'))).toEqual([{ label: 'VIP customer', value: 'vip' }]);
    // An older server's answer without labels: the name it sent.
    const [item] = labelled.customerType ?? [];
    const old = { customerType: [{ ...item, labels: undefined }] } as unknown as DictData;
    expect(dictLabel(dictItemsOf(old, 'customerType', 'en'), 'vip')).toBe('VIP客户');
  });

  it('gives each item its type key and keeps the server order', () => {
    const items = dictItemsOf(DATA, 'occupation');
    expect(items.map((i) => i.id)).toEqual([23, 30, 24, 26, 27]);
    expect(items.every((i) => i.type === 'occupation')).toBe(true);
    expect(dictItemsOf(DATA, 'missing')).toEqual([]);
    expect(dictItemsOf(undefined, 'brand')).toEqual([]);
  });

  it('nests options by parentId, siblings in server order', () => {
    const options = dictOptions(itemTree(dictItemsOf(DATA, 'occupation')));
    expect(options).toEqual([
      { label: '法师', value: 4 },
      { label: '战士', value: 3 },
      { label: '刺客', value: 1, children: [{ label: '幻影刺客', value: 5 }] },
      { label: '射手', value: 0 },
    ]);
  });

  it('labels a value whether it comes as a number or as text, lists too, and falls back to the value', () => {
    const items = dictItemsOf(DATA, 'occupation');
    expect(dictLabel(items, 4)).toBe('法师');
    expect(dictLabel(items, '4')).toBe('法师');
    // Zero is a value, not "empty".
    expect(dictLabel(items, 0)).toBe('射手');
    expect(dictLabel(items, 5)).toBe('幻影刺客');
    expect(dictLabel(items, [4, 3])).toBe('法师, 战士');
    expect(dictLabel(items, 99)).toBe('99');
    expect(dictLabel(items, null)).toBe('');
    expect(dictLabel(items, '')).toBe('');
    expect(dictLabel(dictItemsOf(DATA, 'brand'), 'cool')).toBe('COOL');
  });

  it('builds trees without changing the rows, orphans as roots, leaves without children', () => {
    const rows = [
      { id: 1, parentId: null, name: 'a' },
      { id: 2, parentId: 1, name: 'b' },
      { id: 3, parentId: 99, name: 'orphan' },
    ];
    const tree = itemTree(rows);
    expect(tree.map((r) => r.id)).toEqual([1, 3]);
    expect(tree[0]?.children?.map((r) => r.id)).toEqual([2]);
    expect(tree[1]?.children).toBeUndefined();
    expect(rows[0]).toEqual({ id: 1, parentId: null, name: 'a' });
  });
});
