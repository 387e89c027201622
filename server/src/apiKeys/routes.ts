import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_KEY_PERMISSION, ApiKeyList, apiKeyLimits, CreateApiKeyRequest, CreatedApiKey } from '#contract';
import type { AppDeps } from '../appDeps';
import { createBackgroundTasks } from '../auth/background';
import { apiKeyCreatedMail, apiKeysPageLink } from '../auth/mailTexts';
import { hasPermission } from '../auth/profile';
import { requireAuth } from '../auth/session';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import { pathId } from '../pathId';
import { apiKeyMessages } from './messages';
import { countLiveApiKeys, createApiKey, listApiKeys, MAX_LIVE_KEYS_PER_USER, revokeApiKey } from './store';

/** Control characters (line breaks among them) would let a name pose as lines of its mail. */
const controlCharacter = /\p{Cc}/u;

/**
 * The owner's key management: list, create, revoke (docs/api-keys.md). Session only: none of
 * these takes a key (no `apiKey` flag), so a key can neither make nor keep other keys.
 */
export function apiKeyRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config, mailer, logger } = deps;
  const background = createBackgroundTasks(logger);
  api.addHook('onClose', () => background.settle());

  const requireKeyOwner = (request: FastifyRequest) => {
    const auth = requireAuth(request);
    if (!hasPermission(auth, API_KEY_PERMISSION)) throw forbidden(apiKeyMessages.notAllowed);
    return auth;
  };

  api.get('/api-keys', { schema: { response: { 200: ApiKeyList } } }, async (request, reply) => {
    const auth = requireKeyOwner(request);
    reply.header('cache-control', 'no-store');
    return { keys: await listApiKeys(db, auth.userId, clock.now()) };
  });

  api.post(
    '/api-keys',
    { schema: { body: CreateApiKeyRequest, response: { 201: CreatedApiKey } } },
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
        const user = await db
          .selectFrom('users')
          .select(['email', 'first_name', 'username'])
          .where('id', '=', auth.userId)
          .executeTakeFirstOrThrow();
        const recipient = { email: user.email, firstName: user.first_name, username: user.username };
        const mailed = { name, hint: created.key.hint, expires: new Date(created.key.expires) };
        await mailer.send(apiKeyCreatedMail(recipient, mailed, now, apiKeysPageLink(config.publicUrl)));
      });
      // The secret is in this answer only: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(created);
    },
  );

  api.post(
    '/api-keys/:apiKeyId/revoke',
    { schema: { params: z.object({ apiKeyId: z.string() }) } },
    async (request, reply) => {
      const auth = requireKeyOwner(request);
      const keyId = pathId(request.params.apiKeyId);
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
  if (controlCharacter.test(name)) return { name: apiKeyMessages.nameInvalid };
  return {};
}
