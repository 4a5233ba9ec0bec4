import { z } from 'zod';
import { col } from '../core/columns.js';
import { defineEntity, idSchema, type RowOf, returns } from '../core/entity.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../core/envelope.js';
import { formatIssue } from '../core/formats.js';
import { label } from '../core/i18n.js';
import { normaliseMobile, PHONE_TEXT_MAX } from '../core/phone.js';
import type { UserAddress } from './user-address.js';

/** App user status: 0 disabled, 1 normal, 2 cancelled (SPEC §4). Only 1 may sign in. */
export const USER_INFO_STATUS = [0, 1, 2] as const;
export type UserInfoStatus = (typeof USER_INFO_STATUS)[number];
/** 0 unknown, 1 male, 2 female. */
export const USER_GENDER = [0, 1, 2] as const;
/**
 * How the user signed up: 0 WeChat mini program, 1 WeChat official account, 2 H5 (phone and
 * password), 3 phone and a one-time SMS code (sent by the enabled sms plugin).
 */
export const LOGIN_TYPES = [0, 1, 2, 3] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

export const loginTypeLabels = {
  0: label('小程序', '小程式', 'Mini program'),
  1: label('公众号', '公眾號', 'Official account'),
  2: label('H5', 'H5', 'H5'),
  3: label('短信验证码', '簡訊驗證碼', 'SMS code'),
} as const;

export const userStatusLabels = {
  0: label('禁用', '停用', 'Disabled'),
  1: label('正常', '正常', 'Normal'),
  2: label('已注销', '已註銷', 'Cancelled'),
} as const;

export const genderLabels = {
  0: label('未知', '未知', 'Unknown'),
  1: label('男', '男', 'Male'),
  2: label('女', '女', 'Female'),
} as const;

/**
 * A phone number as app users sign in and sign up with it: a number that takes an SMS, in any
 * spelling phone.ts reads (`+86 138-1234-5678`, `0138…`), answered in its canonical form, so the
 * SMS limits, the code and the account all go by one number whatever was typed.
 */
export const appPhoneSchema = z
  .string()
  .max(PHONE_TEXT_MAX)
  .refine((v) => normaliseMobile(v) !== null, formatIssue('mobile'))
  .transform((v) => normaliseMobile(v) ?? v);

export const appPasswordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** The customer an app user's phone number matches, when the operator may see that customer. */
export type UserCustomerMatch = { id: number; customerName: string };

const userColumns = {
  /** WeChat's id of the person across the apps of one open-platform account. */
  unionid: col.string({ label: label('unionid', 'unionid', 'Union id'), nullable: true, max: 64, unique: true }),
  /** The person's openid in the mini program, and in the official account (each app has its own). */
  miniOpenid: col.string({
    label: label('小程序openid', '小程式openid', 'Mini program openid'),
    nullable: true,
    max: 64,
    unique: true,
    hidden: true,
  }),
  mpOpenid: col.string({
    label: label('公众号openid', '公眾號openid', 'Official account openid'),
    nullable: true,
    max: 64,
    unique: true,
    hidden: true,
  }),
  avatarUrl: col.string({ label: label('头像', '頭像', 'Avatar'), nullable: true, max: 500 }),
  nickName: col.string({ label: label('昵称', '暱稱', 'Nickname'), nullable: true, max: 100 }),
  /** Unique, in its canonical form (phone.ts): one number is one account, however it was typed. */
  phone: col.string({
    label: label('手机号', '手機號', 'Phone'),
    nullable: true,
    max: 20,
    unique: true,
    sensitive: 'phone',
    format: 'mobile',
  }),
  gender: col.intEnum(USER_GENDER, { label: label('性别', '性別', 'Gender'), default: 0, valueLabels: genderLabels }),
  status: col.intEnum(USER_INFO_STATUS, {
    label: label('状态', '狀態', 'Status'),
    default: 1,
    index: true,
    valueLabels: userStatusLabels,
  }),
  loginType: col.intEnum(LOGIN_TYPES, {
    label: label('登录方式', '登入方式', 'Sign-in type'),
    default: 0,
    valueLabels: loginTypeLabels,
  }),
  /** scrypt, as staff passwords (H5 users only); never answered. */
  password: col.string({ label: label('密码', '密碼', 'Password'), nullable: true, hidden: true }),
  /** Changing the password ends the user's other app sessions (their tokens carry the version). */
  passwordV: col.int({ label: label('密码版本', '密碼版本', 'Password version'), default: 1, hidden: true }),
  description: col.string({ label: label('简介', '簡介', 'Description'), nullable: true, max: 500 }),
};

export const userInfo = defineEntity({
  module: 'user',
  path: 'info',
  entityName: 'UserInfoEntity',
  table: 'user_info',
  label: label('用户信息', '用戶資訊', 'App user'),
  columns: userColumns,
  query: {
    keyWordLikeFields: ['nickName', 'phone'],
    fieldEq: ['status', 'gender', 'loginType'],
  },
  writeFields: { password: appPasswordSchema.optional() },
  extra: {
    /** The user with their addresses and the customer their phone matches (when the operator may see it). */
    details: {
      method: 'get',
      summary: label('详情', '詳情', 'Details'),
      input: z.object({ id: idSchema }),
      output: returns<UserInfoDetails>(),
    },
    reveal: {
      method: 'post',
      summary: label('查看敏感信息', '查看敏感資訊', 'Show a masked field'),
      input: z.object({ id: idSchema, field: z.enum(['phone']), reason: z.string().trim().min(2).max(200) }),
      output: returns<{ value: string }>(),
    },
  },
});

/** An app user as page, list and info answer it (no password, no openids). */
export type UserInfo = RowOf<typeof userColumns>;

export type UserInfoDetails = UserInfo & { addresses: UserAddress[]; customer: UserCustomerMatch | null };
