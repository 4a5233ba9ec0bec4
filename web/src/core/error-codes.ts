import type { ErrorCode } from '../ui/ErrorPage';

/**
 * The error pages a signed-in user sees inside the shell (its menu stays, to go on from there):
 * not found and not authorized, on routes marking process false, so they are never tabs. The
 * others (an expired session, a server away) have no shell to show them in.
 */
export const SHELL_ERROR_CODES = [403, 404] as const satisfies readonly ErrorCode[];

export function inShell(code: ErrorCode): boolean {
  return (SHELL_ERROR_CODES as readonly ErrorCode[]).includes(code);
}
