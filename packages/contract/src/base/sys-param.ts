import { z } from 'zod';
import { col } from '../core/columns.js';
import { defineEntity, type RowOf } from '../core/entity.js';
import { label } from '../core/i18n.js';

/** 0 string, 1 rich text, 2 file. */
export const PARAM_DATA_TYPES = [0, 1, 2] as const;
export type ParamDataType = (typeof PARAM_DATA_TYPES)[number];

export const sysParam = defineEntity({
  module: 'base',
  path: 'sys/param',
  entityName: 'BaseSysParamEntity',
  table: 'base_sys_param',
  label: label('参数', '參數', 'Parameter'),
  columns: {
    keyName: col.string({ label: label('键', '鍵', 'Key'), min: 1, max: 100, unique: true }),
    name: col.string({ label: label('名称', '名稱', 'Name'), min: 1, max: 100 }),
    data: col.text({ label: label('数据', '資料', 'Data'), nullable: true }),
    dataType: col.intEnum(PARAM_DATA_TYPES, {
      label: label('类型', '類型', 'Type'),
      default: 0,
      valueLabels: {
        0: label('字符串', '字串', 'Text'),
        1: label('富文本', '富文字', 'Rich text'),
        2: label('文件', '檔案', 'File'),
      },
    }),
    remark: col.string({ label: label('备注', '備註', 'Remark'), nullable: true, max: 500 }),
  },
  query: { keyWordLikeFields: ['name', 'keyName'], fieldEq: ['dataType'] },
  extra: {
    html: {
      method: 'get',
      summary: label('获得网页内容的参数值', '取得網頁內容的參數值', 'Parameter as HTML'),
      input: z.object({ key: z.string().min(1).max(100) }),
    },
  },
});

export type SysParam = RowOf<typeof sysParam.columns>;
