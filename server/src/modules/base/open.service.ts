import { randomUUID } from 'node:crypto';
import { type LoginOptions, type SecondFactorChallenge, sysUser, type TokenPair } from '@backroom/contract';
import { DUMMY_HASH, isLegacyHash, verifyLegacyHash, verifyPassword } from '../../core/auth/password.js';
import type { AppContext } from '../../core/context.js';
import { formatTime } from '../../core/db/index.js';
import { AppError, unavailable } from '../../core/errors.js';
import { alertHolders } from '../../core/message-center.js';
import { DEFAULT_ADMIN_PASSWORD } from './base.seed.js';
import { replaceLegacyHash } from './legacy-password.js';
import type { SignInClient, SysSessionService } from './sys-session.service.js';
import { findUser, findUserForLogin } from './sys-user.repository.js';
import type { TwoFactorService } from './two-factor.service.js';

export type LoginInput = {
  username?: string | undefined;
  password?: string | undefined;
  captchaId?: string | undefined;
  verifyCode?: string | number | undefined;
  challenge?: string | undefined;
  code?: string | undefined;
};

/** How long the second step of a two-factor sign-in may take, and how many wrong codes one challenge takes. */
const CHALLENGE_SECONDS = 5 * 60;
const CHALLENGE_TRIES = 5;

type Challenge = { userId: number; passwordV: number; tries: number; until: number };

/**
 * A password sign-in's client: `onThisMachine` when the request came over loopback naming no other
 * client (core/http/client-address.ts), the only place the seeded admin's public default works.
 */
export type LoginClient = SignInClient & { onThisMachine: boolean };

/** Sign-in without a session: captcha, login (with its second step), refresh. */
export function createOpenService(ctx: AppContext, sessions: SysSessionService, twoFactor: TwoFactorService) {
  const challengeKey = (id: string) => `2fa:challenge:${id}`;

  /** The password was right and the account has two-factor sign-in: a challenge for the second step. */
  async function challengeFor(user: { id: number; passwordV: number }): Promise<never> {
    const id = randomUUID();
    const value: Challenge = {
      userId: user.id,
      passwordV: user.passwordV,
      tries: 0,
      until: Date.now() + CHALLENGE_SECONDS * 1000,
    };
    await ctx.cache.set(challengeKey(id), JSON.stringify(value), CHALLENGE_SECONDS);
    const data: SecondFactorChallenge = { secondFactor: 'totp', challenge: id, expire: CHALLENGE_SECONDS };
    throw new AppError(400, 'auth.secondFactorRequired', {}, data);
  }

  /**
   * The second step: the challenge is taken (so two racing calls cannot both use it), the code
   * checked and counted with the sign-in throttle like a password; a wrong code puts the challenge
   * back for its remaining time, up to CHALLENGE_TRIES wrong codes.
   */
  async function completeChallenge(id: string, code: string, client: SignInClient): Promise<TokenPair> {
    const raw = await ctx.cache.take(challengeKey(id));
    const challenge = raw === undefined ? null : (JSON.parse(raw) as Challenge);
    if (!challenge || challenge.until <= Date.now()) throw new AppError(400, 'auth.challengeExpired');
    const user = await findUser(ctx.db.db, challenge.userId);
    if (user?.status !== 1 || user.passwordV !== challenge.passwordV) {
      throw new AppError(400, 'auth.challengeExpired');
    }
    const attempt = await ctx.throttle.begin(user.username, client.ip);
    if (!(await twoFactor.verify(user.id, code))) {
      await attempt.failed();
      const tries = challenge.tries + 1;
      const left = Math.floor((challenge.until - Date.now()) / 1000);
      if (tries < CHALLENGE_TRIES && left > 0) {
        await ctx.cache.set(challengeKey(id), JSON.stringify({ ...challenge, tries }), left);
      }
      throw new AppError(400, 'auth.twoFactorCode');
    }
    await attempt.succeeded();
    return sessions.start(user, client);
  }

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
      const enterpriseWeChat = ctx.config.wecom !== undefined;
      if (ctx.config.captcha) return { captcha: true, enterpriseWeChat };
      return { captcha: username ? await ctx.throttle.escalated(username) : false, enterpriseWeChat };
    },

    /**
     * A sign-in whose first factor passed by another way than the password (enterprise WeChat):
     * the second step where the account has one, else a session.
     */
    finish(user: { id: number; username: string; passwordV: number; totpSecret: string | null }, client: SignInClient) {
      return user.totpSecret ? challengeFor(user) : sessions.start(user, client);
    },

    async login(input: LoginInput, client: LoginClient): Promise<TokenPair> {
      if (input.challenge !== undefined) {
        if (!input.code) throw new AppError(400, 'validation.required', { field: 'code' });
        return completeChallenge(input.challenge, input.code, client);
      }
      if (input.username === undefined) throw new AppError(400, 'validation.required', { field: 'username' });
      if (input.password === undefined) throw new AppError(400, 'validation.required', { field: 'password' });
      // Counted before the password is checked: a burst of parallel guesses cannot pass the limit.
      // While Redis is down, counted in this process (degraded): the sign-in then ends in a 503.
      const attempt = await ctx.throttle.begin(input.username, client.ip, { local: true });
      // Past its free attempts an account asks every sign-in for a fresh captcha, even with CAPTCHA=off.
      if (ctx.config.captcha || attempt.escalated) {
        if (!input.captchaId || input.verifyCode === undefined || input.verifyCode === '') {
          await attempt.withdrawn();
          throw new AppError(400, attempt.escalated ? 'auth.escalated' : 'auth.captchaRequired');
        }
        const passed = await ctx.captcha.check(input.captchaId, input.verifyCode).catch(async (error: unknown) => {
          await attempt.withdrawn();
          throw error;
        });
        if (!passed) {
          await attempt.withdrawn();
          throw new AppError(400, 'auth.captcha');
        }
      }
      // …and waits a delay that grows with the account's failures (core/auth/throttle.ts).
      await attempt.pause();
      const user = await findUserForLogin(ctx.db.db, input.username);
      // Hash even for an unknown user, so the answer's timing does not tell which usernames exist.
      const legacy = user !== undefined && isLegacyHash(user.password);
      // A hash brought in by move-in (docs/move-in.md) is an MD5: checked here once, and the dummy
      // scrypt still runs, so the answer takes the same time as any other sign-in.
      const scryptMatches = await verifyPassword(input.password, legacy ? DUMMY_HASH : (user?.password ?? DUMMY_HASH));
      const matches = legacy ? verifyLegacyHash(input.password, user.password) : scryptMatches;
      if (!user || !matches) {
        const held = await attempt.failed(user !== undefined);
        // Without the shared counts a wrong password is answered as a right one is: 503, nothing learnt.
        if (attempt.degraded) throw unavailable();
        // The failure that puts the account under the captcha and delays: told once, not per guess.
        if (held && user && !attempt.escalated) {
          ctx.plugins.notify({
            type: 'account.locked',
            at: formatTime(),
            username: user.username,
            ip: client.ip,
            until: null,
          });
          alertHolders(ctx.messages, ctx.log, sysUser.perms.unlock, {
            kind: 'accountLocked',
            params: { username: user.username, ip: client.ip ?? '' },
            link: `/sys/user?keyWord=${encodeURIComponent(user.username)}`,
          });
        }
        throw new AppError(400, 'auth.badCredentials');
      }
      if (user.status !== 1) {
        await attempt.withdrawn();
        throw new AppError(400, 'auth.userDisabled');
      }
      // The shared counts are down: the sign-in cannot be counted across instances, so it does not
      // finish (the attempt is given back, as the user will try again). Only the refusal of a
      // disabled account, above, is told, to the holder of its password alone.
      if (attempt.degraded) {
        await attempt.withdrawn();
        throw unavailable();
      }
      // Until the admin has chosen a password, the public default signs in only on the server's own
      // machine: a new install listening on every interface is not open to whoever knows it.
      const publicDefault =
        user.username === 'admin' && Boolean(user.passwordChangeRequired) && input.password === DEFAULT_ADMIN_PASSWORD;
      if (publicDefault && !client.onThisMachine) {
        await attempt.withdrawn();
        throw new AppError(400, 'auth.defaultPasswordRemote', { port: ctx.config.port });
      }
      if (legacy) {
        const replaced = await replaceLegacyHash(ctx.db.db, ctx.db.kind, user, input.password);
        // Another sign-in replaced it first: the legacy hash is gone, so this one is refused too.
        if (!replaced) {
          await attempt.failed(true);
          throw new AppError(400, 'auth.badCredentials');
        }
        ctx.gate.invalidate();
      }
      if (user.totpSecret) {
        // Not a success yet: the count starts over only with the second factor, so that signing in
        // again with a stolen password does not buy more guesses at the code.
        await attempt.withdrawn();
        return challengeFor(user);
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
      await sessions.assertNotIdle(session);
      const { sid, ...pair } = ctx.tokens.issue(
        { id: session.userId, username: session.username, passwordV: session.passwordV },
        session.sid,
      );
      await sessions.extend(sid);
      return pair;
    },
  };
}
