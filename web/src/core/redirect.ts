/**
 * The way back after signing in: /login carries the page to return to as `?redirect=`, and only a
 * path of this app is ever followed (no other origin, no scheme, not /login itself).
 */

/** /login, with the way back to `from` (a path with its query) when there is somewhere to return to. */
export function loginPath(from?: string): string {
  const back = from ? safePath(from) : null;
  return back && back !== '/' ? `/login?redirect=${encodeURIComponent(back)}` : '/login';
}

/** Where to go once signed in: the `redirect` of a /login query when it is a path of ours. */
export function returnPath(search: string): string | null {
  const value = new URLSearchParams(search).get('redirect');
  return value ? safePath(value) : null;
}

/** The path, query and hash of `value` when it stays on this origin and is not the login page; else null. */
function safePath(value: string): string | null {
  // Only an absolute path: `//host`, `/\host` and any `scheme:` would leave the app.
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin || url.pathname === '/login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where the last sign-out in this page sent the user. A guard that finds no token renders in the
 * same moment as that navigation and would make its own guess (a way back to the screen left), so
 * it follows this instead: a logout the user chose stays a plain /login. Cleared by signing in.
 */
let signOutTarget: string | null = null;
/** The user a sign-out asks back (after a password change): the login page fills the name in. */
let signOutUser: string | null = null;

export function rememberSignOut(target: string | null, username: string | null = null) {
  signOutTarget = target;
  signOutUser = username;
}

/** The username the last sign-out left for the login page, if any. */
export function signOutUsername(): string | null {
  return signOutUser;
}

/** The last sign-out's /login address when there was one, else `fallback`. */
export function signOutTargetOr(fallback: string): string {
  return signOutTarget ?? fallback;
}
