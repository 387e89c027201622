/** The idle time after which the server ends a session (docs/product.md, "Constants"). */
export const SESSION_IDLE_MINUTES = 30;

/** What the SPA tells the logged-out page through the navigation's state. */
export interface LogoutState {
  /** 'inactivity': the session ended while the warning showed, i.e. it timed out. */
  reason?: 'inactivity';
}

export const logoutReasonOf = (state: unknown): LogoutState['reason'] =>
  (state as LogoutState | null)?.reason === 'inactivity' ? 'inactivity' : undefined;
