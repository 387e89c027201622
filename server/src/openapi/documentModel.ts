/**
 * The parts of an OpenAPI 3.1 document that the reference page reads (referenceHtml.ts,
 * referenceParts.ts, curlExample.ts), as types: only the fields the page draws, each optional where
 * the document may leave it out. The page takes the document as `unknown` and reads it through
 * these types from then on (openApiDocumentOf).
 */

/** A JSON Schema, as the document's zod schemas become one. */
export interface Schema {
  type?: string | string[];
  /** `#/components/schemas/<name>`: a schema of the document's own, by name. */
  $ref?: string;
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  /** A schema for every value of a map, or `false` for an object with no other fields. */
  additionalProperties?: boolean | Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  /** The JSON a text holds (with `contentMediaType: 'application/json'`). */
  contentSchema?: Schema;
  contentMediaType?: string;
  description?: string;
  examples?: unknown[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

export type ParameterPlace = 'path' | 'query' | 'header' | 'cookie';

export interface Parameter {
  name: string;
  in: ParameterPlace;
  required?: boolean;
  description?: string;
  schema?: Schema;
  /** Given to every parameter by withExamples (examples.ts). */
  example?: unknown;
}

/** A body in one content type. */
export interface MediaType {
  schema?: Schema;
  example?: unknown;
}

export interface RequestBody {
  required?: boolean;
  /** By content type. */
  content?: Record<string, MediaType>;
}

export interface Header {
  description?: string;
  schema?: Schema;
}

export interface OperationResponse {
  description?: string;
  /** By header name. */
  headers?: Record<string, Header>;
  /** By content type; none for an answer without a body. */
  content?: Record<string, MediaType>;
}

/** Each requirement names the schemes (securitySchemes) that meet it; empty: anyone may call. */
export type SecurityRequirement = Record<string, string[]>;

export interface Operation {
  /** The first is the operation's group on the page. */
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: RequestBody;
  /** By status code, or `default`. */
  responses?: Record<string, OperationResponse>;
  security?: SecurityRequirement[];
}

export interface SecurityScheme {
  /** `http` for a bearer key, `apiKey` for the session's cookie. */
  type: string;
  description?: string;
  /** The cookie's (or header's) name, for `type: 'apiKey'`. */
  name?: string;
}

export interface Tag {
  name: string;
  description?: string;
}

const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

type HttpMethod = (typeof httpMethods)[number];

/** A path's operations by method, in lower case as the document writes them. */
export type PathItem = Partial<Record<HttpMethod, Operation>>;

export interface OpenApiDocument {
  info?: { version?: string; description?: string };
  /** The first one's URL is the prefix of every path. */
  servers?: Array<{ url: string }>;
  tags?: Tag[];
  paths?: Record<string, PathItem>;
  components?: {
    schemas?: Record<string, Schema>;
    securitySchemes?: Record<string, SecurityScheme>;
  };
}

/**
 * The document as typed parts. It is the server's own, made from the routes' zod schemas and
 * checked against the OpenAPI 3.1 schema by openapi.test.ts, so its shape is taken on trust here:
 * only that it is an object is checked, and this is the one cast the page makes.
 */
export function openApiDocumentOf(document: unknown): OpenApiDocument {
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    throw new TypeError('The OpenAPI document is not an object');
  return document as OpenApiDocument;
}

/** An operation with its method (in upper case, as the page shows it) and path. */
export interface DocumentOperation {
  method: string;
  path: string;
  operation: Operation;
}

/** Every operation of the document, path by path in its order, each path's in the methods' order. */
export function everyOperation(document: OpenApiDocument): DocumentOperation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    httpMethods.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ method: method.toUpperCase(), path, operation }] : [];
    }),
  );
}
