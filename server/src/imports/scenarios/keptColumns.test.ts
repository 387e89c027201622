/**
 * Columns the file does not have keep their stored values; only an empty cell in a column the
 * file has clears one, and clearing many is a risk (docs/price-list-file.md, "Columns the file
 * does not have"). Through the app: the summary, the changes, the guard, apply and undo.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary, PricelistRowValues } from '#contract';
import {
  api,
  appliedImport,
  editedPricelistFile,
  listedChanges,
  postConfirm,
  pricelistRows,
  request,
  runAllJobs,
  storedPricelist,
  uploadImport,
  validatedImport,
} from '../../../../test-support/importFlow';
import { type FileRow, fileRowOf, priceListWorkbook } from '../../../../test-support/pricelistFiles';
import { testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';
import { exceljsWorkbook } from '../../../../test-support/workbooks';
import { writeCatalogue } from '../../pricelistFile/peppol/writeCatalogue';

const optionalColumns = [
  'Leveranstid (dagar)',
  'Garanti antal',
  'Garanti enhet',
  'Garanti gäller från',
  'Garantivillkor',
] as const;

/** Every row with a value in each optional column, so that keeping and clearing can be told apart. */
const filled = (row: FileRow): FileRow => ({
  ...row,
  deliveryTimeDays: 7,
  warrantyQuantity: 2,
  warrantyUnit: 'År',
  warrantyValidFrom: 'Leveransdatum',
  warrantyTerms: 'Hela produkten',
});

describe.each(testDatabaseKinds)('columns the file does not have (%s)', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);
  const pricelistId = () => supplier.pricelists.current;
  const summaryOf = async (id: number): Promise<ImportSummary> =>
    (
      await request(testApp, 'GET', `imports/${supplier.organizationId}/${id}/summary`, supplier.cookie)
    ).json().result;
  const warningsOf = async (id: number) => {
    const summary = await summaryOf(id);
    if (summary.type !== 'CONFIRM') throw new Error(`expected CONFIRM, got ${summary.type}`);
    return summary.risk?.warnings ?? [];
  };
  const undo = (id: number) =>
    request(testApp, 'POST', `imports/${supplier.organizationId}/${id}/undo`, supplier.cookie);
  const confirmAndApply = async (id: number) => {
    expect((await postConfirm(testApp, supplier, id)).statusCode).toBe(200);
    await runAllJobs(testApp);
  };

  beforeAll(async () => {
    await appliedImport(testApp, supplier, await editedPricelistFile(testApp, pricelistId(), filled));
  });

  it('keeps every stored value of a column our own layout leaves out, and gives a new row none', async () => {
    const rows = await pricelistRows(testApp, pricelistId());
    const first = rows[0]!;
    const newArticle = (
      await testApp.db
        .selectFrom('articles')
        .select('article_number')
        .where('organization_id', '=', supplier.organizationId)
        .where(
          'article_number',
          'not in',
          rows.map((row) => row.articleNumber),
        )
        .executeTakeFirstOrThrow()
    ).article_number;
    const content = await priceListWorkbook(
      [
        ...rows.map((row) => ({
          ...fileRowOf(row),
          price: row === first ? Number(row.price) + 1 : Number(row.price),
        })),
        { articleNumber: newArticle, price: 50, minimumOrderQuantity: 1 },
      ],
      { omitColumns: optionalColumns },
    );
    const validated = await validatedImport(testApp, supplier, content, pricelistId());
    expect(validated.status).toBe('VALIDATION_SUCCESS');
    expect(await summaryOf(validated.id)).toMatchObject({
      type: 'CONFIRM',
      added: 1,
      updated: 1,
      removed: 0,
      unchanged: rows.length - 1,
    });
    expect(await warningsOf(validated.id)).toEqual([]);
    // The change shown is the price only: the row keeps its delivery time and warranty.
    const [updated] = await listedChanges(testApp, supplier, validated.id, 'updated');
    expect(updated?.values).toMatchObject({ deliveryTimeDays: 7, warrantyTerms: 'Hela produkten' });

    await confirmAndApply(validated.id);
    const after = await pricelistRows(testApp, pricelistId());
    const kept = after.filter((row) => row.articleNumber !== newArticle);
    expect(kept.every((row) => row.deliveryTimeDays === 7 && row.warrantyUnit === 'År')).toBe(true);
    expect(after.find((row) => row.articleNumber === newArticle)).toMatchObject({
      price: '50.00',
      deliveryTimeDays: null,
      warrantyQuantity: null,
      warrantyTerms: null,
    });
    expect((await undo(validated.id)).statusCode).toBe(200);
    expect(await pricelistRows(testApp, pricelistId())).toEqual(rows);
  });

  it('clears a value only where the file has the column with an empty cell; many such are a risk that needs an acknowledgement', async () => {
    const before = await storedPricelist(testApp, pricelistId());
    const rows = await pricelistRows(testApp, pricelistId());
    const content = await editedPricelistFile(testApp, pricelistId(), (row) => ({
      ...row,
      deliveryTimeDays: null,
    }));
    const validated = await validatedImport(testApp, supplier, content, pricelistId());
    expect(await summaryOf(validated.id)).toMatchObject({
      type: 'CONFIRM',
      updated: rows.length,
      risk: { clearedValues: [{ column: 'Leveranstid (dagar)', rows: rows.length }] },
    });
    const warnings = await warningsOf(validated.id);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^${rows.length} rader förlorar Leveranstid \\(dagar\\): `));

    expect((await postConfirm(testApp, supplier, validated.id, { acknowledge: false })).statusCode).toBe(409);
    await confirmAndApply(validated.id);
    const after = await pricelistRows(testApp, pricelistId());
    expect(after.every((row) => row.deliveryTimeDays === null && row.warrantyQuantity === 2)).toBe(true);
    expect((await undo(validated.id)).statusCode).toBe(200);
    expect(await storedPricelist(testApp, pricelistId())).toEqual(before);
  });

  it('leaves a small clearing to the changes, without a risk', async () => {
    const rows = await pricelistRows(testApp, pricelistId());
    const target = rows[1]!.articleNumber;
    const content = await editedPricelistFile(testApp, pricelistId(), (row) =>
      row.articleNumber === target ? { ...row, warrantyTerms: null } : row,
    );
    const validated = await validatedImport(testApp, supplier, content, pricelistId());
    expect(await summaryOf(validated.id)).toMatchObject({
      type: 'CONFIRM',
      updated: 1,
      risk: {
        warnings: [],
        clearedValues: [{ column: 'Garantivillkor', rows: 1, articleNumbers: [target] }],
      },
    });
    const [change] = await listedChanges(testApp, supplier, validated.id, 'updated');
    expect(change).toMatchObject({ articleNumber: target, values: { warrantyTerms: null } });
  });

  it('keeps the columns a mapping leaves out', async () => {
    const rows = await pricelistRows(testApp, pricelistId());
    const content = await exceljsWorkbook({
      Blad1: [
        ['Art.nr', 'Pris exkl. moms', 'Min. antal', 'Lev.tid (dagar)'],
        ...rows.map((row, i) => [
          row.articleNumber,
          Number(row.price) + (i === 0 ? 2 : 0),
          row.minimumOrderQuantity,
          null,
        ]),
      ],
    });
    const created = await uploadImport(testApp, supplier, content, {
      fileName: 'export.xlsx',
      pricelistId: pricelistId(),
      columnMapping: {
        sheet: 'Blad1',
        columns: {
          Artikelnummer: { column: 'A' },
          Pris: { column: 'B' },
          'Minsta beställningsantal': { column: 'C' },
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id: number = created.json().importObject.id;
    await runAllJobs(testApp);
    // Lev.tid is in the file but not mapped: it is not read, and the delivery times stay.
    expect(await summaryOf(id)).toMatchObject({ type: 'CONFIRM', updated: 1, risk: { warnings: [] } });
    await confirmAndApply(id);
    const after = await pricelistRows(testApp, pricelistId());
    expect(after.map((row) => row.deliveryTimeDays)).toEqual(rows.map(() => 7));
    expect(after[0]!.price).not.toBe(rows[0]!.price);
    expect((await undo(id)).statusCode).toBe(200);
  });

  it('a catalogue keeps the warranty it cannot carry, and a line without a lead time clears it, as a risk', async () => {
    const rows = await pricelistRows(testApp, pricelistId());
    const today = new Date().toISOString().slice(0, 10);
    const withoutLeadTime = (values: PricelistRowValues) => ({ ...values, deliveryTimeDays: null });
    const content = Buffer.from(
      writeCatalogue({
        id: '2',
        issueDate: today,
        startDate: today,
        supplierName: 'Hjälpmedel Demo AB',
        rows: rows.map((values) => ({ values: withoutLeadTime(values), articleName: null })),
      }),
    );
    const validated = await validatedImport(testApp, supplier, content, pricelistId());
    const warnings = await warningsOf(validated.id);
    expect(warnings).toEqual([expect.stringMatching(/^\d+ rader förlorar Leveranstid \(dagar\)/)]);
    await confirmAndApply(validated.id);
    const after = await pricelistRows(testApp, pricelistId());
    expect(after.every((row) => row.deliveryTimeDays === null)).toBe(true);
    expect(
      after.every((row) => row.warrantyQuantity === 2 && row.warrantyValidFrom === 'Leveransdatum'),
    ).toBe(true);
    expect((await undo(validated.id)).statusCode).toBe(200);
  });

  it('counts the rows the user chose to leave out apart from those the file lacks', async () => {
    const rows = await pricelistRows(testApp, pricelistId());
    const [, chosen, dropped] = rows;
    const content = await editedPricelistFile(testApp, pricelistId(), (row) =>
      row.articleNumber === dropped!.articleNumber
        ? null
        : row.articleNumber === chosen!.articleNumber
          ? { ...row, price: 'gratis' }
          : row,
    );
    const failed = await validatedImport(testApp, supplier, content, pricelistId());
    expect(failed.status).toBe('VALIDATION_FAIL');
    const summary = await summaryOf(failed.id);
    if (summary.type !== 'VALIDATION_ERRORS') throw new Error(summary.type);
    const corrected = await testApp.app.inject({
      method: 'POST',
      url: `${api}/imports/${supplier.organizationId}/${failed.id}/corrections`,
      headers: { cookie: supplier.cookie },
      payload: { basedOn: 0, corrections: [], leaveOut: [summary.errors[0]!.row] },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    await runAllJobs(testApp);
    expect(await summaryOf(failed.id)).toMatchObject({
      type: 'CONFIRM',
      removed: 2,
      risk: { removed: 2, removedByChoice: 1 },
    });
    expect((await warningsOf(failed.id))[0]).toMatch(
      /^2 av \d+ rader \([\d,]+\u00a0%\), varav 1 som du valde att ta bort, tas bort från prislista 2 \(Aktuell\)/,
    );
  });
});
