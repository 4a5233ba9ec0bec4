import { col, defineEntity, label } from '@backroom/contract';
import { z } from 'zod';

/**
 * A test-only entity with a column of every kind the derived screen reads, as a plain module would
 * declare it (crud-defaults.test.tsx, crud-types.test.tsx). Not served by the server.
 */
export const testGoods = defineEntity({
  module: 'demo',
  path: 'goods',
  entityName: 'DemoGoodsEntity',
  table: 'demo_goods',
  label: label('商品', '商品', 'Goods'),
  columns: {
    title: col.string({ label: label('标题', '標題', 'Title'), min: 1, max: 50 }),
    price: col.decimal({ label: label('价格', '價格', 'Price'), min: 0 }),
    stock: col.int({ label: label('库存', '庫存', 'Stock'), min: 0, max: 9999, default: 0 }),
    status: col.intEnum([0, 1], {
      label: label('状态', '狀態', 'Status'),
      default: 1,
      valueLabels: { 0: label('下架', '下架', 'Withdrawn'), 1: label('在售', '在售', 'On sale') },
    }),
    onSale: col.bool({ label: label('促销', '促銷', 'Promoted'), default: false }),
    kind: col.string({ label: label('品类', '品類', 'Kind'), nullable: true, max: 50, dict: 'goodsType' }),
    detail: col.text({ label: label('详情', '詳情', 'Detail'), nullable: true }),
    images: col.json(z.array(z.string()), { label: label('图片', '圖片', 'Images'), default: [] }),
    publishAt: col.datetime({ label: label('上架时间', '上架時間', 'Published at'), nullable: true }),
  },
  query: { keyWordLikeFields: ['title'], fieldEq: ['status', 'onSale', 'kind', 'price'] },
  joined: { shopName: { label: label('门店', '門店', 'Shop'), type: 'string' } },
  extra: {
    publish: { method: 'post', summary: label('发布', '發佈', 'Publish'), input: z.object({ id: z.number() }) },
  },
});
