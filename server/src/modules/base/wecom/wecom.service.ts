import { randomBytes } from 'node:crypto';
import type { EnterpriseWeChatLoginUrl, TokenPair } from '@backroom/contract';
import type { AppContext } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import type { SignInClient } from '../sys-session.service.js';
import { findUserByWecomId } from '../sys-user.repository.js';
import { WecomError, type WecomProvider } from './wecom.provider.js';

/** How long the QR page may stay open before its `state` is no longer taken. */
export const STATE_SECONDS = 5 * 60;

/**
 * The states one address may hold open within STATE_SECONDS (a QR page opened, not yet come back):
 * far above a person's use, it keeps a flood from one address from filling the cache.
 */
export const STATES_PER_ADDRESS = 30;

/** A user found for a sign-in, as the password login finishes it (a second factor, or a session). */
type SignInUser = { id: number; username: string; passwordV: number; totpSecret: string | null };

/**
 * Staff sign-in with enterprise WeChat: the QR page's address with a single-use state kept in the
 * cache (Redis when scaled out, so the instance the browser comes back to knows it), then the code
 * exchanged for the WeCom member and the staff user bound to them. WeCom stands in for the password
 * only: a user with two-factor sign-in still answers its second step (`finish`).
 */
export function createWecomService(
  ctx: AppContext,
  provider: WecomProvider | undefined,
  finish: (user: SignInUser, client: SignInClient) => Promise<TokenPair>,
) {
  const stateKey = (state: string) => `wecom:state:${state}`;
  const addressKey = (ip: string) => `wecom-states:${ip}`;
  const configured = (): WecomProvider => {
    if (!provider) throw new AppError(400, 'wecom.notConfigured');
    return provider;
  };

  return {
    async loginUrl(client: { ip: string }): Promise<EnterpriseWeChatLoginUrl> {
      const wecom = configured();
      if (!(await ctx.counters.reserve([{ key: addressKey(client.ip), limit: STATES_PER_ADDRESS }], STATE_SECONDS))) {
        throw new AppError(429, 'auth.wecomStatesFull');
      }
      const state = randomBytes(18).toString('base64url');
      // The state keeps the address that holds it, which gets its count back when the state is used.
      await ctx.cache.set(stateKey(state), client.ip, STATE_SECONDS);
      return { url: wecom.qrLoginUrl(state), state, expire: STATE_SECONDS };
    },

    async signIn(input: { code: string; state: string }, client: SignInClient): Promise<TokenPair> {
      const wecom = configured();
      // Taken, not read: a state works once, even when two callbacks race on two instances.
      const holder = await ctx.cache.take(stateKey(input.state));
      if (holder === undefined) throw new AppError(400, 'wecom.stateInvalid');
      await ctx.counters.release(addressKey(holder));
      let userId: string | null;
      try {
        ({ userId } = await wecom.identify(input.code));
      } catch (error) {
        if (!(error instanceof WecomError)) throw error;
        throw error.reason === 'code' ? new AppError(401, 'wecom.codeInvalid') : new AppError(502, 'wecom.unavailable');
      }
      if (userId === null) throw new AppError(401, 'wecom.notMember');
      const user = await findUserByWecomId(ctx.db.db, userId.toLowerCase());
      if (!user) throw new AppError(401, 'wecom.unbound');
      if (user.status !== 1) throw new AppError(401, 'auth.userDisabled');
      return finish(user, client);
    },
  };
}

export type WecomService = ReturnType<typeof createWecomService>;
