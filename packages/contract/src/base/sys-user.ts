import { z } from 'zod';
import { col } from '../core/columns.js';
import { defineEntity, idSchema, type RowOf, returns } from '../core/entity.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../core/envelope.js';
import { label } from '../core/i18n.js';
import { NUL_ISSUE, noNul } from '../core/nul.js';

export const USER_LEVELS = ['clerk', 'storeManger', 'treasurer', 'hr'] as const;
export type UserLevel = (typeof USER_LEVELS)[number];
export const USER_STATUS = [0, 1] as const;
export type UserStatus = (typeof USER_STATUS)[number];

export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** A WeCom member's UserID as WeCom allows it: 1-64 of letters, digits and `_-@.`, a letter or digit first. */
export const WECOM_USER_ID = /^[A-Za-z0-9][A-Za-z0-9_@.-]{0,63}$/;

/** The binding as a form sends it: blank is no binding (null), anything else a valid UserID, lower-cased. */
export const wecomUserIdSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
  z
    .string()
    // Said first: the hostile-input suite expects a NUL named as such, as every text column does.
    .refine(noNul, NUL_ISSUE)
    .regex(WECOM_USER_ID)
    .transform((v) => v.toLowerCase())
    .nullable()
    .optional(),
);

export const sysUser = defineEntity({
  module: 'base',
  path: 'sys/user',
  entityName: 'BaseSysUserEntity',
  table: 'base_sys_user',
  label: label('用户', '使用者', 'User'),
  columns: {
    departmentId: col.int({ label: label('部门', '部門', 'Department'), nullable: true, index: true }),
    userId: col.int({ label: label('创建者', '建立者', 'Creator'), nullable: true }),
    name: col.string({ label: label('姓名', '姓名', 'Name'), nullable: true, max: 100 }),
    username: col.string({ label: label('用户名', '使用者名稱', 'Username'), min: 1, max: 100, unique: true }),
    password: col.string({ label: label('密码', '密碼', 'Password'), hidden: true }),
    passwordV: col.int({ label: label('密码版本', '密碼版本', 'Password version'), default: 1 }),
    nickName: col.string({ label: label('昵称', '暱稱', 'Nickname'), nullable: true, max: 100 }),
    headImg: col.string({ label: label('头像', '頭像', 'Avatar'), nullable: true, max: 500 }),
    phone: col.string({
      label: label('手机', '手機', 'Phone'),
      nullable: true,
      max: 20,
      index: true,
      format: 'mobile',
    }),
    email: col.string({ label: label('邮箱', '郵箱', 'Email'), nullable: true, max: 100, format: 'email' }),
    remark: col.string({ label: label('备注', '備註', 'Remark'), nullable: true, max: 500 }),
    status: col.intEnum(USER_STATUS, { label: label('状态', '狀態', 'Status'), default: 1 }),
    userLevel: col.stringEnum(USER_LEVELS, { label: label('用户级别', '使用者級別', 'User level'), default: 'clerk' }),
    socketId: col.string({ label: label('socketId', 'socketId', 'Socket id'), nullable: true }),
    // Set when an operator sets the password and for the seeded admin; the user's own change clears it.
    passwordChangeRequired: col.bool({
      label: label('须修改密码', '須修改密碼', 'Must change password'),
      default: false,
      hidden: true,
    }),
    // Two-factor sign-in (TOTP): the secret sealed with a key of the server's, and the last time step used.
    totpSecret: col.string({
      label: label('两步验证密钥', '兩步驟驗證金鑰', 'Two-factor secret'),
      nullable: true,
      max: 500,
      hidden: true,
    }),
    totpStep: col.bigint({
      label: label('两步验证时间步', '兩步驟驗證時間步', 'Two-factor step'),
      nullable: true,
      hidden: true,
    }),
    // The WeCom member this user signs in as (enterprise WeChat sign-in); kept in lower case, as WeCom compares them.
    wecomUserId: col.string({
      label: label('企业微信账号', '企業微信帳號', 'Enterprise WeChat UserID'),
      nullable: true,
      max: 64,
      unique: true,
    }),
    // The tenant whose rows the user works on (entities declared with `tenant`); none when null.
    // Only a superuser sets it; a user added by anyone else is in the operator's tenant.
    tenantId: col.int({ label: label('租户', '租戶', 'Tenant'), nullable: true, index: true, min: 1 }),
  },
  query: {
    keyWordLikeFields: ['name', 'username', 'nickName', 'phone'],
    fieldEq: ['status', 'departmentId', 'userLevel'],
  },
  writeFields: {
    password: passwordSchema.optional(),
    wecomUserId: wecomUserIdSchema,
    roleIdList: z.array(idSchema).max(100).optional(),
  },
  filters: { departmentIds: z.array(idSchema).max(5000).optional() },
  joined: {
    departmentName: { label: label('部门', '部門', 'Department'), type: 'string' },
    roleName: { label: label('角色', '角色', 'Role'), type: 'string' },
    // Whether the user has enrolled in two-factor sign-in (the secret itself never leaves the server).
    twoFactor: { label: label('两步验证', '兩步驟驗證', 'Two-factor sign-in'), type: 'bool' },
    // Still on the password hash brought in by move-in (docs/move-in.md): replaced at the first sign-in.
    legacyPassword: { label: label('旧系统密码', '舊系統密碼', 'Legacy password'), type: 'bool' },
  },
  extra: {
    // Clears the user's two-factor enrolment (a lost phone); the request log keeps who did it.
    resetTwoFactor: {
      method: 'post',
      summary: label('重置两步验证', '重置兩步驟驗證', 'Reset two-factor sign-in'),
      input: z.object({ id: idSchema }),
      output: returns<undefined>(),
    },
    move: {
      method: 'post',
      summary: label('移动部门', '移動部門', 'Move to department'),
      input: z.object({ departmentId: idSchema, userIds: z.array(idSchema).min(1).max(1000) }),
      output: returns<undefined>(),
    },
    // Accounts the sign-in throttle holds back, and why (docs/architecture.md, "Sign-in throttling").
    locks: {
      method: 'get',
      summary: label('锁定的账号', '鎖定的帳號', 'Locked accounts'),
      output: returns<UserLock[]>(),
    },
    unlock: {
      method: 'post',
      summary: label('解锁账号', '解鎖帳號', 'Unlock account'),
      input: z.object({ id: idSchema }),
      output: returns<undefined>(),
    },
  },
});

/**
 * An account the sign-in throttle holds back: `escalated` when its failures from any address ask
 * every attempt for a fresh captcha and a growing delay; `lockedIps` the addresses refused outright.
 */
export type UserLock = {
  username: string;
  failures: number;
  lastIp: string | null;
  /** When the counted failures began, and when the last count runs out (`YYYY-MM-DD HH:mm:ss`). */
  since: string;
  until: string;
  escalated: boolean;
  lockedIps: string[];
};

export type SysUser = Omit<RowOf<typeof sysUser.columns>, 'password'> & {
  departmentName?: string | null;
  roleName?: string | null;
  twoFactor?: boolean | null;
  legacyPassword?: boolean | null;
  roleIdList?: number[];
};
