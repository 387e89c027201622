import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ValidationError } from '#contract';
import {
  type CellInput,
  exceljsWorkbook,
  headers,
  sheetjsWorkbook,
  validRow,
} from '../../../test-support/workbooks';
import { errorFill } from './errorWorkbook';
import { validatePriceList } from './validatePricelist';
import { buildValidationErrorWorkbook } from './workerCalls';

async function errorsOf(content: Buffer, fileName = 'prislista.xlsx'): Promise<ValidationError[]> {
  const outcome = await validatePriceList({
    content,
    fileName,
    articleNumbers: ['HMD-0001', 'HMD-0002'],
    existingRows: [],
  });
  if (!('allErrors' in outcome)) throw new Error('expected errors');
  return outcome.allErrors;
}

async function open(content: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ExcelJS.Buffer);
  return workbook;
}

const noteText = (note: ExcelJS.Comment | string | undefined) =>
  typeof note === 'string' ? note : (note?.texts ?? []).map((run) => run.text).join('');

const rows: CellInput[][] = [
  headers,
  validRow('HMD-0001'),
  validRow('=HYPERLINK("http://x")', '-12'),
  ['HMD-0002', '@rullstol', null, 0, null, null, null, null, '\tvillkor'],
];

describe('the error workbook', () => {
  it('lists every error on the sheet Fel, formula-like text as it is (stored as text with the quote prefix)', async () => {
    const content = await exceljsWorkbook({ Prislista: rows });
    const errors = await errorsOf(content);
    const workbook = await open(await buildValidationErrorWorkbook(content, 'prislista.xlsx', errors));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Fel', 'Prislista']);
    const list = workbook.getWorksheet('Fel')!;
    expect(list.getRow(1).values).toEqual([
      undefined,
      'Rad',
      'Artikelnummer',
      'Flik',
      'Kolumn',
      'Kolumn i filen',
      'Cell',
      'Värde',
      'Meddelande',
    ]);
    expect(list.rowCount).toBe(errors.length + 1);
    expect(list.getRow(2).values).toEqual([
      undefined,
      3,
      '=HYPERLINK("http://x")',
      'Prislista',
      'Artikelnummer',
      undefined,
      'A3',
      '=HYPERLINK("http://x")',
      'Artikelnumret finns inte bland organisationens artiklar. Ange artikelnumret för en av organisationens egna artiklar.',
    ]);
    expect(list.getRow(3).getCell(7).value).toBe('-12');
  });

  it('copies the uploaded sheet with the faulty cells filled red and the message as a note', async () => {
    const content = await exceljsWorkbook({ Prislista: rows });
    const errors = await errorsOf(content);
    const copy = (
      await open(await buildValidationErrorWorkbook(content, 'prislista.xlsx', errors))
    ).getWorksheet('Prislista')!;
    expect(copy.getCell('A1').value).toBe('Artikelnummer');
    expect(copy.getCell('A2').value).toBe('HMD-0001');
    expect(copy.getCell('C2').value).toBe(100);
    expect(copy.getCell('A2').fill).toBeUndefined();

    expect(copy.getCell('A3').value).toBe('=HYPERLINK("http://x")');
    expect(copy.getCell('A3').fill).toEqual(errorFill);
    expect(noteText(copy.getCell('A3').note)).toBe(errors[0]!.message);
    expect(copy.getCell('C3').fill).toEqual(errorFill);
    expect(noteText(copy.getCell('C3').note)).toContain('Värdet är negativt.');

    // A missing value is marked on its empty cell.
    expect(copy.getCell('C4').value).toBeNull();
    expect(copy.getCell('C4').fill).toEqual(errorFill);
    expect(noteText(copy.getCell('C4').note)).toContain('Pris saknas.');
    expect(copy.getCell('B4').value).toBe('@rullstol');
    expect(copy.getCell('I4').value).toBe('\tvillkor');
  });

  it('copies an .xls sheet too', async () => {
    const content = sheetjsWorkbook({ Prislista: [headers, validRow('HMD-0003')] }, 'biff8');
    const errors = await errorsOf(content, 'prislista.xls');
    const copy = (
      await open(await buildValidationErrorWorkbook(content, 'prislista.xls', errors))
    ).getWorksheet('Prislista')!;
    expect(copy.getCell('A2').value).toBe('HMD-0003');
    expect(copy.getCell('A2').fill).toEqual(errorFill);
  });

  it('still lists the errors when the file cannot be read again', async () => {
    const errors: ValidationError[] = [
      { row: 2, sheet: 'Prislista', column: 'Pris', message: 'Pris saknas.', value: '' },
    ];
    const workbook = await open(
      await buildValidationErrorWorkbook(Buffer.from('trasig'), 'prislista.xlsx', errors),
    );
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Fel']);
    expect(workbook.getWorksheet('Fel')!.getRow(2).getCell(8).value).toBe('Pris saknas.');
  });

  it("names a mapped file's own columns and copies its own sheet", async () => {
    const content = await exceljsWorkbook({
      Blad1: [
        ['Art.nr', 'Pris exkl. moms', 'Min. order'],
        ['HMD-0001', 'gratis', 1],
      ],
    });
    const chosen = {
      sheet: 'Blad1',
      columns: { Artikelnummer: 'A', Pris: 'B', 'Minsta beställningsantal': 'C' },
    };
    const outcome = await validatePriceList({
      content,
      fileName: 'export.xlsx',
      articleNumbers: ['HMD-0001'],
      existingRows: [],
      columns: { chosen },
    });
    if (!('allErrors' in outcome)) throw new Error('expected errors');
    // The stored errors get the file's column names when they are read (store/details.ts); as given here:
    const errors = outcome.allErrors.map((error) => ({ ...error, fileColumn: 'Pris exkl. moms (kolumn B)' }));
    const workbook = await open(await buildValidationErrorWorkbook(content, 'export.xlsx', errors));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Fel', 'Blad1']);
    const row = workbook.getWorksheet('Fel')!.getRow(2);
    expect([row.getCell(3).value, row.getCell(4).value, row.getCell(5).value, row.getCell(6).value]).toEqual([
      'Blad1',
      'Pris',
      'Pris exkl. moms (kolumn B)',
      'B2',
    ]);
    const copy = workbook.getWorksheet('Blad1')!;
    expect(copy.getCell('B2').value).toBe('gratis');
    expect(copy.getCell('B2').fill).toEqual(errorFill);
    expect(copy.getCell('A2').fill).toBeUndefined();
  });
});
