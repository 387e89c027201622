import { safeReturnPath } from './returnPath';

/** What the SPA tells the logged-out page through the navigation's state. */
export interface LogoutState {
  /**
   * The session ended while the warning showed: it timed out from idleness ('inactivity') or
   * reached its 12-hour limit ('maxAge'), as the last ping said.
   */
  reason?: 'inactivity' | 'maxAge' | undefined;
  /** The server's idle time and longest session (SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS), as the last ping said. */
  idleMinutes?: number | undefined;
  maxHours?: number | undefined;
  /** The page the user was on when the session ended: signing in again returns there (returnPath.ts). */
  returnTo?: string | undefined;
}

/** A positive number from the navigation's state, or undefined. */
const positive = (value: unknown) => (typeof value === 'number' && value > 0 ? value : undefined);

/** The server's limits the logged-out page names, from the navigation's state. */
export function logoutLimitsOf(state: unknown) {
  const given = state as LogoutState | null;
  return { idleMinutes: positive(given?.idleMinutes), maxHours: positive(given?.maxHours) };
}

/** The page to return to after signing in again, when it is one of this site's (returnPath.ts). */
export const logoutReturnToOf = (state: unknown) => safeReturnPath((state as LogoutState | null)?.returnTo);

export function logoutReasonOf(state: unknown): LogoutState['reason'] {
  const reason = (state as LogoutState | null)?.reason;
  return reason === 'inactivity' || reason === 'maxAge' ? reason : undefined;
}
