import { defineMenus, menuDirectory, menuPage, permRow } from '../core/menu.js';
import { spaceInfo } from './space-info.js';
import { spaceType } from './space-type.js';

const info = spaceInfo.perms;
const type = spaceType.perms;

/** Everything the file picker needs, for roles that pick files on other screens (avatars, file parameters). */
const pickerPerms = [info.page, info.list, info.info, info.add, type.list, type.add];

/** The file space's menus, with the family's names and view path. */
export const spaceMenus = defineMenus('space', '1', [
  menuDirectory('数据管理', 'icon-data', 7, [
    menuPage('文件管理', '/space/list', 'modules/space/views/list.vue', 'icon-log', 5, [
      permRow('查询', [info.page, info.list, info.info, type.list, type.page, type.info], 1),
      permRow('上传', [info.add], 2),
      permRow('修改', [info.info, info.update], 3),
      permRow('删除', [info.delete], 4),
      permRow('分类管理', [type.list, type.add, type.update, type.delete], 5),
    ]),
  ]),
  // A hidden group of permissions other screens rely on, as in the family's menus.
  {
    ...menuDirectory('通用', 'icon-radioboxfill', 99, [permRow('图片上传', pickerPerms, 1)]),
    isShow: false,
  },
]);
