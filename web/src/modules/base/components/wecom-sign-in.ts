import { sessionApi } from '../../../core/endpoint-refs';
import { call } from '../../../core/request';

/**
 * Sign-in with enterprise WeChat (WeCom), as the login page drives it: the browser goes to WeCom's
 * QR page and comes back to /login with `code` and `state`. The state is kept in this tab before it
 * leaves and must come back the same, so a link carrying someone else's code cannot sign this
 * browser in (the server also takes each state once); the way back after signing in travels with it.
 */
const KEY = 'backroom.wecom';

type Pending = { state: string; back: string | null };

/** Asks the server for the QR page (with a fresh state) and goes there. */
export async function startWecomSignIn(back: string | null): Promise<void> {
  const { url, state } = await call(sessionApi.wecomLoginUrl, undefined, { silent: true });
  const pending: Pending = { state, back };
  sessionStorage.setItem(KEY, JSON.stringify(pending));
  window.location.assign(url);
}

/** The `code` and `state` WeCom sent the browser back with, when this /login is its redirect. */
export function wecomCallbackOf(search: string): { code: string; state: string } | null {
  const query = new URLSearchParams(search);
  const code = query.get('code');
  const state = query.get('state');
  return code && state ? { code, state } : null;
}

/**
 * The sign-in this tab started, taken (it is good once), when the state that came back is its own:
 * then its way back (or null for none); `false` when this tab started no such sign-in.
 */
export function takeWecomSignIn(state: string): { back: string | null } | false {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!raw) return false;
  try {
    const pending = JSON.parse(raw) as Pending;
    return pending.state === state ? { back: pending.back } : false;
  } catch {
    return false;
  }
}
