/**
 * No input makes the API answer 500: hostile path segments and query values on every GET route,
 * and arbitrary JSON bodies (any Unicode, NUL, very long strings, wrong types) on the auth calls.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSupplier, type Supplier, uploadImport } from '../../test-support/importFlow';
import { priceListWorkbook } from '../../test-support/pricelistFiles';
import { createTestApp, type TestApp, testDatabaseKinds } from '../../test-support/testApp';

const api = '/resources/v1';
const hostileValues = [
  '2147483648',
  '10000000000000',
  '99999999999999999999',
  '-1',
  '1e400',
  '%00',
  'a%00b',
  '%E2%80%AE',
  '%FF',
  'x'.repeat(3_000),
];

describe.each(testDatabaseKinds)('hostile input on %s', (kind) => {
  let testApp: TestApp;
  let supplier: Supplier;
  let importId: number;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    supplier = await demoSupplier(testApp);
    importId = (await uploadImport(testApp, supplier, await priceListWorkbook([]))).json().importObject.id;
  });
  afterAll(() => testApp?.close());

  const get = (url: string) =>
    testApp.app.inject({ method: 'GET', url: `${api}/${url}`, headers: { cookie: supplier.cookie } });

  it('answers every GET route with a hostile path segment or query value without a 500', async () => {
    const org = supplier.organizationId;
    const templates = [
      'organizations/:id',
      'organizations/:id/generalpricelists',
      'organizations/:id/generalpricelists/pricelists/active',
      'organizations/:id/agreements/getPricelistsFilteredBy/:id',
      'organizations/:id/agreements/getAgreementsToExtend',
      'organizations/:id/assortments/getArticlesDiscontinued',
      'dynamicText/:id',
      'imports/:id',
      'imports/:id/:id',
      'imports/:id/:id/summary',
      'imports/:id/:id/changes?kind=added',
      'imports/:id/:id/validation-errors/excel',
      'importStatus/:id',
      `imports/${org}/:id`,
      `imports/${org}/${importId}/changes?kind=:id`,
      `imports/${org}/${importId}/changes?kind=added&offset=:id`,
      `imports/${org}/${importId}/changes?kind=removed&limit=:id`,
      `imports/${org}?limit=:id&imported=:id`,
      `imports/${org}/template?type=GENERAL_PRICELIST&pricelistId=:id`,
    ];
    for (const template of templates) {
      for (const value of hostileValues) {
        const url = template.replaceAll(':id', value);
        const response = await get(url);
        expect(response.statusCode, url).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json().error?.message, url).toMatch(/^[A-ZÅÄÖ].*\.$/);
      }
    }
  });

  it('answers arbitrary JSON bodies to the sign-in and reset calls without a 500', async () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: 'binary', minLength: 2_000, maxLength: 4_000 }),
      fc.constantFrom('\u0000', 'lev.admin\u0000', '\uD800', 'lev.admin'),
    );
    const value = fc.oneof(text, fc.integer(), fc.constant(null), fc.array(text, { maxLength: 2 }));
    const body = fc.record(
      { username: value, password: value, email: value, token: value, newPassword: value },
      { requiredKeys: [] },
    );
    const urls = ['login', 'reset/request', 'reset/validate', 'reset/change'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...urls), body, async (url, payload) => {
        const response = await testApp.app.inject({ method: 'POST', url: `${api}/${url}`, payload });
        expect(response.statusCode, `${url} ${JSON.stringify(payload).slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});
