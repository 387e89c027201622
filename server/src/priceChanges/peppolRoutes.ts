import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../appDeps';
import { badRequest, notFound } from '../errors';
import { reserveRequestWorker } from '../http/requestWorker';
import { requirePricelistReadAccess } from '../identity/importAccess';
import { signedInFirst } from '../identity/session';
import { swedishDateOf } from '../lib/calendar';
import { apiTags, errors, noContent } from '../openapi/routeDocs';
import { buildPriceListCatalogue, type TemplateRow } from '../pricelistFile';
import type { CatalogueHeading } from '../pricelistFile/peppol/writeCatalogue';
import { pricelistParams } from '../pricelists/routeParts';
import { templateRows } from '../pricelists/snapshot';
import { feedHead } from './changeFeed';
import { MAX_UPDATE_ROWS, pricelistChangesSince } from './changesSince';

/** The response header that says where the next `after` goes on. */
export const FEED_CURSOR_HEADER = 'feed-cursor';

const CatalogueQuery = z.object({
  /** A whole entry's cursor of the change feed: an `Update` document of what changed after it. */
  after: z
    .string()
    .regex(/^(0|[1-9]\d{0,15})$/)
    .optional()
    .meta({ examples: ['42'] }),
});

export const catalogueTexts = {
  badCursor: 'after ska vara en markör för en hel ändring som ändringsflödet har lämnat, till exempel 42.',
  tooMany: (rows: number) =>
    `Sedan markören har ${rows.toLocaleString('sv-SE')} rader ändrats, fler än ${MAX_UPDATE_ROWS.toLocaleString('sv-SE')}. Hämta hela prislistan (utan after) och fortsätt från dess Feed-Cursor.`,
} as const;

/**
 * A price list as a Peppol catalogue: the whole list (`Replace`), which can be read in again
 * unchanged, or, with `after`, what changed since a cursor of the change feed (`Update`).
 */
export function peppolRoutes(api: FastifyInstance, { db, clock, workerPool }: AppDeps) {
  const routes = api.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/pricelists/:organizationId/:generalPricelistId/:pricelistId/peppol',
    {
      config: { apiKey: true, openapi: { querystring: CatalogueQuery } },
      onRequest: signedInFirst,
      schema: {
        summary: 'En prislista som Peppol-katalog, hel eller ändringarna sedan en markör',
        description:
          'Utan after: prislistans rader som ett Peppol BIS Catalogue 3-dokument (UTF-8) med ActionCode Replace och prislistans giltig från som startdatum; samma fil kan läsas in igen (POST imports/{organizationId}) och ändrar då ingenting. Svarshuvudet Feed-Cursor är ändringsflödets markör för dokumentet: fortsätt därifrån med after. Med after (en markör från ändringsflödet, GET pricelists/changes): ett dokument med ActionCode Update och en rad per ändrad artikel sedan markören, med radens ActionCode Add, Update eller Delete; 204 när ingenting har ändrats. Svarshuvudet Feed-Cursor säger var nästa after tar vid. Garanti antal, enhet och gäller från har ingen plats i katalogen. Kräver generalpricelist:view_all (alla leverantörer) eller product:create_own (den egna organisationen).',
        tags: [apiTags.pricelists],
        params: pricelistParams,
        response: {
          200: {
            description: 'Katalogen.',
            content: { 'application/xml': { schema: z.string() } },
          },
          204: noContent(
            'Ingenting i prislistan har ändrats sedan markören (Feed-Cursor säger var nästa tar vid).',
          ),
          ...errors(
            [
              400,
              'after är inte en markör som flödet har lämnat, eller har fler än 100 000 rader ändrats sedan den (BAD_REQUEST).',
            ],
            401,
            [
              404,
              'Prislistan finns inte i den generella prislistan, eller är en annan organisations (NOT_FOUND).',
            ],
          ),
        },
      },
    },
    async (request, reply) => {
      // Who may read it as a catalogue: a region's user who reads every supplier's lists, or the
      // supplier's own user who may import into it; anyone else gets 404 (decision 0052).
      const { organizationId, generalPricelistId, pricelistId } = request.params;
      requirePricelistReadAccess(request, organizationId);
      const query = CatalogueQuery.safeParse(request.query);
      if (!query.success) throw badRequest(catalogueTexts.badCursor);
      const pricelist = await db
        .selectFrom('pricelists as p')
        .innerJoin('general_pricelists as g', 'g.id', 'p.general_pricelist_id')
        .innerJoin('organizations as o', 'o.id', 'g.organization_id')
        .select([
          'p.number',
          'o.name',
          'o.organization_number',
          sql<string>`to_char(p.valid_from, 'YYYY-MM-DD')`.as('validFrom'),
        ])
        .where('p.id', '=', pricelistId)
        .where('g.id', '=', generalPricelistId)
        .where('g.organization_id', '=', organizationId)
        .executeTakeFirst();
      if (!pricelist) throw notFound('Prislistan hittades inte.');
      const heading: CatalogueHeading = {
        id: pricelist.number,
        issueDate: swedishDateOf(clock.now()),
        startDate: pricelist.validFrom,
        supplierName: pricelist.name,
        supplierOrganizationNumber: pricelist.organization_number,
      };

      let rows: readonly TemplateRow[];
      let fileName = `Generell prislista ${pricelist.number}.xml`;
      if (query.data.after === undefined) {
        // The head first: every change up to it is in the rows read after it (decision 0048).
        reply.header(FEED_CURSOR_HEADER, String(await feedHead(db)));
        const filled = await templateRows(db, organizationId, pricelistId);
        if (!filled) throw notFound('Prislistan hittades inte.');
        rows = filled.rows;
      } else {
        const since = await pricelistChangesSince(db, pricelistId, Number(query.data.after));
        if ('tooMany' in since)
          throw badRequest(
            since.beyondHead ? catalogueTexts.badCursor : catalogueTexts.tooMany(since.tooMany),
          );
        const { head, changes } = since;
        reply.header(FEED_CURSOR_HEADER, String(head));
        if (changes.length === 0) return (reply as FastifyReply).status(204).send();
        const names = await articleNames(
          db,
          organizationId,
          changes.map((change) => change.values.articleNumber),
        );
        rows = changes.map((change) => ({
          values: change.values,
          articleName: names.get(change.values.articleNumber) ?? null,
        }));
        heading.lineActions = changes.map((change) => change.action);
        fileName = `Generell prislista ${pricelist.number}, ändringar efter ${query.data.after}.xml`;
      }
      const worker = await reserveRequestWorker({ workerPool });
      try {
        const xml = await buildPriceListCatalogue(heading, rows, worker);
        // A Buffer, sent as it is (the schema only documents the answer).
        return (reply as FastifyReply)
          .header('content-type', 'application/xml; charset=utf-8')
          .header('content-disposition', attachment(fileName))
          .header('cache-control', 'no-store')
          .send(xml);
      } finally {
        worker.release();
      }
    },
  );
}

/** The names of the organisation's articles, by article number. */
async function articleNames(db: AppDeps['db'], organizationId: number, articleNumbers: string[]) {
  const found = await db
    .selectFrom('articles')
    .select(['article_number', 'name'])
    .where('organization_id', '=', organizationId)
    // One array parameter: a list of 100,000 numbers is too many parameters for `in (…)`.
    .where(sql<boolean>`article_number = any(${articleNumbers}::text[])`)
    .execute();
  return new Map(found.map((article) => [article.article_number, article.name]));
}

/** Content-Disposition with an ASCII fallback and the real (Swedish) name (RFC 5987). */
const attachment = (fileName: string) =>
  `attachment; filename="${fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
