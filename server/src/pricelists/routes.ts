import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ActivePricelist, GeneralPricelist } from '#contract';
import type { AppDeps } from '../appDeps';
import { notFound } from '../errors';
import { swedishDateOf } from './calendar';
import { requireOwnOrganization } from './ownOrganization';
import { activePricelists, findGeneralPricelist } from './queries';

// A plain string: the organisation is checked in the handler, after the session (401 before 404).
const params = z.object({ organizationId: z.string() });

/**
 * The caller's own general price list and its active price lists (the header's "Generell
 * prislista" target and the import dialog). Any signed-in user of the organisation may read them:
 * it is the organisation's own data, and the header asks before it knows which step applies.
 */
export function pricelistRoutes(api: FastifyInstance, { db, clock }: AppDeps) {
  const routes = api.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/organizations/:organizationId/generalpricelists',
    { schema: { params, response: { 200: GeneralPricelist } } },
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
    { schema: { params, response: { 200: z.array(ActivePricelist) } } },
    async (request) => {
      const auth = requireOwnOrganization(request, request.params.organizationId);
      return activePricelists(db, auth.organizationId, swedishDateOf(clock.now()));
    },
  );
}
