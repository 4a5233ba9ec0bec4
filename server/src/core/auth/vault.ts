import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server keeps at rest, under keys derived (HKDF-SHA256) from the install's secret
 * (core/auth/secret.ts): two-factor secrets sealed with AES-256-GCM, recovery codes as keyed
 * hashes, and the signatures of links that expire (a private file's). A copy of the database alone
 * reveals neither, and no link can be made without the secret.
 */
export type Vault = {
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url). */
  seal(text: string): string;
  /** The text of a sealed value, or null when it was not sealed with this install's key. */
  open(sealed: string): string | null;
  /** A keyed hash (hex) of a short secret (a recovery code). */
  digest(text: string): string;
  /**
   * A MAC (base64url, HMAC-SHA256) of a text under a key derived for this purpose alone, so a
   * signature made for one use (a file link) is worth nothing for another.
   */
  sign(purpose: string, text: string): string;
};

export function createVault(secret: string): Vault {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'backroom-vault', info, 32));
  const sealKey = derive('seal:totp');
  const digestKey = derive('digest:recovery');
  const signKeys = new Map<string, Buffer>();
  return {
    seal(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    digest(text) {
      return createHmac('sha256', digestKey).update(text).digest('hex');
    },
    sign(purpose, text) {
      let key = signKeys.get(purpose);
      if (!key) {
        key = derive(`sign:${purpose}`);
        signKeys.set(purpose, key);
      }
      return createHmac('sha256', key).update(text).digest('base64url');
    },
  };
}
