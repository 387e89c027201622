import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BACKGROUND_REQUEST_HEADER } from '#contract';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { compiledOnce } from '../db/compiledOnce';
import type { Database } from '../db/database';
import { unauthorized } from '../errors';
import { bearerCredentialOf, registerApiKeyAuthentication } from './bearer';
import { type AuthContext, authContextFrom, profileFromRows, selectUserWithRights } from './profile';

/** The live session a request came with, as the session table holds it. */
export interface SessionState {
  idHash: string;
  userId: number;
  idleExpiresAt: Date;
  /** The session's end is its 12-hour limit, not idleness: more activity will not extend it. */
  endsAtMaxAge: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set for API requests from the session cookie. */
    auth: AuthContext | null;
    /** The live session, or null; set even on `sessionOnly` routes, where `auth` stays null. */
    session: SessionState | null;
  }
  interface FastifyContextConfig {
    /** Requests to this route never count as user activity (the session ping). */
    passiveSession?: boolean;
    /** The route reads `request.session` only, so the profile is not loaded (keeps the ping cheap). */
    sessionOnly?: boolean;
    /** The route also takes `Authorization: Bearer <API key>` (docs/api-keys.md); any other refuses one. */
    apiKey?: boolean;
  }
}

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

export function sessionCookieName(config: Config) {
  // __Host- binds the cookie to this host over HTTPS; browsers refuse it without Secure.
  return config.isDevelopment ? 'hmdb_session' : '__Host-hmdb_session';
}

/** A session cookie (no Max-Age): the browser drops it when it closes; the server ends it earlier. */
export function sessionCookieOptions(config: Config) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: !config.isDevelopment };
}

export interface SessionDeps {
  db: Database;
  clock: Clock;
  config: Config;
}

/** Creates a session (256 random bits, stored hashed) and returns the id for the cookie. */
export async function createSession(
  { db, clock, config }: SessionDeps,
  userId: number,
  previousLoginFound: boolean,
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  const now = clock.now();
  const absolute = new Date(now.getTime() + config.SESSION_ABSOLUTE_HOURS * 3_600_000);
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashSessionId(id),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      idle_expires_at: idleExpiry(now, absolute, config),
      absolute_expires_at: absolute,
      previous_login_found: previousLoginFound,
    })
    .execute();
  return id;
}

/** The idle expiry never passes the absolute one, so it is the one moment the session ends. */
function idleExpiry(now: Date, absolute: Date, config: Config) {
  return new Date(Math.min(now.getTime() + config.SESSION_IDLE_MINUTES * 60_000, absolute.getTime()));
}

export async function endSession(db: Database, sessionIdHash: string) {
  await db.deleteFrom('sessions').where('id_hash', '=', sessionIdHash).execute();
}

export function secondsLeft(session: SessionState, now: Date): number {
  return Math.max(0, Math.floor((session.idleExpiresAt.getTime() - now.getTime()) / 1000));
}

/** The hash of the session id the request's cookie carries, live or not. */
export function cookieSessionIdHash(request: FastifyRequest, config: Config): string | undefined {
  const id = request.cookies[sessionCookieName(config)];
  return id ? hashSessionId(id) : undefined;
}

export function setSessionCookie(reply: FastifyReply, config: Config, id: string) {
  reply.setCookie(sessionCookieName(config), id, sessionCookieOptions(config));
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(sessionCookieName(config), sessionCookieOptions(config));
}

/**
 * Reads the session cookie on every API request and sets `request.session` and `request.auth`. A
 * request the user made slides the idle expiry; the SPA's own background requests and passive
 * routes do not. An expired session found this way is deleted, so expiry ends it on the server.
 */
export function registerSessions(app: FastifyInstance, deps: SessionDeps) {
  const { db, clock, config } = deps;
  // Every API request makes these queries: built and compiled once (compiledOnce).
  const selectSession = compiledOnce(db, 1, (idHash: string) =>
    db.selectFrom('sessions as s').select(sessionColumns).where('s.id_hash', '=', idHash),
  );
  const selectSessionWithRights = compiledOnce(db, 1, (idHash: string) =>
    selectUserWithRights(db)
      .innerJoin('sessions as s', 's.user_id', 'u.id')
      .select(sessionColumns)
      .where('s.id_hash', '=', idHash),
  );
  const slideSession = compiledOnce(db, 3, (idHash: string, now: Date, idleExpiresAt: Date) =>
    db
      .updateTable('sessions')
      .set({ last_seen_at: now, idle_expires_at: idleExpiresAt })
      .where('id_hash', '=', idHash),
  );
  const authenticateApiKey = registerApiKeyAuthentication(app, deps);
  app.decorateRequest('auth', null);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    // Only the API knows sessions: the SPA's files and health checks neither read nor slide one.
    if (!request.url.startsWith('/resources/')) return;
    // A request with a bearer key is the key's alone: no cookie is read, no session slides.
    const credential = bearerCredentialOf(request);
    if (credential !== undefined) return authenticateApiKey(request, credential);
    const idHash = cookieSessionIdHash(request, config);
    if (!idHash) return;
    // One round trip: the session alone where that is all the route reads, else with the user's rights.
    if (request.routeOptions.config?.sessionOnly === true) {
      const row = (await selectSession(idHash)).rows[0];
      if (row) await keepSessionAlive(request, idHash, row);
      return;
    }
    const { rows } = await selectSessionWithRights(idHash);
    const row = rows[0];
    if (!row || !(await keepSessionAlive(request, idHash, row))) return;
    const profile = profileFromRows(rows, row.previous_login_found);
    if (profile) request.auth = authContextFrom(profile, idHash);
  });

  /** Ends an expired session, slides a live one on user activity and sets `request.session`. */
  async function keepSessionAlive(
    request: FastifyRequest,
    idHash: string,
    row: SessionRow,
  ): Promise<boolean> {
    const now = clock.now();
    const absoluteExpiresAt = new Date(row.absolute_expires_at);
    let idleExpiresAt = new Date(row.idle_expires_at);
    if (idleExpiresAt <= now || absoluteExpiresAt <= now) {
      await endSession(db, idHash);
      return false;
    }
    if (!isPassive(request)) {
      idleExpiresAt = idleExpiry(now, absoluteExpiresAt, config);
      await slideSession(idHash, now, idleExpiresAt);
    }
    request.session = {
      idHash,
      userId: row.user_id,
      idleExpiresAt,
      endsAtMaxAge: idleExpiresAt.getTime() >= absoluteExpiresAt.getTime(),
    };
    return true;
  }
}

interface SessionRow {
  user_id: number;
  absolute_expires_at: Date | string;
  idle_expires_at: Date | string;
}

const sessionColumns = [
  's.user_id',
  's.absolute_expires_at',
  's.idle_expires_at',
  's.previous_login_found',
] as const;

function isPassive(request: FastifyRequest) {
  return (
    request.routeOptions.config?.passiveSession === true ||
    request.headers[BACKGROUND_REQUEST_HEADER] === 'true'
  );
}

/** The signed-in user, or a 401. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * A route's `onRequest`: 401 without a session or key, before the params are validated, so a
 * caller who is not signed in never learns which ids are well formed.
 */
export async function signedInFirst(request: FastifyRequest) {
  requireAuth(request);
}
