import { col } from '../core/columns.js';
import { defineEntity, type RowOf } from '../core/entity.js';
import { label } from '../core/i18n.js';

/** File categories of the file space; they nest through parentId. */
export const spaceType = defineEntity({
  module: 'space',
  path: 'type',
  entityName: 'SpaceTypeEntity',
  table: 'space_type',
  label: label('文件分类', '檔案分類', 'File category'),
  columns: {
    name: col.string({ label: label('类别名称', '類別名稱', 'Category name'), min: 1, max: 100 }),
    parentId: col.int({ label: label('父分类ID', '父分類ID', 'Parent category'), nullable: true, index: true }),
  },
  query: { keyWordLikeFields: ['name'], fieldEq: ['parentId'] },
  defaultOrder: { column: 'id', sort: 'asc' },
});

export type SpaceType = RowOf<typeof spaceType.columns>;
