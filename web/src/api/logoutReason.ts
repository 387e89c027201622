/** The idle time after which the server ends a session (docs/product.md, "Constants"). */
export const SESSION_IDLE_MINUTES = 30;

/** The longest a session lasts, however active the user is (docs/product.md, "Constants"). */
export const SESSION_MAX_HOURS = 12;

/** What the SPA tells the logged-out page through the navigation's state. */
export interface LogoutState {
  /**
   * The session ended while the warning showed: it timed out from idleness ('inactivity') or
   * reached its 12-hour limit ('maxAge'), as the last ping said.
   */
  reason?: 'inactivity' | 'maxAge' | undefined;
}

export function logoutReasonOf(state: unknown): LogoutState['reason'] {
  const reason = (state as LogoutState | null)?.reason;
  return reason === 'inactivity' || reason === 'maxAge' ? reason : undefined;
}
