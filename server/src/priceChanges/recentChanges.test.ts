import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { RecentPriceChanges } from '#contract';
import { api, appliedImport, editedPricelistFile } from '../../../test-support/importFlow';
import { sessionCookieFor, testDatabaseKinds } from '../../../test-support/testApp';
import { useSupplierApp } from '../../../test-support/useTestApp';
import { swedishDateOf } from '../lib/calendar';

describe.each(testDatabaseKinds)('the latest price changes, for the page (%s)', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);

  const recent = async (username: string, query = '') => {
    const response = await testApp.app.inject({
      url: `${api}/pricelists/changes/recent${query}`,
      headers: { cookie: await sessionCookieFor(testApp, username) },
    });
    return { status: response.statusCode, body: response.json() as RecentPriceChanges };
  };

  it('lists applied imports and undos newest first, with their largest price changes, by supplier and day', async () => {
    const pricelistId = supplier.pricelists.current;
    // Every row 1 kr dearer, the first ten of them 1 kr more for each place in the file.
    let index = 0;
    const file = await editedPricelistFile(testApp, pricelistId, (row) => {
      const at = index++;
      return { ...row, price: Number(row.price) + 1 + (at < 10 ? at : 0) };
    });
    const importId = await appliedImport(testApp, supplier, file, pricelistId);
    const undone = await testApp.app.inject({
      method: 'POST',
      url: `${api}/imports/${supplier.organizationId}/${importId}/undo`,
      headers: { cookie: supplier.cookie },
    });
    expect(undone.statusCode).toBe(200);

    const { status, body } = await recent('region.avtal');
    expect(status).toBe(200);
    expect(body.changes.map((change) => [change.kind, change.import.id])).toEqual([
      ['IMPORT_UNDONE', importId],
      ['IMPORT_APPLIED', importId],
    ]);
    const [undo, applied] = body.changes;
    expect(applied!.largestPriceChanges).toHaveLength(5);
    const sizes = applied!.largestPriceChanges!.map((change) => Number(change.after) - Number(change.before));
    expect(sizes).toEqual([10, 9, 8, 7, 6]);
    expect(undo!.largestPriceChanges).toEqual(
      applied!.largestPriceChanges!.map((change) => ({
        ...change,
        before: change.after,
        after: change.before,
      })),
    );
    expect(body.suppliers).toEqual([{ id: supplier.organizationId, name: 'Hjälpmedel Demo AB' }]);

    const today = swedishDateOf(testApp.clock.now());
    expect((await recent('region.avtal', `?from=${today}&to=${today}`)).body.changes).toHaveLength(2);
    expect((await recent('region.avtal', '?to=2020-01-01')).body.changes).toEqual([]);
    expect(
      (await recent('region.avtal', `?organizationId=${supplier.otherOrganizationId}`)).body.changes,
    ).toEqual([]);
    const first = await recent('region.avtal', '?limit=1');
    expect(first.body.nextBefore).toBe(undo!.cursor);
    const older = await recent('region.avtal', `?limit=1&before=${first.body.nextBefore}`);
    expect(older.body.changes.map((change) => change.kind)).toEqual(['IMPORT_APPLIED']);
    expect(older.body.nextBefore).toBeNull();

    // "Ladda ner som Excel": every changed row of the period, oldest first.
    const exported = await testApp.app.inject({
      url: `${api}/pricelists/changes/export?from=${today}&to=${today}`,
      headers: { cookie: await sessionCookieFor(testApp, 'region.avtal') },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain(
      encodeURIComponent(`Prisändringar från ${today} till ${today}.xlsx`),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Prisändringar')!;
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'Tid',
      'Leverantör',
      'Organisationsnummer',
      'Prislista',
      'Ändring',
      'Fil',
      'Artikelnummer',
      'Rad',
      'Pris före',
      'Pris efter',
      'Andra ändrade fält',
    ]);
    const updated = applied!.counts.updated;
    expect(sheet.rowCount).toBe(1 + 2 * updated);
    const largest = applied!.largestPriceChanges![0]!;
    const rowOf = (kind: string) =>
      Array.from({ length: sheet.rowCount - 1 }, (_, i) => values(i + 2)).find(
        (row) => row[4] === kind && row[6] === largest.articleNumber,
      );
    expect(rowOf('Inläsning')).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      'Hjälpmedel Demo AB',
      expect.anything(),
      '2',
      'Inläsning',
      'prislista.xlsx',
      largest.articleNumber,
      'Ändrad',
      Number(largest.before),
      Number(largest.after),
    ]);
    expect(rowOf('Ångrad inläsning')!.slice(8, 10)).toEqual([Number(largest.after), Number(largest.before)]);
    expect(
      (
        await testApp.app.inject({
          url: `${api}/pricelists/changes/export`,
          headers: { cookie: await sessionCookieFor(testApp, 'lev2.admin') },
        })
      ).statusCode,
    ).toBe(200);

    expect((await recent('lev2.admin')).body).toEqual({ changes: [], nextBefore: null, suppliers: [] });
    expect((await recent('region.tilldelat')).status).toBe(403);
    expect((await recent('region.avtal', '?from=30-11-2026')).status).toBe(400);
  });
});
