import type { LoginOptions, TokenPair } from '@backroom/contract';
import { DUMMY_HASH, verifyPassword } from '../../core/auth/password.js';
import type { AppContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import type { SignInClient, SysSessionService } from './sys-session.service.js';
import { findUserForLogin } from './sys-user.repository.js';

export type LoginInput = {
  username: string;
  password: string;
  captchaId?: string | undefined;
  verifyCode?: string | number | undefined;
};

/** Sign-in without a session: captcha, login, refresh. */
export function createOpenService(ctx: AppContext, sessions: SysSessionService) {
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
     * What the login page shows: the captcha when the server asks for one (`CAPTCHA`), or, for a
     * named account past its free attempts, always (the escalation of core/auth/throttle.ts).
     */
    async loginOptions(username?: string): Promise<LoginOptions> {
      if (ctx.config.captcha) return { captcha: true };
      return { captcha: username ? await ctx.throttle.escalated(username) : false };
    },

    async login(input: LoginInput, client: SignInClient): Promise<TokenPair> {
      // Counted before the password is checked: a burst of parallel guesses cannot pass the limit.
      const attempt = await ctx.throttle.begin(input.username, client.ip);
      // Past its free attempts an account asks every sign-in for a fresh captcha, even with CAPTCHA=off.
      if (ctx.config.captcha || attempt.escalated) {
        if (!input.captchaId || input.verifyCode === undefined || input.verifyCode === '') {
          await attempt.withdrawn();
          throw new AppError(400, attempt.escalated ? 'auth.escalated' : 'auth.captchaRequired');
        }
        if (!(await ctx.captcha.check(input.captchaId, input.verifyCode))) {
          await attempt.withdrawn();
          throw new AppError(400, 'auth.captcha');
        }
      }
      // …and waits a delay that grows with the account's failures (core/auth/throttle.ts).
      await attempt.pause();
      const user = await findUserForLogin(ctx.db.db, input.username);
      // Hash even for an unknown user, so the answer's timing does not tell which usernames exist.
      const matches = await verifyPassword(input.password, user?.password ?? DUMMY_HASH);
      if (!user || !matches) {
        await attempt.failed(user !== undefined);
        throw new AppError(400, 'auth.badCredentials');
      }
      if (user.status !== 1) {
        await attempt.withdrawn();
        throw new AppError(400, 'auth.userDisabled');
      }
      await attempt.succeeded();
      return sessions.start(user, client);
    },

    /**
     * A new pair for the same session, the refresh token rotated (the one sent is used up); the user
     * is read again, so a disabled user or new password ends it.
     */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const session = await ctx.gate.redeemRefresh(refreshToken).catch(async (error: unknown) => {
        // A reused refresh token revoked its session: the session list says so too.
        const claims = ctx.tokens.verify(refreshToken, 'refresh');
        if (claims && (await ctx.sessions.isRevoked(claims.sid))) await sessions.endSid(claims.sid, 'replayed', null);
        throw error;
      });
      const { sid, ...pair } = ctx.tokens.issue(
        { id: session.userId, username: session.username, passwordV: session.passwordV },
        session.sid,
      );
      await sessions.extend(sid);
      return pair;
    },
  };
}
