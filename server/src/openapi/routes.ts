import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiTags, json, noAuthentication } from './routeDocs';

/** `GET openapi.json`: the OpenAPI 3.1 document of the API (document.ts). */
export function openApiRoutes(api: FastifyInstance) {
  api.get(
    '/openapi.json',
    {
      schema: {
        summary: 'API:ts OpenAPI-dokument',
        description:
          'Det här dokumentet: OpenAPI 3.1, gjort av samma zod-scheman som servern kontrollerar anropen med. Läsbart för människor på /api-dokumentation.',
        tags: [apiTags.documentation],
        security: noAuthentication,
        response: {
          200: json(
            'OpenAPI 3.1-dokumentet.',
            z.looseObject({ openapi: z.string(), paths: z.looseObject({}) }).meta({
              examples: [
                { openapi: '3.1.0', info: { title: 'Hjälpmedelsdatabasen API', version: '1' }, paths: {} },
              ],
            }),
          ),
        },
      },
    },
    async () => api.swagger(),
  );
}
