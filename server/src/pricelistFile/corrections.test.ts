import { describe, expect, it } from 'vitest';
import { exceljsWorkbook, headers, validRow } from '../../../test-support/workbooks';
import type { FileCorrections } from './types';
import { validatePriceList } from './validatePricelist';

const validate = async (content: Buffer, corrections: FileCorrections) =>
  validatePriceList({
    content,
    fileName: 'prislista.xlsx',
    articleNumbers: ['HMD-0001', 'HMD-0002', 'HMD-0003'],
    existingRows: [],
    columns: { corrections },
  });

describe('corrections typed on the summary', () => {
  it('are applied to the cells as they are read, and a row left out is as if the file lacked it', async () => {
    const content = await exceljsWorkbook({
      Prislista: [headers, validRow('HMD-0001', 'gratis'), ['HMD-0002', null, 10, 0], validRow('OKÄND')],
    });
    const outcome = await validate(content, {
      cells: [
        { row: 2, column: 'Pris', value: '120,50' },
        // A cell the file left empty gets the typed value too.
        { row: 3, column: 'Minsta beställningsantal', value: '2' },
      ],
      leaveOut: [4],
    });
    expect(outcome.summary).toEqual({ type: 'CONFIRM', added: 2, updated: 0, removed: 0, unchanged: 0 });
    expect(
      'changes' in outcome &&
        outcome.changes.added.map((row) => [row.articleNumber, row.price, row.minimumOrderQuantity]),
    ).toEqual([
      ['HMD-0001', '120.50', 1],
      ['HMD-0002', '10.00', 2],
    ]);
  });

  it('are checked by the same rules: a wrong value is an error on its cell', async () => {
    const content = await exceljsWorkbook({ Prislista: [headers, validRow('HMD-0001', 'gratis')] });
    const outcome = await validate(content, {
      cells: [{ row: 2, column: 'Pris', value: '-5' }],
      leaveOut: [],
    });
    expect(outcome.summary).toMatchObject({
      type: 'VALIDATION_ERRORS',
      errorCount: 1,
      errors: [
        expect.objectContaining({ row: 2, column: 'Pris', cell: 'C2', value: '-5', rule: 'NEGATIVE' }),
      ],
    });
  });
});
