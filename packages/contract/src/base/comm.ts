import { z } from 'zod';
import { defineController, idSchema, returns } from '../core/entity.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../core/envelope.js';
import type { Eps } from '../core/eps.js';
import { label } from '../core/i18n.js';
import type { UploadMode } from '../space/file-types.js';
import type { AppProgram } from '../user/app.js';
import type { TokenPair } from './open.js';
import type { PasswordPolicy } from './password-policy.js';
import type { SysMenu } from './sys-menu.js';
import type { OwnSession } from './sys-session.js';
import { type SysUser, sysUser } from './sys-user.js';

/**
 * A sign-in step the session still owes before anything else works: a password the operator set
 * (or the seeded admin's) to replace, or a two-factor enrolment a role requires.
 */
export const PENDING_STEPS = ['passwordChange', 'twoFactorEnrol'] as const;
export type PendingStep = (typeof PENDING_STEPS)[number];

/**
 * The signed-in user as person answers: the row, the sign-in step still owed (null when none),
 * whether 2FA is on, whether they are a superuser (the screens offer what only one may do, such
 * as a user's tenant; the server decides all the same), and whether the install runs with
 * multi-tenancy on (MULTI_TENANT: the user screen offers the tenant field only then).
 */
export type Person = SysUser & {
  pendingStep: PendingStep | null;
  twoFactor: boolean;
  isSuper: boolean;
  multiTenant: boolean;
  /** Minutes without input after which the browser signs this user out (idle-sign-out.ts); 0 for never. */
  idleSignOutMinutes: number;
};

/** A two-factor enrolment begun: the secret (base32, for typing in) and the otpauth:// URI its QR code holds. */
export type TwoFactorSetup = { secret: string; uri: string };

/** A six-digit code of the authenticator app. */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

const newPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** The user's own password change (the one a forced change asks for). */
/** Turning two-factor sign-in off takes the account's password and a current code (both counted by the sign-in throttle). */
export const twoFactorDisableSchema = totpCodeSchema.extend({ password: z.string().min(1).max(200) });

export const passwordChangeSchema = z.object({
  originalPassword: z.string().min(1).max(200),
  password: newPassword,
});

/** What permmenu answers: the user's permissions and the menus they may open, by orderNum. */
export type PermMenu = { perms: string[]; menus: SysMenu[] };

export const personUpdateSchema = z.object({
  nickName: z.string().trim().min(1).max(100),
  name: z.string().max(100).nullable().optional(),
  headImg: z.string().max(500).nullable().optional(),
  // The user screen's own rule: a mobile number in any spelling, kept in its canonical form.
  phone: sysUser.columns.phone.schema.nullable().optional(),
  email: z.string().max(100).nullable().optional(),
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), newPassword.optional()),
  originalPassword: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(200).optional()),
});

/** Calls every signed-in staff member may make: no permission beyond a valid session. */
export const baseComm = defineController({
  module: 'base',
  path: 'comm',
  label: label('通用', '通用', 'Common'),
  endpoints: {
    personUpdate: {
      method: 'post',
      auth: 'login',
      summary: label('修改个人信息', '修改個人資訊', 'Update profile'),
      input: personUpdateSchema,
      output: returns<undefined>(),
      // The family's clients change a password in their personal center: that clears a forced change too.
      allowPending: true,
    },
    permmenu: {
      method: 'get',
      auth: 'login',
      summary: label('权限与菜单', '權限與選單', 'Permissions and menus'),
      output: returns<PermMenu>(),
      allowPending: true,
    },
    person: {
      method: 'get',
      auth: 'login',
      summary: label('个人信息', '個人資訊', 'Profile'),
      output: returns<Person>(),
      allowPending: true,
    },
    logout: {
      method: 'post',
      auth: 'login',
      summary: label('退出', '登出', 'Log out'),
      output: returns<undefined>(),
      allowPending: true,
    },
    passwordPolicy: {
      method: 'get',
      auth: 'login',
      summary: label('密码规则', '密碼規則', 'Password policy'),
      output: returns<PasswordPolicy>(),
      allowPending: true,
    },
    twoFactorSetup: {
      method: 'post',
      auth: 'login',
      summary: label('开始绑定两步验证', '開始綁定兩步驟驗證', 'Begin two-factor enrolment'),
      output: returns<TwoFactorSetup>(),
      allowPending: true,
    },
    // Answers the recovery codes, once: only their hashes are kept.
    twoFactorEnable: {
      method: 'post',
      auth: 'login',
      summary: label('启用两步验证', '啟用兩步驟驗證', 'Turn on two-factor sign-in'),
      input: totpCodeSchema,
      output: returns<{ recoveryCodes: string[] }>(),
      allowPending: true,
    },
    twoFactorDisable: {
      method: 'post',
      auth: 'login',
      summary: label('关闭两步验证', '關閉兩步驟驗證', 'Turn off two-factor sign-in'),
      input: twoFactorDisableSchema,
      output: returns<undefined>(),
    },
    // A new pair for a new session: a password change ends every older one, this one included.
    passwordChange: {
      method: 'post',
      auth: 'login',
      summary: label('修改密码', '修改密碼', 'Change password'),
      input: passwordChangeSchema,
      output: returns<TokenPair>(),
      allowPending: true,
    },
    sessions: {
      method: 'get',
      auth: 'login',
      summary: label('我的会话', '我的會話', 'My sessions'),
      output: returns<OwnSession[]>(),
    },
    sessionEnd: {
      method: 'post',
      auth: 'login',
      summary: label('结束我的会话', '結束我的會話', 'End one of my sessions'),
      input: z.object({ id: idSchema }),
      output: returns<undefined>(),
    },
    // The space module serves these two (multipart `file`, optional `key`; see space/file-types.ts).
    uploadMode: {
      method: 'get',
      auth: 'login',
      summary: label('文件上传模式', '檔案上傳模式', 'Upload mode'),
      output: returns<UploadMode>(),
    },
    // One file answers its address; several, their addresses in order.
    upload: {
      method: 'post',
      auth: 'login',
      summary: label('文件上传', '檔案上傳', 'Upload a file'),
      output: returns<string | string[]>(),
    },
    // The app clients' start-up settings (the user module serves it): never a secret.
    program: {
      method: 'get',
      auth: 'open',
      summary: label('编程', '程式', 'Program'),
      output: returns<AppProgram>(),
    },
  },
});

/**
 * The app users' own description of the calls (`/api/app/base/comm/eps`): the app's endpoints
 * only, as the admin one (`/api/admin/base/open/eps`) lists the staff's only.
 */
export const appBaseComm = defineController({
  module: 'base',
  path: 'comm',
  audience: 'app',
  label: label('应用通用', '應用通用', 'App common'),
  endpoints: {
    eps: {
      method: 'get',
      auth: 'open',
      summary: label('实体信息与路径', '實體資訊與路徑', 'Entities and paths'),
      output: returns<Eps>(),
    },
  },
});
