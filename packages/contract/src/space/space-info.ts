import { z } from 'zod';
import { col } from '../core/columns.js';
import { defineEntity, type RowOf } from '../core/entity.js';
import { label } from '../core/i18n.js';
import { FILE_TYPE_GROUPS } from './file-types.js';

/** An address the file space may hold: one of ours (/upload/…) or an http(s) URL; never javascript: or data:. */
export const FILE_URL_PATTERN = /^(https?:\/\/[^\s/?#]+|\/upload)\/[^\s]*$/i;

const url = col.string({ label: label('地址', '地址', 'URL'), min: 1, max: 500 });

/** One file of the file space: where it is (url, key), what it is (type, name, size) and its category. */
export const spaceInfo = defineEntity({
  module: 'space',
  path: 'info',
  entityName: 'SpaceInfoEntity',
  table: 'space_info',
  label: label('文件', '檔案', 'File'),
  columns: {
    // The column's own rule plus the address check, so forms and the server refuse the same values.
    url: { ...url, schema: z.string().min(1).max(500).regex(FILE_URL_PATTERN) },
    type: col.stringEnum(FILE_TYPE_GROUPS, { label: label('类型', '類型', 'Type'), default: 'other', index: true }),
    classifyId: col.int({ label: label('分类ID', '分類ID', 'Category'), nullable: true, index: true }),
    fileId: col.string({ label: label('文件ID', '檔案ID', 'File ID'), nullable: true, max: 100 }),
    name: col.string({ label: label('文件名', '檔案名稱', 'File name'), min: 1, max: 255 }),
    size: col.int({ label: label('文件大小', '檔案大小', 'Size'), min: 0, default: 0 }),
    version: col.int({ label: label('版本', '版本', 'Version'), min: 1, default: 1 }),
    key: col.string({ label: label('文件key', '檔案key', 'Key'), nullable: true, max: 500 }),
    /** Who added the file (set by the server); a clerk sees and touches only their own. */
    userId: col.int({ label: label('上传者', '上傳者', 'Uploaded by'), nullable: true, index: true, hidden: true }),
  },
  query: { keyWordLikeFields: ['name'], fieldEq: ['type', 'classifyId'] },
  defaultOrder: { column: 'id', sort: 'desc' },
});

export type SpaceInfo = RowOf<typeof spaceInfo.columns>;
