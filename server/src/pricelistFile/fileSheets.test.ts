import { describe, expect, it } from 'vitest';
import type { ImportSummary } from '#contract';
import { type CellInput, exceljsWorkbook, sheetjsWorkbook } from '../../../test-support/workbooks';
import { MAX_SAMPLE_LENGTH, readFileSheets, SAMPLE_ROWS } from './fileSheets';
import { validatePriceList } from './validatePricelist';

/** The samples of each column of the first sheet, by letter. */
async function samplesOf(content: Buffer, format: 'xlsx' | 'xls' = 'xlsx') {
  const [sheet] = await readFileSheets(content, format);
  return Object.fromEntries(sheet!.columns.map((column) => [column.column, column.samples]));
}

describe('the samples under each file column', () => {
  it('are the first three different values that are not empty, as the user sees them', async () => {
    const content = await exceljsWorkbook({
      Blad1: [
        ['Art.nr', 'Pris', 'Giltig från', 'Kommentar', ''],
        ['HMD-0001', 1250, new Date(Date.UTC(2026, 0, 15)), null, 'utan rubrik'],
        ['HMD-0002', '899,50', new Date(Date.UTC(2026, 1, 1)), '   ', null],
        ['HMD-0003', 0.5, null, 'Ny\nrad', null],
        ['HMD-0004', 7, null, null, null],
        ['HMD-0005', 7, null, 'Ny  rad', null],
      ],
    });
    expect(await samplesOf(content)).toEqual({
      A: ['HMD-0001', 'HMD-0002', 'HMD-0003'],
      B: ['1250', '899,50', '0.5'],
      C: ['2026-01-15', '2026-02-01'],
      // On one line, each value once; a cell of spaces is empty.
      D: ['Ny rad'],
      E: ['utan rubrik'],
    });
  });

  it('are kept short and safe: cut with "…", control characters shown as pictures', async () => {
    const long = 'Rullator med sits, korg och ryggband i aluminium, fällbar';
    // exceljs writes the escape as it stands; a reader decodes it to the control character BEL.
    const content = await exceljsWorkbook({ Blad1: [['Benämning'], [long], ['Larm_x0007_ljud']] });
    const { A } = await samplesOf(content);
    expect(A).toEqual([`${long.slice(0, MAX_SAMPLE_LENGTH).trimEnd()}…`, 'Larm␇ljud']);
    expect(A![0]!.length).toBeLessThanOrEqual(MAX_SAMPLE_LENGTH + 1);
  });

  it(`are read from the first ${SAMPLE_ROWS} data rows only, and not for a sheet without a header row`, async () => {
    const rows: CellInput[][] = [['Art.nr', 'Kommentar']];
    for (let i = 1; i <= 40; i++) rows.push([`HMD-${i}`, i === SAMPLE_ROWS + 5 ? 'för långt ner' : null]);
    const content = await exceljsWorkbook({ Blad1: rows, Tom: [[], ['bara data']] });
    const [blad1, tom] = await readFileSheets(content, 'xlsx');
    expect(blad1!.columns).toEqual([
      { column: 'A', header: 'Art.nr', samples: ['HMD-1', 'HMD-2', 'HMD-3'] },
      { column: 'B', header: 'Kommentar' },
    ]);
    expect(tom!.columns).toEqual([]);
  });

  it('are read from an .xls the same way', async () => {
    const content = sheetjsWorkbook(
      {
        Blad1: [
          ['Art.nr', 'Pris'],
          ['HMD-0001', 10],
          ['HMD-0002', 12.5],
        ],
      },
      'biff8',
    );
    expect(await samplesOf(content, 'xls')).toEqual({ A: ['HMD-0001', 'HMD-0002'], B: ['10', '12.5'] });
  });
});

describe('a chosen sheet read with its samples', () => {
  const chosen = {
    sheet: 'Blad1',
    columns: { Artikelnummer: 'A', Pris: 'C', 'Minsta beställningsantal': 'D' },
  };
  const validate = (content: Buffer) =>
    validatePriceList({
      content,
      fileName: 'export.xlsx',
      articleNumbers: ['HMD-0001', 'HMD-0002', 'HMD-0003'],
      existingRows: [],
      columns: { chosen },
    });

  it('is validated as without them: a row with values only in columns not mapped is no row', async () => {
    const content = await exceljsWorkbook({
      Blad1: [
        ['Art.nr', 'Lagersaldo', 'Pris', 'Min. order'],
        ['HMD-0001', 3, 100, 1],
        [null, 'bara lagersaldo', null, null],
        ['HMD-0002', 4, 'gratis', 1],
        ...Array.from({ length: 30 }, () => [null, 1, null, null]),
        ['HMD-0003', 5, -1, 1],
      ],
    });
    const summary = (await validate(content)).summary as Extract<
      ImportSummary,
      { type: 'VALIDATION_ERRORS' }
    >;
    expect(summary.type).toBe('VALIDATION_ERRORS');
    // Errors only on the rows with an article: rows 4 and 35, by Excel's numbers.
    expect(summary.errors.map((error) => [error.cell, error.value])).toEqual([
      ['C4', 'gratis'],
      ['C35', '-1'],
    ]);
    expect(summary.fileSheets?.[0]?.columns.map((column) => column.samples)).toEqual([
      // HMD-0003 is further down than the samples are read.
      ['HMD-0001', 'HMD-0002'],
      ['3', 'bara lagersaldo', '4'],
      ['100', 'gratis'],
      ['1'],
    ]);
  });
});
