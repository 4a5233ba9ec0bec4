import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, codeAt, matchCode, otpauthUri, stepAt } from './totp.js';
import { createVault } from './vault.js';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", 8-digit codes; ours are their last 6.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const RFC_VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
];

describe('totp', () => {
  it.each(RFC_VECTORS)('gives the RFC 6238 code at %i s', (seconds, eight) => {
    expect(codeAt(RFC_SECRET, stepAt(seconds * 1000))).toBe(eight.slice(2));
  });

  it('base32 round-trips', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 9]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from('12345678901234567890'))).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('accepts one step either side, never a used step, never a far one', () => {
    const now = 1_800_000_000_000;
    const step = stepAt(now);
    expect(matchCode(RFC_SECRET, codeAt(RFC_SECRET, step - 1), now, null)).toBe(step - 1);
    expect(matchCode(RFC_SECRET, codeAt(RFC_SECRET, step + 1), now, null)).toBe(step + 1);
    expect(matchCode(RFC_SECRET, codeAt(RFC_SECRET, step - 2), now, null)).toBeNull();
    expect(matchCode(RFC_SECRET, codeAt(RFC_SECRET, step), now, step)).toBeNull();
    expect(matchCode(RFC_SECRET, 'abcdef', now, null)).toBeNull();
  });

  it('writes an otpauth URI authenticator apps read', () => {
    expect(otpauthUri('Backroom', 'ann lee', 'ABC')).toBe(
      'otpauth://totp/Backroom:ann%20lee?secret=ABC&issuer=Backroom&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('vault', () => {
  it('seals so that only the same install key opens, and tampering is refused', () => {
    const vault = createVault('a'.repeat(48));
    const sealed = vault.seal('SECRET');
    expect(sealed).not.toContain('SECRET');
    expect(vault.open(sealed)).toBe('SECRET');
    expect(createVault('b'.repeat(48)).open(sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(vault.open(parts.join('.'))).toBeNull();
    expect(vault.digest('abcd-efgh')).toBe(createVault('a'.repeat(48)).digest('abcd-efgh'));
    expect(vault.digest('abcd-efgh')).not.toBe(createVault('b'.repeat(48)).digest('abcd-efgh'));
  });
});
