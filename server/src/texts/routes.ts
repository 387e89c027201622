import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DynamicText } from '#contract';
import type { AppDeps } from '../appDeps';
import { notFound } from '../errors';
import { signedInFirst } from '../identity/session';
import { apiTags, errors, json } from '../openapi/routeDocs';
import { PathIdParam } from '../pathId';

/**
 * The editable texts of the start page (1 news, 2 welcome, 3 links), as stored HTML. They need a
 * session: only the signed-in start page shows them. The SPA sanitizes the HTML before rendering.
 */
export function textRoutes(api: FastifyInstance, { db }: AppDeps) {
  api.withTypeProvider<ZodTypeProvider>().get(
    '/dynamicText/:id',
    {
      onRequest: signedInFirst,
      schema: {
        summary: 'En text på startsidan',
        description:
          'Startsidans redigerbara texter som lagrad HTML: 1 nyheter, 2 välkomsttext, 3 länkar. Den som visar texten ska rensa HTML:en först.',
        tags: [apiTags.texts],
        params: z.object({ id: PathIdParam }),
        response: {
          200: json('Texten.', DynamicText),
          ...errors(401, [404, 'Texten finns inte (NOT_FOUND).']),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const text = await db
        .selectFrom('dynamic_texts')
        .select('html')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!text) throw notFound('Texten finns inte.');
      return { dynamicText: text.html };
    },
  );
}
