import { z } from 'zod';
import { col } from '../core/columns.js';
import { defineEntity } from '../core/entity.js';
import { label } from '../core/i18n.js';

export const GOODS_STATUS = [0, 1] as const;
/** The most example pictures one goods row holds. */
export const GOODS_IMAGES_MAX = 9;
/** The dictionary whose items label a goods row's type (seeded; its values are numbers as text). */
export const GOODS_TYPE_DICT = 'goodsType';

/**
 * The CRUD demo's goods (docs/spec.md §3 DemoGoods): a column of every kind the CRUD page kit
 * shows, from money to rich text and pictures. The page adds the owner's nickname.
 */
export const demoGoods = defineEntity({
  module: 'demo',
  path: 'goods',
  entityName: 'DemoGoodsEntity',
  table: 'demo_goods',
  label: label('商品', '商品', 'Goods'),
  columns: {
    title: col.string({ label: label('标题', '標題', 'Title'), min: 1, max: 50 }),
    price: col.decimal({ label: label('价格', '價格', 'Price'), min: 0 }),
    description: col.text({ label: label('描述', '描述', 'Description'), nullable: true, input: 'richText' }),
    mainImage: col.string({ label: label('主图', '主圖', 'Main picture'), nullable: true, max: 500, input: 'image' }),
    type: col.int({ label: label('类型', '類型', 'Type'), nullable: true, dict: GOODS_TYPE_DICT }),
    status: col.intEnum(GOODS_STATUS, {
      label: label('状态', '狀態', 'Status'),
      default: 1,
      valueLabels: { 0: label('禁用', '停用', 'Disabled'), 1: label('启用', '啟用', 'Enabled') },
    }),
    exampleImages: col.json(z.array(z.string().min(1).max(500)).max(GOODS_IMAGES_MAX), {
      label: label('示例图', '示例圖', 'Example pictures'),
      nullable: true,
      input: 'images',
    }),
    stock: col.int({ label: label('库存', '庫存', 'Stock'), min: 0, default: 0 }),
    // Set by the server to the operator who adds the row (never from a body); the page shows their nickname.
    userId: col.int({ label: label('创建者', '建立者', 'Owner'), nullable: true, index: true, hidden: true }),
  },
  query: { keyWordLikeFields: ['description'], fieldEq: ['status', 'type'], fieldLike: ['title'] },
  joined: { nickName: { label: label('创建者昵称', '建立者暱稱', "Owner's nickname"), type: 'string' } },
  excel: {
    columns: ['title', 'price', 'type', 'status', 'stock', 'mainImage'],
    example: { title: '苹果', price: 5.5 },
  },
});
