import { describe, expect, it } from 'vitest';
import type { PricelistRowValues, ValidationError } from '#contract';
import {
  type CellInput,
  exceljsWorkbook,
  handMadeXlsx,
  headers,
  sheetjsWorkbook,
  storedRow,
  validRow,
} from '../../../test-support/workbooks';
import { storedRowsOf } from './diff';
import { ExcelFileError } from './fileErrors';
import type { PriceListValidationOutcome } from './types';
import { validateAgainst, validatePriceList } from './validatePricelist';

const articleNumbers = ['HMD-0001', 'HMD-0002', 'HMD-0003', 'HMD-0004', '100000', '12345', 'HMD-Å1'];

async function validate(
  content: Buffer,
  options: { fileName?: string; existingRows?: PricelistRowValues[] } = {},
): Promise<PriceListValidationOutcome> {
  return validatePriceList({
    content,
    fileName: options.fileName ?? 'prislista.xlsx',
    articleNumbers,
    existingRows: options.existingRows ?? [],
  });
}

const file = (rows: CellInput[][], header: CellInput[] = headers) =>
  exceljsWorkbook({ Prislista: [header, ...rows] });

function errorsOf(outcome: PriceListValidationOutcome): ValidationError[] {
  if (outcome.summary.type !== 'VALIDATION_ERRORS')
    throw new Error(`expected errors, got ${outcome.summary.type}`);
  return outcome.summary.errors;
}

function addedRows(outcome: PriceListValidationOutcome): PricelistRowValues[] {
  if (!('changes' in outcome)) throw new Error(`expected CONFIRM, got ${JSON.stringify(outcome.summary)}`);
  return outcome.changes.added;
}

/** The single error of a one-row file whose row is `row`, without what it shows of the row (errorRowValues.test.ts). */
async function onlyError(row: CellInput[]) {
  const errors = errorsOf(await validate(await file([row])));
  expect(errors).toHaveLength(1);
  const { articleName: _name, rowValues: _values, ...error } = errors[0]!;
  return error;
}

const priceRule = 'Pris måste vara ett tal större än eller lika med 0 med högst två decimaler.';

describe('the file format', () => {
  it('says the sheet Prislista is missing, which sheets the file has, and every required column', async () => {
    const outcome = await validate(
      await exceljsWorkbook({ Blad1: [headers, validRow('HMD-0001')], Blad2: [['x']] }),
    );
    expect(outcome.summary).toEqual({
      type: 'INVALID_FORMAT',
      missingColumns: [
        { column: 'Artikelnummer', sheets: ['Prislista'] },
        { column: 'Pris', sheets: ['Prislista'] },
        { column: 'Minsta beställningsantal', sheets: ['Prislista'] },
      ],
      missingSheet: 'Prislista',
      sheetsInFile: ['Blad1', 'Blad2'],
      // What the mapping step needs: each sheet's header row, and a mapping to preselect.
      fileSheets: [
        {
          name: 'Blad1',
          // Under each header its first values (Garantivillkor has none).
          columns: headers.map((header, i) => {
            const sample = ['HMD-0001', 'Rullstol', '100', '1', '5', '2', 'År', 'Leveransdatum'][i];
            return { column: 'ABCDEFGHI'[i], header, ...(sample && { samples: [sample] }) };
          }),
        },
        { name: 'Blad2', columns: [{ column: 'A', header: 'x' }] },
      ],
      suggestedMapping: {
        sheet: 'Blad1',
        columns: Object.fromEntries(headers.map((header, i) => [header, 'ABCDEFGHI'[i]])),
      },
    });
    // A name is the file's: shown safely.
    const odd = await validate(handMadeXlsx({ sheet: '', sheetName: 'Blad_x0001_' }));
    expect(odd.summary).toMatchObject({ sheetsInFile: ['Blad␁'] });
    // An .xls says the same.
    const xls = await validate(sheetjsWorkbook({ Blad1: [headers] }, 'biff8'), { fileName: 'a.xls' });
    expect(xls.summary).toMatchObject({ missingSheet: 'Prislista', sheetsInFile: ['Blad1'] });
  });

  it('names the missing required columns', async () => {
    const outcome = await validate(
      await file([['HMD-0001', 'x', 1]], ['Artikelnummer', 'Benämning', 'Leveranstid (dagar)']),
    );
    expect(outcome.summary).toEqual({
      type: 'INVALID_FORMAT',
      missingColumns: [
        { column: 'Pris', sheets: ['Prislista'] },
        { column: 'Minsta beställningsantal', sheets: ['Prislista'] },
      ],
      fileSheets: [
        {
          name: 'Prislista',
          columns: [
            { column: 'A', header: 'Artikelnummer', samples: ['HMD-0001'] },
            { column: 'B', header: 'Benämning', samples: ['x'] },
            { column: 'C', header: 'Leveranstid (dagar)', samples: ['1'] },
          ],
        },
      ],
      suggestedMapping: {
        sheet: 'Prislista',
        columns: { Artikelnummer: 'A', Benämning: 'B', 'Leveranstid (dagar)': 'C' },
      },
    });
  });

  it('wants the header in row 1', async () => {
    const content = await exceljsWorkbook({ Prislista: [[], headers, validRow('HMD-0001')] });
    expect((await validate(content)).summary.type).toBe('INVALID_FORMAT');
  });

  it('takes headers in any order and case, with stray spaces, and ignores extra columns and sheets', async () => {
    const content = await exceljsWorkbook({
      Instruktioner: [['Fyll i fliken Prislista']],
      ' prislista ': [
        [
          'Kommentar',
          'PRIS ',
          '  artikelnummer',
          'minsta  beställningsantal',
          'GARANTI GÄLLER FRÅN',
          'garanti enhet',
          'Garanti antal',
        ],
        ['vår notering', 99.5, 'HMD-0001', 2, 'fakturadatum', 'månader', 6],
      ],
      Övrigt: [['Artikelnummer'], ['HMD-9999']],
    });
    expect(addedRows(await validate(content))).toEqual([
      {
        articleNumber: 'HMD-0001',
        price: '99.50',
        minimumOrderQuantity: 2,
        deliveryTimeDays: null,
        warrantyQuantity: 6,
        warrantyUnit: 'Månader',
        warrantyValidFrom: 'Fakturadatum',
        warrantyTerms: null,
      },
    ]);
  });

  it('reports a required column that appears twice in the header', async () => {
    const errors = errorsOf(
      await validate(
        await file([['HMD-0001', 1, 2, 1]], ['Artikelnummer', 'Pris', 'pris', 'Minsta beställningsantal']),
      ),
    );
    expect(errors).toEqual([
      {
        row: 1,
        sheet: 'Prislista',
        column: 'Pris',
        value: 'pris',
        message:
          'Kolumnen Pris finns mer än en gång i rubrikraden. Ta bort eller byt namn på den ena så att det är tydligt vilken som gäller.',
        rule: 'DUPLICATE_COLUMN',
        cell: 'C1',
      },
    ]);
  });

  it("skips empty rows in the middle and at the end, and reports Excel's row numbers", async () => {
    const content = await file([
      validRow('HMD-0001'),
      [],
      [null, '   ', null, null, null, null, null, null, ''],
      validRow('HMD-0002', -1),
      [],
      [null, null],
    ]);
    const errors = errorsOf(await validate(content));
    expect(errors.map((error) => [error.row, error.column])).toEqual([[5, 'Pris']]);
  });

  it('ignores a row that has text only in an extra column', async () => {
    const content = await file([
      validRow('HMD-0001'),
      [null, null, null, null, null, null, null, null, null, 'Summa'],
    ]);
    expect(addedRows(await validate(content))).toHaveLength(1);
  });

  it('reads shared strings and inline strings, .xlsx and .xls (BIFF8) alike', async () => {
    const rows = [
      headers,
      ['HMD-0001', 'Rullstol å', '1 234,50', 2, null, 1, 'År', 'Leveransdatum', 'Gäller ej däck'],
    ];
    const expected = [
      {
        articleNumber: 'HMD-0001',
        price: '1234.50',
        minimumOrderQuantity: 2,
        deliveryTimeDays: null,
        warrantyQuantity: 1,
        warrantyUnit: 'År',
        warrantyValidFrom: 'Leveransdatum',
        warrantyTerms: 'Gäller ej däck',
      },
    ];
    const shared = sheetjsWorkbook({ Prislista: rows }, 'xlsx', { sharedStrings: true });
    const inline = sheetjsWorkbook({ Prislista: rows }, 'xlsx', { sharedStrings: false });
    const xls = sheetjsWorkbook({ Prislista: rows }, 'biff8');
    expect(addedRows(await validate(shared))).toEqual(expected);
    expect(addedRows(await validate(inline))).toEqual(expected);
    expect(addedRows(await validate(xls, { fileName: 'prislista.xls' }))).toEqual(expected);
  });

  it('refuses a file that is not Excel', async () => {
    await expect(validate(Buffer.from('%PDF-1.7'), { fileName: 'prislista.pdf' })).rejects.toBeInstanceOf(
      ExcelFileError,
    );
  });
});

describe('Excel quirks', () => {
  it('reads article numbers typed as numbers as their digits, never 1.0E+5 or 100000.0', async () => {
    const content = await file([validRow(100000), validRow(12345)]);
    expect(addedRows(await validate(content)).map((row) => row.articleNumber)).toEqual(['100000', '12345']);
    const xls = sheetjsWorkbook({ Prislista: [headers, validRow(1e5)] }, 'biff8');
    expect(addedRows(await validate(xls, { fileName: 'p.xls' }))[0]!.articleNumber).toBe('100000');
  });

  it('reports an article number that is a date as the date, not as a serial number', async () => {
    const error = await onlyError(validRow(new Date(Date.UTC(2024, 0, 5)) as unknown as string));
    expect(error).toMatchObject({
      column: 'Artikelnummer',
      value: '2024-01-05',
      articleNumber: '2024-01-05',
    });
  });

  it('reads prices as numbers and as text with a decimal comma and spaces', async () => {
    const prices: [CellInput, string][] = [
      [1234.5, '1234.50'],
      [12.300000000000001, '12.30'],
      [0.1 + 0.2, '0.30'],
      [0, '0.00'],
      ['1 234,50', '1234.50'],
      ['1\u00a0234,5', '1234.50'],
      ['12\u202f345\u2009678', '12345678.00'],
      [' 99.95 ', '99.95'],
      ['0,5', '0.50'],
    ];
    const rows = prices.map(([price], i) => validRow(articleNumbers[i % articleNumbers.length]!, price));
    for (const [index, row] of rows.entries()) {
      const [added] = addedRows(await validate(await file([row])));
      expect(added?.price, String(prices[index]![0])).toBe(prices[index]![1]);
    }
  });

  it('uses the cached values of formulas', async () => {
    const content = await file([
      [
        { formula: '"HMD-"&"0001"', result: 'HMD-0001' },
        null,
        { formula: 'B5*1.25', result: 125.00000000000001 },
        { formula: '1+1', result: 2 },
      ],
    ]);
    expect(addedRows(await validate(content))[0]).toMatchObject({
      articleNumber: 'HMD-0001',
      price: '125.00',
      minimumOrderQuantity: 2,
    });
  });

  it('reads å, ä and ö everywhere: headers, sheet name, article numbers and text', async () => {
    const content = await exceljsWorkbook({
      Prislista: [
        headers,
        [
          'HMD-Å1',
          'Överflyttningsbräda',
          10,
          1,
          null,
          1,
          'ÅR',
          'LEVERANSDATUM',
          'Gäller för hjälpmedlets ägare',
        ],
      ],
    });
    expect(addedRows(await validate(content))[0]).toMatchObject({
      articleNumber: 'HMD-Å1',
      warrantyUnit: 'År',
      warrantyValidFrom: 'Leveransdatum',
      warrantyTerms: 'Gäller för hjälpmedlets ägare',
    });
  });

  it('reads text that our exports escaped against formulas as the text itself', async () => {
    const row = validRow('HMD-0001');
    row[8] = "'-Gäller ej batterier";
    expect(addedRows(await validate(await file([row])))[0]!.warrantyTerms).toBe('-Gäller ej batterier');
  });

  it('takes a number or a date in a text column as the text a user sees', async () => {
    const row = validRow('HMD-0001');
    row[8] = new Date(Date.UTC(2025, 5, 1));
    expect(addedRows(await validate(await file([row])))[0]!.warrantyTerms).toBe('2025-06-01');
    row[8] = 24;
    expect(addedRows(await validate(await file([row])))[0]!.warrantyTerms).toBe('24');
  });
});

describe('the rules of each column', () => {
  it('requires an article number', async () => {
    const row = validRow('HMD-0001');
    row[0] = null;
    const error = await onlyError(row);
    expect(error).toEqual({
      row: 2,
      sheet: 'Prislista',
      column: 'Artikelnummer',
      value: '',
      message: 'Artikelnummer saknas. Ange artikelnumret för en av organisationens egna artiklar.',
      rule: 'REQUIRED',
      cell: 'A2',
    });
  });

  it("requires an article of the supplier's own organisation", async () => {
    expect(await onlyError(validRow('ANN-0001'))).toEqual({
      row: 2,
      articleNumber: 'ANN-0001',
      sheet: 'Prislista',
      column: 'Artikelnummer',
      value: 'ANN-0001',
      message:
        'Artikelnumret finns inte bland organisationens artiklar. Ange artikelnumret för en av organisationens egna artiklar.',
      rule: 'UNKNOWN_ARTICLE',
      cell: 'A2',
    });
  });

  it('requires each article number once in the file', async () => {
    const errors = errorsOf(
      await validate(await file([validRow('HMD-0001'), validRow('HMD-0002'), validRow(' HMD-0001 ')])),
    );
    expect(errors.map(({ articleName: _name, rowValues: _values, ...error }) => error)).toEqual([
      {
        row: 4,
        articleNumber: 'HMD-0001',
        sheet: 'Prislista',
        column: 'Artikelnummer',
        value: ' HMD-0001 ',
        message: 'Artikelnumret finns redan på rad 2. Varje artikel får bara finnas på en rad i filen.',
        rule: 'DUPLICATE_ARTICLE',
        cell: 'A4',
      },
    ]);
  });

  it.each([
    [null, 'Pris saknas.', '', 'REQUIRED'],
    [-5, 'Värdet är negativt.', '-5', 'NEGATIVE'],
    ['-5,00', 'Värdet är negativt.', '-5,00', 'NEGATIVE'],
    [12.345, 'Värdet har fler än två decimaler.', '12.345', 'TOO_MANY_DECIMALS'],
    ['12,345', 'Värdet har fler än två decimaler.', '12,345', 'TOO_MANY_DECIMALS'],
    ['1.000', 'Värdet har fler än två decimaler.', '1.000', 'TOO_MANY_DECIMALS'],
    ['1.234,50', 'Värdet är inte ett tal.', '1.234,50', 'NOT_A_NUMBER'],
    ['12 34', 'Värdet är inte ett tal.', '12 34', 'NOT_A_NUMBER'],
    ['125 kr', 'Värdet är inte ett tal.', '125 kr', 'NOT_A_NUMBER'],
    [true, 'Cellen innehåller ett sanningsvärde (SANT eller FALSKT).', 'SANT', 'BOOLEAN_VALUE'],
    [{ error: '#N/A' }, 'Cellen innehåller felvärdet #N/A.', '#N/A', 'ERROR_VALUE'],
    [new Date(Date.UTC(2024, 1, 29)), 'Cellen är formaterad som ett datum.', '2024-02-29', 'DATE_VALUE'],
    [1e13, 'Värdet är för stort (högst 999 999 999 999,99).', '10000000000000', 'TOO_LARGE'],
  ])('refuses the price %j', async (price, problem, value, rule) => {
    const error = await onlyError(validRow('HMD-0001', price as CellInput));
    expect(error).toEqual({
      row: 2,
      articleNumber: 'HMD-0001',
      sheet: 'Prislista',
      column: 'Pris',
      value,
      message: `${problem} ${priceRule}`,
      rule,
      cell: 'C2',
    });
  });

  it.each([
    [null, 'Minsta beställningsantal saknas.', 'REQUIRED'],
    [0, 'Värdet är mindre än 1.', 'LESS_THAN_ONE'],
    [1.5, 'Värdet är inte ett heltal.', 'NOT_AN_INTEGER'],
    ['2,5', 'Värdet är inte ett heltal.', 'NOT_AN_INTEGER'],
    ['tio', 'Värdet är inte ett tal.', 'NOT_A_NUMBER'],
    [3_000_000_000, 'Värdet är för stort (högst 2 147 483 647).', 'TOO_LARGE'],
  ])('refuses the minimum order quantity %j', async (quantity, problem, rule) => {
    const row = validRow('HMD-0001');
    row[3] = quantity as CellInput;
    const error = await onlyError(row);
    expect(error.column).toBe('Minsta beställningsantal');
    expect(error).toMatchObject({ rule, cell: 'D2' });
    expect(error.message).toBe(
      `${problem} Minsta beställningsantal måste vara ett heltal större än eller lika med 1.`,
    );
  });

  it('accepts integers typed as text or with float noise', async () => {
    const row = validRow('HMD-0001');
    row[3] = ' 12 ';
    row[4] = 2.9999999999999996;
    row[5] = '1 000';
    expect(addedRows(await validate(await file([row])))[0]).toMatchObject({
      minimumOrderQuantity: 12,
      deliveryTimeDays: 3,
      warrantyQuantity: 1000,
    });
  });

  it.each([
    [
      4,
      'Leveranstid (dagar)',
      -1,
      'Värdet är negativt. Leveranstid (dagar) måste vara tom eller ett heltal större än eller lika med 0.',
      'NEGATIVE',
    ],
    [
      4,
      'Leveranstid (dagar)',
      2.5,
      'Värdet är inte ett heltal. Leveranstid (dagar) måste vara tom eller ett heltal större än eller lika med 0.',
      'NOT_AN_INTEGER',
    ],
    [
      5,
      'Garanti antal',
      -2,
      'Värdet är negativt. Garanti antal måste vara tom eller ett heltal större än eller lika med 0.',
      'NEGATIVE',
    ],
    [
      5,
      'Garanti antal',
      'två',
      'Värdet är inte ett tal. Garanti antal måste vara tom eller ett heltal större än eller lika med 0.',
      'NOT_A_NUMBER',
    ],
    [
      6,
      'Garanti enhet',
      'Timmar',
      'Värdet är inte ett av de tillåtna. Garanti enhet måste vara Dagar, Veckor, Månader eller År.',
      'INVALID_UNIT',
    ],
    [
      7,
      'Garanti gäller från',
      'Igår',
      'Värdet är inte ett av de tillåtna. Garanti gäller från måste vara tom, Leveransdatum eller Fakturadatum.',
      'INVALID_VALID_FROM',
    ],
  ])('refuses column %i (%s) = %j', async (index, column, value, message, rule) => {
    const row = validRow('HMD-0001');
    row[index] = value as CellInput;
    expect(await onlyError(row)).toMatchObject({
      column,
      message,
      value: String(value),
      rule,
      cell: `${'ABCDEFGHI'[index]}2`,
    });
  });

  it('accepts empty optional columns', async () => {
    const row: CellInput[] = ['HMD-0001', null, 10, 1, null, null, null, null, null];
    expect(addedRows(await validate(await file([row])))[0]).toEqual({
      articleNumber: 'HMD-0001',
      price: '10.00',
      minimumOrderQuantity: 1,
      deliveryTimeDays: null,
      warrantyQuantity: null,
      warrantyUnit: null,
      warrantyValidFrom: null,
      warrantyTerms: null,
    });
  });

  it('requires a warranty unit when a warranty quantity is set, and allows a unit alone', async () => {
    const row = validRow('HMD-0001');
    row[6] = null;
    expect(await onlyError(row)).toMatchObject({
      column: 'Garanti enhet',
      rule: 'MISSING_UNIT',
      cell: 'G2',
      value: '',
      message:
        'Garanti enhet saknas. När Garanti antal är ifyllt måste Garanti enhet vara Dagar, Veckor, Månader eller År.',
    });
    const unitAlone: CellInput[] = ['HMD-0001', null, 10, 1, null, null, 'veckor', null, null];
    expect(addedRows(await validate(await file([unitAlone])))[0]!.warrantyUnit).toBe('Veckor');
  });

  it('accepts warranty terms of 255 characters (å and emoji count as one) and refuses 256', async () => {
    const row = validRow('HMD-0001');
    row[8] = `${'å'.repeat(250)}😀😀😀😀😀`;
    expect(addedRows(await validate(await file([row])))[0]!.warrantyTerms).toHaveLength(260);
    row[8] = 'a'.repeat(256);
    expect(await onlyError(row)).toMatchObject({
      message: 'Texten är 256 tecken lång. Garantivillkor måste vara tom eller en text på högst 255 tecken.',
      rule: 'TOO_LONG',
      cell: 'I2',
    });
  });

  it('gives one error per rule break, in column order, with the row and article number', async () => {
    const errors = errorsOf(
      await validate(await file([['HMD-0002', 'x', 'gratis', 0, -1, 1, null, 'Nu', null]])),
    );
    expect(errors.map((error) => [error.row, error.articleNumber, error.column])).toEqual([
      [2, 'HMD-0002', 'Pris'],
      [2, 'HMD-0002', 'Minsta beställningsantal'],
      [2, 'HMD-0002', 'Leveranstid (dagar)'],
      [2, 'HMD-0002', 'Garanti enhet'],
      [2, 'HMD-0002', 'Garanti gäller från'],
    ]);
  });

  it("names each error's cell by the column's letter in the file, and counts the errors by column and rule", async () => {
    // The columns in another order than the template's, a second Pris header, and an extra column.
    const header = ['Pris', 'Kommentar', 'Artikelnummer', 'Minsta beställningsantal', 'pris'];
    const outcome = await validate(
      await file(
        [
          ['gratis', 'x', 'HMD-0001', 0, 1],
          ['12,345', 'x', 'HMD-0002', 1, 1],
          ['tio', 'x', 'OKÄND', 1, 1],
        ],
        header,
      ),
    );
    const errors = errorsOf(outcome);
    expect(errors.map((error) => [error.cell, error.column, error.rule])).toEqual([
      ['E1', 'Pris', 'DUPLICATE_COLUMN'],
      ['A2', 'Pris', 'NOT_A_NUMBER'],
      ['D2', 'Minsta beställningsantal', 'LESS_THAN_ONE'],
      ['A3', 'Pris', 'TOO_MANY_DECIMALS'],
      ['C4', 'Artikelnummer', 'UNKNOWN_ARTICLE'],
      ['A4', 'Pris', 'NOT_A_NUMBER'],
    ]);
    if (outcome.summary.type !== 'VALIDATION_ERRORS') throw new Error('expected errors');
    // In the template's column order, then the rules' order; one error is "1 värde", not "1 värden".
    expect(outcome.summary.errorCounts).toEqual([
      {
        column: 'Artikelnummer',
        rule: 'UNKNOWN_ARTICLE',
        count: 1,
        label: 'Artikelnummer: 1 artikelnummer finns inte bland organisationens artiklar',
      },
      { column: 'Pris', rule: 'NOT_A_NUMBER', count: 2, label: 'Pris: 2 värden är inte tal' },
      {
        column: 'Pris',
        rule: 'TOO_MANY_DECIMALS',
        count: 1,
        label: 'Pris: 1 värde har fler än två decimaler',
      },
      {
        column: 'Pris',
        rule: 'DUPLICATE_COLUMN',
        count: 1,
        label: 'Pris: 1 kolumn till har samma rubrik',
      },
      {
        column: 'Minsta beställningsantal',
        rule: 'LESS_THAN_ONE',
        count: 1,
        label: 'Minsta beställningsantal: 1 värde är mindre än 1',
      },
    ]);
    expect(outcome.summary.errorCounts!.reduce((sum, count) => sum + count.count, 0)).toBe(
      outcome.summary.errorCount,
    );
  });

  it('has no cell for a value whose column the file lacks', async () => {
    const header = ['Artikelnummer', 'Pris', 'Minsta beställningsantal', 'Garanti antal'];
    const error = errorsOf(await validate(await file([['HMD-0001', 1, 1, 2]], header)))[0]!;
    expect(error).toMatchObject({ column: 'Garanti enhet', rule: 'MISSING_UNIT' });
    expect(error.cell).toBeUndefined();
  });

  it('counts every error and shows the first 100 in row order', async () => {
    const rows = Array.from({ length: 150 }, () => validRow('HMD-0001', 'fel'));
    const outcome = await validate(await file(rows));
    if (outcome.summary.type !== 'VALIDATION_ERRORS' || !('allErrors' in outcome))
      throw new Error('expected errors');
    expect(outcome.summary.errorCount).toBe(299);
    expect(outcome.summary.errors).toHaveLength(100);
    expect(outcome.summary.errors.map((error) => error.row)).toEqual(
      outcome.allErrors.slice(0, 100).map((error) => error.row),
    );
    expect(outcome.allErrors).toHaveLength(299);
    // Every error counted by column and rule: 150 prices, 149 repeated article numbers.
    expect(outcome.summary.errorCounts).toEqual([
      {
        column: 'Artikelnummer',
        rule: 'DUPLICATE_ARTICLE',
        count: 149,
        label: 'Artikelnummer: 149 artikelnummer finns redan på en tidigare rad',
      },
      { column: 'Pris', rule: 'NOT_A_NUMBER', count: 150, label: 'Pris: 150 värden är inte tal' },
    ]);
    expect(outcome.allErrors.map((error) => error.row)).toEqual(
      [...outcome.allErrors.map((error) => error.row)].sort((a, b) => a - b),
    );
  });
});

describe('text that cannot be stored', () => {
  /** A one-row file whose cells are written as raw XML text, so that `_xHHHH_` escapes reach the reader. */
  function rawFile(cells: { articleNumber?: string; warrantyTerms?: string }) {
    const texts = [...headers, cells.articleNumber ?? 'HMD-0001', cells.warrantyTerms ?? ''];
    const header = headers.map((_, i) => `<c r="${'ABCDEFGHI'[i]}1" t="s"><v>${i}</v></c>`).join('');
    const row =
      `<c r="A2" t="s"><v>${headers.length}</v></c><c r="C2"><v>100</v></c><c r="D2"><v>1</v></c>` +
      (cells.warrantyTerms === undefined ? '' : `<c r="I2" t="s"><v>${headers.length + 1}</v></c>`);
    return handMadeXlsx({ sheet: `<row r="1">${header}</row><row r="2">${row}</row>`, sharedStrings: texts });
  }

  it('refuses a control character decoded from _x0000_ on its cell, and shows it as a visible sign', async () => {
    const errors = errorsOf(await validate(rawFile({ warrantyTerms: 'före_x0000_efter' })));
    expect(errors).toEqual([
      {
        row: 2,
        articleNumber: 'HMD-0001',
        sheet: 'Prislista',
        column: 'Garantivillkor',
        message:
          'Texten innehåller ett tecken som inte kan sparas (U+0000, ett styrtecken) på plats 5. Garantivillkor måste vara tom eller en text på högst 255 tecken.',
        value: 'före␀efter',
        rule: 'FORBIDDEN_CHARACTER',
        cell: 'I2',
        // The row's values beside it are shown as safely.
        rowValues: [
          { column: 'Artikelnummer', value: 'HMD-0001' },
          { column: 'Pris', value: '100' },
          { column: 'Minsta beställningsantal', value: '1' },
          { column: 'Garantivillkor', value: 'före␀efter' },
        ],
      },
    ]);
  });

  it('refuses half a surrogate pair and U+FFFF, and an article number with a control character', async () => {
    expect(errorsOf(await validate(rawFile({ warrantyTerms: 'a_xD800_b' })))[0]).toMatchObject({
      message: expect.stringContaining('(U+D800, en halv teckenkod) på plats 2.'),
      value: 'a\uFFFDb',
    });
    expect(errorsOf(await validate(rawFile({ warrantyTerms: '_xFFFF_' })))[0]!.message).toContain(
      '(U+FFFF, som inte är ett tecken) på plats 1.',
    );
    expect(errorsOf(await validate(rawFile({ articleNumber: 'HMD-0001_x0001_' })))).toEqual([
      expect.objectContaining({
        column: 'Artikelnummer',
        message: expect.stringContaining('(U+0001, ett styrtecken) på plats 9.'),
        value: 'HMD-0001␁',
      }),
    ]);
  });

  it('keeps _x005F_ as a literal underscore and two escaped halves as one character', async () => {
    const outcome = await validate(rawFile({ warrantyTerms: '_x005F_x0000_ och _xD83D__xDE00_ rad_x000D_' }));
    expect(addedRows(outcome)[0]!.warrantyTerms).toBe('_x0000_ och 😀 rad');
  });

  it('shows at most 300 characters of a huge value or article number', async () => {
    // Letters in an order that does not compress past the zip guard's 100:1.
    let seed = 1;
    const letters = Array.from({ length: 1_000_000 }, () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return 'abcdefghijklmnopqrstuvwxyzåäö'[seed % 29];
    }).join('');
    const huge = errorsOf(await validate(rawFile({ warrantyTerms: letters })))[0]!;
    expect(huge.message).toBe(
      'Texten är 1000000 tecken lång. Garantivillkor måste vara tom eller en text på högst 255 tecken.',
    );
    expect(huge.value).toBe(`${letters.slice(0, 300)}…`);
    const unknown = errorsOf(await validate(rawFile({ articleNumber: `${'X'.repeat(299)}😀😀` })))[0]!;
    expect(unknown.articleNumber).toBe(`${'X'.repeat(299)}…`);
    expect(unknown.value).toBe(unknown.articleNumber);
  });
});

describe('the comparison with the price list', () => {
  it('counts added, updated, removed and unchanged rows and lists the changes', async () => {
    const content = await file([
      validRow('HMD-0001', 100),
      validRow('HMD-0002', '150,5'),
      validRow('HMD-0004', 1),
    ]);
    const existingRows = [
      storedRow('HMD-0001'),
      storedRow('HMD-0002', { price: '150.00' }),
      storedRow('HMD-0003'),
    ];
    const outcome = await validate(content, { existingRows });
    expect(outcome.summary).toEqual({ type: 'CONFIRM', added: 1, updated: 1, removed: 1, unchanged: 1 });
    if (!('changes' in outcome)) throw new Error('expected changes');
    expect(outcome.changes.added.map((row) => row.articleNumber)).toEqual(['HMD-0004']);
    expect(outcome.changes.updated).toEqual([
      { old: storedRow('HMD-0002', { price: '150.00' }), new: storedRow('HMD-0002', { price: '150.50' }) },
    ]);
    expect(outcome.changes.removed).toEqual([storedRow('HMD-0003')]);
  });

  it('compares after normalising: numbers as numbers, text trimmed, enumerations in any case', async () => {
    const row: CellInput[] = ['HMD-0001', 'Rullstol', '100', 1, 5, 2, 'år', ' leveransdatum ', '  Villkor  '];
    const stored = storedRow('HMD-0001', { price: '100.0', warrantyUnit: 'ÅR', warrantyTerms: 'Villkor ' });
    expect((await validate(await file([row]), { existingRows: [stored] })).summary).toEqual({
      type: 'CONFIRM',
      added: 0,
      updated: 0,
      removed: 0,
      unchanged: 1,
    });
  });

  it('treats an empty file as removing every row', async () => {
    const outcome = await validate(await file([]), { existingRows: [storedRow('HMD-0001')] });
    expect(outcome.summary).toEqual({ type: 'CONFIRM', added: 0, updated: 0, removed: 1, unchanged: 0 });
  });
});

describe('data that arrives while the file is read', () => {
  // The worker reads the file while the job still loads the articles and the price list.
  const later = <T>(value: T, ms: number) =>
    new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
  const soon = <T>(value: T) => new Promise<T>((resolve) => setImmediate(() => resolve(value)));

  it('checks and compares the waiting rows as if the data had been there from the start', async () => {
    const numbers = Array.from({ length: 3_000 }, (_, i) => `ART-${i}`);
    const content = await file(numbers.map((number, i) => validRow(number, i % 10 === 0 ? 1 : 100)));
    const existing = [...numbers.slice(0, 2_000), 'ART-GONE'].map((number) => storedRow(number));
    const data = { articleNumbers: [...numbers, 'ART-GONE'], stored: storedRowsOf(existing) };

    const atOnce = await validateAgainst(content, 'prislista.xlsx', data);
    expect(atOnce.summary).toEqual({
      type: 'CONFIRM',
      added: 1_000,
      updated: 200,
      removed: 1,
      unchanged: 1_800,
    });
    for (const arriving of [soon(data), later(data, 300)]) {
      expect(await validateAgainst(content, 'prislista.xlsx', arriving)).toEqual(atOnce);
    }
  });

  it('reports unknown and repeated articles in row order when the data comes last, .xlsx and .xls alike', async () => {
    const rows = [validRow('HMD-0001'), validRow('OKÄND-1'), validRow('HMD-0001'), validRow('HMD-0002', -1)];
    const data = { articleNumbers, stored: storedRowsOf([]) };
    for (const [content, fileName] of [
      [await file(rows), 'prislista.xlsx'],
      [sheetjsWorkbook({ Prislista: [headers, ...rows] }, 'biff8'), 'prislista.xls'],
    ] as const) {
      const outcome = await validateAgainst(content, fileName, later(data, 100));
      if (!('allErrors' in outcome)) throw new Error('expected errors');
      expect(outcome.allErrors.map((error) => [error.row, error.articleNumber])).toEqual([
        [3, 'OKÄND-1'],
        [4, 'HMD-0001'],
        [5, 'HMD-0002'],
      ]);
    }
  });

  it('fails a file that cannot be read without waiting for the data', async () => {
    const never = new Promise<never>(() => {});
    await expect(validateAgainst(Buffer.from('%PDF-1.7'), 'prislista.xlsx', never)).rejects.toThrow(
      ExcelFileError,
    );
  });
});
