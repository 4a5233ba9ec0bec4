import { col } from '../core/columns.js';
import { label } from '../core/i18n.js';
import { defineTable } from '../core/table.js';

/** The roles of a user. */
export const sysUserRole = defineTable({
  table: 'base_sys_user_role',
  base: 'id',
  columns: {
    userId: col.int({ label: label('用户', '使用者', 'User') }),
    roleId: col.int({ label: label('角色', '角色', 'Role'), index: true }),
  },
  indexes: [{ name: 'uq_base_sys_user_role', columns: ['userId', 'roleId'], unique: true }],
});

/** The menus (function permissions) of a role. */
export const sysRoleMenu = defineTable({
  table: 'base_sys_role_menu',
  base: 'id',
  columns: {
    roleId: col.int({ label: label('角色', '角色', 'Role') }),
    menuId: col.int({ label: label('菜单', '選單', 'Menu'), index: true }),
  },
  indexes: [{ name: 'uq_base_sys_role_menu', columns: ['roleId', 'menuId'], unique: true }],
});

/** The departments (data permissions) of a role. */
export const sysRoleDepartment = defineTable({
  table: 'base_sys_role_department',
  base: 'id',
  columns: {
    roleId: col.int({ label: label('角色', '角色', 'Role') }),
    departmentId: col.int({ label: label('部门', '部門', 'Department'), index: true }),
  },
  indexes: [{ name: 'uq_base_sys_role_department', columns: ['roleId', 'departmentId'], unique: true }],
});

/** Small key/value settings: log keep days, the versions of the seed steps that ran. */
export const sysConf = defineTable({
  table: 'base_sys_conf',
  base: 'entity',
  columns: {
    cKey: col.string({ label: label('键', '鍵', 'Key'), max: 100, unique: true }),
    cValue: col.string({ label: label('值', '值', 'Value'), max: 2000 }),
  },
});

/** Sessions ended by logout, kept until their refresh token would have expired. */
export const sysRevoked = defineTable({
  table: 'base_sys_revoked',
  base: 'none',
  primaryKey: 'sid',
  columns: {
    sid: col.string({ label: label('会话', '會話', 'Session'), max: 64 }),
    expireAt: col.bigint({ label: label('过期时间', '過期時間', 'Expires at') }),
  },
});

/**
 * What instances told each other (a logout, a change to who may do what, a plugin change), written
 * before it is published, so an instance that missed the message (Redis down) reads it here.
 */
export const sysBusEvent = defineTable({
  table: 'base_sys_bus_event',
  base: 'id',
  columns: {
    at: col.bigint({ label: label('时间', '時間', 'Written at'), index: true }),
    origin: col.string({ label: label('实例', '實例', 'Instance'), max: 64 }),
    body: col.string({ label: label('内容', '內容', 'Event'), max: 2000 }),
  },
});

/** The hashes of a user's recent passwords (scrypt, salted), so a new one cannot repeat them. */
export const sysPasswordHistory = defineTable({
  table: 'base_sys_password_history',
  base: 'entity',
  columns: {
    userId: col.int({ label: label('用户', '使用者', 'User'), index: true }),
    password: col.string({ label: label('密码', '密碼', 'Password') }),
  },
});

/** A user's two-factor recovery codes, each a keyed hash, each good for one sign-in. */
export const sysRecoveryCode = defineTable({
  table: 'base_sys_recovery_code',
  base: 'id',
  columns: {
    userId: col.int({ label: label('用户', '使用者', 'User'), index: true }),
    code: col.string({ label: label('恢复码', '復原碼', 'Recovery code'), max: 128 }),
  },
});

/**
 * What `npm run move-in` brought from another install (docs/move-in.md): each source row's table
 * and id, and the row it became here, so that a second run updates instead of duplicating.
 */
export const sysMoveIn = defineTable({
  table: 'base_sys_move_in',
  base: 'id',
  columns: {
    sourceTable: col.string({ label: label('来源表', '來源表', 'Source table'), max: 100 }),
    sourceId: col.string({ label: label('来源编号', '來源編號', 'Source id'), max: 64 }),
    targetId: col.int({ label: label('本地编号', '本地編號', 'Id here') }),
  },
  indexes: [{ name: 'uq_base_sys_move_in', columns: ['sourceTable', 'sourceId'], unique: true }],
});
