/**
 * SQLSTATEs of failures that say nothing about the statement or its data: the same work may
 * succeed when run again a little later.
 */
const transientStates = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
  '53300', // too_many_connections
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);

/** Errors of the socket under a connection (Node's codes). */
const transientSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/** What node-postgres throws without a code when it loses or cannot get a connection. */
const transientMessages = [/connection terminated/i, /timeout exceeded when trying to connect/i];

/**
 * Whether a database error may pass if the work runs again: a lost or refused connection
 * (class 08, a socket error, a server shutting down), a serialization failure or a deadlock.
 * Looks through `cause` too, as drivers and Kysely may wrap the error.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('08') || transientStates.has(code))) return true;
    if (typeof code === 'string' && transientSocketCodes.has(code)) return true;
    const { message } = current;
    if (code === undefined && transientMessages.some((pattern) => pattern.test(message))) return true;
    current = current.cause;
  }
  return false;
}
