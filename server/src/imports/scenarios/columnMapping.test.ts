import { describe, expect, it } from 'vitest';
import type { ImportSummary, SavedColumnMapping } from '#contract';
import {
  api,
  postConfirm,
  pricelistRows,
  request,
  runAllJobs,
  uploadImport,
} from '../../../../test-support/importFlow';
import { testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';
import { type CellInput, demoArticleNumber, exceljsWorkbook } from '../../../../test-support/workbooks';

/** A business system's export: its own headers on Blad1, and a column of its own. */
const exportHeaders = ['Art.nr', 'Benämning', 'Pris exkl. moms', 'Min. order', 'Ledtid', 'Lagersaldo'];
const exportRows = (count: number, price: CellInput = 120): CellInput[][] =>
  Array.from({ length: count }, (_, i) => [demoArticleNumber(i + 1), 'Rullator', price, 1, 5, 40]);
const exportFile = (rows = exportRows(3), headers = exportHeaders) =>
  exceljsWorkbook({ Blad1: [headers, ...rows] });

/** The mapping as the page sends it: letters. */
const byLetter = {
  sheet: 'Blad1',
  columns: {
    Artikelnummer: { column: 'A' },
    Benämning: { column: 'B' },
    Pris: { column: 'C' },
    'Minsta beställningsantal': { column: 'D' },
    'Leveranstid (dagar)': { column: 'E' },
  },
};

describe.each(testDatabaseKinds)("the supplier's own columns (%s)", (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);
  const imports = () => `imports/${supplier.organizationId}`;
  const get = (url: string) => request(testApp, 'GET', url, supplier.cookie);
  const summaryOf = async (id: number): Promise<ImportSummary> =>
    (await get(`${imports()}/${id}/summary`)).json().result;
  const statusOf = async (id: number): Promise<string> =>
    (await get(`${imports()}/${id}`)).json().importObject.status;
  const postMapping = (id: number, columnMapping: unknown) =>
    testApp.app.inject({
      method: 'POST',
      url: `${api}/${imports()}/${id}/column-mapping`,
      headers: { cookie: supplier.cookie },
      payload: { columnMapping },
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
  const savedMappings = async (): Promise<SavedColumnMapping[]> =>
    (await get(`${imports()}/column-mappings`)).json().mappings;
  const forgetAll = async () => {
    for (const mapping of await savedMappings()) {
      const removed = await request(
        testApp,
        'DELETE',
        `${imports()}/column-mappings/${mapping.id}`,
        supplier.cookie,
      );
      expect(removed.statusCode).toBe(204);
    }
  };

  it('maps on the summary, validates the stored file again, and saves the mapping for the next file', async () => {
    await forgetAll();
    const id = await uploaded(await exportFile());
    const invalid = await summaryOf(id);
    // The specified summary stays as it was; the mapping step comes beside it.
    expect(invalid).toMatchObject({
      type: 'INVALID_FORMAT',
      missingSheet: 'Prislista',
      sheetsInFile: ['Blad1'],
    });
    if (invalid.type !== 'INVALID_FORMAT') throw new Error('expected INVALID_FORMAT');
    expect(invalid.fileSheets?.[0]?.columns.map((column) => `${column.column}: ${column.header}`)).toEqual([
      'A: Art.nr',
      'B: Benämning',
      'C: Pris exkl. moms',
      'D: Min. order',
      'E: Ledtid',
      'F: Lagersaldo',
    ]);
    // Under each header the values of its first rows, so the user sees what the column holds.
    expect(invalid.fileSheets?.[0]?.columns.map((column) => column.samples)).toEqual([
      [demoArticleNumber(1), demoArticleNumber(2), demoArticleNumber(3)],
      // Each value once.
      ['Rullator'],
      ['120'],
      ['1'],
      ['5'],
      ['40'],
    ]);
    // No saved mapping yet: nothing to say about one.
    expect(invalid).not.toHaveProperty('savedMappingMismatch');
    expect(invalid.suggestedMapping).toEqual({
      sheet: 'Blad1',
      columns: {
        Artikelnummer: 'A',
        Benämning: 'B',
        Pris: 'C',
        'Minsta beställningsantal': 'D',
        'Leveranstid (dagar)': 'E',
      },
    });

    const sent = await postMapping(id, byLetter);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().importObject.status).toBe('VALIDATION_PENDING');
    await runAllJobs(testApp);
    expect(await statusOf(id)).toBe('VALIDATION_SUCCESS');
    const validated = await summaryOf(id);
    expect(validated).toMatchObject({
      type: 'CONFIRM',
      columnMapping: {
        source: 'REQUEST',
        sheet: 'Blad1',
        columns: expect.arrayContaining([{ column: 'Pris', fileColumn: 'C', fileHeader: 'Pris exkl. moms' }]),
      },
    });

    // Applied as validated: read with the same columns.
    expect((await postConfirm(testApp, supplier, id)).statusCode).toBe(200);
    await runAllJobs(testApp);
    expect(await statusOf(id)).toBe('IMPORT_SUCCESS');
    const applied = await pricelistRows(testApp, supplier.pricelists.current);
    expect(applied.map((row) => [row.articleNumber, row.price, row.deliveryTimeDays])).toEqual([
      [demoArticleNumber(1), '120.00', 5],
      [demoArticleNumber(2), '120.00', 5],
      [demoArticleNumber(3), '120.00', 5],
    ]);

    const [saved] = await savedMappings();
    expect(saved).toMatchObject({
      sheet: 'Blad1',
      headers: exportHeaders,
      columns: [
        { column: 'Artikelnummer', fileHeader: 'Art.nr' },
        { column: 'Benämning', fileHeader: 'Benämning' },
        { column: 'Pris', fileHeader: 'Pris exkl. moms' },
        { column: 'Minsta beställningsantal', fileHeader: 'Min. order' },
        { column: 'Leveranstid (dagar)', fileHeader: 'Ledtid' },
      ],
      savedBy: expect.any(String),
      lastUsedAt: null,
    });

    // Next month's export, columns moved: validated with the saved mapping at once.
    const moved = await exceljsWorkbook({
      Blad1: [
        ['Lagersaldo', 'Ledtid', 'Min. order', 'Pris exkl. moms', 'Benämning', 'Art.nr'],
        [10, 3, 2, 99, 'Rullator', demoArticleNumber(1)],
      ],
    });
    const next = await uploaded(moved);
    expect(await summaryOf(next)).toMatchObject({
      type: 'CONFIRM',
      columnMapping: {
        source: 'SAVED_MAPPING',
        savedMapping: { id: saved!.id },
        columns: expect.arrayContaining([{ column: 'Artikelnummer', fileColumn: 'F', fileHeader: 'Art.nr' }]),
      },
    });
    expect((await savedMappings())[0]!.lastUsedAt).not.toBeNull();

    // A file whose headers differ does not use it: the mapping step, with what still fits preselected.
    const changed = await uploaded(await exportFile(exportRows(1), ['Art.nr', 'Pris exkl. moms', 'Antal']));
    expect(await summaryOf(changed)).toMatchObject({
      type: 'INVALID_FORMAT',
      suggestedMapping: { sheet: 'Blad1', columns: { Artikelnummer: 'A', Pris: 'B' } },
      // Why: the headers it was saved with that the file no longer has, as written, and the new one.
      savedMappingMismatch: {
        sheet: 'Blad1',
        missingHeaders: ['Benämning', 'Min. order', 'Ledtid', 'Lagersaldo'],
        newHeaders: ['Antal'],
      },
    });

    // Forgotten: the same export needs the mapping step again.
    await forgetAll();
    const afterForgetting = await uploaded(moved);
    expect((await summaryOf(afterForgetting)).type).toBe('INVALID_FORMAT');
  });

  it('refuses a mapping that does not fit the file, with a Swedish message at each column, and validates nothing', async () => {
    const id = await uploaded(await exportFile());
    const unknownHeader = await postMapping(id, {
      sheet: 'Blad1',
      columns: {
        Artikelnummer: 'Artikel-id',
        Pris: 'Pris exkl. moms',
        'Minsta beställningsantal': 'Min. order',
      },
    });
    expect(unknownHeader.statusCode).toBe(400);
    expect(unknownHeader.json().error).toEqual({
      code: 'BAD_REQUEST',
      message: 'Fliken Blad1 har ingen kolumn med rubriken ”Artikel-id”.',
      errors: { Artikelnummer: 'Fliken Blad1 har ingen kolumn med rubriken ”Artikel-id”.' },
    });

    const twice = await postMapping(id, {
      sheet: 'Blad1',
      columns: {
        Artikelnummer: { column: 'A' },
        Pris: { column: 'C' },
        'Minsta beställningsantal': { column: 'C' },
      },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.errors).toEqual({
      'Minsta beställningsantal':
        'Kolumnen C: Pris exkl. moms är redan vald för Pris. Varje kolumn i filen kan bara användas en gång.',
    });

    const missingRequired = await postMapping(id, { sheet: 'Blad1', columns: { Artikelnummer: 'Art.nr' } });
    expect(missingRequired.json().error.errors).toEqual({
      Pris: 'Välj vilken kolumn i filen som är Pris.',
      'Minsta beställningsantal': 'Välj vilken kolumn i filen som är Minsta beställningsantal.',
    });

    const noSuchSheet = await postMapping(id, { ...byLetter, sheet: 'Prislista' });
    expect(noSuchSheet.json().error.message).toBe(
      'Filen har ingen flik ”Prislista”. Filen har flikarna: Blad1.',
    );

    // Keys that are not our columns: one short refusal naming the first, however many there are.
    const flood = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`Kolumn ${i}`, 'A']));
    const tooMany = await postMapping(id, { sheet: 'Blad1', columns: { Artikelnummer: 'Art.nr', ...flood } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body.length).toBeLessThan(1_000);
    expect(tooMany.body).toContain('”Kolumn 0” är inte en av prislistans kolumner');
    expect(tooMany.body).not.toContain('Kolumn 1”');

    // Nothing was validated: the import still has its first summary.
    expect(await statusOf(id)).toBe('VALIDATION_FAIL');
    expect((await summaryOf(id)).type).toBe('INVALID_FORMAT');
  });

  it('takes a mapping with the upload, names the file’s own columns in every error, and refuses one that does not fit', async () => {
    await forgetAll();
    const mapping = {
      sheet: 'Blad1',
      columns: { Artikelnummer: 'Art.nr', Pris: 'Pris exkl. moms', 'Minsta beställningsantal': 'Min. order' },
    };
    const id = await uploaded(await exportFile(exportRows(3, 'gratis')), mapping);
    const summary = await summaryOf(id);
    if (summary.type !== 'VALIDATION_ERRORS') throw new Error(`expected errors, got ${summary.type}`);
    expect(summary.columnMapping?.source).toBe('REQUEST');
    expect(summary.errors[0]).toMatchObject({
      column: 'Pris',
      cell: 'C2',
      fileColumn: 'Pris exkl. moms (kolumn C)',
    });
    const page = (await get(`${imports()}/${id}/errors?column=Pris`)).json();
    expect(page.total).toBe(3);
    expect(page.errors.map((error: { fileColumn: string }) => error.fileColumn)).toEqual([
      'Pris exkl. moms (kolumn C)',
      'Pris exkl. moms (kolumn C)',
      'Pris exkl. moms (kolumn C)',
    ]);

    const refused = await uploadImport(testApp, supplier, await exportFile(), {
      fileName: 'export.xlsx',
      columnMapping: { ...mapping, columns: { ...mapping.columns, Pris: 'Netto' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Fliken Blad1 har ingen kolumn med rubriken ”Netto”.');
  });

  it('is not offered while the import is being processed, nor for another organisation', async () => {
    const created = await uploadImport(testApp, supplier, await exportFile(), { fileName: 'export.xlsx' });
    const id = created.json().importObject.id;
    const early = await postMapping(id, byLetter);
    expect(early.statusCode).toBe(409);
    await runAllJobs(testApp);
    const other = await testApp.app.inject({
      method: 'POST',
      url: `${api}/imports/${supplier.otherOrganizationId}/${id}/column-mapping`,
      headers: { cookie: supplier.cookie },
      payload: { columnMapping: byLetter },
    });
    expect(other.statusCode).toBe(404);
    const otherList = await request(
      testApp,
      'GET',
      `imports/${supplier.otherOrganizationId}/column-mappings`,
      supplier.cookie,
    );
    expect(otherList.statusCode).toBe(404);
  });
});
