import { z } from 'zod';
import type { TokenPair } from '../base/open.js';
import { defineController, idSchema, idsSchema, returns } from '../core/entity.js';
import { label } from '../core/i18n.js';
import { addressColumns, type UserAddress } from './user-address.js';
import { appPasswordSchema, appPhoneSchema, USER_GENDER, type UserInfo } from './user-info.js';

const wechatCode = z.string().trim().min(1).max(200);

/** A one-time SMS code as base/open/appSmsCode sends it: six digits. */
export const SMS_CODE_LENGTH = 6;
const smsCodeSchema = z.string().trim().length(SMS_CODE_LENGTH).regex(/^\d+$/);

/**
 * base/open/appLogin: the mini program's or the official account's `code` (exchanged with WeChat
 * for the user's openid), H5's phone and password, or a phone and the SMS code base/open/appSmsCode
 * sent to it (a new phone number is signed up). H5's `register` takes the SMS code too: the phone
 * is proven before an account is tied to it. The captcha fields are asked for once the phone's
 * sign-ins are past their free attempts, and for every registration while the captcha is on.
 */
export const appLoginSchema = z.discriminatedUnion('loginType', [
  z.object({ loginType: z.literal(0), code: wechatCode }),
  z.object({ loginType: z.literal(1), code: wechatCode }),
  z.object({
    loginType: z.literal(2),
    phone: appPhoneSchema,
    password: z.string().min(1).max(200),
    register: z.boolean().optional(),
    /** The code base/open/appSmsCode sent to `phone`: needed by `register` (optional on the wire for sign-in). */
    smsCode: smsCodeSchema.optional(),
    nickName: z.string().trim().min(1).max(100).optional(),
    captchaId: z.string().max(100).optional(),
    verifyCode: z.union([z.string().max(20), z.number()]).optional(),
  }),
  z.object({
    loginType: z.literal(3),
    phone: appPhoneSchema,
    smsCode: smsCodeSchema,
    /** The nickname of a user this sign-in creates; an existing user's stays as it is. */
    nickName: z.string().trim().min(1).max(100).optional(),
  }),
]);
export type AppLoginInput = z.input<typeof appLoginSchema>;

/**
 * base/open/appSmsCode: send a sign-in code to this phone. The image captcha of base/open/captcha
 * is asked for as the staff login asks for it (not when the server runs with CAPTCHA=off).
 */
export const appSmsCodeSchema = z.object({
  phone: appPhoneSchema,
  captchaId: z.string().max(100).optional(),
  verifyCode: z.union([z.string().max(20), z.number()]).optional(),
});

/** A code was sent: how long it works, and when the next one may be asked for (seconds). Never the code. */
export type AppSmsCodeSent = { expire: number; resendIn: number };

/**
 * What an app client needs before anyone signs in (base/comm/program): the sign-in types switched
 * on (parameter `appLoginTypes`, and configured on the server) and the public ids of the WeChat apps.
 */
export type AppProgram = {
  loginTypes: number[];
  miniProgram: { appid: string } | null;
  officialAccount: { appid: string } | null;
};

/** The signed-in app user as person answers it: the row (the phone in clear: it is their own). */
export type AppPerson = UserInfo;

export const appPersonUpdateSchema = z
  .object({
    nickName: z.string().trim().min(1).max(100).optional(),
    avatarUrl: z.string().trim().max(500).nullable().optional(),
    gender: z
      .union(USER_GENDER.map((g) => z.literal(g)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>])
      .optional(),
    description: z.string().max(500).nullable().optional(),
    /** A new password needs the current one (an H5 user's), or none when the user has none yet. */
    password: appPasswordSchema.optional(),
    oldPassword: z.string().max(200).optional(),
  })
  .strict();

const addressBody = z.object({
  contact: addressColumns.contact.schema,
  phone: addressColumns.phone.schema,
  province: addressColumns.province.schema.optional(),
  city: addressColumns.city.schema.optional(),
  district: addressColumns.district.schema.optional(),
  address: addressColumns.address.schema,
  isDefault: z.boolean().optional(),
});

/** The signed-in app user's own calls (`/api/app/user/info/…`). */
export const appUserInfo = defineController({
  module: 'user',
  path: 'info',
  audience: 'app',
  label: label('用户', '用戶', 'App user'),
  endpoints: {
    person: {
      method: 'get',
      auth: 'app',
      summary: label('个人信息', '個人資訊', 'Profile'),
      output: returns<AppPerson>(),
    },
    updatePerson: {
      method: 'post',
      auth: 'app',
      summary: label('修改个人信息', '修改個人資訊', 'Update profile'),
      input: appPersonUpdateSchema,
      output: returns<undefined>(),
    },
    logout: {
      method: 'post',
      auth: 'app',
      summary: label('退出', '登出', 'Log out'),
      output: returns<undefined>(),
    },
    refreshToken: {
      method: 'get',
      auth: 'open',
      summary: label('刷新token', '刷新token', 'Refresh token'),
      input: z.object({ refreshToken: z.string().min(1).max(4000) }),
      output: returns<TokenPair>(),
    },
  },
});

/** The signed-in app user's own addresses (`/api/app/user/address/…`); another user's id is a 404. */
export const appUserAddress = defineController({
  module: 'user',
  path: 'address',
  audience: 'app',
  label: label('收货地址', '收貨地址', 'Address'),
  endpoints: {
    list: {
      method: 'post',
      auth: 'app',
      summary: label('列表查询', '列表查詢', 'List'),
      output: returns<UserAddress[]>(),
    },
    add: {
      method: 'post',
      auth: 'app',
      summary: label('新增', '新增', 'Add'),
      input: addressBody,
      output: returns<{ id: number }>(),
    },
    update: {
      method: 'post',
      auth: 'app',
      summary: label('修改', '修改', 'Update'),
      input: addressBody.partial().extend({ id: idSchema }),
      output: returns<undefined>(),
    },
    delete: {
      method: 'post',
      auth: 'app',
      summary: label('删除', '刪除', 'Delete'),
      input: idsSchema,
      output: returns<undefined>(),
    },
    setDefault: {
      method: 'post',
      auth: 'app',
      summary: label('设为默认', '設為預設', 'Make default'),
      input: z.object({ id: idSchema }),
      output: returns<undefined>(),
    },
  },
});
