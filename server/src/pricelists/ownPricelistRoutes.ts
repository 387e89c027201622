import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ActivePricelist, GeneralPricelist } from '#contract';
import type { AppDeps } from '../appDeps';
import { notFound } from '../errors';
import { requireOwnOrganization } from '../identity/ownOrganization';
import { signedInFirst } from '../identity/session';
import { swedishDateOf } from '../lib/calendar';
import { apiTags, errors, json } from '../openapi/routeDocs';
import { activePricelists, findGeneralPricelist } from './queries';
import { params } from './routeParts';

/**
 * The caller's own general price list and its active price lists (the header's "Generell
 * prislista" target and the import dialog). Any signed-in user of the organisation may read them:
 * it is the organisation's own data, and the header asks before it knows which step applies.
 */
export function ownPricelistRoutes(api: FastifyInstance, { db, clock }: AppDeps) {
  const routes = api.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/organizations/:organizationId/generalpricelists',
    {
      config: { apiKey: true },
      onRequest: signedInFirst,
      schema: {
        summary: 'Organisationens generella prislista',
        description:
          'Id:t på den egna organisationens generella prislista. Varje inloggad användare i organisationen får läsa det.',
        tags: [apiTags.pricelists],
        params,
        response: {
          200: json('Den generella prislistans id.', GeneralPricelist),
          ...errors(401, [
            404,
            'Organisationen är inte användarens, eller har ingen generell prislista (NOT_FOUND).',
          ]),
        },
      },
    },
    async (request) => {
      const auth = requireOwnOrganization(request, request.params.organizationId);
      const general = await findGeneralPricelist(db, auth.organizationId);
      // 404 = "has none": the header then falls through to create / view_all / empty.
      if (!general) throw notFound('Organisationen har ingen generell prislista.');
      return { id: general.id };
    },
  );

  routes.get(
    '/organizations/:organizationId/generalpricelists/pricelists/active',
    {
      config: { apiKey: true },
      onRequest: signedInFirst,
      schema: {
        summary: 'Organisationens aktuella och framtida prislistor',
        description:
          'Prislistorna som går att läsa in till: de som gäller i dag (CURRENT) och de som börjar gälla senare (FUTURE), med nummer.',
        tags: [apiTags.pricelists],
        params,
        response: {
          200: json('Prislistorna.', z.array(ActivePricelist)),
          ...errors(401, [404, 'Organisationen är inte användarens (NOT_FOUND).']),
        },
      },
    },
    async (request) => {
      const auth = requireOwnOrganization(request, request.params.organizationId);
      return activePricelists(db, auth.organizationId, swedishDateOf(clock.now()));
    },
  );
}
