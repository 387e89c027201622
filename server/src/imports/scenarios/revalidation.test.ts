/**
 * A confirm applies what its summary showed, also when the price list changed between the
 * validation and the apply: nothing is written, the import is validated again against the list
 * as it is now, says why, and must be confirmed again (with a new acknowledgement when risky).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  appliedImport,
  demoSupplier,
  editedPricelistFile,
  postConfirm,
  pricelistRows,
  request,
  runAllJobs,
  type Supplier,
  uploadImport,
} from '../../../../test-support/importFlow';
import { type FileRow, multipart } from '../../../../test-support/pricelistFiles';
import { createTestApp, type TestApp, testDatabaseKinds } from '../../../../test-support/testApp';
import { runNextJob } from '../jobs/importJobs';

describe.each(testDatabaseKinds)('an import whose price list changed since its validation, on %s', (kind) => {
  let testApp: TestApp;
  let supplier: Supplier;
  let pricelistId: number;
  /** Articles of the supplier that the current price list does not have, as new file rows. */
  let newRows: FileRow[];

  const get = (url: string) =>
    request(testApp, 'GET', `imports/${supplier.organizationId}/${url}`, supplier.cookie);
  const importOf = async (id: number) => (await get(`${id}`)).json().importObject;
  const summaryOf = async (id: number) => (await get(`${id}/summary`)).json().result;

  async function uploaded(content: Buffer): Promise<number> {
    const created = await uploadImport(testApp, supplier, content, { pricelistId });
    expect(created.statusCode).toBe(201);
    return created.json().importObject.id;
  }

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    supplier = await demoSupplier(testApp);
    pricelistId = supplier.pricelists.current;
  });
  afterAll(() => testApp?.close());

  // Each test starts from the list as the one before left it: the new rows are new to it.
  beforeEach(async () => {
    const listed = new Set((await pricelistRows(testApp, pricelistId)).map((row) => row.articleNumber));
    const articles = await testApp.db
      .selectFrom('articles')
      .select('article_number')
      .where('organization_id', '=', supplier.organizationId)
      .orderBy('article_number')
      .execute();
    newRows = articles
      .filter((article) => !listed.has(article.article_number))
      .slice(0, 32)
      .map((article, i) => ({
        articleNumber: article.article_number,
        price: 100 + i,
        minimumOrderQuantity: 1,
      }));
    expect(newRows).toHaveLength(32);
  });

  it('does not remove what another import added since: it validates again and asks again', async () => {
    // X: the list's rows and 2 new ones. It validates as "2 added", nothing removed, no risk.
    const x = await uploaded(await editedPricelistFile(testApp, pricelistId, undefined, newRows.slice(0, 2)));
    await runAllJobs(testApp);
    const shownBefore = await summaryOf(x);
    expect(shownBefore).toMatchObject({ type: 'CONFIRM', added: 2, removed: 0 });
    expect(shownBefore.risk.warnings).toEqual([]);

    // Y: the same rows and 30 others, applied meanwhile.
    const y = await uploaded(await editedPricelistFile(testApp, pricelistId, undefined, newRows.slice(2)));
    await runAllJobs(testApp);
    expect((await postConfirm(testApp, supplier, y)).statusCode).toBe(200);
    expect(await runAllJobsOnce()).toMatchObject([{ importId: y, end: 'IMPORT_SUCCESS' }]);
    const afterY = await pricelistRows(testApp, pricelistId);

    // At once, X waits to be validated again and says why; it cannot be confirmed meanwhile.
    const waiting = await importOf(x);
    expect(waiting.status).toBe('VALIDATION_PENDING');
    expect(waiting.revalidated).toMatchObject({ cause: 'IMPORT_APPLIED' });
    expect(waiting.revalidated.message).toMatch(
      /^Prislistan har ändrats sedan filen validerades \(en annan inläsning lästes in \d\d:\d\d\)\. Granska den nya sammanfattningen\.$/,
    );
    expect((await postConfirm(testApp, supplier, x, { acknowledge: false })).statusCode).toBe(409);

    // The new summary shows the 30 removals as a risk; the old acknowledgement does not apply it.
    await runAllJobs(testApp);
    const shownAfter = await summaryOf(x);
    expect(shownAfter).toMatchObject({ type: 'CONFIRM', added: 2, removed: 30 });
    expect(shownAfter.risk.id).not.toBe(shownBefore.risk.id);
    expect(shownAfter.risk.warnings.length).toBeGreaterThan(0);
    expect((await importOf(x)).revalidated.cause).toBe('IMPORT_APPLIED');
    const withOldId = await testApp.app.inject({
      method: 'POST',
      url: `/resources/v1/imports/${supplier.organizationId}/${x}/confirm`,
      headers: { cookie: supplier.cookie },
      payload: { acknowledgedRiskId: shownBefore.risk.id },
    });
    expect(withOldId.statusCode).toBe(409);
    expect(withOldId.json().error.code).toBe('RISK_NOT_ACKNOWLEDGED');
    expect(await pricelistRows(testApp, pricelistId)).toEqual(afterY);

    // Acknowledged: exactly what the new summary listed is applied.
    expect((await postConfirm(testApp, supplier, x)).statusCode).toBe(200);
    await runAllJobs(testApp);
    expect((await importOf(x)).status).toBe('IMPORT_SUCCESS');
    const after = (await pricelistRows(testApp, pricelistId)).map((row) => row.articleNumber);
    expect(after).toHaveLength(afterY.length - 30 + 2);
    for (const row of newRows.slice(2)) expect(after).not.toContain(row.articleNumber);
  });

  it('writes nothing when the list changed between the confirm and the apply, and validates again', async () => {
    const first = await appliedImport(
      testApp,
      supplier,
      await editedPricelistFile(testApp, pricelistId, undefined, newRows.slice(0, 5)),
      pricelistId,
    );
    // X is validated against the list with the 5 rows, and confirmed.
    const x = await uploaded(await editedPricelistFile(testApp, pricelistId, undefined, newRows.slice(5, 6)));
    await runAllJobs(testApp);
    expect(await summaryOf(x)).toMatchObject({ type: 'CONFIRM', added: 1, removed: 0, updated: 0 });
    expect((await postConfirm(testApp, supplier, x)).statusCode).toBe(200);

    // The first import is undone before X's apply runs: X now would add the 5 rows back.
    const undone = await request(
      testApp,
      'POST',
      `imports/${supplier.organizationId}/${first}/undo`,
      supplier.cookie,
    );
    expect(undone.statusCode).toBe(200);
    const beforeApply = await pricelistRows(testApp, pricelistId);

    const [applyRun] = await runAllJobsOnce();
    expect(applyRun).toMatchObject({ importId: x, end: 'VALIDATION_PENDING' });
    expect(await pricelistRows(testApp, pricelistId)).toEqual(beforeApply);
    const waiting = await importOf(x);
    expect(waiting.status).toBe('VALIDATION_PENDING');
    expect(waiting.importStarted).toBeNull();
    expect(waiting.revalidated.message).toMatch(/\(en inläsning ångrades \d\d:\d\d\)/);

    await runAllJobs(testApp);
    expect(await summaryOf(x)).toMatchObject({ type: 'CONFIRM', added: 6, removed: 0, updated: 0 });
    expect((await postConfirm(testApp, supplier, x)).statusCode).toBe(200);
    await runAllJobs(testApp);
    expect((await importOf(x)).status).toBe('IMPORT_SUCCESS');
    expect(await pricelistRows(testApp, pricelistId)).toHaveLength(beforeApply.length + 6);
  });

  it('forgets why once the import gets a new file', async () => {
    const x = await uploaded(await editedPricelistFile(testApp, pricelistId, undefined, newRows.slice(0, 1)));
    await runAllJobs(testApp);
    await appliedImport(
      testApp,
      supplier,
      await editedPricelistFile(testApp, pricelistId, undefined, newRows.slice(1, 3)),
      pricelistId,
    );
    await runAllJobs(testApp);
    expect((await importOf(x)).revalidated.cause).toBe('IMPORT_APPLIED');

    const body = multipart(
      { fileName: 'ny.xlsx', content: await editedPricelistFile(testApp, pricelistId) },
      undefined,
    );
    const replaced = await testApp.app.inject({
      method: 'POST',
      url: `/resources/v1/imports/${supplier.organizationId}/${x}`,
      headers: { ...body.headers, cookie: supplier.cookie },
      payload: body.payload,
    });
    expect(replaced.statusCode).toBe(200);
    await runAllJobs(testApp);
    const shown = await importOf(x);
    expect(shown.status).toBe('VALIDATION_SUCCESS');
    expect(shown.revalidated).toBeUndefined();
    expect(await summaryOf(x)).toMatchObject({ type: 'CONFIRM', added: 0, removed: 0, updated: 0 });
  });

  /** One tick of the job loop: the next job only. */
  async function runAllJobsOnce() {
    const result = await runNextJob(testApp, 'test-worker');
    return result ? [result] : [];
  }
});
