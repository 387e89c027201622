import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createApiKeyAs } from '../../../test-support/apiKeys';
import {
  api,
  demoSupplier,
  editedPricelistFile,
  runAllJobs,
  type Supplier,
} from '../../../test-support/importFlow';
import { multipart } from '../../../test-support/pricelistFiles';
import { createTestApp, type TestApp, testDatabaseKinds } from '../../../test-support/testApp';

describe.each(testDatabaseKinds)('a price list sent by a program with an API key on %s', (kind) => {
  let testApp: TestApp;
  let supplier: Supplier;
  let secret: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    supplier = await demoSupplier(testApp);
    ({ secret } = await createApiKeyAs(testApp, supplier.cookie, { name: 'Affärssystemet' }));
  });
  afterAll(() => testApp?.close());

  const upload = async (headers: Record<string, string>) => {
    const content = await editedPricelistFile(testApp, supplier.pricelists.current, (row) => ({
      ...row,
      price: 123.45,
    }));
    const body = multipart(
      { fileName: 'från-affärssystemet.xlsx', content },
      {
        type: 'GENERAL_PRICELIST',
        metadata: { parent: supplier.generalPricelistId, id: supplier.pricelists.current },
      },
    );
    return testApp.app.inject({
      method: 'POST',
      url: `${api}/imports/${supplier.organizationId}`,
      headers: { ...body.headers, ...headers },
      payload: body.payload,
    });
  };

  it('uploads, follows and confirms with the key alone: POSTs without an Origin header, no cookie', async () => {
    const created = await upload(bearer(secret));
    expect(created.statusCode).toBe(201);
    expect(created.headers['set-cookie']).toBeUndefined();
    const { id, importedBy } = created.json().importObject;
    const user = await testApp.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('username', '=', 'lev.admin')
      .executeTakeFirstOrThrow();
    expect(importedBy).toEqual({ id: user.id, fullName: `${user.first_name} ${user.last_name}` });

    await runAllJobs(testApp);
    const url = `${api}/imports/${supplier.organizationId}/${id}`;
    const shown = await testApp.app.inject({ url, headers: bearer(secret) });
    expect(shown.json().importObject.status).toBe('VALIDATION_SUCCESS');
    const summary = await testApp.app.inject({ url: `${url}/summary`, headers: bearer(secret) });
    expect(summary.statusCode).toBe(200);
    const risk = summary.json().result?.risk;
    const confirmed = await testApp.app.inject({
      method: 'POST',
      url: `${url}/confirm`,
      headers: bearer(secret),
      ...(risk?.warnings.length > 0 ? { payload: { acknowledgedRiskId: risk.id } } : {}),
    });
    expect(confirmed.statusCode).toBe(200);
    await runAllJobs(testApp);
    const applied = await testApp.app.inject({ url, headers: bearer(secret) });
    expect(applied.json().importObject.status).toBe('IMPORT_SUCCESS');
  });

  it('still refuses a POST from a foreign page, key or not', async () => {
    const refused = await upload({ ...bearer(secret), origin: 'https://evil.example' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Begäran kommer från en annan webbplats.');
  });

  it('keeps the key to its own organisation: another one’s imports are 404', async () => {
    const response = await testApp.app.inject({
      url: `${api}/imports/${supplier.otherOrganizationId}`,
      headers: bearer(secret),
    });
    expect(response.statusCode).toBe(404);
  });
});
