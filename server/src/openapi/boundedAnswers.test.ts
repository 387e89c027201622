/**
 * No answer grows with the request: every operation of the OpenAPI document that takes a JSON
 * body is sent, signed in as the demo supplier, a body of 50,000 unknown keys and one whose
 * every property is a list of 50,000 items (both under the 1 MB body limit). Each must be
 * refused with a short 4xx (one Swedish message, at most a field error per field of ours),
 * never a 500 and never an answer of megabytes built on the API thread.
 */
import { describe, expect, it } from 'vitest';
import { api, demoSupplier } from '../../../test-support/importFlow';
import { useTestApp } from '../../../test-support/useTestApp';

type JsonBodyOperation = { properties: string[] };

/** The longest refusal: one message and a field error for each of a form's few fields. */
const MAX_ANSWER_BYTES = 2_000;

describe('answers to oversized JSON bodies', () => {
  const testApp = useTestApp('pglite');

  it('are short 4xx refusals on every operation that takes JSON', async () => {
    const document = (await testApp.app.inject({ url: `${api}/openapi.json` })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { properties?: object } }> } }>
      >;
    };
    const operations: Array<[string, string, JsonBodyOperation]> = [];
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item)) {
        const json = operation.requestBody?.content['application/json'];
        if (json)
          operations.push([
            method.toUpperCase(),
            path,
            { properties: Object.keys(json.schema.properties ?? {}) },
          ]);
      }
    expect(operations.length).toBeGreaterThan(10);

    const supplier = await demoSupplier(testApp);
    const manyKeys = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 1]));
    const manyItems = Array.from({ length: 50_000 }, () => 'x');
    const answers: string[] = [];
    for (const [method, path, { properties }] of operations) {
      // The supplier's organisation, and 1 for any other id (what it names need not exist).
      const url =
        api + path.replace('{organizationId}', String(supplier.organizationId)).replace(/\{\w+\}/g, '1');
      const bodies = [manyKeys, Object.fromEntries(properties.map((property) => [property, manyItems]))];
      for (const body of bodies) {
        const response = await testApp.app.inject({
          method: method as 'POST',
          url,
          headers: { cookie: supplier.cookie, 'idempotency-key': crypto.randomUUID() },
          payload: body,
        });
        answers.push(`${method} ${path}: ${response.statusCode}, ${response.body.length} bytes`);
        expect(response.statusCode, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${method} ${path}`).toBeLessThan(500);
        expect(response.body.length, `${method} ${path}: ${response.body.slice(0, 200)}`).toBeLessThan(
          MAX_ANSWER_BYTES,
        );
      }
    }
    const largest = Math.max(...answers.map((answer) => Number(/(\d+) bytes$/.exec(answer)![1])));
    console.log(`${answers.length} oversized bodies refused; the largest answer ${largest} bytes`);
  }, 120_000);
});
