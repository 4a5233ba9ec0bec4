import { createHash, randomUUID } from 'node:crypto';
import type { TokenPair } from '@backroom/contract';
import { createSigner, createVerifier } from 'fast-jwt';

/**
 * What a token says. `sid` names the login session, which logout revokes; `passwordVersion` ends it on a password change;
 * `jti` names one refresh token, which a refresh uses up (tokens issued before rotation have none).
 */
export type TokenClaims = {
  userId: number;
  username: string;
  passwordVersion: number;
  isRefresh: boolean;
  sid: string;
  exp: number;
  jti?: string;
  /** `app` on an app user's tokens (base/open/appLogin); staff tokens carry none. */
  aud?: 'app';
};

/** Whose token: a staff member's (`/api/admin/…`) or an app user's (`/api/app/…`); neither passes the other's check. */
export type TokenAudience = 'admin' | 'app';

export type TokenService = {
  issue(
    user: { id: number; username: string; passwordV: number },
    sid?: string,
    audience?: TokenAudience,
  ): TokenPair & { sid: string };
  /** The claims of a valid token of the wanted kind and audience (staff by default), or null (bad signature, expired, wrong kind). */
  verify(token: string, kind: 'access' | 'refresh', audience?: TokenAudience): TokenClaims | null;
  /** The name a refresh token is used up under: its `jti`, or a digest of an older token that has none. */
  refreshId(token: string, claims: TokenClaims): string;
  /** Access and refresh token lifetimes, seconds. */
  readonly lifetimes: { access: number; refresh: number };
};

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Whether the token's three parts are each canonical base64url: the one text its bytes encode. A
 * decoder ignores the spare low bits of the last character (43 characters carry 258 bits for a
 * 256-bit signature), so without this check four spellings of one signature would all verify,
 * and each would pass for a different token.
 */
function isCanonical(token: string): boolean {
  const parts = token.split('.');
  return (
    parts.length === 3 &&
    parts.every((part) => BASE64URL.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part)
  );
}

export function createTokenService(secret: string, lifetimes: { access: number; refresh: number }): TokenService {
  const signAccess = createSigner({ key: secret, algorithm: 'HS256', expiresIn: lifetimes.access * 1000 });
  const signRefresh = createSigner({ key: secret, algorithm: 'HS256', expiresIn: lifetimes.refresh * 1000 });
  // A token without an expiry would be good forever: every token we issue carries one, so require it.
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp'] });
  // Verified tokens by their text, until they expire: a hot token's signature is checked once,
  // not on every request (fast-jwt's own cache hashes the token on every lookup).
  const verified = new Map<string, TokenClaims>();
  const MAX_CACHED = 10_000;
  return {
    lifetimes,
    issue(user, sid = randomUUID(), audience = 'admin') {
      const claims = {
        userId: user.id,
        username: user.username,
        passwordVersion: user.passwordV,
        sid,
        ...(audience === 'app' ? { aud: 'app' } : {}),
      };
      return {
        sid,
        token: signAccess({ ...claims, isRefresh: false }),
        expire: lifetimes.access,
        // A new id each time: two refreshes within one second still give two different tokens.
        refreshToken: signRefresh({ ...claims, isRefresh: true, jti: randomUUID() }),
        refreshExpire: lifetimes.refresh,
      };
    },
    verify(token, kind, audience = 'admin') {
      let claims = verified.get(token);
      if (claims && claims.exp * 1000 <= Date.now()) {
        verified.delete(token);
        claims = undefined;
      }
      if (!claims) {
        if (!isCanonical(token)) return null;
        try {
          claims = verifier(token) as TokenClaims;
        } catch {
          return null;
        }
        if (verified.size >= MAX_CACHED) {
          const oldest = verified.keys().next().value;
          if (oldest !== undefined) verified.delete(oldest);
        }
        verified.set(token, claims);
      }
      if (typeof claims.userId !== 'number' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') {
        return null;
      }
      if (claims.isRefresh !== (kind === 'refresh')) return null;
      if ((claims.aud === 'app' ? 'app' : 'admin') !== audience) return null;
      return claims;
    },
    refreshId(token, claims) {
      if (typeof claims.jti === 'string') return claims.jti;
      // A token from before rotation: named by its signed text and its signature's bytes, decoded
      // strictly, so no other spelling of the same signature gets a name of its own. For a
      // canonical token (the only kind verify takes) this is the digest of its text, as before.
      const cut = token.lastIndexOf('.');
      const signature = token.slice(cut + 1);
      const canonical = BASE64URL.test(signature)
        ? `${token.slice(0, cut)}.${Buffer.from(signature, 'base64url').toString('base64url')}`
        : token;
      // Hex, not base64: MySQL compares the stored ids without regard to case.
      return createHash('sha256').update(canonical).digest('hex').slice(0, 48);
    },
  };
}

/** `Authorization` carries the token raw or after `Bearer `. */
export function readBearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : value;
  return token === '' ? undefined : token;
}
