import { describe, expect, it } from 'vitest';
import { request } from '../../test-support/importFlow';
import { useSupplierApp } from '../../test-support/useTestApp';
import { PathIdParam, pathId } from './pathId';

describe('an id in a path', () => {
  it('is one to nine digits and at least 1 as a params schema', () => {
    expect(PathIdParam.parse('12')).toBe(12);
    expect(PathIdParam.parse('007')).toBe(7);
    for (const refused of ['0', '-1', 'abc', '1e3', '1.0', ' 1', '', '1234567890'])
      expect(PathIdParam.safeParse(refused).success, refused).toBe(false);
    // The handlers' own check lets 0 through to the lookup, which finds nothing.
    expect(pathId('0')).toBe(0);
  });

  const { testApp, supplier } = useSupplierApp('pglite');

  it('answers an id that is 0, negative or not a number as one that names nothing: 404 in Swedish', async () => {
    const org = supplier.organizationId;
    const unknown = await request(testApp, 'GET', `imports/${org}/987654`, supplier.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Hittades inte.' } });
    for (const id of ['0', '-1', 'abc', '1e3']) {
      const response = await request(testApp, 'GET', `imports/${org}/${id}`, supplier.cookie);
      expect([response.statusCode, response.json()], id).toEqual([404, unknown.json()]);
    }
  });

  it('is an integer from 1 in every operation of the OpenAPI document, and a caller without a session gets 401 whatever it says', async () => {
    const document = testApp.app.swagger() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: object }[] }>>;
    };
    const idsOf = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path' && /Id$/i.test(parameter.name))
          .map((parameter) => ({ method, path, schema: parameter.schema })),
      ),
    );
    expect(idsOf.length).toBeGreaterThan(20);
    for (const { method, path, schema } of idsOf)
      expect(schema, `${method} ${path}`).toMatchObject({ type: 'integer', minimum: 1 });
    // Every such path, with ids that are not ids, asked without a session.
    for (const { method, path } of idsOf) {
      const url = path.replace(/\{[^}]+\}/g, 'abc').replace(/^\//, '');
      const response = await testApp.app.inject({
        method: method.toUpperCase() as 'GET',
        url: `/resources/v1/${url}`,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
