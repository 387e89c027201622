import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportListResponse } from '#contract';
import {
  api,
  demoSupplier,
  editedPricelistFile,
  runAllJobs,
  type Supplier,
  uploadImport,
} from '../../../../test-support/importFlow';
import { createTestApp, type TestApp, testDatabaseKinds } from '../../../../test-support/testApp';
import { buildApp } from '../../app';
import { seedDemoData } from '../../demo/seed';
import { claimNextJob, renewLease } from '../jobs/importQueue';
import { ImportListCache } from './importListCache';

describe.each(testDatabaseKinds)('import lists kept between requests on %s', (kind) => {
  let testApp: TestApp;
  let supplier: Supplier;
  let file: Buffer;
  /** A second server instance on the same database, with lists of its own. */
  let otherInstance: FastifyInstance;

  const pending = async (app: FastifyInstance = testApp.app) => {
    const response = await app.inject({
      method: 'GET',
      url: `${api}/imports/${supplier.organizationId}?imported=false&limit=100`,
      headers: { cookie: supplier.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return (response.json() as ImportListResponse).imports;
  };
  const upload = async () => {
    const created = await uploadImport(testApp, supplier, file);
    expect(created.statusCode).toBe(201);
    return (created.json() as { importObject: { id: number } }).importObject.id;
  };
  const version = async () =>
    (
      await sql<{ version: string }>`select version::text as version from import_list_versions
        where organization_id = ${supplier.organizationId}`.execute(testApp.db)
    ).rows[0]?.version;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    supplier = await demoSupplier(testApp);
    file = await editedPricelistFile(testApp, supplier.pricelists.current);
    otherInstance = await buildApp(testApp);
    await otherInstance.ready();
  });
  afterAll(async () => {
    await otherInstance?.close();
    await testApp?.close();
  });

  it('shows an upload, a finished validation and a deletion at the next request, on every instance', async () => {
    const before = await pending();
    expect(await pending(otherInstance)).toEqual(before);

    const id = await upload();
    const afterUpload = await pending();
    expect(afterUpload.map((item) => item.id)).toEqual([id, ...before.map((item) => item.id)]);
    expect(afterUpload[0]!.status).toBe('VALIDATION_PENDING');
    expect(await pending(otherInstance)).toEqual(afterUpload);

    await runAllJobs(testApp);
    expect((await pending())[0]).toMatchObject({ id, status: 'VALIDATION_SUCCESS' });
    expect((await pending(otherInstance))[0]).toMatchObject({ id, status: 'VALIDATION_SUCCESS' });

    const deleted = await otherInstance.inject({
      method: 'DELETE',
      url: `${api}/imports/${supplier.organizationId}/${id}`,
      headers: { cookie: supplier.cookie },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await pending()).toEqual(before);
  });

  it("shows the uploader's new name and the price list's new number at the next request", async () => {
    const id = await upload();
    expect((await pending())[0]!.id).toBe(id);

    await testApp.db
      .updateTable('users')
      .set({ first_name: 'Greta' })
      .where('id', '=', supplier.userId)
      .execute();
    expect((await pending())[0]!.importedBy.fullName).toMatch(/^Greta /);

    await testApp.db
      .updateTable('pricelists')
      .set({ number: '77' })
      .where('id', '=', supplier.pricelists.current)
      .execute();
    expect((await pending())[0]!.metadata).toMatchObject({ id: supplier.pricelists.current, number: '77' });
  });

  it('changes the version for what the lists show, not for a job renewing its lease', async () => {
    await upload();
    const job = await claimNextJob(testApp, 'lease-test');
    expect(job).not.toBeNull();
    const claimed = await version();
    expect(await renewLease(testApp, job!, 'lease-test')).toBe(true);
    expect(await version()).toBe(claimed);
    await runAllJobs(testApp);
    expect(await version()).not.toBe(claimed);
  });

  it('shows the emptied lists after the demo data is loaded again, and new versions after that', async () => {
    await upload();
    expect((await pending()).length).toBeGreaterThan(0);
    const beforeReset = await version();
    await seedDemoData(testApp.db, testApp.clock.now());
    supplier = await demoSupplier(testApp);
    expect(await pending()).toEqual([]);
    await upload();
    const afterReset = await version();
    expect(BigInt(afterReset!)).toBeGreaterThan(BigInt(beforeReset!));
    expect(await pending()).toHaveLength(1);
  });

  it('sends a long list gzipped to a client that accepts gzip, and plain to one that does not', async () => {
    for (let i = 0; i < 6; i++) await upload();
    const url = `${api}/imports/${supplier.organizationId}?imported=false&limit=100`;
    const get = (acceptEncoding?: string) =>
      testApp.app.inject({
        method: 'GET',
        url,
        headers: {
          cookie: supplier.cookie,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect((plain.json() as ImportListResponse).imports.length).toBeGreaterThanOrEqual(6);

    const gzipped = await get('gzip, deflate, br');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);

    expect((await get('gzip;q=0, identity')).body).toBe(plain.body);
    expect((await get('br')).body).toBe(plain.body);
  });

  it('shows an emptied list after the imports alone are truncated', async () => {
    await upload();
    expect((await pending()).length).toBeGreaterThan(0);
    await sql`truncate imports cascade`.execute(testApp.db);
    expect(await pending()).toEqual([]);
    expect(await pending(otherInstance)).toEqual([]);
  });

  it('keeps at most its limit of lists, the least recently used going first', async () => {
    const cache = new ImportListCache(testApp.db, 2);
    const org = supplier.organizationId;
    await cache.responseBody(org, false, 100);
    await cache.responseBody(org, true, 10);
    await cache.responseBody(org, false, 100);
    await cache.responseBody(org, false, 5);
    expect(cache.keys()).toEqual([`${org}:false:100`, `${org}:false:5`]);
  });
});
