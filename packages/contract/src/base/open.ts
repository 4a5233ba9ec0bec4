import { z } from 'zod';
import { defineController, returns } from '../core/entity.js';
import type { Eps } from '../core/eps.js';
import { label } from '../core/i18n.js';
import { type AppSmsCodeSent, appLoginSchema, appSmsCodeSchema } from '../user/app.js';

export const loginSchema = z.object({
  // Required unless the call answers a second-factor challenge (open.service.ts says so).
  username: z.string().trim().min(1).max(100).optional(),
  password: z.string().min(1).max(200).optional(),
  captchaId: z.string().max(100).optional(),
  verifyCode: z.union([z.string().max(20), z.number()]).optional(),
  /** The second step of a two-factor sign-in: the challenge the first answered, and a code (TOTP or recovery). */
  challenge: z.string().max(100).optional(),
  code: z.string().trim().max(20).optional(),
});

/**
 * What a sign-in whose password was right answers when the account has two-factor sign-in: a
 * failure envelope (clients that know nothing of it show its message) with this as its data.
 * The same login call with `{challenge, code}` completes it within `expire` seconds.
 */
export type SecondFactorChallenge = { secondFactor: 'totp'; challenge: string; expire: number };

export const captchaQuerySchema = z.object({
  width: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z.number().int().min(50).max(600).optional(),
  ),
  height: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z.number().int().min(20).max(300).optional(),
  ),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{3,8}$/)
    .optional(),
});

export type TokenPair = { token: string; expire: number; refreshToken: string; refreshExpire: number };

/** A captcha: its id to send back with the code, and the picture as a data URL. */
export type Captcha = { captchaId: string; data: string };

/**
 * What the login page needs to know before anyone signs in: whether the server asks for a captcha
 * (of this account's sign-ins, when a username is given).
 */
export type LoginOptions = {
  captcha: boolean;
  /** Whether staff may sign in with enterprise WeChat (WeCom): the server has its settings (WECOM_*). */
  enterpriseWeChat: boolean;
};

/** Where the browser goes to sign in with WeCom: its QR page, with a single-use `state` kept by the server. */
export type EnterpriseWeChatLoginUrl = { url: string; state: string; expire: number };

/** Calls that need no session at all (docs/spec.md §6 ignoreToken). */
export const baseOpen = defineController({
  module: 'base',
  path: 'open',
  label: label('开放接口', '開放介面', 'Open'),
  endpoints: {
    refreshToken: {
      method: 'get',
      auth: 'open',
      summary: label('刷新token', '刷新token', 'Refresh token'),
      input: z.object({ refreshToken: z.string().min(1).max(4000) }),
      output: returns<TokenPair>(),
    },
    captcha: {
      method: 'get',
      auth: 'open',
      summary: label('验证码', '驗證碼', 'Captcha'),
      input: captchaQuerySchema,
      output: returns<Captcha>(),
    },
    loginOptions: {
      method: 'get',
      auth: 'open',
      summary: label('登录页设置', '登入頁設定', 'Login page options'),
      // With a username: whether that account's next sign-in needs a captcha even when CAPTCHA=off
      // (past its free attempts; docs/architecture.md §8). Unknown names are counted alike.
      input: z.object({ username: z.string().trim().max(100).optional() }),
      output: returns<LoginOptions>(),
    },
    login: {
      method: 'post',
      auth: 'open',
      summary: label('登录', '登入', 'Log in'),
      input: loginSchema,
      output: returns<TokenPair>(),
    },
    // Staff sign-in with enterprise WeChat (WeCom): the QR page's address, then the code it sends back.
    enterpriseWeChatLoginUrl: {
      method: 'get',
      auth: 'open',
      summary: label('企业微信登录地址', '企業微信登入網址', 'Enterprise WeChat sign-in address'),
      output: returns<EnterpriseWeChatLoginUrl>(),
    },
    enterpriseWeChatLoginAccessToken: {
      method: 'get',
      auth: 'open',
      summary: label('企业微信登录', '企業微信登入', 'Sign in with enterprise WeChat'),
      input: z.object({ code: z.string().trim().min(1).max(512), state: z.string().trim().min(1).max(100) }),
      output: returns<TokenPair>(),
    },
    // App users' sign-in (mini program, official account, H5, SMS code): an app token pair (the user module serves it).
    appLogin: {
      method: 'post',
      auth: 'open',
      summary: label('app登录', 'app登入', 'App sign-in'),
      input: appLoginSchema,
      output: returns<TokenPair>(),
    },
    // The code of the SMS sign-in (appLogin loginType 3), sent by the enabled sms plugin.
    appSmsCode: {
      method: 'post',
      auth: 'open',
      summary: label('发送短信验证码', '傳送簡訊驗證碼', 'Send an SMS sign-in code'),
      input: appSmsCodeSchema,
      output: returns<AppSmsCodeSent>(),
    },
    html: {
      method: 'get',
      auth: 'open',
      summary: label('获得网页内容的参数值', '取得網頁內容的參數值', 'Rich-text parameter as HTML'),
      input: z.object({ key: z.string().min(1).max(100) }),
    },
    eps: {
      method: 'get',
      auth: 'open',
      summary: label('实体信息与路径', '實體資訊與路徑', 'Entities and paths'),
      output: returns<Eps>(),
    },
  },
});
