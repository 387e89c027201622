import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PricelistImportsResponse } from '#contract';
import type { AppDeps } from '../../appDeps';
import { notFound } from '../../errors';
import { reserveRequestWorker } from '../../http/requestWorker';
import { organizationParams, PathIdParam } from '../../pathId';
import { buildPriceListTemplate } from '../../pricelistFile';
import { templateRows } from '../../pricelists/snapshot';
import { sendWorkbook } from '../http/downloads';
import { importRouteDocs as docs } from '../http/openapi';
import { pricelistImportHistory } from '../store/importViews';

// Its own params, not http/routeParts.ts's: that module reaches the kinds, and so this one.
const pricelistParams = organizationParams.extend({ pricelistId: PathIdParam });

const templateQuery = z.object({
  type: z.literal('GENERAL_PRICELIST'),
  pricelistId: PathIdParam.optional(),
});

/**
 * The routes of general price lists beside the imports' own, in the import routes' scope (the
 * organisation's access is checked there): a price list's history, and the template to fill in.
 */
export function generalPricelistRoutes(scope: FastifyInstance, deps: AppDeps) {
  pricelistHistoryRoutes(scope, deps);
  templateRoutes(scope, deps);
}

function pricelistHistoryRoutes(scope: FastifyInstance, { db }: AppDeps) {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  // The history on a price list's page. Static "pricelists", so it is never taken for an import id.
  routes.get(
    '/imports/:organizationId/pricelists/:pricelistId',
    { config: { apiKey: true }, schema: { ...docs.pricelistHistory, params: pricelistParams } },
    async (request): Promise<PricelistImportsResponse> => {
      const { organizationId, pricelistId } = request.params;
      return { imports: await pricelistImportHistory(db, organizationId, pricelistId) };
    },
  );
}

/** The price-list template to fill in, empty or with a price list's rows. */
function templateRoutes(scope: FastifyInstance, deps: AppDeps) {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  // Static, so it is never taken for an import id.
  routes.get(
    '/imports/:organizationId/template',
    {
      config: { apiKey: true },
      schema: { ...docs.template, params: organizationParams, querystring: templateQuery },
    },
    async (request, reply) => {
      const { organizationId } = request.params;
      const { pricelistId } = request.query;
      const worker = await reserveRequestWorker(deps);
      try {
        if (pricelistId === undefined)
          return sendWorkbook(
            reply,
            'Mall generell prislista.xlsx',
            await buildPriceListTemplate([], worker),
          );
        const filled = await templateRows(deps.db, organizationId, pricelistId);
        if (!filled) throw notFound('Prislistan hittades inte.');
        const workbook = await buildPriceListTemplate(filled.rows, worker);
        return sendWorkbook(reply, `Generell prislista ${filled.number}.xlsx`, workbook);
      } finally {
        worker.release();
      }
    },
  );
}
