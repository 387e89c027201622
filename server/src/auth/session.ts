import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BACKGROUND_REQUEST_HEADER } from '../../../contract';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { unauthorized } from '../errors';
import { type AuthContext, authContextFrom, loadProfile } from './profile';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set for every request from the session cookie. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Requests to this route never count as user activity (the session ping). */
    passiveSession?: boolean;
  }
}

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

export function sessionCookieName(config: Config) {
  // __Host- binds the cookie to this host over HTTPS; browsers refuse it without Secure.
  return config.isDevelopment ? 'hmdb_session' : '__Host-hmdb_session';
}

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

function idleExpiry(now: Date, absolute: Date, config: Config) {
  return new Date(Math.min(now.getTime() + config.SESSION_IDLE_MINUTES * 60_000, absolute.getTime()));
}

export async function endSession(db: Database, sessionIdHash: string) {
  await db.deleteFrom('sessions').where('id_hash', '=', sessionIdHash).execute();
}

export async function endAllSessionsOfUser(db: Database, userId: number) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Seconds until the session ends, or 0 when there is none. */
export async function secondsUntilExpire({ db, clock }: SessionDeps, sessionIdHash: string): Promise<number> {
  const session = await db
    .selectFrom('sessions')
    .select('idle_expires_at')
    .where('id_hash', '=', sessionIdHash)
    .executeTakeFirst();
  if (!session) return 0;
  return Math.max(
    0,
    Math.floor((new Date(session.idle_expires_at).getTime() - clock.now().getTime()) / 1000),
  );
}

export function setSessionCookie(reply: FastifyReply, config: Config, id: string) {
  reply.setCookie(sessionCookieName(config), id, sessionCookieOptions(config));
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(sessionCookieName(config), sessionCookieOptions(config));
}

/**
 * Reads the session cookie on every request and sets `request.auth`. A request the user made
 * slides the idle expiry; the SPA's own background requests and passive routes do not.
 */
export function registerSessions(app: FastifyInstance, deps: SessionDeps) {
  const { db, clock, config } = deps;
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const id = request.cookies[sessionCookieName(config)];
    if (!id) return;
    const idHash = hashSessionId(id);
    const now = clock.now();
    const session = await db
      .selectFrom('sessions')
      .selectAll()
      .where('id_hash', '=', idHash)
      .where('idle_expires_at', '>', now)
      .where('absolute_expires_at', '>', now)
      .executeTakeFirst();
    if (!session) return;
    const profile = await loadProfile(db, session.user_id, session.previous_login_found);
    if (!profile) return;
    request.auth = authContextFrom(profile, idHash);
    if (!isPassive(request)) {
      await db
        .updateTable('sessions')
        .set({
          last_seen_at: now,
          idle_expires_at: idleExpiry(now, new Date(session.absolute_expires_at), config),
        })
        .where('id_hash', '=', idHash)
        .execute();
    }
  });
}

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
