import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PriceChangeFeed,
  PriceChangeFeedQuery,
  RecentPriceChanges,
  RecentPriceChangesQuery,
} from '#contract';
import type { AppDeps } from '../appDeps';
import { badRequest } from '../errors';
import { swedishDateOf } from '../lib/calendar';
import { apiTags, errors, json, preSerializedJson } from '../openapi/routeDocs';
import { feedTexts, requirePriceChangeReader } from './access';
import { parseFeedCursor, readChangeFeed } from './changeFeed';
import { priceChangesExportRoute } from './exportRoute';
import { peppolRoutes } from './peppolRoutes';
import { recentPriceChanges } from './recentChanges';

/** The change feed: what applied imports and undos changed, for the regions and the suppliers. */
export function priceChangeRoutes(api: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const routes = api.withTypeProvider<ZodTypeProvider>();
  peppolRoutes(api, deps);
  priceChangesExportRoute(api, deps);

  routes.get(
    '/pricelists/changes',
    {
      config: { apiKey: true, openapi: { querystring: PriceChangeFeedQuery } },
      schema: {
        summary: 'Prisändringar: flödet av inlästa och ångrade prislistor',
        description:
          'Varje inläsning som har lästs in och varje ångrad inläsning i alla generella prislistor, i den ordning de sparades, med raderna de ändrade (värdena före och efter). Gå vidare med svarets next som after; en markör pekar aldrig förbi en ändring som ännu inte syns, så den som följer flödet missar ingenting och får ingenting två gånger. Högst limit rader per svar (1–1000); en större inläsning delas över flera svar. Kräver generalpricelist:view_all (alla leverantörer) eller product:create_own (den egna organisationen).',
        tags: [apiTags.pricelists],
        response: {
          200: preSerializedJson('Ändringarna efter markören.', PriceChangeFeed),
          ...errors(
            [400, 'En parameter i frågan är fel (BAD_REQUEST).'],
            401,
            [403, 'Användaren får inte läsa prisändringar (FORBIDDEN).'],
            [404, 'organizationId är en annan organisations, för en leverantör (NOT_FOUND).'],
          ),
        },
      },
    },
    async (request, reply) => {
      const scopeOf = requirePriceChangeReader(request);
      const query = PriceChangeFeedQuery.safeParse(request.query);
      const after = query.success ? parseFeedCursor(query.data.after) : undefined;
      if (!query.success || !after) throw badRequest(feedTexts.badQuery);
      const { pricelistId, limit } = query.data;
      const { organizationId } = scopeOf(query.data.organizationId);
      const feed = await readChangeFeed(
        db,
        { after, limit, organizationId, pricelistId },
        swedishDateOf(clock.now()),
      );
      if (!feed) throw badRequest(feedTexts.badQuery);
      // Serialised here, not checked against the schema on the way out: the answer is made from
      // typed rows, and checking 1,000 rows with their values before and after cost more than
      // reading them (npm run bench, "The change feed").
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(feed));
    },
  );

  routes.get(
    '/pricelists/changes/recent',
    {
      config: { apiKey: true, openapi: { querystring: RecentPriceChangesQuery } },
      schema: {
        summary: 'De senaste prisändringarna, nyast först',
        description:
          'Sidan Prisändringar: inlästa och ångrade inläsningar, nyast först, med antal och de största prisändringarna, men utan rader. Filter: organizationId (leverantören), from och to (dagar i svensk tid, båda med). Äldre: skicka svarets nextBefore som before. Samma behörighet som ändringsflödet.',
        tags: [apiTags.pricelists],
        response: {
          200: json('Ändringarna.', RecentPriceChanges),
          ...errors(
            [400, 'En parameter i frågan är fel (BAD_REQUEST).'],
            401,
            [403, 'Användaren får inte läsa prisändringar (FORBIDDEN).'],
            [404, 'organizationId är en annan organisations, för en leverantör (NOT_FOUND).'],
          ),
        },
      },
    },
    async (request) => {
      const scopeOf = requirePriceChangeReader(request);
      const query = RecentPriceChangesQuery.safeParse(request.query);
      if (!query.success) throw badRequest(feedTexts.badRecentQuery);
      const { from, to, before, limit } = query.data;
      return recentPriceChanges(
        db,
        {
          ...scopeOf(query.data.organizationId),
          from,
          to,
          before: before === undefined ? undefined : Number(before),
          limit,
        },
        swedishDateOf(clock.now()),
      );
    },
  );
}
