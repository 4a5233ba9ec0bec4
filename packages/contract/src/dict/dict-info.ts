import { z } from 'zod';
import { col } from '../core/columns.js';
import { defineEntity, type RowOf, returns } from '../core/entity.js';
import { type Locale, label } from '../core/i18n.js';
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
    // The item's label in each UI language; an empty one shows `name` (dictItemLabel).
    nameZhCn: col.string({ label: label('简体名称', '簡體名稱', 'Name (Simplified)'), nullable: true, max: 100 }),
    nameZhTw: col.string({ label: label('繁体名称', '繁體名稱', 'Name (Traditional)'), nullable: true, max: 100 }),
    nameEn: col.string({ label: label('英文名称', '英文名稱', 'Name (English)'), nullable: true, max: 100 }),
    // Empty means "the item's id" (docs/spec.md §3); the data call answers the id then.
    value: col.string({ label: label('值', '值', 'Value'), nullable: true, max: 500 }),
    orderNum: col.int({ label: label('排序', '排序', 'Order'), default: 0 }),
    remark: col.string({ label: label('备注', '備註', 'Remark'), nullable: true, max: 500 }),
    parentId: col.int({ label: label('父ID', '父ID', 'Parent'), nullable: true, min: 1, index: true }),
  },
  query: { keyWordLikeFields: ['name', 'nameZhCn', 'nameZhTw', 'nameEn', 'value'], fieldEq: ['typeId', 'parentId'] },
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

/** The columns that hold an item's label in each UI language. */
export const DICT_LABEL_COLUMNS = { 'zh-cn': 'nameZhCn', 'zh-tw': 'nameZhTw', en: 'nameEn' } as const satisfies Record<
  Locale,
  string
>;

/** An item's label in a language: its own for that language, else its name. */
export function dictItemLabel(
  item: { name: string } & Partial<Record<(typeof DICT_LABEL_COLUMNS)[Locale], string | null>>,
  locale: Locale,
): string {
  const own = item[DICT_LABEL_COLUMNS[locale]];
  return typeof own === 'string' && own.trim() !== '' ? own : item.name;
}

/** An item's label in every UI language (each falling back to its name). */
export function dictItemLabels(
  item: { name: string } & Partial<Record<(typeof DICT_LABEL_COLUMNS)[Locale], string | null>>,
): Record<Locale, string> {
  return {
    'zh-cn': dictItemLabel(item, 'zh-cn'),
    'zh-tw': dictItemLabel(item, 'zh-tw'),
    en: dictItemLabel(item, 'en'),
  };
}

/**
 * One item of the data map, as the family's server sends it: a numeric value travels as a number,
 * an empty value as the item's id. Items come flat, ordered by orderNum; parentId makes the tree.
 * `name` is the label in the request's language (the family's clients show it); `labels` holds it
 * in every UI language, so a client switching languages needs no new call.
 */
export type DictDataItem = {
  id: number;
  typeId: number;
  name: string;
  labels: Record<Locale, string>;
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
