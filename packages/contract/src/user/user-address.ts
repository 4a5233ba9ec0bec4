import { col } from '../core/columns.js';
import { defineEntity, type EntityRowOf } from '../core/entity.js';
import { label } from '../core/i18n.js';

const addressColumns = {
  userId: col.int({ label: label('用户', '用戶', 'App user'), index: true }),
  contact: col.string({ label: label('联系人', '聯絡人', 'Contact'), min: 1, max: 100 }),
  /** Masked to staff as the user's own phone is; the user's own calls answer it in clear. */
  phone: col.string({
    label: label('手机号', '手機號', 'Phone'),
    min: 1,
    // A landline or a number abroad is kept in E.164 (+861012345678): longer than a mobile's 11.
    max: 20,
    sensitive: 'phone',
    format: 'phone',
  }),
  province: col.string({ label: label('省', '省', 'Province'), max: 50, default: '' }),
  city: col.string({ label: label('市', '市', 'City'), max: 50, default: '' }),
  district: col.string({ label: label('区', '區', 'District'), max: 50, default: '' }),
  address: col.string({ label: label('地址', '地址', 'Address'), min: 1, max: 255 }),
  /** At most one per user: setting it clears the others, in one transaction. */
  isDefault: col.bool({ label: label('默认', '預設', 'Default'), default: false }),
};

/** An app user's delivery addresses. */
export const userAddress = defineEntity({
  module: 'user',
  path: 'address',
  entityName: 'UserAddressEntity',
  table: 'user_address',
  label: label('收货地址', '收貨地址', 'Address'),
  columns: addressColumns,
  query: {
    keyWordLikeFields: ['contact', 'phone', 'address'],
    fieldEq: ['userId', 'isDefault'],
  },
  defaultOrder: { column: 'isDefault', sort: 'desc' },
});

export type UserAddress = EntityRowOf<typeof userAddress>;
export { addressColumns };
