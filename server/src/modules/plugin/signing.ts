import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  webcrypto,
} from 'node:crypto';

/** The entry of a signed package that holds its signature; every other file is signed. */
export const SIGNATURE_FILE = 'SIGNATURE.json';
const DOMAIN = 'backroom-plugin-v1';
/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export type SignatureFile = { algorithm: 'ed25519'; publicKey: string; signature: string };

/**
 * What is signed: a fixed domain line, then `sha256  name` for every file but the signature,
 * sorted by name. Any changed, added, removed or renamed file changes it.
 */
function messageOf(digests: ReadonlyMap<string, string>): Buffer {
  const lines = [...digests.keys()]
    .filter((name) => name !== SIGNATURE_FILE)
    .sort()
    .map((name) => `${digests.get(name)}  ${name}`);
  return Buffer.from(`${DOMAIN}\n${lines.join('\n')}\n`, 'utf8');
}

export function signedMessage(files: ReadonlyMap<string, Buffer>): Buffer {
  return messageOf(new Map([...files].map(([name, data]) => [name, createHash('sha256').update(data).digest('hex')])));
}

/**
 * The SHA-256 of each file, on libuv's thread pool (WebCrypto's digest): a package holds up to
 * 20 MB, whose hashing on the event loop would hold the server's other calls for tens of ms.
 */
export async function digestFiles(files: ReadonlyMap<string, Buffer>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [name, data] of files) {
    out.set(name, Buffer.from(await webcrypto.subtle.digest('SHA-256', data)).toString('hex'));
  }
  return out;
}

/** The short id of a public key (raw 32 bytes, base64): the first 16 hex digits of its SHA-256. */
export function keyIdOf(publicKey: string): string {
  return createHash('sha256').update(Buffer.from(publicKey, 'base64')).digest('hex').slice(0, 16);
}

/** A raw Ed25519 public key in base64, or null when the text is not one. */
export function parsePublicKey(text: string): string | null {
  const raw = Buffer.from(text.trim(), 'base64');
  return raw.length === 32 && raw.toString('base64') === text.trim() ? text.trim() : null;
}

export function generateSigningKey(): { privateKeyPem: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  return {
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKey: spki.subarray(SPKI_PREFIX.length).toString('base64'),
  };
}

export function signFiles(files: ReadonlyMap<string, Buffer>, privateKeyPem: string): SignatureFile {
  const key = createPrivateKey(privateKeyPem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the signing key must be an Ed25519 private key');
  const spki = createPublicKey(key).export({ format: 'der', type: 'spki' });
  return {
    algorithm: 'ed25519',
    publicKey: spki.subarray(SPKI_PREFIX.length).toString('base64'),
    signature: sign(null, signedMessage(files), key).toString('base64'),
  };
}

/** Whether the signature file signs exactly these files with its own key (trust is decided elsewhere). */
export async function verifyFiles(files: ReadonlyMap<string, Buffer>, signature: SignatureFile): Promise<boolean> {
  const raw = parsePublicKey(signature.publicKey);
  if (signature.algorithm !== 'ed25519' || raw === null) return false;
  const message = messageOf(await digestFiles(files));
  try {
    const key = createPublicKey({
      key: Buffer.concat([SPKI_PREFIX, Buffer.from(raw, 'base64')]),
      format: 'der',
      type: 'spki',
    });
    return verify(null, message, key, Buffer.from(signature.signature, 'base64'));
  } catch {
    return false;
  }
}
