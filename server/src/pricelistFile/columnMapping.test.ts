import { describe, expect, it } from 'vitest';
import { headerSetKey, type ImportSummary, suggestColumns } from '#contract';
import { type CellInput, exceljsWorkbook, sheetjsWorkbook } from '../../../test-support/workbooks';
import { readFileSheets } from './fileSheets';
import type { PriceListValidationOutcome, ReadOptions, SavedMappingOption } from './types';
import { validatePriceList } from './validatePricelist';

/** A business system's export: its own headers, on Blad1, in its own order, with a column of its own. */
const exportHeaders = ['Ledtid', 'Art.nr', 'Namn', 'Pris exkl. moms', 'Min. order', 'Lagersaldo'];
const exportRow = (articleNumber: string, price: CellInput = 100): CellInput[] => [
  5,
  articleNumber,
  'Rullator',
  price,
  1,
  12,
];

const validate = (content: Buffer, columns?: ReadOptions, fileName = 'export.xlsx') =>
  validatePriceList({
    content,
    fileName,
    articleNumbers: ['HMD-0001', 'HMD-0002'],
    existingRows: [],
    columns,
  });

const chosen = {
  sheet: 'Blad1',
  columns: {
    Artikelnummer: 'B',
    Benämning: 'C',
    Pris: 'D',
    'Minsta beställningsantal': 'E',
    'Leveranstid (dagar)': 'A',
  },
};

function summaryOf<T extends ImportSummary['type']>(outcome: PriceListValidationOutcome, type: T) {
  expect(outcome.summary.type).toBe(type);
  return outcome.summary as Extract<ImportSummary, { type: T }>;
}

describe("a file with the supplier's own columns", () => {
  it('is INVALID_FORMAT as before, with its sheets, header rows and a suggested mapping', async () => {
    const content = await exceljsWorkbook({
      Blad1: [exportHeaders, exportRow('HMD-0001')],
      Info: [['Exporterad']],
    });
    const summary = summaryOf(await validate(content), 'INVALID_FORMAT');
    expect(summary.missingSheet).toBe('Prislista');
    // Under each header, the values of its first data rows.
    const samples = ['5', 'HMD-0001', 'Rullator', '100', '1', '12'];
    expect(summary.fileSheets).toEqual([
      {
        name: 'Blad1',
        columns: exportHeaders.map((header, i) => ({ column: 'ABCDEF'[i], header, samples: [samples[i]] })),
      },
      { name: 'Info', columns: [{ column: 'A', header: 'Exporterad' }] },
    ]);
    expect(summary.suggestedMapping).toEqual(chosen);
  });

  it('is validated with a chosen mapping: rows read from the chosen columns, and where the mapping came from', async () => {
    const content = await exceljsWorkbook({
      Blad1: [exportHeaders, exportRow('HMD-0001'), exportRow('HMD-0002', 50)],
    });
    const outcome = await validate(content, { chosen });
    const summary = summaryOf(outcome, 'CONFIRM');
    expect(summary).toMatchObject({ added: 2, updated: 0, removed: 0, unchanged: 0 });
    expect(summary.columnMapping).toEqual({
      source: 'REQUEST',
      sheet: 'Blad1',
      columns: [
        { column: 'Artikelnummer', fileColumn: 'B', fileHeader: 'Art.nr' },
        { column: 'Benämning', fileColumn: 'C', fileHeader: 'Namn' },
        { column: 'Pris', fileColumn: 'D', fileHeader: 'Pris exkl. moms' },
        { column: 'Minsta beställningsantal', fileColumn: 'E', fileHeader: 'Min. order' },
        { column: 'Leveranstid (dagar)', fileColumn: 'A', fileHeader: 'Ledtid' },
      ],
    });
    // The chosen sheet's samples are taken as it is validated, of every column, mapped or not.
    expect(summary.fileSheets?.[0]).toEqual({
      name: 'Blad1',
      columns: exportHeaders.map((header, i) => ({
        column: 'ABCDEF'[i],
        header,
        samples: [['5'], ['HMD-0001', 'HMD-0002'], ['Rullator'], ['100', '50'], ['1'], ['12']][i],
      })),
    });
    expect('changes' in outcome && outcome.changes.added).toEqual([
      expect.objectContaining({
        articleNumber: 'HMD-0001',
        price: '100.00',
        minimumOrderQuantity: 1,
        deliveryTimeDays: 5,
      }),
      expect.objectContaining({ articleNumber: 'HMD-0002', price: '50.00' }),
    ]);
  });

  it("names the file's own header and letter beside ours in each error", async () => {
    const content = await exceljsWorkbook({ Blad1: [exportHeaders, exportRow('HMD-0001', 'gratis')] });
    const summary = summaryOf(await validate(content, { chosen }), 'VALIDATION_ERRORS');
    expect(summary.errors).toEqual([
      expect.objectContaining({
        column: 'Pris',
        cell: 'D2',
        fileColumn: 'Pris exkl. moms (kolumn D)',
        value: 'gratis',
      }),
    ]);
    expect(summary.errorCounts).toEqual([expect.objectContaining({ column: 'Pris', count: 1 })]);
  });

  it('reads an .xls the same way', async () => {
    const content = sheetjsWorkbook({ Blad1: [exportHeaders, exportRow('HMD-0001')] }, 'biff8');
    const summary = summaryOf(await validate(content, { chosen }, 'export.xls'), 'CONFIRM');
    expect(summary.added).toBe(1);
  });
});

describe("an organisation's saved mapping", () => {
  const savedFor = async (content: Buffer, id = 7): Promise<SavedMappingOption> => {
    const [sheet] = await readFileSheets(content, 'xlsx');
    return {
      id,
      savedAt: '2026-11-20T09:00:00.000Z',
      key: headerSetKey(sheet!),
      choice: {
        sheet: 'Blad1',
        columns: {
          Artikelnummer: { header: 'Art.nr', occurrence: 1 },
          Pris: { header: 'Pris exkl. moms', occurrence: 1 },
          'Minsta beställningsantal': { header: 'Min. order', occurrence: 1 },
        },
      },
    };
  };

  it('is used for the next file with the same sheet and headers, in any order', async () => {
    const first = await exceljsWorkbook({ Blad1: [exportHeaders, exportRow('HMD-0001')] });
    const saved = await savedFor(first);
    // Next month's export: the columns moved, the headers are the same.
    const moved = await exceljsWorkbook({
      Blad1: [
        ['Min. order', 'Pris exkl. moms', 'Art.nr', 'Ledtid', 'Namn', 'Lagersaldo'],
        [1, 75, 'HMD-0002', 5, 'Rullator', 3],
      ],
    });
    const summary = summaryOf(await validate(moved, { saved: [saved] }), 'CONFIRM');
    expect(summary.added).toBe(1);
    expect(summary.columnMapping).toMatchObject({
      source: 'SAVED_MAPPING',
      savedMapping: { id: 7, savedAt: '2026-11-20T09:00:00.000Z' },
      columns: [
        { column: 'Artikelnummer', fileColumn: 'C', fileHeader: 'Art.nr' },
        { column: 'Pris', fileColumn: 'B', fileHeader: 'Pris exkl. moms' },
        { column: 'Minsta beställningsantal', fileColumn: 'A', fileHeader: 'Min. order' },
      ],
    });
  });

  it('is not used for a file whose headers differ; its choices are preselected where the names still fit', async () => {
    const saved = await savedFor(await exceljsWorkbook({ Blad1: [exportHeaders] }));
    const changed = await exceljsWorkbook({
      Blad1: [
        ['Art.nr', 'Pris exkl. moms', 'Beställningsmultipel', 'Antal i förpackning'],
        ['HMD-0001', 10, 1, 1],
      ],
    });
    const summary = summaryOf(await validate(changed, { saved: [saved] }), 'INVALID_FORMAT');
    expect(summary.suggestedMapping).toEqual({ sheet: 'Blad1', columns: { Artikelnummer: 'A', Pris: 'B' } });
  });

  it('says why it was not used: the saved headers the file no longer has, and its new ones', async () => {
    const first = await exceljsWorkbook({ Blad1: [exportHeaders] });
    const saved = { ...(await savedFor(first)), headers: exportHeaders };
    // An older mapping for the same sheet that fits worse, and one for another sheet.
    const older = {
      ...(await savedFor(await exceljsWorkbook({ Blad1: [['Art.nr', 'Pris', 'Antal', 'Moms']] }), 3)),
      headers: ['Art.nr', 'Pris', 'Antal', 'Moms'],
    };
    const elsewhere = { ...saved, id: 9, choice: { ...saved.choice, sheet: 'Export' } };
    // This month's export: "Pris exkl. moms" became "Nettopris" and "Kampanj" is new.
    const changed = await exceljsWorkbook({
      Blad1: [
        ['Ledtid', 'Art.nr', 'Namn', 'Nettopris', 'Min. order', 'Lagersaldo', 'Kampanj'],
        [5, 'HMD-0001', 'Rullator', 100, 1, 12, 'Nej'],
      ],
    });
    const summary = summaryOf(
      await validate(changed, { saved: [elsewhere, older, saved] }),
      'INVALID_FORMAT',
    );
    expect(summary.savedMappingMismatch).toEqual({
      sheet: 'Blad1',
      missingHeaders: ['Pris exkl. moms'],
      newHeaders: ['Nettopris', 'Kampanj'],
    });
    // The best fitting mapping's choices are preselected where they still fit; Pris by its name.
    expect(summary.suggestedMapping?.columns).toMatchObject({
      Artikelnummer: 'B',
      Pris: 'D',
      'Minsta beställningsantal': 'E',
    });

    // Nothing to say without a saved mapping for the sheet, or when a mapping is chosen.
    const none = summaryOf(await validate(changed, { saved: [elsewhere] }), 'INVALID_FORMAT');
    expect(none).not.toHaveProperty('savedMappingMismatch');
    const chosenSheet = {
      sheet: 'Blad1',
      columns: { Artikelnummer: 'B', Pris: 'B', 'Minsta beställningsantal': 'E' },
    };
    const withChoice = summaryOf(
      await validate(changed, { chosen: { ...chosenSheet, sheet: 'Blad9' }, saved: [saved] }),
      'INVALID_FORMAT',
    );
    expect(withChoice).not.toHaveProperty('savedMappingMismatch');
  });

  it('names gone headers by the mapped ones when it was saved without its header row', async () => {
    const saved = await savedFor(await exceljsWorkbook({ Blad1: [exportHeaders] }));
    const changed = await exceljsWorkbook({
      Blad1: [['Art.nr', 'Netto', 'Min. order', 'Ledtid', 'Namn']],
    });
    const summary = summaryOf(await validate(changed, { saved: [saved] }), 'INVALID_FORMAT');
    expect(summary.savedMappingMismatch).toEqual({
      sheet: 'Blad1',
      missingHeaders: ['Pris exkl. moms'],
      newHeaders: ['Netto'],
    });
  });

  it('is never used for a file with our own headers', async () => {
    const ours = await exceljsWorkbook({
      Prislista: [
        ['Artikelnummer', 'Pris', 'Minsta beställningsantal'],
        ['HMD-0001', 10, 1],
      ],
    });
    const saved = await savedFor(await exceljsWorkbook({ Blad1: [exportHeaders] }));
    const summary = summaryOf(await validate(ours, { saved: [saved] }), 'CONFIRM');
    expect(summary).toEqual({ type: 'CONFIRM', added: 1, updated: 0, removed: 0, unchanged: 0 });
  });
});

describe('the header rows of a file', () => {
  it('keeps each header with its letter: repeated and empty headers too', async () => {
    const content = await exceljsWorkbook({ Blad1: [['Art.nr', null, 'Pris', 'Pris']] });
    const [sheet] = await readFileSheets(content, 'xlsx');
    expect(sheet!.columns).toEqual([
      { column: 'A', header: 'Art.nr' },
      { column: 'B', header: '' },
      { column: 'C', header: 'Pris' },
      { column: 'D', header: 'Pris' },
    ]);
    // The first Pris is suggested; the other stays free to choose.
    expect(suggestColumns(sheet!).columns).toEqual({ Artikelnummer: 'A', Pris: 'C' });
  });
});
