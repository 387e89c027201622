import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  ActivePricelist,
  GeneralPricelist,
  GeneralPricelistView,
  PricelistRowsPage,
  PricelistRowsQuery,
} from '#contract';
import type { AppDeps } from '../appDeps';
import { ApiError, badRequest, notFound } from '../errors';
import { requireImportAccess } from '../identity/importAccess';
import { requireOwnOrganization } from '../identity/ownOrganization';
import { requireAuth } from '../identity/session';
import { swedishDateOf } from '../lib/calendar';
import { apiTags, errors, json } from '../openapi/routeDocs';
import { pathId } from '../pathId';
import { buildPriceListCatalogue, WorkerPoolBusyError } from '../pricelistFile';
import { generalPricelistView, pricelistRowsPage } from './pricelistPages';
import { activePricelists, findGeneralPricelist } from './queries';
import { templateRows } from './snapshot';

// A plain string: the organisation is checked in the handler, after the session (401 before 404).
const params = z.object({ organizationId: z.string() });

/**
 * The caller's own general price list and its active price lists (the header's "Generell
 * prislista" target and the import dialog). Any signed-in user of the organisation may read them:
 * it is the organisation's own data, and the header asks before it knows which step applies.
 * Every route here only reads, and takes an API key too (docs/api-keys.md).
 */
export function pricelistRoutes(api: FastifyInstance, { db, clock, workerPool }: AppDeps) {
  const routes = api.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/organizations/:organizationId/generalpricelists',
    {
      config: { apiKey: true },
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

  // The read-only price-list pages: for whoever may import into the organisation's lists, as
  // the import endpoints (404 for anyone else). Ids are strings here, checked after the session.
  const generalParams = params.extend({ generalPricelistId: z.string() });
  const importAccess = (request: FastifyRequest, organizationIdParam: string) => {
    requireAuth(request);
    const organizationId = pathId(organizationIdParam);
    requireImportAccess(request, organizationId);
    return organizationId;
  };
  routes.get(
    '/pricelists/:organizationId/:generalPricelistId',
    {
      config: { apiKey: true },
      schema: {
        summary: 'En generell prislista med dess prislistor',
        description:
          'Prislistorna i den generella prislistan, efter giltig från: nummer, status i dag (PAST, CURRENT, FUTURE), antal rader och den senaste inläsningen som inte är ångrad. Kräver behörigheten product:create_own.',
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
      const organizationId = importAccess(request, request.params.organizationId);
      const view = await generalPricelistView(
        db,
        organizationId,
        pathId(request.params.generalPricelistId),
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
      schema: {
        summary: 'En sida med en prislistas rader',
        description:
          'Högst limit rader (1–100, 50 om inget anges), sorterade på artikelnummer, benämning eller pris. search söker artikelnummer som börjar med texten och benämningar som innehåller den. Nästa sida: skicka svarets nextCursor som after; nextCursor är null på sista sidan. Priser är exakt decimaltext.',
        tags: [apiTags.pricelists],
        params: generalParams.extend({ pricelistId: z.string() }),
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
      const organizationId = importAccess(request, request.params.organizationId);
      // After the access check, so a caller without a session always gets 401.
      const query = PricelistRowsQuery.safeParse(request.query);
      if (!query.success) throw badRequest();
      const page = await pricelistRowsPage(
        db,
        organizationId,
        pathId(request.params.generalPricelistId),
        pathId(request.params.pricelistId),
        swedishDateOf(clock.now()),
        query.data,
      );
      if (!page) throw notFound('Prislistan hittades inte.');
      return page;
    },
  );

  routes.get(
    '/pricelists/:organizationId/:generalPricelistId/:pricelistId/peppol',
    {
      config: { apiKey: true },
      schema: {
        summary: 'En prislista som Peppol-katalog',
        description:
          'Prislistans rader som ett Peppol BIS Catalogue 3-dokument (UTF-8) med ActionCode Replace och prislistans giltig från som startdatum: samma fil kan läsas in igen (POST imports/{organizationId}) och ändrar då ingenting. Garanti antal, enhet och gäller från har ingen plats i katalogen och står kvar när den läses in.',
        tags: [apiTags.pricelists],
        params: generalParams.extend({ pricelistId: z.string() }),
        response: {
          200: {
            description: 'Katalogen.',
            content: { 'application/xml': { schema: z.string() } },
          },
          ...errors(401, [
            404,
            'Prislistan finns inte i den generella prislistan, eller är en annan organisations (NOT_FOUND).',
          ]),
        },
      },
    },
    async (request, reply) => {
      const organizationId = importAccess(request, request.params.organizationId);
      const generalPricelistId = pathId(request.params.generalPricelistId);
      const pricelistId = pathId(request.params.pricelistId);
      const pricelist = await db
        .selectFrom('pricelists as p')
        .innerJoin('general_pricelists as g', 'g.id', 'p.general_pricelist_id')
        .innerJoin('organizations as o', 'o.id', 'g.organization_id')
        .select([
          'o.name',
          'o.organization_number',
          sql<string>`to_char(p.valid_from, 'YYYY-MM-DD')`.as('validFrom'),
        ])
        .where('p.id', '=', pricelistId)
        .where('g.id', '=', generalPricelistId)
        .where('g.organization_id', '=', organizationId)
        .executeTakeFirst();
      const filled = pricelist && (await templateRows(db, organizationId, pricelistId));
      if (!pricelist || !filled) throw notFound('Prislistan hittades inte.');
      const worker = await workerPool.reserve().catch((error: unknown) => {
        if (!(error instanceof WorkerPoolBusyError)) throw error;
        throw new ApiError(503, 'SERVICE_UNAVAILABLE', WORKERS_BUSY, undefined, {
          'retry-after': String(error.retryAfterSeconds),
        });
      });
      try {
        const xml = await buildPriceListCatalogue(
          {
            id: filled.number,
            issueDate: swedishDateOf(clock.now()),
            startDate: pricelist.validFrom,
            supplierName: pricelist.name,
            supplierOrganizationNumber: pricelist.organization_number,
          },
          filled.rows,
          worker,
        );
        // A Buffer, sent as it is (the schema only documents the answer).
        return (reply as FastifyReply)
          .header('content-type', 'application/xml; charset=utf-8')
          .header('content-disposition', attachment(`Generell prislista ${filled.number}.xml`))
          .header('cache-control', 'no-store')
          .send(xml);
      } finally {
        worker.release();
      }
    },
  );
}

/** As the other downloads answer when the workers are busy. */
const WORKERS_BUSY = 'Tjänsten är hårt belastad just nu. Försök igen om en stund.';

/** Content-Disposition with an ASCII fallback and the real (Swedish) name (RFC 5987). */
const attachment = (fileName: string) =>
  `attachment; filename="${fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
