import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../appDeps';
import { ApiError, notFound } from '../errors';
import { swedishDateOf } from '../lib/calendar';
import { apiTags, errors } from '../openapi/routeDocs';
import { pathId } from '../pathId';
import { buildPriceListCatalogue, WorkerPoolBusyError } from '../pricelistFile';
import { generalParams, importAccess } from './routeParts';
import { templateRows } from './snapshot';

/** A price list as a file: a Peppol catalogue that can be read in again unchanged. */
export function pricelistDownloadRoutes(api: FastifyInstance, { db, clock, workerPool }: AppDeps) {
  const routes = api.withTypeProvider<ZodTypeProvider>();

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
