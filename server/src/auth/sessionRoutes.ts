import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginRequest, Profile, SessionPing } from '#contract';
import type { AppDeps } from '../appDeps';
import { ApiError, badRequest } from '../errors';
import {
  clearSessionCookie,
  cookieSessionIdHash,
  endSession,
  requireAuth,
  secondsLeft,
  setSessionCookie,
} from '../identity/session';
import type { BackgroundTasks } from '../mail/background';
import { apiTags, errors, json, noAuthentication, noContent } from '../openapi/routeDocs';
import { logIn } from './login';
import { authMessages } from './messages';

/**
 * Sign-in, sign-out, the profile and the session ping. `afterLogin` runs in the background on
 * every login attempt.
 */
export function sessionRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  background: BackgroundTasks,
  afterLogin: (now: Date) => Promise<void>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config, db, clock } = deps;

  api.post(
    '/login',
    {
      schema: {
        summary: 'Logga in',
        description:
          'Loggar in med användarnamn och lösenord och sätter en ny sessionskaka (en session som begäran hade avslutas). Tio misslyckade försök för ett användarnamn inom 15 minuter låser det i 15 minuter. Ett okänt användarnamn svarar som ett fel lösenord.',
        tags: [apiTags.auth],
        security: noAuthentication,
        body: LoginRequest,
        response: {
          200: json('Inloggad: profilen, med Set-Cookie för sessionen.', Profile),
          ...errors(
            [
              400,
              'Användarnamn eller lösenord saknas (”Ange användarnamn och lösenord.”) eller är för långt.',
            ],
            [403, 'Fel användarnamn eller lösenord (LOGIN_FAILED).'],
            [
              429,
              'Användarnamnet är låst efter för många misslyckade försök (LOGIN_LOCKED), med Retry-After.',
            ],
          ),
        },
      },
    },
    async (request, reply) => {
      const username = request.body.username.trim();
      const { password } = request.body;
      if (!username || !password) throw badRequest(authMessages.loginFieldsMissing);
      background.run('housekeeping', () => afterLogin(clock.now()));
      const result = await logIn(deps, username, password, cookieSessionIdHash(request, config));
      if (result.kind === 'locked') {
        const seconds = Math.ceil((result.lockedUntil.getTime() - clock.now().getTime()) / 1000);
        reply.header('retry-after', String(seconds));
        throw new ApiError(429, 'LOGIN_LOCKED', authMessages.loginLocked(Math.ceil(seconds / 60)));
      }
      if (result.kind === 'failed') throw new ApiError(403, 'LOGIN_FAILED', authMessages.loginFailed);
      setSessionCookie(reply, config, result.sessionId);
      reply.header('cache-control', 'no-store');
      return result.profile;
    },
  );

  api.post(
    '/logout',
    {
      schema: {
        summary: 'Logga ut',
        description:
          'Avslutar sessionen som kakan pekar ut och tömmer kakan. Svarar 204 också utan session. Användarens andra sessioner fortsätter.',
        tags: [apiTags.auth],
        security: noAuthentication,
        response: { 204: noContent('Utloggad (eller var inte inloggad).') },
      },
    },
    async (request, reply) => {
      const idHash = cookieSessionIdHash(request, config);
      if (idHash) await endSession(db, idHash);
      clearSessionCookie(reply, config);
      return reply.status(204).send();
    },
  );

  // A script may ask who its key acts as (docs/api-keys.md).
  api.get(
    '/profile',
    {
      config: { apiKey: true },
      schema: {
        summary: 'Den inloggade användarens profil',
        description:
          'Vem sessionen eller API-nyckeln gäller: namn, organisationer (den första är den som gäller), roller och behörigheter. Med en nyckel: ägarens profil som den är nu.',
        tags: [apiTags.auth],
        response: { 200: json('Profilen.', Profile), ...errors(401) },
      },
    },
    async (request, reply) => {
      const { profile } = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return profile;
    },
  );

  // The ping is the SPA's own poll: it never slides the session and needs no profile.
  api.get(
    '/api/session/ping',
    {
      config: { passiveSession: true, sessionOnly: true },
      schema: {
        summary: 'Sessionens återstående tid',
        description:
          'Säger om kakan hör till en levande session och hur många sekunder som återstår, och vad som avslutar den först (inaktivitet eller 12-timmarsgränsen), samt serverns inställningar för inaktivitet (minuter), längsta session (timmar) och hur ofta SPA:n frågar (sekunder). Förlänger aldrig sessionen. Svarar 200 också utan session.',
        tags: [apiTags.auth],
        security: noAuthentication,
        response: { 200: json('Sessionens läge.', SessionPing) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { session } = request;
      const settings = {
        idleMinutes: config.SESSION_IDLE_MINUTES,
        maxHours: config.SESSION_ABSOLUTE_HOURS,
        pingSeconds: config.SESSION_PING_SECONDS,
      };
      if (!session) return { hasSession: false, secondsUntilExpire: 0, ...settings };
      return {
        hasSession: true,
        secondsUntilExpire: secondsLeft(session, clock.now()),
        endsBy: session.endsAtMaxAge ? ('maxAge' as const) : ('inactivity' as const),
        ...settings,
      };
    },
  );
}
