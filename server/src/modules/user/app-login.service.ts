import {
  type AppLoginInput,
  type AppProgram,
  type AppSmsCodeSent,
  appPasswordSchema,
  LOGIN_TYPES,
  type LoginType,
  loginTypeLabels,
  type TokenPair,
} from '@backroom/contract';
import type { AppSession } from '../../core/auth/gate.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../core/auth/password.js';
import type { AppContext } from '../../core/context.js';
import { isUniqueViolation } from '../../core/db/unique.js';
import { AppError, badRequest } from '../../core/errors.js';
import type { PluginSms } from '../../core/plugin-hooks.js';
import { createMiniProgramProvider, type MiniProgramProvider } from './providers/mini-program.provider.js';
import { createOfficialAccountProvider, type OfficialAccountProvider } from './providers/official-account.provider.js';
import type { WechatIdentity } from './providers/wechat-api.js';
import { createSmsCodeService, smsNumberOf } from './sms-code.service.js';
import {
  findByPhone,
  findByWechat,
  insertAppUser,
  readLoginTypesParam,
  updateAppUser,
} from './user-info.repository.js';

/** The throttle counts an H5 phone apart from any staff username. */
const throttleKey = (phone: string) => `app:${phone}`;

type LoginClient = { ip: string };

export type AppProviders = {
  miniProgram: MiniProgramProvider | undefined;
  officialAccount: OfficialAccountProvider | undefined;
  /** The enabled sms plugin, asked at each call: plugins are enabled and disabled while the server runs. */
  sms(): PluginSms | undefined;
};

/** The providers the configuration names (and the plugin hooks give); a login type without one is off. */
export function providersOf(ctx: AppContext): AppProviders {
  const onFailure = (detail: { path: string; errcode?: number; status?: number; reason?: string }) =>
    // The path and WeChat's code only: the address held the secret and the user's code.
    ctx.log.warn({ wechat: detail }, 'WeChat sign-in call failed');
  const { miniProgram, officialAccount } = ctx.config.wechat;
  return {
    miniProgram: miniProgram ? createMiniProgramProvider(miniProgram, onFailure) : undefined,
    officialAccount: officialAccount ? createOfficialAccountProvider(officialAccount, onFailure) : undefined,
    sms: () => ctx.plugins.sms(),
  };
}

/**
 * App users' sign-in: WeChat codes through the providers, H5 phone and password (with the staff
 * sign-in's throttle), a phone and an SMS code (sms-code.service.ts), and the app token pair. A
 * provider that fails writes nothing: the user is found or created only after WeChat answered.
 */
export function createAppLoginService(ctx: AppContext, providers: AppProviders) {
  const smsCodes = createSmsCodeService(ctx);

  const issue = (user: { id: number; passwordV: number }): TokenPair => {
    const { sid: _sid, ...pair } = ctx.tokens.issue(
      { id: user.id, username: `app:${user.id}`, passwordV: user.passwordV },
      undefined,
      'app',
    );
    return pair;
  };

  /** The login types switched on: listed in the parameter `appLoginTypes` and configured on this server. */
  async function enabledTypes(): Promise<LoginType[]> {
    const param = await readLoginTypesParam(ctx.db.db);
    const listed = param === null ? LOGIN_TYPES : LOGIN_TYPES.filter((t) => param.split(/[\s,]+/).includes(String(t)));
    // A type needs what serves it: the WeChat app configured, the sms plugin enabled (H5 needs nothing).
    const served: Record<LoginType, () => boolean> = {
      0: () => providers.miniProgram !== undefined,
      1: () => providers.officialAccount !== undefined,
      2: () => true,
      3: () => providers.sms() !== undefined,
    };
    return listed.filter((t) => served[t]());
  }

  async function requireEnabled(type: LoginType) {
    if (!(await enabledTypes()).includes(type)) throw badRequest('user.loginTypeOff', { type: loginTypeLabels[type] });
  }

  function assertActive(user: { status: number }) {
    if (user.status !== 1) throw badRequest('user.inactive');
  }

  /** Finds the user a WeChat identity names, or creates them; a racing first sign-in finds the winner's row. */
  async function signInWechat(type: 0 | 1, identity: WechatIdentity): Promise<TokenPair> {
    const column = type === 0 ? 'miniOpenid' : 'mpOpenid';
    const find = () => findByWechat(ctx.db.db, column, identity.openid, identity.unionid);
    let user = await find();
    if (!user) {
      try {
        await insertAppUser(ctx.db.db, ctx.db.kind, {
          loginType: type,
          unionid: identity.unionid,
          [column]: identity.openid,
          ...(identity.profile ?? {}),
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      user = await find();
      if (!user) throw new AppError(500, 'common.internal');
    } else if (user[column] !== identity.openid || (identity.unionid !== null && user.unionid !== identity.unionid)) {
      // Known by the other app or before WeChat told us the unionid: keep both ids from now on.
      await updateAppUser(ctx.db.db, user.id, {
        [column]: identity.openid,
        ...(identity.unionid !== null ? { unionid: identity.unionid } : {}),
      });
    }
    assertActive(user);
    return issue(user);
  }

  type H5Input = Extract<AppLoginInput, { loginType: 2 }>;

  /**
   * The captcha, when the attempt needs one: every registration while CAPTCHA is on, and any
   * sign-in to a phone past its free attempts (even with CAPTCHA off). A missing or wrong one gives
   * the attempt back.
   */
  async function checkCaptcha(
    input: { captchaId?: string | undefined; verifyCode?: string | number | undefined },
    attempt: { escalated: boolean; withdrawn(): Promise<void> },
    always: boolean,
  ) {
    if (!always && !attempt.escalated) return;
    if (!input.captchaId || input.verifyCode === undefined || input.verifyCode === '') {
      await attempt.withdrawn();
      throw badRequest(attempt.escalated ? 'auth.escalated' : 'auth.captchaRequired');
    }
    if (!(await ctx.captcha.check(input.captchaId, input.verifyCode))) {
      await attempt.withdrawn();
      throw badRequest('auth.captcha');
    }
  }

  async function signInH5(input: H5Input, client: LoginClient): Promise<TokenPair> {
    if (input.register) return register(input, client);
    const attempt = await ctx.throttle.begin(throttleKey(input.phone), client.ip);
    // Past its free attempts a phone's sign-ins need a fresh captcha, as staff sign-ins do.
    await checkCaptcha(input, attempt, false);
    await attempt.pause();
    const user = await findByPhone(ctx.db.db, input.phone);
    const matches = await verifyPassword(input.password, user?.password ?? DUMMY_HASH);
    if (!user || !matches) {
      // Not noted for the staff lock list: these are no staff accounts.
      await attempt.failed(false);
      throw badRequest('user.badCredentials');
    }
    if (user.status !== 1) {
      await attempt.withdrawn();
      throw badRequest('user.inactive');
    }
    await attempt.succeeded();
    return issue(user);
  }

  /**
   * H5 registration: the SMS code sent to the phone, then the password. Nothing before the code's
   * proof depends on whether the phone has an account, so a taken phone and a free one get the same
   * answers. Once the code proves the phone, a free phone gets a new account; a taken one is its
   * owner's: they are signed into it with the password they chose (its other sessions end), so an
   * account someone else tied to their phone without proof comes back to them.
   */
  async function register(input: H5Input, client: LoginClient): Promise<TokenPair> {
    if (input.smsCode === undefined) throw badRequest('user.smsCodeRequired');
    if (!appPasswordSchema.safeParse(input.password).success) {
      throw badRequest('validation.invalid', { field: 'password' });
    }
    const attempt = await ctx.throttle.begin(throttleKey(input.phone), client.ip);
    await checkCaptcha(input, attempt, ctx.config.captcha);
    await attempt.pause();
    try {
      await smsCodes.redeem(input.phone, input.smsCode);
    } catch (error) {
      // A wrong or spent code counts like a wrong password, on top of the code's own tries.
      await attempt.failed(false);
      throw error;
    }
    await attempt.succeeded();
    const password = await hashPassword(input.password);
    let user = await findByPhone(ctx.db.db, input.phone);
    if (!user) {
      try {
        await insertAppUser(ctx.db.db, ctx.db.kind, {
          loginType: 2,
          phone: input.phone,
          password,
          nickName: input.nickName ?? null,
        });
        user = await findByPhone(ctx.db.db, input.phone);
        if (!user) throw new AppError(500, 'common.internal');
        assertActive(user);
        return issue(user);
      } catch (error) {
        // A racing registration of the same number: its row is the account this proof owns.
        if (!isUniqueViolation(error)) throw error;
        user = await findByPhone(ctx.db.db, input.phone);
        if (!user) throw new AppError(500, 'common.internal');
      }
    }
    assertActive(user);
    const passwordV = user.passwordV + 1;
    await updateAppUser(ctx.db.db, user.id, { password, passwordV });
    return issue({ id: user.id, passwordV });
  }

  type SmsInput = Extract<AppLoginInput, { loginType: 3 }>;

  /** The code first (used up when right), then the user by phone, or a new one signed up with it. */
  async function signInSms(input: SmsInput): Promise<TokenPair> {
    await smsCodes.redeem(input.phone, input.smsCode);
    let user = await findByPhone(ctx.db.db, input.phone);
    if (!user) {
      try {
        await insertAppUser(ctx.db.db, ctx.db.kind, {
          loginType: 3,
          phone: input.phone,
          nickName: input.nickName ?? null,
        });
      } catch (error) {
        // A racing first sign-in of the same number: its row is the user.
        if (!isUniqueViolation(error)) throw error;
      }
      user = await findByPhone(ctx.db.db, input.phone);
      if (!user) throw new AppError(500, 'common.internal');
    }
    assertActive(user);
    return issue(user);
  }

  return {
    async login(input: AppLoginInput, client: LoginClient): Promise<TokenPair> {
      await requireEnabled(input.loginType);
      switch (input.loginType) {
        case 0:
          // requireEnabled saw the provider.
          return signInWechat(0, await (providers.miniProgram as MiniProgramProvider).identify(input.code));
        case 1:
          return signInWechat(1, await (providers.officialAccount as OfficialAccountProvider).identify(input.code));
        // A phone goes by its one spelling (phone.ts): the throttle, the code and the account alike.
        case 2:
          return signInH5({ ...input, phone: smsNumberOf(input.phone) }, client);
        case 3:
          return signInSms({ ...input, phone: smsNumberOf(input.phone) });
      }
    },

    /**
     * Sends an SMS code: only with an sms plugin enabled and the SMS or the H5 type on (the code
     * signs in, or proves the phone of a registration), after the image captcha when the server
     * asks for one (CAPTCHA). The answer is the same whether the phone has an account or not.
     */
    async sendSmsCode(
      input: { phone: string; captchaId?: string | undefined; verifyCode?: string | number | undefined },
      client: LoginClient,
    ): Promise<AppSmsCodeSent> {
      const sms = providers.sms();
      // Codes sign in (type 3) and prove the phone of an H5 registration (type 2).
      const types = await enabledTypes();
      if (!sms || !(types.includes(3) || types.includes(2))) throw badRequest('user.smsUnavailable');
      if (ctx.config.captcha) {
        if (!input.captchaId || input.verifyCode === undefined || input.verifyCode === '') {
          throw badRequest('auth.captchaRequired');
        }
        if (!(await ctx.captcha.check(input.captchaId, input.verifyCode))) throw badRequest('auth.captcha');
      }
      return smsCodes.send(sms, input.phone, client);
    },

    /** A new pair for the same app session, the refresh token used up; the user is read again. */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const session: AppSession = await ctx.gate.redeemAppRefresh(refreshToken);
      const { sid: _sid, ...pair } = ctx.tokens.issue(
        { id: session.userId, username: `app:${session.userId}`, passwordV: session.passwordV },
        session.sid,
        'app',
      );
      return pair;
    },

    /** What a client needs to start: the sign-in types on, and the WeChat apps' public ids. Never a secret. */
    async program(): Promise<AppProgram> {
      const types = await enabledTypes();
      return {
        loginTypes: [...types],
        miniProgram: types.includes(0) && providers.miniProgram ? { appid: providers.miniProgram.appid } : null,
        officialAccount:
          types.includes(1) && providers.officialAccount ? { appid: providers.officialAccount.appid } : null,
      };
    },
  };
}

export type AppLoginService = ReturnType<typeof createAppLoginService>;
