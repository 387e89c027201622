/**
 * What a command did, in the import's own terms. Commands never answer HTTP; only the routes turn
 * an outcome into a status code (http/routeParts.ts, `answer`).
 */
export type CommandOutcome<T = undefined> =
  | { kind: 'ok'; value: T }
  | { kind: 'notFound' }
  | { kind: 'conflict'; message: string; code?: 'RISK_NOT_ACKNOWLEDGED' }
  | { kind: 'invalid'; message: string }
  | { kind: 'busy'; message: string; retryAfterSeconds: number };
