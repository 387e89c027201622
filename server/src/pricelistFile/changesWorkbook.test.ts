import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeChangesWorkbook } from './changesWorkbook';

const row = (articleNumber: string, price: string) => ({
  articleNumber,
  price,
  minimumOrderQuantity: 1,
  deliveryTimeDays: null,
  warrantyQuantity: null,
  warrantyUnit: null,
  warrantyValidFrom: null,
  warrantyTerms: null,
});

describe('the changes workbook', () => {
  it('writes prices as numbers in a number format, and per cents as the summary shows them', async () => {
    const bytes = await writeChangesWorkbook({
      risk: {
        id: 'r',
        pricelist: { number: '2', status: 'CURRENT' },
        priceIncreases: 0,
        largestIncrease: null,
        priceDecreases: 1,
        largestDecrease: { percent: -54.5, articleNumber: 'HMD-0400' },
        medianChangePercent: -54.5,
        pricesSetToZero: 0,
        removed: 0,
        warnings: ['1 pris sänks med mer än 25\u00a0%: HMD-0400 (−54,5\u00a0%).'],
      },
      added: [JSON.stringify([row('HMD-0001', '1234.50')])],
      updated: [
        JSON.stringify([
          {
            values: row('HMD-0400', '45.50'),
            changes: [{ field: 'price', oldValue: '100.00', newValue: '45.50' }],
          },
        ]),
      ],
      removed: [],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const added = workbook.getWorksheet('Tillagda')!;
    const price = added.getRow(2).getCell(2);
    expect(price.value).toBe(1234.5);
    expect(price.numFmt).toBe('#,##0.00');
    const updated = workbook.getWorksheet('Ändrade')!.getRow(2);
    expect([updated.getCell(3).value, updated.getCell(4).value]).toEqual([100, 45.5]);
    expect(updated.getCell(4).numFmt).toBe('#,##0.00');
    const risks = workbook.getWorksheet('Risker')!;
    const facts = new Map<string, unknown>();
    risks.eachRow((r) => facts.set(String(r.getCell(1).value), r.getCell(2).value));
    expect(facts.get('Största sänkning')).toBe('−54,5\u00a0% (HMD-0400)');
  });
});
