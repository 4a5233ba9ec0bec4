import { timingSafeEqual } from 'node:crypto';
import { FILE_LINK_PARAMS, isPrivateFile, unsignedFileUrl } from '@backroom/contract';
import type { Vault } from '../../core/auth/vault.js';

/**
 * How long a signed link to a private file opens it: an hour, long enough to open what a list just
 * showed (or to pass it to a colleague for the meeting), short enough that a link in a chat, a
 * browser history or a proxy log stops working the same day.
 */
export const FILE_LINK_SECONDS = 3600;

/** The vault's purpose for these signatures: a key of their own, derived from the install's secret. */
const PURPOSE = 'upload-link';

/** A local upload's path: the folder the server serves, a date folder and a generated name. */
const UPLOAD_PATH = /^\/upload\/[A-Za-z0-9._/-]+$/;

export type FileLinks = {
  /**
   * The `/upload/<key>` path of one of our own file addresses (relative, or under UPLOAD_BASE_URL),
   * without its query; null for any other address (a bucket's, another site's).
   */
  pathOf(url: string): string | null;
  /** The address a reader is answered: a private file of ours as a signed link that expires, anything else as it is. */
  readable(url: string, now?: number): string;
  /** The address a record keeps: one of ours without a link's signature (it expires); anything else as given. */
  stored(url: string): string;
  /** Whether the query of a request for this path holds an unexpired signature made here for exactly this path. */
  verify(path: string, query: URLSearchParams, now?: number): boolean;
};

/**
 * Signed links to private files (documents, spreadsheets, archives, text: `isPrivateFile`): the
 * path and the expiry signed with HMAC-SHA256 under a key the vault derives from the install's
 * secret, so a link opens one file until it expires, and no other file, however it is edited.
 */
export function createFileLinks(vault: Vault, baseUrl: string | undefined): FileLinks {
  const signatureOf = (path: string, expires: number) => vault.sign(PURPOSE, `${path}\n${expires}`);

  function pathOf(url: string): string | null {
    const bare = unsignedFileUrl(url).split(/[?#]/, 1)[0] ?? '';
    const path = baseUrl && bare.startsWith(`${baseUrl}/upload/`) ? bare.slice(baseUrl.length) : bare;
    return UPLOAD_PATH.test(path) ? path : null;
  }

  return {
    pathOf,
    readable(url, now = Date.now()) {
      const path = pathOf(url);
      if (path === null || !isPrivateFile(path)) return url;
      const expires = Math.floor(now / 1000) + FILE_LINK_SECONDS;
      const unsigned = unsignedFileUrl(url).split('#', 1)[0] ?? '';
      const query = new URLSearchParams({
        [FILE_LINK_PARAMS.expires]: String(expires),
        [FILE_LINK_PARAMS.signature]: signatureOf(path, expires),
      });
      return `${unsigned}${unsigned.includes('?') ? '&' : '?'}${query}`;
    },
    stored: (url) => (pathOf(url) === null ? url : unsignedFileUrl(url)),
    verify(path, query, now = Date.now()) {
      const expiresText = query.get(FILE_LINK_PARAMS.expires) ?? '';
      const given = query.get(FILE_LINK_PARAMS.signature) ?? '';
      if (!/^\d{1,12}$/.test(expiresText) || given === '') return false;
      const expires = Number(expiresText);
      if (expires * 1000 < now) return false;
      const expected = Buffer.from(signatureOf(path, expires));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
