import { createHmac } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import { createTokenService, readBearer } from './tokens.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const user = { id: 7, username: 'clerk', passwordV: 3 };

describe('tokens', () => {
  it('verifies its own access and refresh tokens, each only as its kind', () => {
    const tokens = createTokenService(SECRET, { access: 60, refresh: 600 });
    const pair = tokens.issue(user);
    expect(tokens.verify(pair.token, 'access')).toMatchObject({ userId: 7, passwordVersion: 3, sid: pair.sid });
    expect(tokens.verify(pair.refreshToken, 'refresh')).toMatchObject({ userId: 7, sid: pair.sid });
    expect(tokens.verify(pair.refreshToken, 'access')).toBeNull();
    expect(tokens.verify(pair.token, 'refresh')).toBeNull();
  });

  it('refuses a token signed with another secret or altered', () => {
    const ours = createTokenService(SECRET, { access: 60, refresh: 600 });
    const theirs = createTokenService(`${SECRET}-other`, { access: 60, refresh: 600 });
    expect(ours.verify(theirs.issue(user).token, 'access')).toBeNull();
    const token = ours.issue(user).token;
    const [head, body, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), userId: 1 }),
    ).toString('base64url');
    expect(ours.verify(`${head}.${forged}.${signature}`, 'access')).toBeNull();
  });

  it('stops accepting a token once it expires, even after it was cached', async () => {
    const tokens = createTokenService(SECRET, { access: 1, refresh: 1 });
    const { token } = tokens.issue(user);
    expect(tokens.verify(token, 'access')).not.toBeNull();
    await new Promise((r) => setTimeout(r, 1100));
    expect(tokens.verify(token, 'access')).toBeNull();
  });

  it('refuses a token signed with its secret but carrying no expiry', () => {
    const tokens = createTokenService(SECRET, { access: 60, refresh: 600 });
    const sign = createSigner({ key: SECRET, algorithm: 'HS256' });
    const claims = { userId: 7, username: 'clerk', passwordVersion: 3, sid: 's-1' };
    expect(tokens.verify(sign({ ...claims, isRefresh: false }), 'access')).toBeNull();
    expect(tokens.verify(sign({ ...claims, isRefresh: true }), 'refresh')).toBeNull();
    // An expiry that is not a number, signed by hand (fast-jwt's signer refuses to write one).
    const head = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ ...claims, isRefresh: false, exp: 'never' })).toString('base64url');
    const mac = createHmac('sha256', SECRET).update(`${head}.${body}`).digest('base64url');
    expect(tokens.verify(`${head}.${body}.${mac}`, 'access')).toBeNull();
  });

  it('takes a signature only in its canonical spelling, and names a jti-less refresh token by it', () => {
    const tokens = createTokenService(SECRET, { access: 60, refresh: 600 });
    const sign = createSigner({ key: SECRET, algorithm: 'HS256', expiresIn: 600_000 });
    const legacy = sign({ userId: 7, username: 'clerk', passwordVersion: 3, sid: 's-1', isRefresh: true });
    const [head, body, signature] = legacy.split('.') as [string, string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // Every other last character whose spare bits a lenient decoder drops: the same signature bytes.
    const variants = [...alphabet]
      .map((c) => `${head}.${body}.${signature.slice(0, -1)}${c}`)
      .filter((t) => t !== legacy)
      .filter((t) => Buffer.from(t.split('.')[2] as string, 'base64url').equals(Buffer.from(signature, 'base64url')));
    expect(variants).toHaveLength(3);
    const claims = tokens.verify(legacy, 'refresh');
    expect(claims).not.toBeNull();
    for (const variant of variants) expect(tokens.verify(variant, 'refresh')).toBeNull();
    // Padding or the standard alphabet's characters are other spellings too.
    expect(tokens.verify(`${legacy}=`, 'refresh')).toBeNull();
    for (const variant of variants) {
      expect(tokens.refreshId(variant, claims as NonNullable<typeof claims>)).toBe(
        tokens.refreshId(legacy, claims as NonNullable<typeof claims>),
      );
    }
  });

  it('reads the Authorization header raw or after Bearer', () => {
    expect(readBearer('abc.def.ghi')).toBe('abc.def.ghi');
    expect(readBearer('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(readBearer('bearer   abc')).toBe('abc');
    expect(readBearer('')).toBeUndefined();
    expect(readBearer(undefined)).toBeUndefined();
  });
});
