import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  demoSupplier,
  postConfirm,
  request,
  runAllJobs,
  type Supplier,
  uploadImport,
} from '../../../../test-support/importFlow';
import { multipart, priceListWorkbook } from '../../../../test-support/pricelistFiles';
import {
  createTestApp,
  sessionCookieFor,
  type TestApp,
  testDatabaseKinds,
} from '../../../../test-support/testApp';
import { expireUnconfirmedImports } from '../store/fileRetention';

const HOUR_MS = 60 * 60 * 1000;

/**
 * What keeps one organisation or one user from filling the job queue: a cap on the
 * organisation's files waiting for validation and an upload rate per signed-in user, both 429
 * with Retry-After; and validated imports left unconfirmed lose their results after a time.
 */
describe.each(testDatabaseKinds)('uploads beyond what the queue takes on %s', (kind) => {
  let testApp: TestApp;
  let supplier: Supplier;
  let file: Buffer;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      env: {
        IMPORT_MAX_PENDING_VALIDATIONS: '3',
        UPLOAD_RATE_BURST: '8',
        UPLOAD_RATE_PER_MINUTE: '6',
        // Uploads received at once are limited too (503); not what these tests are about.
        UPLOADS_MAX_CONCURRENT: '20',
      },
    });
    supplier = await demoSupplier(testApp);
    file = await priceListWorkbook([{ articleNumber: 'HMD-0001', price: 10, minimumOrderQuantity: 1 }]);
  });
  beforeEach(async () => {
    await testApp.db.deleteFrom('imports').execute();
    // A full bucket for every test: the rate refills in a minute.
    testApp.clock.advance(10 * 60_000);
    await signIn();
  });
  afterAll(() => testApp?.close());

  /** A new session: tests move the clock past a session's idle time. */
  const signIn = async () => {
    supplier = { ...supplier, cookie: await sessionCookieFor(testApp, 'lev.admin') };
  };
  const upload = () => uploadImport(testApp, supplier, file);
  const replaceFile = (importId: number) => {
    const body = multipart({ fileName: 'ny.xlsx', content: file });
    return testApp.app.inject({
      method: 'POST',
      url: `${api}/imports/${supplier.organizationId}/${importId}`,
      headers: { ...body.headers, cookie: supplier.cookie },
      payload: body.payload,
    });
  };
  const pendingCount = async () =>
    Number(
      (
        await testApp.db
          .selectFrom('imports')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('status', '=', 'VALIDATION_PENDING')
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('refuses a further file with 429 while the organisation has IMPORT_MAX_PENDING_VALIDATIONS waiting', async () => {
    // One validated import, to be given a new file later.
    expect((await upload()).statusCode).toBe(201);
    const [validated] = await runAllJobs(testApp);
    for (let i = 0; i < 3; i++) expect((await upload()).statusCode).toBe(201);

    const refused = await upload();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json()).toEqual({
      error: {
        code: 'TOO_MANY_REQUESTS',
        message:
          'Organisationen har redan 3 filer som väntar på validering. Vänta tills de är klara och försök igen.',
      },
    });
    // A new file for an import would also wait for validation: refused alike, the import unchanged.
    const replaced = await replaceFile(validated!.importId);
    expect(replaced.statusCode).toBe(429);
    expect(replaced.headers['retry-after']).toBe('30');
    const shown = await request(
      testApp,
      'GET',
      `imports/${supplier.organizationId}/${validated!.importId}`,
      supplier.cookie,
    );
    expect(shown.json().importObject.status).toBe('VALIDATION_SUCCESS');
    expect(await pendingCount()).toBe(3);

    // Once validated, the organisation may upload again.
    await runAllJobs(testApp);
    expect((await upload()).statusCode).toBe(201);
    expect((await replaceFile(validated!.importId)).statusCode).toBe(200);
  });

  it('lets no more than the cap through when uploads arrive at once', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload()));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 429, 429, 429]);
    expect(await pendingCount()).toBe(3);
  });

  it("limits a signed-in user's uploads per minute: 429 with Retry-After, then allowed again", async () => {
    // Validated at once, so the cap never counts them.
    for (let i = 0; i < 8; i++) {
      expect((await upload()).statusCode).toBe(201);
      await runAllJobs(testApp);
    }
    const refused = await upload();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json().error).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Du har läst in många filer på kort tid. Försök igen om 10 sekunder.',
    });
    testApp.clock.advance(10_000);
    expect((await upload()).statusCode).toBe(201);
  });

  it('drops the results of a validated import left unconfirmed for UNCONFIRMED_DETAILS_HOURS; a new file validates it again', async () => {
    const created = await upload();
    const id: number = created.json().importObject.id;
    await runAllJobs(testApp);
    const url = `imports/${supplier.organizationId}/${id}`;

    testApp.clock.advance(71 * HOUR_MS);
    expect(await expireUnconfirmedImports(testApp)).toBe(0);
    await signIn();
    expect((await request(testApp, 'GET', url, supplier.cookie)).json().importObject.status).toBe(
      'VALIDATION_SUCCESS',
    );

    testApp.clock.advance(1 * HOUR_MS + 1);
    expect(await expireUnconfirmedImports(testApp)).toBe(1);
    await signIn();
    const shown = (await request(testApp, 'GET', url, supplier.cookie)).json().importObject;
    expect(shown).toMatchObject({
      status: 'VALIDATION_ERROR',
      failureReason:
        'Valideringens resultat sparas i 72 timmar och har nu tagits bort. Läs in filen igen för att validera den på nytt.',
    });
    expect((await request(testApp, 'GET', `${url}/summary`, supplier.cookie)).json()).toEqual({
      result: null,
    });
    expect((await postConfirm(testApp, supplier, id)).statusCode).toBe(409);
    const kept = await testApp.db
      .selectFrom('import_details')
      .select('chunk')
      .where('import_id', '=', id)
      .execute();
    expect(kept).toEqual([]);
    const stored = await testApp.db
      .selectFrom('import_files')
      .select(['content', 'stored_file'])
      .where('import_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ content: null, stored_file: null });

    expect((await replaceFile(id)).statusCode).toBe(200);
    await runAllJobs(testApp);
    expect((await request(testApp, 'GET', url, supplier.cookie)).json().importObject.status).toBe(
      'VALIDATION_SUCCESS',
    );
    expect((await postConfirm(testApp, supplier, id)).statusCode).toBe(200);
  });
});
