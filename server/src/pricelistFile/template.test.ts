import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { PricelistRowValues } from '#contract';
import { generatePriceListRows } from '../../../test-support/generatedWorkbooks';
import { headers, storedRow } from '../../../test-support/workbooks';
import { columnNotes, type TemplateRow } from './template';
import { validatePriceList } from './validatePricelist';
import { buildPriceListTemplate } from './workerCalls';

async function open(content: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ExcelJS.Buffer);
  return workbook.getWorksheet('Prislista')!;
}

const noteText = (note: ExcelJS.Comment | string | undefined) =>
  typeof note === 'string' ? note : (note?.texts ?? []).map((run) => run.text).join('');

/** Uploads the template unchanged against the same price list. */
async function roundTrip(rows: TemplateRow[]) {
  const content = await buildPriceListTemplate(rows);
  return validatePriceList({
    content,
    fileName: 'mall.xlsx',
    articleNumbers: rows.map((row) => row.values.articleNumber),
    existingRows: rows.map((row) => row.values),
  });
}

describe('the price-list template', () => {
  it('has the header row with each rule as a note, and drop-down lists for the enumerated columns', async () => {
    const sheet = await open(await buildPriceListTemplate());
    expect(headers.map((_, i) => sheet.getRow(1).getCell(i + 1).value)).toEqual(headers);
    expect(noteText(sheet.getCell('C1').note)).toBe(
      'Obligatorisk. Ett tal större än eller lika med 0 med högst två decimaler, till exempel 1234,50.',
    );
    for (let i = 0; i < headers.length; i++)
      expect(noteText(sheet.getRow(1).getCell(i + 1).note)).not.toBe('');
    expect(Object.values(columnNotes)).toHaveLength(headers.length);
    // Typed on the Worksheet only in exceljs' sources, not in its .d.ts.
    const validations = (
      sheet as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } }
    ).dataValidations.model;
    expect(validations.G2).toMatchObject({ type: 'list', formulae: ['"Dagar,Veckor,Månader,År"'] });
    expect(validations.H500).toMatchObject({ type: 'list', formulae: ['"Leveransdatum,Fakturadatum"'] });
    expect(sheet.getColumn(1).numFmt).toBe('@');
  });

  it('writes article numbers as text and prices as numbers', async () => {
    const sheet = await open(
      await buildPriceListTemplate([
        { values: storedRow('100000', { price: '1234.50' }), articleName: 'Rullstol' },
      ]),
    );
    expect(sheet.getCell('A2').value).toBe('100000');
    expect(sheet.getCell('A2').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('B2').value).toBe('Rullstol');
    expect(sheet.getCell('C2').value).toBe(1234.5);
    expect(sheet.getCell('G2').value).toBe('År');
  });

  it('keeps text that looks like a formula as it is (stored as text with the quote prefix)', async () => {
    const values = storedRow('=HMD', { warrantyTerms: '+46 8 123 45' });
    const sheet = await open(await buildPriceListTemplate([{ values, articleName: '@rullstol' }]));
    expect([sheet.getCell('A2').value, sheet.getCell('B2').value, sheet.getCell('I2').value]).toEqual([
      '=HMD',
      '@rullstol',
      '+46 8 123 45',
    ]);
  });

  it('changes nothing when uploaded unchanged', async () => {
    const values: PricelistRowValues[] = [
      storedRow('HMD-0001'),
      storedRow('100000', { price: '0.00', warrantyTerms: '-Gäller ej batterier', deliveryTimeDays: 0 }),
      storedRow('=SUMMA(A1)', {
        price: '999999999999.99',
        deliveryTimeDays: null,
        warrantyQuantity: null,
        warrantyUnit: null,
        warrantyValidFrom: null,
      }),
      storedRow('HMD-Å', {
        price: '12.30',
        warrantyUnit: 'Månader',
        warrantyValidFrom: 'Fakturadatum',
        warrantyTerms: 'Åäö',
      }),
    ];
    const outcome = await roundTrip(values.map((row) => ({ values: row, articleName: null })));
    expect(outcome.summary).toEqual({
      type: 'CONFIRM',
      added: 0,
      updated: 0,
      removed: 0,
      unchanged: values.length,
    });
  });

  it('writes text that looks like an Excel escape so that it reads back as itself', async () => {
    const values = [
      storedRow('HMD_x0041_', { warrantyTerms: '_x0000_ och _X0041_ och _x005F_x0041_' }),
      storedRow('HMD-0002', { warrantyTerms: 'a_x000D_b' }),
    ];
    const outcome = await roundTrip(values.map((row) => ({ values: row, articleName: '_x0009_' })));
    expect(outcome.summary).toEqual({ type: 'CONFIRM', added: 0, updated: 0, removed: 0, unchanged: 2 });
  });

  it('changes nothing when a generated 5,000-row price list goes round', async () => {
    const rows = generatePriceListRows(5_000);
    const outcome = await roundTrip(rows);
    expect(outcome.summary).toEqual({ type: 'CONFIRM', added: 0, updated: 0, removed: 0, unchanged: 5_000 });
  });

  it('gives an empty price list from the empty template', async () => {
    const outcome = await roundTrip([]);
    expect(outcome.summary).toEqual({ type: 'CONFIRM', added: 0, updated: 0, removed: 0, unchanged: 0 });
  });
});
