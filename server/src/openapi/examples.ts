/**
 * The examples of the OpenAPI document (docs/decisions/0036-own-api-reference-page.md). They are
 * written on the schemas themselves (`.meta({ examples: [...] })` on the zod schemas in contract/
 * and the routes), and here put together into one example for every JSON body: the request body
 * and each 2xx answer of every operation, and each parameter. A body's example is its schema's own
 * when it has one, otherwise made from the examples of its parts (an object from its properties'
 * examples, a list from one example of its items, a `$ref` from the schema it names). Nothing is
 * made up: a part with no example, no `const`, no `enum` and no `default` leaves the body without an
 * example, which `examples.test.ts` refuses; it also checks every example against its schema.
 */

type Json = Record<string, unknown>;

/**
 * Parameters by name, in a path, a query or a header: every path names its ids the same way, so
 * one example each keeps the operations telling one story (the demo supplier 1 and its user 1, its
 * general price list 1, price list 2, import 12). A parameter whose schema has an example of its
 * own, an `enum` or a `default` shows that instead.
 */
export const parameterExamples: Record<string, string> = {
  organizationId: '1',
  generalPricelistId: '1',
  pricelistId: '2',
  importId: '12',
  mappingId: '3',
  apiKeyId: '4',
  userId: '1',
  webhookId: '1',
  // The start page's welcome text.
  id: '2',
  filter: 'PENDING_APPROVAL',
  // A column as the errors name it.
  column: 'Pris',
  'idempotency-key': '0f8e2c4a-6b1d-4e3f-9a7c-5d2b8e1f0a36',
};

/** Resolves `#/components/schemas/…` in the document. */
export type Resolve = (ref: string) => Json | undefined;

export function resolverOf(openapi: Json): Resolve {
  const schemas = ((openapi.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  return (ref) => (ref.startsWith('#/components/schemas/') ? schemas[ref.slice(21)] : undefined);
}

const NONE = Symbol('no example');
type Made = unknown | typeof NONE;

/** An example for a schema, from its own examples or its parts'; NONE where a part has none. */
export function exampleOf(schema: unknown, resolve: Resolve, depth = 0): Made {
  if (typeof schema !== 'object' || schema === null || depth > 20) return NONE;
  const s = schema as Json;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if ('const' in s) return s.const;
  if (typeof s.$ref === 'string') return exampleOf(resolve(s.$ref), resolve, depth + 1);
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum.find((value) => value !== null) ?? s.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = s[key];
    if (!Array.isArray(options)) continue;
    // The first option that is not null and has an example: null is an example of nothing.
    for (const option of options) {
      if ((option as Json).type === 'null') continue;
      const made = exampleOf(option, resolve, depth + 1);
      if (made !== NONE) return made;
    }
    return options.some((option) => (option as Json).type === 'null') ? null : NONE;
  }
  if (Array.isArray(s.allOf)) {
    const parts = s.allOf.map((part) => exampleOf(part, resolve, depth + 1));
    if (parts.some((part) => part === NONE || typeof part !== 'object' || part === null)) return NONE;
    return Object.assign({}, ...(parts as Json[]));
  }
  const types = [s.type].flat().filter((type) => type !== undefined);
  if (types.includes('object') || s.properties) {
    const properties = (s.properties ?? {}) as Record<string, unknown>;
    const required = new Set((s.required ?? []) as string[]);
    const out: Json = {};
    for (const [name, property] of Object.entries(properties)) {
      const made = exampleOf(property, resolve, depth + 1);
      if (made !== NONE) out[name] = made;
      else if (required.has(name)) return NONE;
    }
    return out;
  }
  if (types.includes('array')) {
    const item = exampleOf(s.items, resolve, depth + 1);
    return item === NONE ? NONE : [item];
  }
  if (types.includes('string') && s.contentMediaType === 'application/json' && s.contentSchema) {
    // A text part that holds JSON: the JSON of its content's example.
    const content = exampleOf(s.contentSchema, resolve, depth + 1);
    return content === NONE ? NONE : JSON.stringify(content);
  }
  if (types.length === 1 && types[0] === 'null') return null;
  return NONE;
}

export const hasExample = (made: Made) => made !== NONE;

const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

export function operationsOf(openapi: Json): Array<[string, Json]> {
  return Object.entries((openapi.paths ?? {}) as Record<string, Json>).flatMap(([path, item]) =>
    httpMethods.flatMap((method) =>
      item[method] ? [[`${method.toUpperCase()} ${path}`, item[method] as Json] as [string, Json]] : [],
    ),
  );
}

export const isJson = (contentType: string) => /^application\/([\w.+-]+\+)?json\b/.test(contentType);

/** The bodies of an operation an example is given for: the request's and the 2xx answers', by media type. */
export function bodiesOf(operation: Json): Array<{ where: string; contentType: string; media: Json }> {
  const bodies: Array<{ where: string; contentType: string; media: Json }> = [];
  const request = operation.requestBody as { content?: Record<string, Json> } | undefined;
  for (const [contentType, media] of Object.entries(request?.content ?? {}))
    bodies.push({ where: 'requestBody', contentType, media });
  for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
    if (!status.startsWith('2')) continue;
    for (const [contentType, media] of Object.entries((response.content ?? {}) as Record<string, Json>))
      bodies.push({ where: `responses ${status}`, contentType, media });
  }
  return bodies;
}

/**
 * Gives each parameter, JSON body and multipart form of the document its example, where its
 * schema (or its parts') has one. Run on the finished document, after the components are known.
 */
export function withExamples(openapi: Json): Json {
  const resolve = resolverOf(openapi);
  for (const [, operation] of operationsOf(openapi)) {
    for (const parameter of (operation.parameters ?? []) as Json[]) {
      if (parameter.example !== undefined) continue;
      const own = exampleOf(parameter.schema, resolve);
      const byName = parameterExamples[parameter.name as string];
      if (own !== NONE) parameter.example = own;
      // An id's schema is an integer's (pathId.ts): its example is the number, not the text.
      else if (byName !== undefined)
        parameter.example =
          (parameter.schema as Json | undefined)?.type === 'integer' ? Number(byName) : byName;
    }
    for (const { contentType, media } of bodiesOf(operation)) {
      if (media.example !== undefined || media.examples !== undefined) continue;
      if (!isJson(contentType) && contentType !== 'multipart/form-data') continue;
      if (contentType === 'multipart/form-data') {
        // Each text part's example on the part itself: a file has none.
        const properties = ((media.schema as Json | undefined)?.properties ?? {}) as Record<string, Json>;
        for (const part of Object.values(properties)) {
          if (part.format === 'binary' || part.examples !== undefined) continue;
          const made = exampleOf(part, resolve);
          if (made !== NONE) part.examples = [made];
        }
        continue;
      }
      const made = exampleOf(media.schema, resolve);
      if (made !== NONE) media.example = made;
    }
  }
  return openapi;
}
