/**
 * The confirm guard, through the app: a risky import is applied only with the acknowledgement of
 * the risks of its own validation; a new file gets new risks; an import without risks confirms
 * as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  demoSupplier,
  editedPricelistFile,
  postConfirm,
  request,
  runAllJobs,
  type Supplier,
  validatedImport,
} from '../../../../test-support/importFlow';
import { multipart } from '../../../../test-support/pricelistFiles';
import { createTestApp, type TestApp, testDatabaseKinds } from '../../../../test-support/testApp';

describe.each(testDatabaseKinds)('the confirm guard on %s', (kind) => {
  let testApp: TestApp;
  let supplier: Supplier;
  let org: number;
  const summaryOf = async (id: number) =>
    (await request(testApp, 'GET', `imports/${org}/${id}/summary`, supplier.cookie)).json().result;
  const confirmWith = (id: number, acknowledgedRiskId: string) =>
    testApp.app.inject({
      method: 'POST',
      url: `${api}/imports/${org}/${id}/confirm`,
      headers: { cookie: supplier.cookie },
      payload: { acknowledgedRiskId },
    });

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    supplier = await demoSupplier(testApp);
    org = supplier.organizationId;
  });
  afterAll(() => testApp?.close());

  it('takes no acknowledgement given for an earlier file of the same import', async () => {
    // The current price list without its first ten rows: ten rows removed from a list in force.
    const shorter = (from: number) =>
      editedPricelistFile(testApp, supplier.pricelists.current, (row) =>
        Number(String(row.articleNumber).slice(4)) <= from ? null : row,
      );
    const validated = await validatedImport(testApp, supplier, await shorter(10));
    const first = (await summaryOf(validated.id)).risk;
    // The share of the list, why, the first five articles and that it can be undone.
    expect(first.warnings).toEqual([
      '10 av 400 rader (2,5\u00a0%) tas bort från prislista 2 (Aktuell): HMD-0001, HMD-0002, HMD-0003, HMD-0004, HMD-0005 och 5 till. Filen ska innehålla hela prislistan: rader som inte finns i filen tas bort. Inläsningen kan ångras efteråt med ”Ångra inläsning”.',
    ]);

    const body = multipart({ fileName: 'prislista-2.xlsx', content: await shorter(20) });
    const replaced = await testApp.app.inject({
      method: 'POST',
      url: `${api}/imports/${org}/${validated.id}`,
      headers: { ...body.headers, cookie: supplier.cookie },
      payload: body.payload,
    });
    expect(replaced.statusCode).toBe(200);
    await runAllJobs(testApp);
    const second = (await summaryOf(validated.id)).risk;
    expect(second.warnings).toEqual([
      expect.stringMatching(/^20 av 400 rader \(5\u00a0%\) tas bort från prislista 2 \(Aktuell\): /),
    ]);
    expect(second.id).not.toBe(first.id);

    const stale = await confirmWith(validated.id, first.id);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('RISK_NOT_ACKNOWLEDGED');
    expect((await confirmWith(validated.id, second.id)).statusCode).toBe(200);
    // A second press of the same button finds the import on its way: nothing more happens.
    expect((await confirmWith(validated.id, second.id)).statusCode).toBe(409);
    const results = await runAllJobs(testApp);
    expect(results).toEqual([expect.objectContaining({ importId: validated.id, end: 'IMPORT_SUCCESS' })]);
  });

  it('confirms an import without risks as before, with no acknowledgement', async () => {
    const same = await editedPricelistFile(testApp, supplier.pricelists.future);
    const validated = await validatedImport(testApp, supplier, same, supplier.pricelists.future);
    expect((await summaryOf(validated.id)).risk).toMatchObject({
      pricelist: { number: '3', status: 'FUTURE' },
      removed: 0,
      warnings: [],
    });
    expect((await postConfirm(testApp, supplier, validated.id, { acknowledge: false })).statusCode).toBe(200);
    await runAllJobs(testApp);
  });
});
