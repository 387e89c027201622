import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LoginRequest,
  Profile,
  ResetChangeRequest,
  ResetRequest,
  ResetValidateRequest,
  SessionPing,
} from '#contract';
import type { AppDeps } from '../appDeps';
import { ApiError, badRequest, forbidden } from '../errors';
import { createBackgroundTasks } from './background';
import { createAuthHousekeeping } from './housekeeping';
import { logIn } from './login';
import { authMessages } from './messages';
import { dummyPasswordHash, newPasswordProblem } from './passwords';
import { changePasswordWithToken, sendPasswordChangedMail, sendResetMail, userOfResetToken } from './reset';
import {
  clearSessionCookie,
  cookieSessionIdHash,
  endSession,
  requireAuth,
  secondsLeft,
  setSessionCookie,
} from './session';

/** Sign-in, sign-out, the profile, the session ping and password reset (docs/product.md, "Calls"). */
export function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config, db, clock } = deps;
  const background = createBackgroundTasks(deps.logger);
  const housekeeping = createAuthHousekeeping(deps);
  api.addHook('onClose', () => background.settle());
  // Computed now, so that the first unknown username is not answered faster than the rest.
  void dummyPasswordHash();

  api.post(
    '/login',
    { schema: { body: LoginRequest, response: { 200: Profile } } },
    async (request, reply) => {
      const username = request.body.username.trim();
      const { password } = request.body;
      if (!username || !password) throw badRequest(authMessages.loginFieldsMissing);
      background.run('auth housekeeping', () => housekeeping(clock.now()));
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

  api.post('/logout', async (request, reply) => {
    const idHash = cookieSessionIdHash(request, config);
    if (idHash) await endSession(db, idHash);
    clearSessionCookie(reply, config);
    return reply.status(204).send();
  });

  // A script may ask who its key acts as (docs/api-keys.md).
  api.get(
    '/profile',
    { config: { apiKey: true }, schema: { response: { 200: Profile } } },
    async (request, reply) => {
      const { profile } = requireAuth(request);
      reply.header('cache-control', 'no-store');
      return profile;
    },
  );

  // The ping is the SPA's own poll: it never slides the session and needs no profile.
  api.get(
    '/api/session/ping',
    { config: { passiveSession: true, sessionOnly: true }, schema: { response: { 200: SessionPing } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { session } = request;
      if (!session) return { hasSession: false, secondsUntilExpire: 0 };
      return {
        hasSession: true,
        secondsUntilExpire: secondsLeft(session, clock.now()),
        endsBy: session.endsAtMaxAge ? ('maxAge' as const) : ('inactivity' as const),
      };
    },
  );

  // Answers the same at once whether or not the pair matches; the work and the mail follow.
  api.post('/reset/request', { schema: { body: ResetRequest } }, async (request) => {
    const username = request.body.username.trim();
    const email = request.body.email.trim();
    if (!username || !email) throw badRequest(authMessages.resetFieldsMissing);
    background.run('password reset request', () => sendResetMail(deps, username, email));
    return {};
  });

  api.post('/reset/validate', { schema: { body: ResetValidateRequest } }, async (request) => {
    const { email, token } = request.body;
    const user = await userOfResetToken(db, clock.now(), email.trim(), token.trim());
    if (!user) throw forbidden(authMessages.resetLinkInvalid);
    return {};
  });

  api.post('/reset/change', { schema: { body: ResetChangeRequest } }, async (request, reply) => {
    const { email, token, newPassword } = request.body;
    const problem = newPasswordProblem(newPassword);
    if (problem) throw badRequest(problem, { newPassword: problem });
    const user = await changePasswordWithToken(deps, email.trim(), token.trim(), newPassword);
    if (!user) throw forbidden(authMessages.resetLinkInvalid);
    background.run('password changed notice', () => sendPasswordChangedMail(deps, user));
    // The user's sessions ended, this browser's too if it had one: drop the dead cookie.
    if (request.session?.userId === user.id) clearSessionCookie(reply, config);
    return {};
  });
}
