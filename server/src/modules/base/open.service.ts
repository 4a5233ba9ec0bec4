import type { LoginOptions, TokenPair } from '@backroom/contract';
import { DUMMY_HASH, verifyPassword } from '../../core/auth/password.js';
import type { AppContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { findUserForLogin } from './sys-user.repository.js';

export type LoginInput = {
  username: string;
  password: string;
  captchaId?: string | undefined;
  verifyCode?: string | number | undefined;
};

/** Sign-in without a session: captcha, login, refresh. */
export function createOpenService(ctx: AppContext) {
  return {
    captcha: (
      options: { width?: number | undefined; height?: number | undefined; color?: string | undefined },
      ip: string,
    ) =>
      ctx.captcha.create(
        {
          ...(options.width ? { width: options.width } : {}),
          ...(options.height ? { height: options.height } : {}),
          ...(options.color ? { color: options.color } : {}),
        },
        ip,
      ),

    /**
     * What the login page shows: the captcha only when the server asks for one (`CAPTCHA`); with a
     * username, whether that account's sign-ins need one (the page asks again after a refusal).
     */
    loginOptions: async (_username?: string): Promise<LoginOptions> => ({ captcha: ctx.config.captcha }),

    async login(input: LoginInput, ip: string): Promise<TokenPair> {
      // Counted before the password is checked: a burst of parallel guesses cannot pass the limit.
      const attempt = await ctx.throttle.begin(input.username, ip);
      if (ctx.config.captcha) {
        if (!input.captchaId || input.verifyCode === undefined || input.verifyCode === '') {
          await attempt.withdrawn();
          throw new AppError(400, 'auth.captchaRequired');
        }
        if (!(await ctx.captcha.check(input.captchaId, input.verifyCode))) {
          await attempt.withdrawn();
          throw new AppError(400, 'auth.captcha');
        }
      }
      const user = await findUserForLogin(ctx.db.db, input.username);
      // Hash even for an unknown user, so the answer's timing does not tell which usernames exist.
      const matches = await verifyPassword(input.password, user?.password ?? DUMMY_HASH);
      if (!user || !matches) {
        await attempt.failed();
        throw new AppError(400, 'auth.badCredentials');
      }
      if (user.status !== 1) {
        await attempt.withdrawn();
        throw new AppError(400, 'auth.userDisabled');
      }
      await attempt.succeeded();
      const { sid: _sid, ...pair } = ctx.tokens.issue(user);
      return pair;
    },

    /**
     * A new pair for the same session, the refresh token rotated (the one sent is used up); the user
     * is read again, so a disabled user or new password ends it.
     */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const session = await ctx.gate.redeemRefresh(refreshToken);
      const { sid: _sid, ...pair } = ctx.tokens.issue(
        { id: session.userId, username: session.username, passwordV: session.passwordV },
        session.sid,
      );
      return pair;
    },
  };
}
