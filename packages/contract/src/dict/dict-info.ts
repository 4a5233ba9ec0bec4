import { z } from 'zod';
import { col } from '../core/columns.js';
import { defineEntity, type RowOf, returns } from '../core/entity.js';
import { label } from '../core/i18n.js';
import type { DictType } from './dict-type.js';

/** Body of dict/info/data: the type keys wanted; empty or absent means every type. */
export const dictDataInputSchema = z.object({
  types: z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? [v] : v),
    z.array(z.string().max(100)).max(500).optional(),
  ),
});
export type DictDataInput = z.infer<typeof dictDataInputSchema>;

export const dictInfo = defineEntity({
  module: 'dict',
  path: 'info',
  entityName: 'DictInfoEntity',
  table: 'dict_info',
  label: label('字典项', '字典項', 'Dictionary item'),
  columns: {
    typeId: col.int({ label: label('类型ID', '類型ID', 'Type'), min: 1, index: true }),
    name: col.string({ label: label('名称', '名稱', 'Name'), min: 1, max: 100 }),
    // Empty means "the item's id" (docs/spec.md §3); the data call answers the id then.
    value: col.string({ label: label('值', '值', 'Value'), nullable: true, max: 500 }),
    orderNum: col.int({ label: label('排序', '排序', 'Order'), default: 0 }),
    remark: col.string({ label: label('备注', '備註', 'Remark'), nullable: true, max: 500 }),
    parentId: col.int({ label: label('父ID', '父ID', 'Parent'), nullable: true, min: 1, index: true }),
  },
  query: { keyWordLikeFields: ['name', 'value'], fieldEq: ['typeId', 'parentId'] },
  defaultOrder: { column: 'orderNum', sort: 'asc' },
  extra: {
    types: {
      method: 'get',
      auth: 'open',
      summary: label('获得所有字典类型', '取得所有字典類型', 'All dictionary types'),
      output: returns<DictType[]>(),
    },
    data: {
      method: 'post',
      auth: 'login',
      summary: label('获得字典数据', '取得字典資料', 'Dictionary data'),
      input: dictDataInputSchema,
      output: returns<DictData>(),
    },
  },
});

export type DictInfo = RowOf<typeof dictInfo.columns>;

/**
 * One item of the data map, as the family's server sends it: a numeric value travels as a number,
 * an empty value as the item's id. Items come flat, ordered by orderNum; parentId makes the tree.
 */
export type DictDataItem = {
  id: number;
  typeId: number;
  name: string;
  value: string | number;
  orderNum: number;
  parentId: number | null;
};

/** dict/info/data's answer: type key → its items. */
export type DictData = Record<string, DictDataItem[]>;

/** A value as the data map carries it: numeric text becomes a number where that loses nothing. */
export function dictWireValue(value: string | null, id: number): string | number {
  if (value === null || value === '') return id;
  const n = Number(value);
  return value.trim() === value && Number.isFinite(n) && String(n) === value ? n : value;
}
