import { useEffect } from 'react';
import { sessionApi } from './endpoint-refs';
import { i18n } from './i18n';
import { call, logout } from './request';
import { onSessionEnd, useSession } from './session';
import { storage } from './storage';

/*
 * A shared counter PC (issue 37): after the user's `idleSignOutMinutes` (person answers them; 0 =
 * never) without input, the browser signs out, ending the session on the server too. The last
 * input is kept in the browser's storage, shared by the origin's tabs (input in one keeps all of
 * them signed in) and read again when a tab opens, so a browser closed and reopened past the time
 * starts signed out. The server refuses such a session's refresh all the same (docs/architecture.md,
 * "Sessions").
 */

const LAST_INPUT = 'lastInput';
/** Input is noted at most this often (a moving mouse sends many events). */
const NOTE_EVERY_MS = 5000;
/** How often the time without input is checked. */
const CHECK_EVERY_MS = 10_000;
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

// The next user starts their own count: a sign-in clears what the last one left.
onSessionEnd(() => storage.remove(LAST_INPUT));

/** Whether the time since the last input has run past the minutes (never for 0). */
export function idleTooLong(lastInput: number | undefined, minutes: number, now = Date.now()): boolean {
  return minutes > 0 && lastInput !== undefined && now - lastInput >= minutes * 60_000;
}

/** Signs the shell's user out after their idle minutes without input; call once in the signed-in shell. */
export function useIdleSignOut(): void {
  const minutes = useSession((s) => s.userInfo?.idleSignOutMinutes ?? 0);
  useEffect(() => {
    if (minutes <= 0) return;
    let noted = 0;
    const note = () => {
      const now = Date.now();
      if (now - noted < NOTE_EVERY_MS) return;
      noted = now;
      storage.set(LAST_INPUT, now);
    };
    const check = () => {
      if (!idleTooLong(storage.get<number>(LAST_INPUT), minutes)) return;
      window.clearInterval(timer);
      // The server ends the session; the browser signs out whether or not that call gets through.
      const ended = call(sessionApi.logout, undefined, { silent: true }).catch(() => undefined);
      const waited = new Promise((resolve) => window.setTimeout(resolve, 3000));
      void Promise.race([ended, waited]).then(() => logout(i18n.t('session.idle', { minutes })));
    };
    // A tab opened (or a browser reopened) past the time signs out at once; a fresh sign-in starts counting.
    if (storage.get<number>(LAST_INPUT) === undefined) storage.set(LAST_INPUT, Date.now());
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    check();
    for (const name of INPUT_EVENTS) window.addEventListener(name, note, { passive: true, capture: true });
    return () => {
      window.clearInterval(timer);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, note, { capture: true });
    };
  }, [minutes]);
}
