import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  api,
  appliedImport,
  editedPricelistFile,
  request,
  runAllJobs,
  storedPricelist,
  validatedImport,
} from '../../../../test-support/importFlow';
import { secondInstance, testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';
import { demoArticleNumber } from '../../../../test-support/workbooks';
import { undoRefusals } from '../store/undo';

describe.each(testDatabaseKinds)('undo of an applied import (%s)', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);

  const undo = (importId: number, cookie: string | undefined = supplier.cookie) =>
    request(testApp, 'POST', `imports/${supplier.organizationId}/${importId}/undo`, cookie);
  const shown = async (importId: number) =>
    (await request(testApp, 'GET', `imports/${supplier.organizationId}/${importId}`, supplier.cookie)).json()
      .importObject;

  /**
   * A file that updates a price, removes a row and adds one (HMD-0499, whether or not an earlier
   * test left it in the list): every kind of change at once.
   */
  const mixedFile = (pricelistId: number, price: number) =>
    editedPricelistFile(
      testApp,
      pricelistId,
      (row) => {
        if (row.articleNumber === demoArticleNumber(2) || row.articleNumber === demoArticleNumber(499))
          return null;
        return row.articleNumber === demoArticleNumber(1) ? { ...row, price } : row;
      },
      [{ articleNumber: demoArticleNumber(499), price: 12.5 + price, minimumOrderQuantity: 1 }],
    );

  it('puts back exactly the rows the price list had, ids included, and records who undid it', async () => {
    const pricelistId = supplier.pricelists.future;
    const before = await storedPricelist(testApp, pricelistId);
    const importId = await appliedImport(testApp, supplier, await mixedFile(pricelistId, 777), pricelistId);
    expect(await storedPricelist(testApp, pricelistId)).not.toEqual(before);
    expect(await shown(importId)).toMatchObject({ status: 'IMPORT_SUCCESS', undoable: true });

    const undone = await undo(importId);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().importObject).toMatchObject({
      status: 'IMPORT_SUCCESS',
      undone: { byFullName: expect.any(String) },
      undoable: false,
    });
    expect(await storedPricelist(testApp, pricelistId)).toEqual(before);

    const recent = await request(
      testApp,
      'GET',
      `imports/${supplier.organizationId}?imported=true`,
      supplier.cookie,
    );
    expect(recent.json().imports.find((item: { id: number }) => item.id === importId).undone).toEqual(
      undone.json().importObject.undone,
    );
  });

  it('undoes an import applied before migration 014, whose added rows were kept one by one', async () => {
    const pricelistId = supplier.pricelists.future;
    const before = await storedPricelist(testApp, pricelistId);
    const importId = await appliedImport(testApp, supplier, await mixedFile(pricelistId, 444), pricelistId);
    // As the apply kept its added rows before 014: one import_undo_rows row each, no arrays.
    const moved = await sql`
      insert into import_undo_rows (import_id, kind, row_id, article_id)
      select u.import_id, 'added', r.id, r.article_id
      from import_undo_added u join pricelist_rows r on r.id = any(u.row_ids)
      where u.import_id = ${importId}`.execute(testApp.db);
    expect(Number(moved.numAffectedRows)).toBe(1);
    await testApp.db.deleteFrom('import_undo_added').where('import_id', '=', importId).execute();

    expect((await undo(importId)).statusCode).toBe(200);
    expect(await storedPricelist(testApp, pricelistId)).toEqual(before);
  });

  it('undoes once: a second undo is refused and changes nothing', async () => {
    const pricelistId = supplier.pricelists.future;
    const importId = await appliedImport(testApp, supplier, await mixedFile(pricelistId, 555), pricelistId);
    expect((await undo(importId)).statusCode).toBe(200);
    const after = await storedPricelist(testApp, pricelistId);
    const again = await undo(importId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(undoRefusals.alreadyUndone);
    expect(await storedPricelist(testApp, pricelistId)).toEqual(after);
  });

  it('undoes once when two instances are asked at the same moment', async () => {
    const pricelistId = supplier.pricelists.future;
    const before = await storedPricelist(testApp, pricelistId);
    const importId = await appliedImport(testApp, supplier, await mixedFile(pricelistId, 321), pricelistId);
    // On PostgreSQL a second server on the same database; PGlite has one, asked twice at once.
    const other = kind === 'postgres' ? await secondInstance(testApp) : testApp;
    try {
      const url = `${api}/imports/${supplier.organizationId}/${importId}/undo`;
      const answers = await Promise.all(
        [testApp, other].map((instance) =>
          instance.app.inject({ method: 'POST', url, headers: { cookie: supplier.cookie } }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await storedPricelist(testApp, pricelistId)).toEqual(before);
    } finally {
      if (other !== testApp) await other.close();
    }
  });

  it('refuses when the price list changed since the import, and changes nothing', async () => {
    const pricelistId = supplier.pricelists.future;
    const importId = await appliedImport(testApp, supplier, await mixedFile(pricelistId, 888), pricelistId);
    await testApp.db
      .updateTable('pricelist_rows')
      .set({ warranty_terms: 'Ändrad av någon annan.' })
      .where('pricelist_id', '=', pricelistId)
      .where('id', '=', (await storedPricelist(testApp, pricelistId))[0]!.id)
      .execute();
    const changed = await storedPricelist(testApp, pricelistId);
    const refused = await undo(importId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'CONFLICT', message: undoRefusals.changedSince });
    expect(await storedPricelist(testApp, pricelistId)).toEqual(changed);
    expect((await shown(importId)).undone).toBeUndefined();
  });

  it('undoes only the latest import of a price list; after it, the one before', async () => {
    const pricelistId = supplier.pricelists.future;
    const before = await storedPricelist(testApp, pricelistId);
    const first = await appliedImport(testApp, supplier, await mixedFile(pricelistId, 111), pricelistId);
    const between = await storedPricelist(testApp, pricelistId);
    const second = await appliedImport(testApp, supplier, await mixedFile(pricelistId, 222), pricelistId);
    expect(await shown(first)).toMatchObject({ undoable: false });

    const refused = await undo(first);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(undoRefusals.notLatest);

    expect((await undo(second)).statusCode).toBe(200);
    expect(await storedPricelist(testApp, pricelistId)).toEqual(between);
    expect((await undo(first)).statusCode).toBe(200);
    expect(await storedPricelist(testApp, pricelistId)).toEqual(before);
  });

  it('refuses an import that was not applied, answers 404 for another organisation and 401 without a session', async () => {
    const validated = await validatedImport(
      testApp,
      supplier,
      await editedPricelistFile(testApp, supplier.pricelists.future),
      supplier.pricelists.future,
    );
    const notApplied = await undo(validated.id);
    expect(notApplied.statusCode).toBe(409);
    expect(notApplied.json().error.message).toBe(undoRefusals.notApplied);
    await runAllJobs(testApp);

    const foreign = await request(
      testApp,
      'POST',
      `imports/${supplier.otherOrganizationId}/${validated.id}/undo`,
      supplier.cookie,
    );
    expect(foreign.statusCode).toBe(404);
    const anonymous = await request(
      testApp,
      'POST',
      `imports/${supplier.organizationId}/${validated.id}/undo`,
      undefined,
    );
    expect(anonymous.statusCode).toBe(401);
  });
});
