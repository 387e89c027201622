import XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import type { ImportAttempt, ImportCorrectionsResponse, ImportSummary } from '#contract';
import {
  api,
  editedPricelistFile,
  postConfirm,
  pricelistRows,
  request,
  runAllJobs,
  validatedImport,
} from '../../../../test-support/importFlow';
import { testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';

describe.each(testDatabaseKinds)('corrections in the browser, and "Validera igen" (%s)', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);
  const imports = () => `imports/${supplier.organizationId}`;
  const get = (url: string) => request(testApp, 'GET', url, supplier.cookie);
  const summaryOf = async (id: number): Promise<ImportSummary> =>
    (await get(`${imports()}/${id}/summary`)).json().result;
  const correctionsOf = async (id: number): Promise<ImportCorrectionsResponse> =>
    (await get(`${imports()}/${id}/corrections`)).json();
  const postCorrections = (id: number, payload: object) =>
    testApp.app.inject({
      method: 'POST',
      url: `${api}/${imports()}/${id}/corrections`,
      headers: { cookie: supplier.cookie },
      payload,
    });

  /** The current price list as a file, with a price typed as text, a quantity of 0 and an unknown article. */
  const faultyImport = async () => {
    const pricelistId = supplier.pricelists.current;
    let n = 0;
    const content = await editedPricelistFile(
      testApp,
      pricelistId,
      (row) => {
        n++;
        if (n === 2) return { ...row, price: 'gratis' };
        if (n === 4) return { ...row, minimumOrderQuantity: 0 };
        return row;
      },
      [{ articleNumber: 'OKÄND-1', price: 10, minimumOrderQuantity: 1 }],
    );
    const validated = await validatedImport(testApp, supplier, content, pricelistId);
    expect(validated.status).toBe('VALIDATION_FAIL');
    return validated.id;
  };

  it('corrects cells, leaves a row out, validates the same file again, and applies the corrected values', async () => {
    const id = await faultyImport();
    const summary = await summaryOf(id);
    if (summary.type !== 'VALIDATION_ERRORS') throw new Error(`expected errors, got ${summary.type}`);
    expect(summary.errorCount).toBe(3);
    const [price, quantity, unknown] = summary.errors;
    expect([price!.column, quantity!.column, unknown!.column]).toEqual([
      'Pris',
      'Minsta beställningsantal',
      'Artikelnummer',
    ]);
    expect(await correctionsOf(id)).toMatchObject({
      version: 0,
      correctable: true,
      maxErrors: 1000,
      corrections: [],
      leftOut: [],
    });

    // A first round with a wrong value: checked by the same rules, an error on that cell again.
    const first = await postCorrections(id, {
      basedOn: 0,
      corrections: [
        { row: price!.row, column: 'Pris', value: '99,50' },
        { row: quantity!.row, column: 'Minsta beställningsantal', value: 'tre' },
      ],
      leaveOut: [unknown!.row],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().importObject.status).toBe('VALIDATION_PENDING');
    await runAllJobs(testApp);
    const again = await summaryOf(id);
    expect(again).toMatchObject({
      type: 'VALIDATION_ERRORS',
      errorCount: 1,
      errors: [
        { row: quantity!.row, column: 'Minsta beställningsantal', value: 'tre', rule: 'NOT_A_NUMBER' },
      ],
    });

    // The error workbook's copy of the sheet shows the values as corrected.
    const errorFile = await get(`${imports()}/${id}/validation-errors/excel`);
    expect(errorFile.statusCode).toBe(200);
    const copy = XLSX.read(errorFile.rawPayload, { type: 'buffer' }).Sheets.Prislista!;
    expect(copy[price!.cell!]?.v).toBe('99,50');
    expect(copy[quantity!.cell!]?.v).toBe('tre');

    // A second round on the first: they accumulate.
    const second = await postCorrections(id, {
      basedOn: 1,
      corrections: [{ row: quantity!.row, column: 'Minsta beställningsantal', value: '3' }],
      leaveOut: [],
    });
    expect(second.statusCode, second.body).toBe(200);
    await runAllJobs(testApp);
    expect(await summaryOf(id)).toMatchObject({
      type: 'CONFIRM',
      added: 0,
      removed: 0,
      updated: 2,
      attempt: { number: 3, comparison: { fixed: 1, new: 0, remaining: 0 } },
    });
    const attempts = (await get(`${imports()}/${id}/attempts`)).json().attempts;
    expect(
      attempts.map((a: ImportAttempt) => [a.number, a.result, a.errorCount, a.corrections, a.by !== null]),
    ).toEqual([
      [1, 'VALIDATION_ERRORS', 3, 0, true],
      [2, 'VALIDATION_ERRORS', 1, 3, true],
      [3, 'CONFIRM', 0, 3, true],
    ]);
    const kept = await correctionsOf(id);
    expect(kept).toMatchObject({ version: 2, correctable: false });
    expect(kept.corrections.map((c) => [c.row, c.column, c.cell, c.oldValue, c.newValue])).toEqual([
      [price!.row, 'Pris', price!.cell, 'gratis', '99,50'],
      [quantity!.row, 'Minsta beställningsantal', quantity!.cell, '0', '3'],
    ]);
    expect(kept.leftOut).toEqual([expect.objectContaining({ row: unknown!.row, by: expect.any(String) })]);

    // The supplier's own file with the corrections written in, as SheetJS reads it back.
    const download = await get(`${imports()}/${id}/corrected-file`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('_rattad.xlsx');
    const workbook = XLSX.read(download.rawPayload, { type: 'buffer' });
    const sheetRows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets.Prislista!, { header: 1 });
    const byArticle = new Map(sheetRows.map((row) => [String(row[0]), row]));
    expect(byArticle.get(price!.articleNumber!)?.[2]).toBe(99.5);
    expect(byArticle.get(quantity!.articleNumber!)?.[3]).toBe(3);
    // The row left out is gone; the others stay where they were.
    expect(byArticle.has('OKÄND-1')).toBe(false);
    expect(sheetRows).toHaveLength(unknown!.row - 1);

    expect((await postConfirm(testApp, supplier, id)).statusCode).toBe(200);
    await runAllJobs(testApp);
    const rows = await pricelistRows(testApp, supplier.pricelists.current);
    expect(rows.find((row) => row.articleNumber === price!.articleNumber)?.price).toBe('99.50');
    expect(rows.find((row) => row.articleNumber === quantity!.articleNumber)?.minimumOrderQuantity).toBe(3);
    expect(rows.some((row) => row.articleNumber === 'OKÄND-1')).toBe(false);
  });

  it('refuses a round typed on an earlier one (409), a cell without an error (400), and keeps what was saved', async () => {
    const id = await faultyImport();
    const summary = await summaryOf(id);
    if (summary.type !== 'VALIDATION_ERRORS') throw new Error('expected errors');
    const price = summary.errors[0]!;
    const noError = await postCorrections(id, {
      basedOn: 0,
      corrections: [{ row: price.row, column: 'Garantivillkor', value: 'x' }],
      leaveOut: [],
    });
    expect(noError.statusCode).toBe(400);
    expect(noError.json().error.message).toBe(
      `Rad ${price.row} har inget fel i kolumnen Garantivillkor att rätta.`,
    );
    const noRow = await postCorrections(id, { basedOn: 0, corrections: [], leaveOut: [99_999] });
    expect(noRow.statusCode).toBe(400);

    // Two people: the first saves; the second, typed on round 0, is refused and changes nothing.
    const firstPerson = await postCorrections(id, {
      basedOn: 0,
      corrections: [{ row: price.row, column: 'Pris', value: '1' }],
      leaveOut: [],
    });
    expect(firstPerson.statusCode).toBe(200);
    const secondPerson = await postCorrections(id, {
      basedOn: 0,
      corrections: [{ row: price.row, column: 'Pris', value: '2' }],
      leaveOut: [],
    });
    expect(secondPerson.statusCode).toBe(409);
    expect(secondPerson.json().error.message).toMatch(/^Någon annan har sparat rättelser/);
    // An import without corrections has no corrected file.
    const other = await faultyImport();
    expect((await get(`${imports()}/${other}/corrected-file`)).statusCode).toBe(404);
    await runAllJobs(testApp);
    expect((await correctionsOf(id)).corrections).toEqual([
      expect.objectContaining({ row: price.row, newValue: '1' }),
    ]);
  });
});
