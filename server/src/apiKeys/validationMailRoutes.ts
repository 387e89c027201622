import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ValidationMailsSetting } from '#contract';
import type { AppDeps } from '../appDeps';
import { apiTags, errors, json } from '../openapi/routeDocs';
import { notAllowed, requireKeyOwner } from './routeParts';

/**
 * The user's own setting for mails when a validation ends, beside the keys that make scripted
 * uploads (docs/api-keys.md): session only, like them.
 */
export function validationMailRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api-keys/validation-mails',
    {
      schema: {
        summary: 'E-post när en validering är klar',
        description: `Om användaren får e-post när en validering hen bett om är klar efter mer än VALIDATION_MAIL_AFTER_SECONDS (${config.VALIDATION_MAIL_AFTER_SECONDS}) sekunder, eller när ett program med hens API-nyckel läste in filen. På om inget annat valts.`,
        tags: [apiTags.apiKeys],
        response: { 200: json('Inställningen.', ValidationMailsSetting), ...errors(401, notAllowed) },
      },
    },
    async (request): Promise<ValidationMailsSetting> => {
      const auth = requireKeyOwner(request);
      const row = await db
        .selectFrom('users')
        .select('validation_mails')
        .where('id', '=', auth.userId)
        .executeTakeFirstOrThrow();
      return { validationMails: row.validation_mails };
    },
  );

  api.put(
    '/api-keys/validation-mails',
    {
      schema: {
        summary: 'Slå på eller av e-post när en validering är klar',
        tags: [apiTags.apiKeys],
        body: ValidationMailsSetting,
        response: {
          200: json('Inställningen som den nu är.', ValidationMailsSetting),
          ...errors([400, 'Kroppen är inte {"validationMails": true|false} (BAD_REQUEST).'], 401, notAllowed),
        },
      },
    },
    async (request): Promise<ValidationMailsSetting> => {
      const auth = requireKeyOwner(request);
      const { validationMails } = request.body;
      await db
        .updateTable('users')
        .set({ validation_mails: validationMails })
        .where('id', '=', auth.userId)
        .execute();
      return { validationMails };
    },
  );
}
