import { defineMenus, menuDirectory, menuPage, permRow } from '../core/menu.js';
import { customerActivity } from './customer-activity.js';
import { customerInfo } from './customer-info.js';
import { customerInvitationRecord } from './customer-invitation-record.js';
import { customerRevealLog } from './customer-reveal.js';

const info = customerInfo.perms;
const invitation = customerInvitationRecord.perms;
const activity = customerActivity.perms;

/**
 * The customer directory: customer info, invitation records, activities and the masked-field
 * audit. Every page's first row is what reading it needs; each write is a grant of its own.
 */
export const customerMenus = defineMenus('customer', '2', [
  menuDirectory('客户管理', 'icon-user', 3, [
    menuPage('客户信息', '/customer/info', 'modules/customer/views/info.vue', 'icon-user', 1, [
      permRow(
        '查询',
        [info.page, info.list, info.info, info.findPage, info.findAll, info.details, info.total, info.homeBaseData],
        1,
      ),
      permRow('新增', [info.add, info.create, info.preCreate], 2),
      permRow('修改', [info.info, info.update, info.batchUpdate, info.remove], 3),
      permRow('删除', [info.delete, info.batchDelete], 4),
      permRow('客户交接', [info.handOver], 5),
      permRow('查看敏感信息', [info.reveal], 6),
      permRow('导出', [info.export], 7),
      permRow('导入', [info.import, info.importCheck, info.importCommit], 8),
    ]),
    menuPage('邀约记录', '/customer/invitation', 'modules/customer/views/invitation.vue', 'icon-time', 2, [
      permRow('查询', [invitation.page, invitation.list, invitation.info, invitation.findPage], 1),
      permRow('新增', [invitation.add, invitation.create], 2),
      permRow('修改', [invitation.info, invitation.update], 3),
      permRow('删除', [invitation.delete], 4),
      permRow('导出', [invitation.export], 5),
    ]),
    menuPage('福利活动', '/customer/activity', 'modules/customer/views/activity.vue', 'icon-activity', 3, [
      permRow('查询', [activity.page, activity.list, activity.info, activity.findPage], 1),
      permRow('新增', [activity.create], 2),
      permRow('修改', [activity.info, activity.update], 3),
      permRow('删除', [activity.delete], 4),
      permRow('查看敏感信息', [activity.reveal], 5),
      permRow('导出', [activity.export], 6),
      permRow('导入', [activity.import, activity.importCheck, activity.importCommit], 7),
    ]),
    menuPage('查看记录', '/customer/reveal-log', 'modules/customer/views/reveal-log.vue', 'icon-log', 4, [
      permRow('查询', [customerRevealLog.perms.page], 1),
    ]),
  ]),
]);
