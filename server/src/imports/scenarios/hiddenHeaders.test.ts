import { describe, expect, it } from 'vitest';
import type { ImportSummary, SavedColumnMapping } from '#contract';
import { request, runAllJobs, uploadImport } from '../../../../test-support/importFlow';
import { testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';
import { demoArticleNumber, exceljsWorkbook } from '../../../../test-support/workbooks';

/**
 * A file's headers with hidden characters (a right-to-left override that turns "moms" around, a
 * zero-width space, an isolate, a line break typed with Alt+Enter) are shown, saved in the
 * organisation's mapping and named in errors without them, as an uploaded file's name is
 * (contract/hiddenCharacters.ts); the next file with the same headers written plainly is read
 * with that mapping.
 */
describe.each(testDatabaseKinds)('hidden characters in a file’s headers (%s)', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);
  const imports = () => `imports/${supplier.organizationId}`;
  const get = (url: string) => request(testApp, 'GET', url, supplier.cookie);
  const summaryOf = async (id: number): Promise<ImportSummary> =>
    (await get(`${imports()}/${id}/summary`)).json().result;

  const file = (headers: string[]) =>
    exceljsWorkbook({
      Blad1: [
        headers,
        [demoArticleNumber(1), 'Rullator', 'gratis', 1, 5],
        [demoArticleNumber(2), 'Rullator', 120, 1, 5],
      ],
    });
  const uploaded = async (content: Buffer, columnMapping?: unknown) => {
    const created = await uploadImport(testApp, supplier, content, {
      fileName: 'export.xlsx',
      columnMapping,
    });
    expect(created.statusCode, created.body).toBe(201);
    await runAllJobs(testApp);
    return created.json().importObject.id as number;
  };

  it('are left out of the headers shown, saved and named in errors', async () => {
    const hidden = [
      'Art.nr\u200b',
      'Benämning',
      'Pris \u202eexkl. moms',
      'Min.\norder',
      '\u2066Ledtid\u2069',
    ];
    const plain = ['Art.nr', 'Benämning', 'Pris exkl. moms', 'Min. order', 'Ledtid'];
    const id = await uploaded(await file(hidden), {
      sheet: 'Blad1',
      columns: {
        Artikelnummer: { column: 'A' },
        Pris: { column: 'C' },
        'Minsta beställningsantal': { column: 'D' },
        'Leveranstid (dagar)': { column: 'E' },
      },
    });
    const summary = await summaryOf(id);
    if (summary.type !== 'VALIDATION_ERRORS') throw new Error(`expected errors, got ${summary.type}`);
    expect(summary.errors.map((error) => [error.column, error.fileColumn])).toEqual([
      ['Pris', 'Pris exkl. moms (kolumn C)'],
    ]);
    expect(summary.columnMapping?.columns.map((column) => column.fileHeader)).toEqual([
      'Art.nr',
      'Pris exkl. moms',
      'Min. order',
      'Ledtid',
    ]);
    expect(summary.fileSheets?.[0]?.columns.map((column) => column.header)).toEqual(plain);
    const errors = (await get(`${imports()}/${id}/errors?column=Pris`)).json();
    expect(errors.errors[0].fileColumn).toBe('Pris exkl. moms (kolumn C)');

    const mappings: SavedColumnMapping[] = (await get(`${imports()}/column-mappings`)).json().mappings;
    expect(mappings).toHaveLength(1);
    expect(mappings[0]!.headers).toEqual(plain);
    expect(mappings[0]!.columns.map((column) => column.fileHeader)).toEqual([
      'Art.nr',
      'Pris exkl. moms',
      'Min. order',
      'Ledtid',
    ]);

    // The same headers written plainly: the saved mapping reads the file.
    const next = await summaryOf(await uploaded(await file(plain)));
    expect(next).toMatchObject({ type: 'VALIDATION_ERRORS', columnMapping: { source: 'SAVED_MAPPING' } });
  });
});
