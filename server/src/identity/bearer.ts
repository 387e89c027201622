import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_PERMISSIONS } from '#contract';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { compiledOnce } from '../db/compiledOnce';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import { apiKeyMessages } from './apiKeyMessages';
import { displayHint, hashApiKeySecret, hintOf, isWellFormedSecret } from './apiKeySecret';
import { authContextFrom, hasPermission, profileFromRows, selectUserWithRights } from './profile';
import { KeyRateLimiter } from './rateLimit';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key the request was accepted with, or null (a session, or no one). */
    apiKey: { id: number } | null;
  }
}

/** `last_used_at` is written at most this often per key. */
const LAST_USED_PRECISION_MS = 60_000;

/** The value of `Authorization: Bearer <value>`; undefined when the request has no bearer credential. */
export function bearerCredentialOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^bearer(?:\s+(.*))?$/i.exec(header.trim());
  return match ? (match[1] ?? '').trim() : undefined;
}

type Refusal =
  | 'not accepted by the route'
  | 'malformed'
  | 'unknown'
  | 'expired'
  | 'revoked'
  | 'owner lacks permission';

/**
 * Authenticates requests that come with `Authorization: Bearer hmdb_…` (docs/api-keys.md). Only a
 * route with `config: { apiKey: true }` takes one; anywhere else the request is refused (401), so
 * a key can never reach the key management, the password reset or the logout. A key acts as its
 * user with the rights the user has now, read on every request. Nothing here reads a cookie,
 * slides a session or sets a cookie. Returns the function the session hook calls instead of
 * reading the cookie.
 */
export function registerApiKeyAuthentication(
  app: FastifyInstance,
  { db, clock, config }: { db: Database; clock: Clock; config: Config },
) {
  // One limiter per app: two apps in one process (tests, instances) share nothing.
  const limiter = new KeyRateLimiter({
    perMinute: config.API_KEY_RATE_PER_MINUTE,
    burst: config.API_KEY_RATE_BURST,
  });
  const selectKeyWithRights = compiledOnce(db, 1, (secretHash: string) =>
    selectUserWithRights(db)
      .innerJoin('api_keys as k', 'k.user_id', 'u.id')
      .select(['k.id as keyId', 'k.expires_at', 'k.revoked_at', 'k.last_used_at', 'u.last_login_at'])
      .where('k.secret_hash', '=', secretHash),
  );
  const markUsed = compiledOnce(db, 2, (keyId: number, now: Date) =>
    db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', keyId),
  );
  app.decorateRequest('apiKey', null);
  // A key's answers never carry a cookie, whatever a route might do.
  app.addHook('onSend', async (request, reply) => {
    if (request.apiKey) reply.removeHeader('set-cookie');
  });

  const refuse = (request: FastifyRequest, credential: string, reason: Refusal, ids: object = {}) => {
    // Never the secret: its prefix and last four characters at most, and only when it is one.
    const key = isWellFormedSecret(credential) ? displayHint(hintOf(credential)) : undefined;
    request.log.warn({ apiKey: key, reason, ...ids }, 'api key refused');
    if (reason === 'not accepted by the route')
      return new ApiError(401, 'API_KEY_NOT_ACCEPTED', apiKeyMessages.notAccepted);
    if (reason === 'owner lacks permission')
      return new ApiError(403, 'FORBIDDEN', apiKeyMessages.ownerNotAllowed);
    const [code, message] =
      reason === 'expired'
        ? ['API_KEY_EXPIRED', apiKeyMessages.expired]
        : reason === 'revoked'
          ? ['API_KEY_REVOKED', apiKeyMessages.revoked]
          : ['API_KEY_INVALID', apiKeyMessages.invalid];
    return new ApiError(401, code, message, undefined, {
      'www-authenticate': 'Bearer error="invalid_token"',
    });
  };

  return async function authenticate(request: FastifyRequest, credential: string): Promise<void> {
    if (request.routeOptions.config?.apiKey !== true)
      throw refuse(request, credential, 'not accepted by the route');
    if (!isWellFormedSecret(credential)) throw refuse(request, credential, 'malformed');
    const secretHash = hashApiKeySecret(credential);
    const now = clock.now();
    // Before the lookup, by the secret's hash: a runaway script costs the database nothing.
    const waitSeconds = limiter.take(secretHash, now.getTime());
    if (waitSeconds > 0) {
      throw new ApiError(429, 'TOO_MANY_REQUESTS', apiKeyMessages.tooManyRequests(waitSeconds), undefined, {
        'retry-after': String(waitSeconds),
      });
    }
    const { rows } = await selectKeyWithRights(secretHash);
    const row = rows[0];
    if (!row) throw refuse(request, credential, 'unknown');
    const ids = { apiKeyId: row.keyId, userId: row.userId };
    if (row.revoked_at !== null) throw refuse(request, credential, 'revoked', ids);
    if (new Date(row.expires_at) <= now) throw refuse(request, credential, 'expired', ids);
    // As a profile says for a session: whether the user has ever signed in.
    const profile = profileFromRows(rows, row.last_login_at !== null);
    if (!profile) throw refuse(request, credential, 'unknown', ids);
    const auth = authContextFrom(profile, null);
    if (!API_KEY_PERMISSIONS.some((permission) => hasPermission(auth, permission)))
      throw refuse(request, credential, 'owner lacks permission', ids);
    const lastUsed = row.last_used_at === null ? null : new Date(row.last_used_at).getTime();
    if (lastUsed === null || Math.abs(now.getTime() - lastUsed) >= LAST_USED_PRECISION_MS) {
      await markUsed(row.keyId, now);
    }
    request.auth = auth;
    request.apiKey = { id: row.keyId };
  };
}
