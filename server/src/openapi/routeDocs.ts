import { z } from 'zod';
import { ApiErrorBody } from '#contract';

/**
 * What a route says about itself in the OpenAPI document (GET /resources/v1/openapi.json,
 * docs/decisions/0022-openapi-document-and-reference-page.md). The response schemas here are the
 * route's real ones: Fastify sends every JSON answer of a listed status through its zod schema.
 * A text, a Buffer or a stream (the pre-serialized import list, a workbook) is sent as it is.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Parts of the request the handler reads itself, for the document only: Fastify never
     * validates them (a multipart upload, a query string checked after the session).
     */
    openapi?: {
      /** The body by its content type; the schema's description describes it. */
      body?: { contentType: string; schema: z.ZodType };
      querystring?: z.ZodType;
    };
  }
}

/** The groups of the document, in the order the reference shows them. */
export const apiTags = {
  imports: 'Inläsning av prislistor',
  pricelists: 'Prislistor',
  auth: 'Inloggning och session',
  apiKeys: 'API-nycklar',
  webhooks: 'Webhooks',
  organizations: 'Organisationer',
  dashboard: 'Startsidan',
  texts: 'Texter',
  documentation: 'Dokumentation',
} as const;

export const tagDescriptions: Record<keyof typeof apiTags, string> = {
  imports:
    'Ladda upp en prislista (Excel), följ valideringen, läs sammanfattning, risker och ändringar, läs in, ångra eller radera. Alla anrop under imports/ tar en API-nyckel; importStatus gör det inte.',
  pricelists:
    'Organisationens generella prislista, dess prislistor och deras rader. Alla anrop tar en API-nyckel.',
  auth: 'Inloggning med användarnamn och lösenord, utloggning, profilen, sessionens ping och återställning av lösenord.',
  apiKeys:
    'Användarens egna API-nycklar. Bara med session: en nyckel kan varken skapa eller återkalla nycklar.',
  webhooks:
    'Organisationens webhook-mottagare: händelser när en inläsning valideras, läses in, misslyckas, ångras eller raderas, signerade enligt Standard Webhooks. Bara med session, som API-nycklar.',
  organizations: 'Namnet på den egna organisationen.',
  dashboard: 'Listorna bakom startsidans antal.',
  texts: 'Startsidans redigerbara texter.',
  documentation: 'Det här dokumentet.',
};

/** A route anyone may call: no session and no key is needed. */
export const noAuthentication: Array<Record<string, string[]>> = [];

/** A JSON answer with its meaning, and the headers it may carry (as JSON Schema, with a description). */
export const json = <T extends z.ZodType>(
  description: string,
  schema: T,
  headers?: Record<string, { type: string; description: string }>,
) => ({
  description,
  content: { 'application/json': { schema } },
  ...(headers && { headers }),
});

/**
 * A JSON answer the handler sends already serialized (a text, or gzipped bytes), which Fastify
 * sends as it is: the schema describes it in the document; the handler's type does not check it.
 */
export const preSerializedJson = (description: string, schema: z.ZodType) =>
  json(description, schema as z.ZodType<unknown>);

/** An answer without a body (204). */
export const noContent = (description: string) => z.undefined().describe(description);

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx download, sent as bytes (never through a schema). */
export const xlsxFile = (description: string) => ({
  description,
  content: { [XLSX_CONTENT_TYPE]: { schema: z.string().meta({ format: 'binary' }) } },
  headers: {
    'Content-Disposition': {
      type: 'string',
      description: 'attachment med filens namn, också i UTF-8 (filename*).',
    },
  },
});

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/** What each error status means wherever a route does not say more. */
const errorMeanings: Record<ErrorStatus, string> = {
  400: 'Felaktig begäran (BAD_REQUEST), med ett svenskt meddelande om vad som är fel.',
  401: 'Ingen giltig inloggning (UNAUTHORIZED), eller en API-nyckel som är ogiltig, har gått ut eller är återkallad (API_KEY_INVALID, API_KEY_EXPIRED, API_KEY_REVOKED, med WWW-Authenticate).',
  403: 'Saknar behörighet (FORBIDDEN).',
  404: 'Finns inte, eller tillhör en annan organisation (NOT_FOUND).',
  409: 'Går inte i det läge resursen är i nu (CONFLICT).',
  410: 'Finns inte längre (GONE).',
  413: 'Begäran är för stor (PAYLOAD_TOO_LARGE).',
  415: 'Begäran har ett format som inte stöds (UNSUPPORTED_MEDIA_TYPE).',
  422: 'Begäran kan inte behandlas som den är (UNPROCESSABLE_ENTITY).',
  429: 'För många anrop (TOO_MANY_REQUESTS): vänta så många sekunder som Retry-After säger.',
  503: 'Tjänsten är hårt belastad (SERVICE_UNAVAILABLE): försök igen efter Retry-After sekunder.',
};

const retryAfter = {
  'Retry-After': { type: 'integer', description: 'Sekunder att vänta innan nästa försök.' },
};

/**
 * The error answers of a route, each the one error body (contract/errors.ts): a status alone
 * takes its usual meaning, `[status, text]` says what it means on this route.
 */
export function errors(...statuses: Array<ErrorStatus | readonly [ErrorStatus, string]>) {
  const responses: Record<number, ReturnType<typeof errorResponse>> = {};
  for (const entry of statuses) {
    const [status, description] = typeof entry === 'number' ? [entry, errorMeanings[entry]] : entry;
    responses[status] = errorResponse(status, description);
  }
  return responses;
}

function errorResponse(status: ErrorStatus, description: string) {
  return {
    description,
    content: { 'application/json': { schema: ApiErrorBody } },
    ...(status === 429 || status === 503 ? { headers: retryAfter } : {}),
  };
}
