import { col } from '../core/columns.js';
import { defineEntity, type EntityRowOf } from '../core/entity.js';
import { label } from '../core/i18n.js';

/**
 * The audit of masked fields shown in clear: who, which record of which entity, which field, why
 * and when. Written by the reveal calls only; read-only for everyone.
 */
export const customerRevealLog = defineEntity({
  module: 'customer',
  path: 'revealLog',
  entityName: 'CustomerRevealLogEntity',
  table: 'customer_reveal_log',
  label: label('敏感信息查看记录', '敏感資訊查看記錄', 'Masked-field audit'),
  standard: ['page'],
  columns: {
    userId: col.int({ label: label('操作人', '操作人', 'Operator'), index: true }),
    /** The entity's table (customer_info, customer_activity). */
    target: col.string({ label: label('对象', '對象', 'Record type'), max: 100 }),
    recordId: col.int({ label: label('记录', '記錄', 'Record'), index: true }),
    field: col.string({ label: label('字段', '欄位', 'Field'), max: 100 }),
    reason: col.string({ label: label('原因', '原因', 'Reason'), max: 200 }),
  },
  query: { keyWordLikeFields: ['reason', 'field'], fieldEq: ['userId', 'target', 'recordId'] },
  joined: {
    userName: { label: label('操作人', '操作人', 'Operator'), type: 'string' },
    /** The customer's name: the customer's own, or for an activity the name it was recorded for. */
    recordName: { label: label('客户', '客戶', 'Customer'), type: 'string' },
  },
});

export type CustomerRevealLog = EntityRowOf<typeof customerRevealLog>;
