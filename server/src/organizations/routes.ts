import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Organization } from '#contract';
import type { AppDeps } from '../appDeps';
import { notFound } from '../errors';
import { requireAuth, signedInFirst } from '../identity/session';
import { apiTags, errors, json } from '../openapi/routeDocs';
import { organizationParams } from '../pathId';

/** `GET organizations/{organizationId}`: the name of the caller's own (first-engagement) organisation. */
export function organizationRoutes(app: FastifyInstance, { db }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/organizations/:organizationId',
    {
      onRequest: signedInFirst,
      schema: {
        summary: 'Den egna organisationens namn',
        description:
          'Namnet på organisationen i användarens första engagemang. Varje annat id svarar 404, finns organisationen eller inte.',
        tags: [apiTags.organizations],
        params: organizationParams,
        response: { 200: json('Organisationens namn.', Organization), ...errors(401, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      // Any other id answers as if it did not exist: other organisations are not revealed.
      if (request.params.organizationId !== auth.organizationId) throw notFound();
      const organization = await db
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', auth.organizationId)
        .executeTakeFirst();
      if (!organization) throw notFound();
      return { organizationName: organization.name };
    },
  );
}
