import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/useTestApp';
import { bodiesOf, exampleOf, hasExample, isJson, operationsOf, resolverOf } from './examples';

type Json = Record<string, unknown>;

/**
 * Every example of the OpenAPI document, wherever it is (a schema's `examples`, a parameter's or a
 * body's `example` and `examples`, the JSON held by a multipart text part), checked against the
 * schema it belongs to, with the document's components for its `$ref`s; and every id in an example
 * a positive number. Returns what is wrong, by where it is.
 */
function wrongExamples(document: Json): string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  // OpenAPI's file content: any bytes.
  ajv.addFormat('binary', true);
  const components = document.components as Json;
  const problems: string[] = [];
  let n = 0;
  const check = (where: string, schema: unknown, value: unknown) => {
    const validate = ajv.compile({
      ...(schema as Json),
      $id: `https://example.invalid/check/${n++}`,
      components,
    });
    if (!validate(value))
      problems.push(`${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(value).slice(0, 200)}`);
    for (const id of idsNotPositive(value)) problems.push(`${where}: ${id} is not a positive id`);
  };
  /** A schema and every schema inside it, with their own examples. */
  const walkSchema = (where: string, schema: unknown) => {
    if (typeof schema !== 'object' || schema === null) return;
    if (Array.isArray(schema)) {
      for (const [index, item] of schema.entries()) walkSchema(`${where}/${index}`, item);
      return;
    }
    const s = schema as Json;
    if (Array.isArray(s.examples))
      for (const [index, value] of s.examples.entries()) {
        check(`${where} examples[${index}]`, s, value);
        // A text part holding JSON: the JSON must parse and fit the content's schema.
        if (s.contentMediaType === 'application/json' && s.contentSchema) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(value as string);
          } catch {
            problems.push(`${where} examples[${index}]: not JSON: ${String(value)}`);
            continue;
          }
          check(`${where} examples[${index}] (its JSON)`, s.contentSchema, parsed);
        }
      }
    for (const [key, value] of Object.entries(s)) {
      if (key === 'examples' || key === 'example' || key === 'default' || key === 'const' || key === 'enum')
        continue;
      if (key === 'properties' || key === 'patternProperties' || key === '$defs') {
        for (const [name, inner] of Object.entries(value as Json))
          walkSchema(`${where}/${key}/${name}`, inner);
      } else walkSchema(`${where}/${key}`, value);
    }
  };
  /** A parameter or a media type: its schema, its `example` and its `examples` (Example Objects). */
  const walkHolder = (where: string, holder: Json) => {
    walkSchema(`${where} schema`, holder.schema);
    if (holder.example !== undefined) check(`${where} example`, holder.schema, holder.example);
    for (const [name, example] of Object.entries((holder.examples ?? {}) as Record<string, Json>))
      check(`${where} examples.${name}`, holder.schema, example.value);
  };

  for (const [name, schema] of Object.entries((components.schemas ?? {}) as Json))
    walkSchema(`components.schemas.${name}`, schema);
  for (const [name, operation] of operationsOf(document)) {
    for (const parameter of (operation.parameters ?? []) as Json[])
      walkHolder(`${name} parameter ${parameter.name}`, parameter);
    const request = operation.requestBody as { content?: Record<string, Json> } | undefined;
    for (const [type, media] of Object.entries(request?.content ?? {}))
      walkHolder(`${name} requestBody ${type}`, media);
    for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
      for (const [type, media] of Object.entries((response.content ?? {}) as Record<string, Json>))
        walkHolder(`${name} ${status} ${type}`, media);
      for (const [header, value] of Object.entries((response.headers ?? {}) as Record<string, Json>))
        walkHolder(`${name} ${status} header ${header}`, value);
    }
  }
  return problems;
}

/** Every `id` or `…Id` in a value that is a number below 1 (the sample of a bare integer schema). */
function idsNotPositive(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => idsNotPositive(item, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    /^(id|.*Id)$/.test(key) && typeof inner === 'number' && inner < 1
      ? [`${path}.${key} = ${inner}`]
      : idsNotPositive(inner, `${path}.${key}`),
  );
}

/**
 * What lacks an example: a parameter, a JSON request body or 2xx answer, or a text part of a
 * multipart form.
 */
function missingExamples(document: Json): string[] {
  const resolve = resolverOf(document);
  const missing: string[] = [];
  for (const [name, operation] of operationsOf(document)) {
    for (const parameter of (operation.parameters ?? []) as Json[])
      if (parameter.example === undefined && !hasExample(exampleOf(parameter.schema, resolve)))
        missing.push(`${name} parameter ${parameter.name}`);
    for (const { where, contentType, media } of bodiesOf(operation)) {
      if (contentType === 'multipart/form-data') {
        const parts = ((media.schema as Json).properties ?? {}) as Record<string, Json>;
        for (const [part, schema] of Object.entries(parts))
          if (schema.format !== 'binary' && !Array.isArray(schema.examples))
            missing.push(`${name} ${where} part ${part}`);
      } else if (isJson(contentType) && media.example === undefined && media.examples === undefined)
        missing.push(`${name} ${where} ${contentType}`);
    }
  }
  return missing;
}

describe('the examples of the OpenAPI document', () => {
  const testApp = useTestApp('pglite', { seed: false });
  let document: Json;
  beforeAll(async () => {
    const response = await testApp.app.inject({ url: '/resources/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });

  it('has an example for every parameter, JSON request body, 2xx JSON answer and multipart text part', () => {
    expect(missingExamples(document)).toEqual([]);
  });

  it('has only examples that fit their schemas, with positive ids', () => {
    expect(wrongExamples(document)).toEqual([]);
  });

  it('shows the upload’s request part as JSON a caller can send as it is', () => {
    const upload = operationsOf(document).find(([name]) => name === 'POST /imports/{organizationId}')![1];
    const form = bodiesOf(upload)[0]!.media.schema as { properties: { request: { examples: string[] } } };
    expect(JSON.parse(form.properties.request.examples[0]!)).toMatchObject({
      type: 'GENERAL_PRICELIST',
      metadata: { parent: 1, id: 2 },
    });
  });

  it('finds a wrong example: an id below 1, a status that is not one, a part that is not JSON', () => {
    const broken = structuredClone(document);
    const operations = Object.fromEntries(operationsOf(broken));
    const get = operations['GET /imports/{organizationId}/{importId}']!;
    const media = (get.responses as Json)['200'] as { content: Record<string, Json> };
    const example = media.content['application/json']!.example as { importObject: Json };
    example.importObject.id = -9007199254740991;
    example.importObject.status = 'LEGACY';
    const upload = operations['POST /imports/{organizationId}']!;
    const form = bodiesOf(upload)[0]!.media.schema as { properties: { request: { examples: string[] } } };
    form.properties.request.examples = ['{"parent":,"id":}'];
    const problems = wrongExamples(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET \/imports\/\{organizationId\}\/\{importId\} 200 .* example: .*status/),
        expect.stringMatching(/importObject\.id = -9007199254740991 is not a positive id/),
        expect.stringMatching(
          /^POST \/imports\/\{organizationId\} requestBody .*request examples\[0\]: not JSON/,
        ),
      ]),
    );
    const withoutExample = structuredClone(document);
    const confirm = Object.fromEntries(operationsOf(withoutExample))[
      'POST /imports/{organizationId}/{importId}/confirm'
    ]!;
    delete ((confirm.responses as Json)['200'] as { content: Record<string, Json> }).content[
      'application/json'
    ]!.example;
    const before = missingExamples(document);
    expect(missingExamples(withoutExample).filter((missing) => !before.includes(missing))).toEqual([
      'POST /imports/{organizationId}/{importId}/confirm responses 200 application/json',
    ]);
  });
});
