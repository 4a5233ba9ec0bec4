import { defineMenus, menuDirectory, menuPage, permRow } from '../core/menu.js';
import { userAddress } from './user-address.js';
import { userInfo } from './user-info.js';

const info = userInfo.perms;
const address = userAddress.perms;

/**
 * The app users (mini program, official account, H5) and their addresses, read and changed by staff.
 * Named 会员 (members): the staff's own 用户列表 is base's, and menus are translated by their name.
 */
export const userMenus = defineMenus('user', '1', [
  menuDirectory('会员管理', 'icon-user', 4, [
    menuPage('会员列表', '/user/list', 'modules/user/views/list.vue', 'icon-user', 1, [
      permRow('查询', [info.page, info.list, info.info, info.details, address.page, address.list, address.info], 1),
      permRow('新增', [info.add], 2),
      permRow('修改', [info.info, info.update], 3),
      permRow('删除', [info.delete], 4),
      permRow('查看敏感信息', [info.reveal], 5),
      permRow('地址管理', [address.add, address.update, address.delete], 6),
    ]),
  ]),
]);
