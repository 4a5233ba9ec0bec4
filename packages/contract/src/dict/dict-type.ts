import { col } from '../core/columns.js';
import { defineEntity, type RowOf } from '../core/entity.js';
import { label } from '../core/i18n.js';

/**
 * A dictionary type's key: what screens ask for (`useDict('goodsType')`) and what the data map is
 * keyed by, so it is a code, not a title: a letter or underscore, then letters, digits and `_ . : -`.
 */
export const DICT_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

export const dictType = defineEntity({
  module: 'dict',
  path: 'type',
  entityName: 'DictTypeEntity',
  table: 'dict_type',
  label: label('字典类型', '字典類型', 'Dictionary type'),
  columns: {
    name: col.string({ label: label('名称', '名稱', 'Name'), min: 1, max: 100 }),
    // Unique: the data map is keyed by it, two types with one key would hide each other.
    key: col.string({ label: label('标识', '標識', 'Key'), min: 1, max: 100, unique: true }),
  },
  query: { keyWordLikeFields: ['name', 'key'] },
  defaultOrder: { column: 'id', sort: 'asc' },
});

export type DictType = RowOf<typeof dictType.columns>;
