import { defineMenus, menuDirectory, menuPage, permRow } from '../core/menu.js';
import { dictInfo } from './dict-info.js';
import { dictType } from './dict-type.js';

const info = dictInfo.perms;
const type = dictType.perms;

/**
 * The dictionary screen under "数据管理", with the family's router and view path (permmenu wire
 * sample). The directory merges with the one the recycle bin seeds (same name, type and router).
 * Reading the screen needs the types as well as the items; managing types is a grant of its own.
 */
export const dictMenus = defineMenus('dict', '1', [
  menuDirectory('数据管理', 'icon-data', 7, [
    menuPage('字典管理', '/dict/list', 'modules/dict/views/list.vue', 'icon-dict', 3, [
      permRow('查询', [info.page, info.list, info.info, type.page, type.list, type.info], 1),
      permRow('新增', [info.add], 2),
      permRow('修改', [info.info, info.update], 3),
      permRow('删除', [info.delete], 4),
      permRow('类型管理', [type.add, type.update, type.delete], 5),
    ]),
  ]),
]);
