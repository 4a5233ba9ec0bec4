import { baseCoding } from './base/coding.js';
import { appBaseComm, baseComm } from './base/comm.js';
import {
  baseAiCodeMenus,
  baseAuditMenus,
  baseCodingMenus,
  baseMenus,
  baseSessionMenus,
  baseStaffMenus,
} from './base/menus.js';
import {
  baseMessage,
  baseMessageMenus,
  baseMessagePref,
  baseMessageSave,
  baseMessageTable,
  baseNotice,
} from './base/message.js';
import { baseOpen } from './base/open.js';
import { sysAudit, sysAuditInbox } from './base/sys-audit.js';
import { sysDepartment } from './base/sys-department.js';
import { sysLog } from './base/sys-log.js';
import { sysMenu } from './base/sys-menu.js';
import { sysParam } from './base/sys-param.js';
import { sysRole } from './base/sys-role.js';
import { sysSession } from './base/sys-session.js';
import { sysUser } from './base/sys-user.js';
import {
  sysBusEvent,
  sysConf,
  sysMoveIn,
  sysPasswordHistory,
  sysRecoveryCode,
  sysRevoked,
  sysRoleDepartment,
  sysRoleMenu,
  sysUserRole,
} from './base/tables.js';
import type { Declaration } from './core/entity.js';
import type { ModuleMenus } from './core/menu.js';
import type { TableDecl } from './core/table.js';
import { customerActivity } from './customer/customer-activity.js';
import { customerInfo } from './customer/customer-info.js';
import { customerInvitationRecord } from './customer/customer-invitation-record.js';
import { customerReport, customerReportMenus } from './customer/customer-report.js';
import { customerRevealLog } from './customer/customer-reveal.js';
import { customerMenus } from './customer/menus.js';
import { demoGoods } from './demo/demo-goods.js';
import { demoTenant } from './demo/demo-tenant.js';
import { demoHome, demoHomeMenus } from './demo/home.js';
import { demoMenus } from './demo/menus.js';
import { dictInfo } from './dict/dict-info.js';
import { dictType } from './dict/dict-type.js';
import { dictMenus } from './dict/menus.js';
import { helperTransformMenus } from './helper/menus.js';
import { pluginMenus } from './plugin/menus.js';
import { pluginInfo } from './plugin/plugin-info.js';
import { recycleMenus } from './recycle/menus.js';
import { recycleData } from './recycle/recycle-data.js';
import { spaceMenus } from './space/menus.js';
import { spaceInfo } from './space/space-info.js';
import { spaceType } from './space/space-type.js';
import { taskMenus } from './task/menus.js';
import { taskInfo, taskLog } from './task/task-info.js';
import { appUserAddress, appUserInfo } from './user/app.js';
import { userMenus } from './user/menus.js';
import { userAddress } from './user/user-address.js';
import { userInfo } from './user/user-info.js';

/**
 * Every controller and entity the product serves. The server mounts exactly these, EPS and
 * OpenAPI list exactly these, and the seeded permissions are derived from them.
 */
export const declarations: readonly Declaration[] = [
  baseComm,
  baseOpen,
  baseCoding,
  sysDepartment,
  sysLog,
  sysAudit,
  sysMenu,
  sysParam,
  sysRole,
  sysSession,
  sysUser,
  baseMessage,
  baseMessageSave,
  baseNotice,
  recycleData,
  dictType,
  dictInfo,
  taskInfo,
  spaceInfo,
  spaceType,
  customerInfo,
  customerInvitationRecord,
  customerActivity,
  customerRevealLog,
  customerReport,
  demoHome,
  userInfo,
  userAddress,
  appUserInfo,
  appUserAddress,
  appBaseComm,
  demoGoods,
  demoTenant,
  pluginInfo,
];

/**
 * Every table the product keeps, by name: entities and the server's own tables. The migrations
 * (server/src/db/migrations) must create exactly these; the server's row types derive from them.
 */
export const tables = {
  base_sys_user: sysUser,
  base_sys_role: sysRole,
  base_sys_department: sysDepartment,
  base_sys_menu: sysMenu,
  base_sys_param: sysParam,
  base_sys_log: sysLog,
  base_sys_audit: sysAudit,
  base_sys_audit_inbox: sysAuditInbox,
  base_sys_user_role: sysUserRole,
  base_sys_role_menu: sysRoleMenu,
  base_sys_role_department: sysRoleDepartment,
  base_sys_conf: sysConf,
  base_sys_revoked: sysRevoked,
  base_sys_bus_event: sysBusEvent,
  base_sys_password_history: sysPasswordHistory,
  base_sys_recovery_code: sysRecoveryCode,
  base_sys_move_in: sysMoveIn,
  base_sys_session: sysSession,
  base_message: baseMessageTable,
  base_message_pref: baseMessagePref,
  base_notice: baseNotice,
  recycle_data: recycleData,
  dict_type: dictType,
  dict_info: dictInfo,
  task_info: taskInfo,
  task_log: taskLog,
  space_type: spaceType,
  space_info: spaceInfo,
  customer_info: customerInfo,
  customer_invitation_record: customerInvitationRecord,
  customer_activity: customerActivity,
  customer_reveal_log: customerRevealLog,
  user_info: userInfo,
  user_address: userAddress,
  demo_goods: demoGoods,
  demo_tenant: demoTenant,
  plugin_info: pluginInfo,
} as const satisfies Record<string, TableDecl>;

export type Tables = typeof tables;

/** Every module's seeded menus, in the order the modules register (base first). */
export const menus: readonly ModuleMenus[] = [
  baseMenus,
  baseSessionMenus,
  baseStaffMenus,
  baseCodingMenus,
  baseAiCodeMenus,
  baseMessageMenus,
  baseAuditMenus,
  recycleMenus,
  dictMenus,
  spaceMenus,
  taskMenus,
  customerMenus,
  customerReportMenus,
  helperTransformMenus,
  demoHomeMenus,
  userMenus,
  demoMenus,
  pluginMenus,
];
