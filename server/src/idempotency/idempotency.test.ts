import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  api,
  editedPricelistFile,
  runAllJobs,
  uploadImport,
  validatedImport,
} from '../../../test-support/importFlow';
import { priceListWorkbook } from '../../../test-support/pricelistFiles';
import { secondInstance, type TestApp, testDatabaseKinds } from '../../../test-support/testApp';
import { useSupplierApp } from '../../../test-support/useTestApp';
import { ABANDONED_AFTER_MS, IDEMPOTENCY_KEEP_MS } from './idempotency';

const MINUTE = 60_000;

describe.each(testDatabaseKinds)('Idempotency-Key on %s', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);

  const importCount = async () =>
    Number(
      (
        await testApp.db
          .selectFrom('imports')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  const upload = (instance: TestApp, content: Uint8Array, key: string) =>
    uploadImport(instance, supplier, content, { headers: { 'idempotency-key': key } });
  const confirm = (instance: TestApp, importId: number, key: string, payload?: object) =>
    instance.app.inject({
      method: 'POST',
      url: `${api}/imports/${supplier.organizationId}/${importId}/confirm`,
      headers: { cookie: supplier.cookie, 'idempotency-key': key },
      ...(payload && { payload }),
    });
  const file = (text: string) =>
    editedPricelistFile(testApp, supplier.pricelists.current, (row) => ({ ...row, warrantyTerms: text }));

  it('answers a retried upload with the first answer and creates nothing new', async () => {
    const content = await file('Två år.');
    const key = randomUUID();
    const before = await importCount();
    const first = await upload(testApp, content, key);
    const retry = await upload(testApp, content, key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await importCount()).toBe(before + 1);
    await runAllJobs(testApp);
  });

  it('refuses the same key with another file (422) and creates nothing', async () => {
    const key = randomUUID();
    expect((await upload(testApp, await file('Ett år.'), key)).statusCode).toBe(201);
    const before = await importCount();
    const other = await upload(testApp, await file('Tre år.'), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      error: {
        code: 'IDEMPOTENCY_KEY_REUSED',
        message:
          'Idempotency-Key har redan använts för en annan begäran. Använd en ny nyckel för en ny begäran.',
      },
    });
    expect(await importCount()).toBe(before);
    await runAllJobs(testApp);
  });

  it('gives concurrent retries on two instances one import and the same answer', async () => {
    // On PostgreSQL a second server on the same database; PGlite has one, asked twice at once.
    const other = kind === 'postgres' ? await secondInstance(testApp) : testApp;
    try {
      const content = await file('Fyra år.');
      const key = randomUUID();
      const before = await importCount();
      const answers = await Promise.all(
        [testApp, other, testApp, other].map((app) => upload(app, content, key)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
      const ids = new Set(answers.map((answer) => answer.json().importObject.id));
      expect(ids.size).toBe(1);
      expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
      expect(await importCount()).toBe(before + 1);
      await runAllJobs(testApp);
    } finally {
      if (kind === 'postgres') await other.close();
    }
  });

  it('answers a retried confirm with the first answer, and the same key on another import is 422', async () => {
    const validated = await validatedImport(testApp, supplier, await file('Fem år.'));
    expect(validated.status).toBe('VALIDATION_SUCCESS');
    const key = randomUUID();
    const first = await confirm(testApp, validated.id, key);
    const retry = await confirm(testApp, validated.id, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().importObject.status).toBe('IMPORT_PENDING');
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    // Without the key a second confirm is refused as it always was.
    const plain = await testApp.app.inject({
      method: 'POST',
      url: `${api}/imports/${supplier.organizationId}/${validated.id}/confirm`,
      headers: { cookie: supplier.cookie },
    });
    expect(plain.statusCode).toBe(409);
    expect((await confirm(testApp, validated.id, key, { acknowledgedRiskId: 'annan' })).statusCode).toBe(422);
    await runAllJobs(testApp);
  });

  it('keeps no refusal: a retry with the mistake corrected runs under the same key', async () => {
    const key = randomUUID();
    const refused = await testApp.app.inject({
      method: 'POST',
      url: `${api}/imports/${supplier.organizationId}/999999/confirm`,
      headers: { cookie: supplier.cookie, 'idempotency-key': key },
    });
    expect(refused.statusCode).toBe(404);
    const empty = await upload(testApp, await priceListWorkbook([]), key);
    expect(empty.statusCode).toBe(201);
    await runAllJobs(testApp);
  });

  it('forgets a key after 24 hours', async () => {
    const content = await file('Sex år.');
    const key = randomUUID();
    const first = await upload(testApp, content, key);
    // The first answer made 24 hours and a minute ago (the session would not live that long).
    await testApp.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(testApp.clock.now().getTime() - IDEMPOTENCY_KEEP_MS - MINUTE) })
      .where('key', '=', key)
      .execute();
    const later = await upload(testApp, content, key);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json().importObject.id).not.toBe(first.json().importObject.id);
    await runAllJobs(testApp);
  });

  it('frees a key whose first request never answered within 5 minutes, for the retry alone', async () => {
    const content = await file('Nio år.');
    const key = randomUUID();
    const before = await importCount();
    // A first request that claimed the key 6 minutes ago and died with its instance.
    const abandoned = await testApp.db
      .insertInto('idempotency_keys')
      .values({
        user_id: supplier.userId,
        key,
        fingerprint: 'the dead request',
        created_at: new Date(testApp.clock.now().getTime() - ABANDONED_AFTER_MS - MINUTE),
        claim: 'a claim of the dead request',
        status_code: null,
        response_body: null,
      })
      .returning('claim')
      .executeTakeFirstOrThrow();
    const retry = await upload(testApp, content, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await importCount()).toBe(before + 1);
    const kept = await testApp.db
      .selectFrom('idempotency_keys')
      .select(['claim', 'status_code'])
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(kept.claim).not.toBe(abandoned.claim);
    expect(kept.status_code).toBe(201);
    await runAllJobs(testApp);
  });

  it('refuses a malformed key with a clear message, before anything is done', async () => {
    const before = await importCount();
    const answer = await upload(testApp, await file('Sju år.'), 'med mellanslag');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe(
      'Idempotency-Key ska vara 1–255 synliga ASCII-tecken, till exempel ett UUID.',
    );
    expect(await importCount()).toBe(before);
  });

  it('keeps the key under the user who sent it, with the status of the first answer', async () => {
    const key = randomUUID();
    const content = await file('Åtta år.');
    expect((await upload(testApp, content, key)).statusCode).toBe(201);
    const rows = await testApp.db
      .selectFrom('idempotency_keys')
      .select(['user_id', 'status_code'])
      .where('key', '=', key)
      .execute();
    expect(rows).toEqual([{ user_id: supplier.userId, status_code: 201 }]);
    await runAllJobs(testApp);
  });
});
