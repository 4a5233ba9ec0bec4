import { z } from 'zod';
import { col } from '../core/columns.js';
import { defineEntity, idsSchema, type RowOf, returns } from '../core/entity.js';
import { label } from '../core/i18n.js';

/** Days a recycle record is kept when the `recycleKeep` parameter does not say otherwise. */
export const DEFAULT_RECYCLE_KEEP_DAYS = 31;
/** The parameter (base/sys/param keyName) that sets how many days recycle records are kept. */
export const RECYCLE_KEEP_PARAM = 'recycleKeep';

/** Which entity a recycle record holds: the family's fields plus the module and table to restore into. */
export const recycleEntityInfoSchema = z.object({
  dataSourceName: z.string(),
  entity: z.string(),
  module: z.string(),
  table: z.string(),
  /**
   * Ids of rows the recorded call added (an import batch): a restore deletes them, and writes the
   * record's rows back over the rows the call changed.
   */
  added: z.array(z.number()).optional(),
});
export type RecycleEntityInfo = z.infer<typeof recycleEntityInfoSchema>;

/** The rows of one table exactly as they were stored before the delete. */
export const recycleSetSchema = z.object({
  table: z.string(),
  rows: z.array(z.record(z.string(), z.unknown())),
});
export type RecycleSet = z.infer<typeof recycleSetSchema>;

export const recycleData = defineEntity({
  module: 'recycle',
  path: 'data',
  entityName: 'RecycleDataEntity',
  table: 'recycle_data',
  label: label('数据回收站', '資料回收站', 'Recycle bin'),
  standard: ['page', 'info'],
  columns: {
    entityInfo: col.json(recycleEntityInfoSchema, { label: label('实体信息', '實體資訊', 'Entity') }),
    userId: col.int({ label: label('操作人', '操作人', 'Operator'), nullable: true, index: true }),
    // The deleted entity's rows, as the family stores them (a flat array of rows).
    data: col.json(z.array(z.record(z.string(), z.unknown())), {
      label: label('被删除的数据', '被刪除的資料', 'Deleted data'),
    }),
    // Our addition: the rows that went with them (join rows, children), per table, so a restore is whole.
    related: col.json(z.array(recycleSetSchema), {
      label: label('关联删除的数据', '關聯刪除的資料', 'Deleted with it'),
      nullable: true,
    }),
    url: col.string({ label: label('请求的接口', '請求的介面', 'Request address'), max: 255, index: true }),
    params: col.json(z.unknown(), { label: label('请求参数', '請求參數', 'Parameters'), nullable: true }),
    count: col.int({ label: label('删除数量', '刪除數量', 'Count'), default: 1, min: 0 }),
    // Set once the rows are back: a record is restored at most once.
    restoreTime: col.datetime({ label: label('恢复时间', '恢復時間', 'Restored at'), nullable: true }),
  },
  query: { keyWordLikeFields: ['url'], fieldEq: ['userId'] },
  joined: { userName: { label: label('操作人', '操作人', 'Operator'), type: 'string' } },
  defaultOrder: { column: 'id', sort: 'desc' },
  extra: {
    restore: {
      method: 'post',
      summary: label('恢复数据', '恢復資料', 'Restore'),
      input: idsSchema,
      output: returns<undefined>(),
    },
  },
});

export type RecycleData = RowOf<typeof recycleData.columns> & { userName?: string | null };
