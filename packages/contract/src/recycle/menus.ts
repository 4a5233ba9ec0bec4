import { defineMenus, menuDirectory, menuPage, permRow } from '../core/menu.js';
import { recycleData } from './recycle-data.js';

/** One permission row per endpoint, named by its summary as the family names them (恢复数据…). */
const permRows = recycleData.endpoints.flatMap((e) => (e.perm === null ? [] : [permRow(e.summary['zh-cn'], [e.perm])]));

/** The recycle bin under "数据管理", with the family's router and view path. */
export const recycleMenus = defineMenus('recycle', '1', [
  menuDirectory('数据管理', 'icon-data', 7, [
    menuPage('数据回收站', '/recycle/data', 'modules/recycle/views/data.vue', 'icon-delete', 6, permRows),
  ]),
]);
