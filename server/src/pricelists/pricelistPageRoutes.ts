import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GeneralPricelistView, PricelistRowsPage, PricelistRowsQuery } from '#contract';
import type { AppDeps } from '../appDeps';
import { badRequest, notFound } from '../errors';
import { requirePricelistReadAccess } from '../identity/importAccess';
import { signedInFirst } from '../identity/session';
import { swedishDateOf } from '../lib/calendar';
import { apiTags, errors, json } from '../openapi/routeDocs';
import { generalPricelistView, pricelistRowsPage } from './pricelistPages';
import { generalParams, pricelistParams } from './routeParts';

/** The read-only price-list pages: a general price list with its price lists, and a page of rows. */
export function pricelistPageRoutes(api: FastifyInstance, { db, clock }: AppDeps) {
  const routes = api.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/pricelists/:organizationId/:generalPricelistId',
    {
      config: { apiKey: true },
      onRequest: signedInFirst,
      schema: {
        summary: 'En generell prislista med dess prislistor',
        description:
          'Prislistorna i den generella prislistan, efter giltig från: nummer, status i dag (PAST, CURRENT, FUTURE), antal rader och den senaste inläsningen som inte är ångrad. Kräver behörigheten product:create_own i organisationen, eller generalpricelist:view_all (regionernas användare, alla leverantörers listor).',
        tags: [apiTags.pricelists],
        params: generalParams,
        response: {
          200: json('Den generella prislistan.', GeneralPricelistView),
          ...errors(401, [
            404,
            'Finns inte, är en annan organisations, eller användaren saknar behörighet (NOT_FOUND).',
          ]),
        },
      },
    },
    async (request) => {
      const { organizationId, generalPricelistId } = request.params;
      requirePricelistReadAccess(request, organizationId);
      const view = await generalPricelistView(
        db,
        organizationId,
        generalPricelistId,
        swedishDateOf(clock.now()),
      );
      if (!view) throw notFound('Den generella prislistan hittades inte.');
      return view;
    },
  );

  routes.get(
    '/pricelists/:organizationId/:generalPricelistId/:pricelistId/rows',
    {
      config: { apiKey: true, openapi: { querystring: PricelistRowsQuery } },
      onRequest: signedInFirst,
      schema: {
        summary: 'En sida med en prislistas rader',
        description:
          'Högst limit rader (1–100, 50 om inget anges), sorterade på artikelnummer, benämning eller pris. search söker artikelnummer som börjar med texten och benämningar som innehåller den. Nästa sida: skicka svarets nextCursor som after; nextCursor är null på sista sidan. Priser är exakt decimaltext.',
        tags: [apiTags.pricelists],
        params: pricelistParams,
        response: {
          200: json('Sidan med rader.', PricelistRowsPage),
          ...errors([400, 'En parameter i frågan är fel (BAD_REQUEST).'], 401, [
            404,
            'Prislistan finns inte i den generella prislistan, eller är en annan organisations (NOT_FOUND).',
          ]),
        },
      },
    },
    async (request) => {
      const { organizationId, generalPricelistId } = request.params;
      requirePricelistReadAccess(request, organizationId);
      // After the access check, so another organisation's list is 404 whatever the query says.
      const query = PricelistRowsQuery.safeParse(request.query);
      if (!query.success) throw badRequest();
      const page = await pricelistRowsPage(
        db,
        organizationId,
        generalPricelistId,
        request.params.pricelistId,
        swedishDateOf(clock.now()),
        query.data,
      );
      if (!page) throw notFound('Prislistan hittades inte.');
      return page;
    },
  );
}
