import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_KEY_PREFIX,
  ApiErrorBody,
  ApiKey,
  Import,
  ImportChange,
  ImportRisk,
  ImportSummary,
  PricelistImport,
  PricelistOverview,
  PricelistRow,
  Profile,
  ValidationError,
  ValidationErrorCount,
} from '#contract';
import type { Config } from '../config';
import { sessionCookieName } from '../identity/session';
import { withExamples } from './examples';
import { apiTags, errors, tagDescriptions } from './routeDocs';

/**
 * The OpenAPI 3.1 document of the API, made by @fastify/swagger from the routes' own zod schemas
 * (fastify-type-provider-zod's transforms) and served at GET /resources/v1/openapi.json
 * (docs/decisions/0022-openapi-document-and-reference-page.md).
 */

/**
 * Routes under the API prefix that the document leaves out on purpose, by method and URL. Every
 * other route is in it (server/src/openapi/openapi.test.ts checks both).
 */
export const undocumentedRoutes: Record<string, string> = {
  // Restores the demo data; answers 404 unless ENABLE_TESTABILITY is set, which production refuses.
  'GET /resources/v1/testability/reset': 'test only',
};

/** Schemas the document names once, under components, and refers to wherever they occur. */
const components: Array<[z.ZodType, string, string]> = [
  [
    ApiErrorBody,
    'ApiErrorBody',
    'Varje fel API:t svarar med: en kod, ett svenskt meddelande och, för formulär, fel per fält.',
  ],
  [Import, 'Import', 'En inläsning av en prislistefil.'],
  [PricelistImport, 'PricelistImport', 'En inläsning i en prislistas historik, med vad den ändrade.'],
  [ImportSummary, 'ImportSummary', 'Valideringens eller inläsningens sammanfattning.'],
  [
    ImportRisk,
    'ImportRisk',
    'Vad inläsningen skulle göra med prislistan och vilka regler den bryter. Har warnings något innehåll måste bekräftelsen skicka id som acknowledgedRiskId.',
  ],
  [
    ValidationError,
    'ValidationError',
    'Ett fel i filen: rad, flik, kolumn, cell, värde, vad som är fel och regeln det bryter.',
  ],
  [
    ValidationErrorCount,
    'ValidationErrorCount',
    'Hur många av filens fel som bryter en regel i en kolumn, och det som en svensk mening.',
  ],
  [ImportChange, 'ImportChange', 'En rad som inläsningen lägger till, ändrar eller tar bort.'],
  [PricelistOverview, 'PricelistOverview', 'En prislista i en generell prislista.'],
  [PricelistRow, 'PricelistRow', 'En rad i en prislista.'],
  [Profile, 'Profile', 'Den inloggade användaren (eller API-nyckelns ägare) med roller och behörigheter.'],
  [ApiKey, 'ApiKey', 'En API-nyckel som ägaren ser den, aldrig dess hemlighet.'],
];
for (const [schema, id, description] of components) {
  // Kept with what the schema says of itself already (its examples).
  const own = z.globalRegistry.get(schema);
  if (own?.id !== id) z.globalRegistry.add(schema, { ...own, id, description });
}

/** Which schemes a route takes: a session cookie, and a key where the route says `apiKey: true`. */
function securityOf(route: RouteOptions): Array<Record<string, string[]>> {
  return route.config?.apiKey === true ? [{ sessionCookie: [] }, { apiKey: [] }] : [{ sessionCookie: [] }];
}

/**
 * Answers a route gives because of what it is, not what it does: the key's checks on a route that
 * takes one, the cross-site check on a state-changing request, the bounds of a JSON body. The
 * route's own entry for a status, when it has one, says it instead.
 */
function implicitResponses(route: RouteOptions, methods: string[]) {
  const changesState = methods.some((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method));
  const jsonBody = route.schema?.body !== undefined;
  return errors(
    ...(jsonBody
      ? [
          400 as const,
          [413, 'Kroppen är större än 1 MB (PAYLOAD_TOO_LARGE).'] as const,
          [415, 'Kroppen är inte JSON (UNSUPPORTED_MEDIA_TYPE).'] as const,
        ]
      : []),
    ...(route.config?.apiKey === true
      ? [
          401 as const,
          [
            403,
            'API-nyckelns ägare har inte längre behörighet att använda API-nycklar (FORBIDDEN)' +
              (changesState ? ', eller begäran kommer från en annan webbplats (Origin).' : '.'),
          ] as const,
          429 as const,
        ]
      : changesState
        ? [
            [
              403,
              'Begäran kommer från en annan webbplats: ett Origin-huvud som inte är tjänstens (FORBIDDEN).',
            ] as const,
          ]
        : []),
  );
}

/** Who may call, as the last paragraph of each operation's description (every renderer shows it). */
function whoMayCall(security: Array<Record<string, string[]>>) {
  if (security.length === 0) return '**Inloggning:** behövs inte.';
  if (security.some((scheme) => 'apiKey' in scheme))
    return '**API-nyckel:** ja, eller sessionen från inloggningen.';
  return '**API-nyckel:** nej, bara sessionen från inloggningen.';
}

const OPTIONAL_BODY = 'x-hmdb-optional-body';

type Json = Record<string, unknown>;

/**
 * Registers @fastify/swagger. Call before the routes are registered: it collects them as they
 * are added. Only routes under `prefix` are documented, less `undocumentedRoutes`.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config, prefix: string) {
  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  const zodTransformObject = createJsonSchemaTransformObject({});

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hjälpmedelsdatabasen API',
        version: '1',
        description: [
          'API:t bakom Hjälpmedelsdatabasen. Alla svar är JSON utom Excel-filerna; varje fel är `{ "error": { "code", "message", "errors"? } }` med ett svenskt meddelande (ApiErrorBody).',
          '',
          `Ett program anropar API:t med en API-nyckel (\`Authorization: Bearer ${API_KEY_PREFIX}…\`) som användaren skapar på sidan API-nycklar. Nyckeln gäller bara anrop som listar säkerhetsschemat apiKey, med användarens behörigheter just då. Webbläsaren använder sessionskakan från inloggningen.`,
          '',
          'Ett anrop som ändrar något (POST, DELETE) med ett Origin-huvud från en annan webbplats får 403 innan något annat händer; program som inte skickar Origin berörs inte. En sökväg som inte kan avkodas (till exempel `%FF`) får 400.',
        ].join('\n'),
      },
      servers: [{ url: prefix, description: 'Den här servern' }],
      tags: Object.entries(apiTags).map(([key, name]) => ({
        name,
        description: tagDescriptions[key as keyof typeof apiTags],
      })),
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(config),
            description:
              'Sessionen från POST /login. Den slutar efter 30 minuter utan aktivitet och senast efter 12 timmar.',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: `En API-nyckel (${API_KEY_PREFIX}…). Bara anrop som listar det här schemat tar en nyckel; alla andra svarar 401 API_KEY_NOT_ACCEPTED på en nyckel. Varje nyckel har en egen gräns för antal anrop (429 med Retry-After).`,
          },
        },
      },
    },
    transform(document) {
      const route = document.route as RouteOptions;
      const methods = [route.method].flat();
      const hidden =
        !document.url.startsWith(`${prefix}/`) ||
        methods.some((method) => undocumentedRoutes[`${method} ${document.url}`] !== undefined);
      if (hidden) return { schema: { hide: true }, url: document.url };
      const extras = route.config?.openapi;
      const security = document.schema?.security ?? securityOf(route);
      const schema = {
        ...document.schema,
        description: `${document.schema?.description ?? ''}\n\n${whoMayCall(security as Array<Record<string, string[]>>)}`,
        ...(extras?.querystring && { querystring: extras.querystring }),
        ...(extras?.body && { body: extras.body.schema, consumes: [extras.body.contentType] }),
        security,
        response: {
          ...implicitResponses(route, methods),
          ...(document.schema?.response as object | undefined),
        },
      };
      const transformed = zodTransform({ ...document, schema }) as { schema: Json; url: string };
      // The zod transform keeps a response's description and content only: its headers come back here.
      const responses = (schema.response ?? {}) as Record<string, { headers?: Json }>;
      for (const [status, response] of Object.entries(responses)) {
        const out = (transformed.schema.response as Record<string, Json> | undefined)?.[status];
        if (response?.headers && out) out.headers = response.headers;
      }
      // A body schema that takes no body at all (the confirm's) is an optional request body.
      if (schema.body instanceof z.ZodType && schema.body.safeParse(undefined).success)
        transformed.schema[OPTIONAL_BODY] = true;
      return transformed;
    },
    transformObject(document) {
      const openapi = zodTransformObject(document) as Json;
      for (const operation of operationsOf(openapi)) {
        if (operation[OPTIONAL_BODY]) {
          (operation.requestBody as Json).required = false;
          delete operation[OPTIONAL_BODY];
        }
      }
      return withExamples(withoutUnusedSchemas(openapi)) as ReturnType<typeof zodTransformObject>;
    },
  });
}

const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

function operationsOf(openapi: Json): Json[] {
  return Object.values((openapi.paths ?? {}) as Record<string, Json>).flatMap((path) =>
    httpMethods.flatMap((method) => (path[method] ? [path[method] as Json] : [])),
  );
}

/**
 * The zod transform lists every registered schema twice (as read and as written); only those the
 * paths refer to, directly or through another schema, are kept.
 */
function withoutUnusedSchemas(openapi: Json): Json {
  const components = openapi.components as Json & { schemas?: Record<string, unknown> };
  const schemas = components.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown) => {
    for (const match of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      const name = match[1]!;
      if (used.has(name)) continue;
      used.add(name);
      visit(schemas[name]);
    }
  };
  visit(openapi.paths);
  return {
    ...openapi,
    components: {
      ...components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  };
}
