import { randomBytes } from 'node:crypto';
import type { TwoFactorSetup } from '@backroom/contract';
import type { Session } from '../../core/auth/principal.js';
import { matchCode, newTotpSecret, otpauthUri } from '../../core/auth/totp.js';
import type { AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import { badRequest, notFound } from '../../core/errors.js';
import {
  claimRecoveryCode,
  claimStep,
  clearTwoFactor,
  enableTwoFactor,
  readTwoFactor,
} from './two-factor.repository.js';

/** How long a begun enrolment waits for its confirming code. */
const SETUP_SECONDS = 10 * 60;
const RECOVERY_CODES = 10;
const ISSUER = 'Backroom';

/** `k7pq-x2mz`: 8 characters of an alphabet without look-alikes (40 bits each). */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** A recovery code as typed: case, spaces and the dash do not matter. */
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Two-factor sign-in (TOTP, RFC 6238): enrolment, turning it off, and checking a sign-in's second step. */
export function createTwoFactorService(ctx: AppContext) {
  const setupKey = (userId: number) => `2fa:setup:${userId}`;
  /** One event of the user's record: the secret and the recovery codes are only "changed", never kept. */
  const recordTwoFactor = (trx: Db, session: Session) =>
    ctx.history.record(trx, session, 'base/sys/user', [
      {
        recordId: session.userId,
        recordName: null,
        action: 'twoFactor',
        // The recovery codes go with the secret; the column's label reads for both.
        changes: [{ f: 'totpSecret', w: 1 }],
      },
    ]);
  return {
    async enabled(userId: number): Promise<boolean> {
      return !!(await readTwoFactor(ctx.db.db, userId))?.totpSecret;
    },

    /** A new secret, kept (sealed) until a code from it confirms the enrolment. */
    async setup(session: Session): Promise<TwoFactorSetup> {
      const user = await readTwoFactor(ctx.db.db, session.userId);
      if (!user) throw notFound();
      if (user.totpSecret) throw badRequest('auth.twoFactorAlready');
      const secret = newTotpSecret();
      await ctx.cache.set(setupKey(session.userId), ctx.vault.seal(secret), SETUP_SECONDS);
      return { secret, uri: otpauthUri(ISSUER, user.username, secret) };
    },

    /** Confirms the enrolment with a code of the new secret; answers the recovery codes, once. */
    async enable(session: Session, code: string): Promise<{ recoveryCodes: string[] }> {
      const user = await readTwoFactor(ctx.db.db, session.userId);
      if (!user) throw notFound();
      if (user.totpSecret) throw badRequest('auth.twoFactorAlready');
      const sealed = await ctx.cache.get(setupKey(session.userId));
      const secret = sealed === undefined ? null : ctx.vault.open(sealed);
      if (!sealed || !secret) throw badRequest('auth.twoFactorSetupExpired');
      const step = matchCode(secret, code, Date.now(), null);
      if (step === null) throw badRequest('auth.twoFactorCode');
      const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      const digests = recoveryCodes.map((c) => ctx.vault.digest(normalizeRecovery(c)));
      await ctx.db.db.transaction().execute(async (trx) => {
        await enableTwoFactor(trx, session.userId, sealed, step, digests);
        await recordTwoFactor(trx, session);
      });
      await ctx.cache.del(setupKey(session.userId));
      ctx.gate.invalidate();
      return { recoveryCodes };
    },

    /**
     * Turns it off, with a current code (unless the caller checked it already: `verified`); not
     * while a role of the user requires it. The password and the throttle are comm.service's.
     */
    async disable(
      session: Session,
      code: string,
      requiredByRole: boolean,
      options: { verified?: boolean } = {},
    ): Promise<void> {
      if (requiredByRole) throw badRequest('auth.twoFactorRoleRequires');
      const user = await readTwoFactor(ctx.db.db, session.userId);
      if (!user?.totpSecret) throw badRequest('auth.twoFactorNotEnabled');
      if (!options.verified && !(await this.verify(session.userId, code, { recovery: false }))) {
        throw badRequest('auth.twoFactorCode');
      }
      await ctx.db.db.transaction().execute(async (trx) => {
        await clearTwoFactor(trx, [session.userId]);
        await recordTwoFactor(trx, session);
      });
      ctx.gate.invalidate();
    },

    /**
     * Whether a code signs this user in: a TOTP code of a step not used before (the step is then
     * used up), or, unless `recovery` is false, an unused recovery code (then used up).
     */
    async verify(userId: number, code: string, options: { recovery?: boolean } = {}): Promise<boolean> {
      const user = await readTwoFactor(ctx.db.db, userId);
      const secret = user?.totpSecret ? ctx.vault.open(user.totpSecret) : null;
      if (!user || !secret) return false;
      const trimmed = code.trim();
      if (/^\d{6}$/.test(trimmed)) {
        const step = matchCode(secret, trimmed, Date.now(), user.totpStep === null ? null : Number(user.totpStep));
        return step !== null && (await claimStep(ctx.db.db, userId, step));
      }
      if (options.recovery === false) return false;
      return claimRecoveryCode(ctx.db.db, userId, ctx.vault.digest(normalizeRecovery(trimmed)));
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
