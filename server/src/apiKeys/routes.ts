import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiKeyList, apiKeyLimits, CreateApiKeyRequest, CreatedApiKey, hasHiddenCharacter } from '#contract';
import type { AppDeps } from '../appDeps';
import { ApiError, badRequest, notFound } from '../errors';
import { apiKeyMessages } from '../identity/apiKeyMessages';
import {
  countLiveApiKeys,
  createApiKey,
  listApiKeys,
  MAX_LIVE_KEYS_PER_USER,
  revokeApiKey,
} from '../identity/apiKeyStore';
import { signedInFirst } from '../identity/session';
import { createBackgroundTasks } from '../mail/background';
import { mailRecipientOf } from '../mail/recipients';
import { apiKeyCreatedMail, apiKeysPageLink } from '../mail/texts';
import { apiTags, errors, json, noContent } from '../openapi/routeDocs';
import { PathIdParam } from '../pathId';
import { notAllowed, requireKeyOwner } from './routeParts';
import { validationMailRoutes } from './validationMailRoutes';

/**
 * The owner's key management: list, create, revoke (docs/api-keys.md). Session only: none of
 * these takes a key (no `apiKey` flag), so a key can neither make nor keep other keys.
 */
export function apiKeyRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config, mailer, logger } = deps;
  const background = createBackgroundTasks(logger);
  api.addHook('onClose', () => background.settle());

  api.get(
    '/api-keys',
    {
      schema: {
        summary: 'Mina API-nycklar',
        description:
          'Användarens nycklar som inte är återkallade, nyaste först, också de som gått ut (expired): namn, ledtråd, när de skapades, går ut och senast användes. Aldrig hemligheten.',
        tags: [apiTags.apiKeys],
        response: { 200: json('Nycklarna.', ApiKeyList), ...errors(401, notAllowed) },
      },
    },
    async (request, reply) => {
      const auth = requireKeyOwner(request);
      reply.header('cache-control', 'no-store');
      return { keys: await listApiKeys(db, auth.userId, clock.now()) };
    },
  );

  api.post(
    '/api-keys',
    {
      schema: {
        summary: 'Skapa en API-nyckel',
        description: `Skapar en nyckel med ett namn som gäller i expiresInDays dagar (${apiKeyLimits.minExpiryDays}–${apiKeyLimits.maxExpiryDays}, annars ${apiKeyLimits.defaultExpiryDays}). Hemligheten finns bara i det här svaret; servern sparar bara dess hash. Ett brev berättar för ägaren att nyckeln skapats.`,
        tags: [apiTags.apiKeys],
        body: CreateApiKeyRequest,
        response: {
          201: json('Nyckeln och, den här enda gången, hemligheten.', CreatedApiKey),
          ...errors(
            [
              400,
              'Namnet saknas, är för långt eller har styrtecken eller osynliga tecken, eller antalet dagar är fel: felet står också under errors.name eller errors.expiresInDays.',
            ],
            401,
            notAllowed,
            [409, `Användaren har redan ${MAX_LIVE_KEYS_PER_USER} giltiga nycklar (CONFLICT).`],
          ),
        },
      },
    },
    async (request, reply) => {
      const auth = requireKeyOwner(request);
      const name = request.body.name.trim();
      const days = request.body.expiresInDays ?? apiKeyLimits.defaultExpiryDays;
      const fieldErrors = {
        ...nameProblem(name),
        ...(Number.isInteger(days) && days >= apiKeyLimits.minExpiryDays && days <= apiKeyLimits.maxExpiryDays
          ? {}
          : { expiresInDays: apiKeyMessages.expiryInvalid }),
      };
      const first = Object.values(fieldErrors)[0];
      if (first) throw badRequest(first, fieldErrors);
      const now = clock.now();
      if ((await countLiveApiKeys(db, auth.userId, now)) >= MAX_LIVE_KEYS_PER_USER)
        throw new ApiError(409, 'CONFLICT', apiKeyMessages.tooManyKeys(MAX_LIVE_KEYS_PER_USER));
      const created = await createApiKey(db, auth.userId, name, days, now);
      request.log.info({ apiKeyId: created.key.id, userId: auth.userId }, 'api key created');
      background.run('api key created mail', async () => {
        const recipient = await mailRecipientOf(db, auth.userId);
        if (!recipient) return;
        const mailed = { name, hint: created.key.hint, expires: new Date(created.key.expires) };
        await mailer.send(apiKeyCreatedMail(recipient, mailed, now, apiKeysPageLink(config.publicUrl)));
      });
      // The secret is in this answer only: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(created);
    },
  );

  // The user's own setting, beside the keys that make scripted uploads: session only, like them.
  validationMailRoutes(app, deps);

  api.post(
    '/api-keys/:apiKeyId/revoke',
    {
      onRequest: signedInFirst,
      schema: {
        summary: 'Återkalla en API-nyckel',
        description: 'Nyckeln slutar gälla genast och går inte att använda igen.',
        tags: [apiTags.apiKeys],
        params: z.object({ apiKeyId: PathIdParam }),
        response: {
          204: noContent('Återkallad.'),
          ...errors(401, notAllowed, [
            404,
            'Nyckeln finns inte, är en annan användares eller är redan återkallad (NOT_FOUND).',
          ]),
        },
      },
    },
    async (request, reply) => {
      const auth = requireKeyOwner(request);
      const keyId = request.params.apiKeyId;
      // Another user's key answers as one that does not exist.
      if (!(await revokeApiKey(db, auth.userId, keyId, clock.now()))) throw notFound(apiKeyMessages.notFound);
      request.log.info({ apiKeyId: keyId, userId: auth.userId }, 'api key revoked');
      return reply.status(204).send();
    },
  );
}

function nameProblem(name: string): { name?: string } {
  if (name === '') return { name: apiKeyMessages.nameMissing };
  if ([...name].length > apiKeyLimits.nameMaxLength) return { name: apiKeyMessages.nameTooLong };
  // Line breaks would let a name pose as lines of its mail, a bidirectional override show it
  // reversed there, and a zero-width space make a name that shows as nothing.
  if (hasHiddenCharacter(name)) return { name: apiKeyMessages.nameInvalid };
  return {};
}
