import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ResetChangeRequest, ResetRequest, ResetResponse, ResetValidateRequest } from '#contract';
import type { AppDeps } from '../appDeps';
import { badRequest, forbidden } from '../errors';
import { clearSessionCookie } from '../identity/session';
import type { BackgroundTasks } from '../mail/background';
import { apiTags, errors, json, noAuthentication } from '../openapi/routeDocs';
import { authMessages } from './messages';
import { newPasswordProblem } from './passwords';
import { changePasswordWithToken, sendPasswordChangedMail, sendResetMail, userOfResetToken } from './reset';

/** Password reset: ask for a link, check it, and change the password with it. */
export function passwordResetRoutes(app: FastifyInstance, deps: AppDeps, background: BackgroundTasks) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config, db, clock } = deps;

  // Answers the same at once whether or not the pair matches; the work and the mail follow.
  api.post(
    '/reset/request',
    {
      schema: {
        summary: 'Begär en länk för att återställa lösenordet',
        description:
          'Skickar en länk (giltig 60 minuter) till användarens e-postadress när användarnamn och adress hör ihop. Svarar likadant, och lika snabbt, om de inte gör det. Högst 5 brev per konto och timme.',
        tags: [apiTags.auth],
        security: noAuthentication,
        body: ResetRequest,
        response: {
          200: json('Mottaget.', ResetResponse),
          ...errors([400, 'Användarnamn eller e-postadress saknas eller är för långt.']),
        },
      },
    },
    async (request) => {
      const username = request.body.username.trim();
      const email = request.body.email.trim();
      if (!username || !email) throw badRequest(authMessages.resetFieldsMissing);
      background.run('password reset request', () => sendResetMail(deps, username, email));
      return {};
    },
  );

  api.post(
    '/reset/validate',
    {
      schema: {
        summary: 'Kontrollera en återställningslänk',
        description: 'Säger om länkens token gäller för adressen. Förbrukar inte token.',
        tags: [apiTags.auth],
        security: noAuthentication,
        body: ResetValidateRequest,
        response: {
          200: json('Länken gäller.', ResetResponse),
          ...errors([403, 'Länken gäller inte längre (FORBIDDEN).']),
        },
      },
    },
    async (request) => {
      const { email, token } = request.body;
      const user = await userOfResetToken(db, clock.now(), email.trim(), token.trim());
      if (!user) throw forbidden(authMessages.resetLinkInvalid);
      return {};
    },
  );

  api.post(
    '/reset/change',
    {
      schema: {
        summary: 'Byt lösenord med en återställningslänk',
        description:
          'Byter lösenordet, förbrukar användarens alla länkar, avslutar alla användarens sessioner, återkallar användarens API-nycklar och häver en låsning. Ett brev bekräftar bytet.',
        tags: [apiTags.auth],
        security: noAuthentication,
        body: ResetChangeRequest,
        response: {
          200: json('Lösenordet är bytt.', ResetResponse),
          ...errors(
            [
              400,
              'Lösenordet är för kort (minst 10 tecken), för långt (högst 128) eller för vanligt; felet står också under errors.newPassword.',
            ],
            [403, 'Länken gäller inte längre (FORBIDDEN).'],
          ),
        },
      },
    },
    async (request, reply) => {
      const { email, token, newPassword } = request.body;
      const problem = newPasswordProblem(newPassword);
      if (problem) throw badRequest(problem, { newPassword: problem });
      const user = await changePasswordWithToken(deps, email.trim(), token.trim(), newPassword);
      if (!user) throw forbidden(authMessages.resetLinkInvalid);
      background.run('password changed notice', () => sendPasswordChangedMail(deps, user));
      // The user's sessions ended, this browser's too if it had one: drop the dead cookie.
      if (request.session?.userId === user.id) clearSessionCookie(reply, config);
      return {};
    },
  );
}
