import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** scrypt with a fresh 16-byte salt per password: `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the user does not exist, so timing does not reveal usernames. */
export const DUMMY_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;

/**
 * A stored hash no password is known to match: a random salt and a random key, as good as a random
 * password nobody was told. Seeded staff get it, so they cannot sign in until the operator sets a
 * password; it costs no key derivation to make.
 */
export function unusableHash(): string {
  return `scrypt$${N}$${R}$${P}$${randomBytes(16).toString('base64')}$${randomBytes(KEY_LENGTH).toString('base64')}`;
}

/**
 * A hash brought from a cool-admin install by `npm run move-in` (docs/move-in.md): cool-admin keeps
 * an unsalted MD5 of the password. It is stored behind this prefix, which no scrypt hash has, so
 * verifyPassword never accepts it; the sign-in checks it once and replaces it (verifyLegacyHash).
 */
export const LEGACY_MD5_PREFIX = 'legacy-md5$';

/** The stored form of a cool-admin MD5 (32 hex digits), or null when the text is no MD5. */
export function legacyHashOf(md5: string): string | null {
  const hex = md5.trim().toLowerCase();
  return /^[0-9a-f]{32}$/.test(hex) ? `${LEGACY_MD5_PREFIX}${hex}` : null;
}

export function isLegacyHash(stored: string): boolean {
  return stored.startsWith(LEGACY_MD5_PREFIX);
}

/** Whether the password's MD5 is the legacy hash, compared in constant time. */
export function verifyLegacyHash(password: string, stored: string): boolean {
  if (!isLegacyHash(stored)) return false;
  const expected = Buffer.from(stored.slice(LEGACY_MD5_PREFIX.length), 'hex');
  const key = createHash('md5').update(password, 'utf8').digest();
  return expected.length === key.length && timingSafeEqual(key, expected);
}
