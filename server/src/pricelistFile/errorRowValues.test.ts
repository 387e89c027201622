import { describe, expect, it } from 'vitest';
import { exceljsWorkbook, headers, validRow } from '../../../test-support/workbooks';
import { validatePriceList } from './validatePricelist';

/**
 * An error shows its row's Benämning and values, so that the summary can show which row it is
 * when the row has no article number ("Visa radens värden"); each value shown safely and short.
 */
describe('what an error keeps of its row', () => {
  it('keeps the Benämning and the values in our columns, cut at 60 characters, on every error of the row', async () => {
    const long = 'Garanti '.repeat(20);
    const row = [null, 'Rullstol Lätt', 'gratis', 0, null, null, null, null, long];
    const content = await exceljsWorkbook({ Prislista: [headers, validRow('HMD-0001'), row] });
    const outcome = await validatePriceList({
      content,
      fileName: 'prislista.xlsx',
      articleNumbers: ['HMD-0001'],
      existingRows: [],
    });
    if (outcome.summary.type !== 'VALIDATION_ERRORS') throw new Error(outcome.summary.type);
    const errors = outcome.summary.errors;
    expect(errors.map((error) => error.column)).toEqual([
      'Artikelnummer',
      'Pris',
      'Minsta beställningsantal',
    ]);
    for (const error of errors) {
      expect(error.articleName).toBe('Rullstol Lätt');
      expect(error.rowValues).toEqual([
        { column: 'Benämning', value: 'Rullstol Lätt' },
        { column: 'Pris', value: 'gratis' },
        { column: 'Minsta beställningsantal', value: '0' },
        { column: 'Garantivillkor', value: `${long.slice(0, 60)}…` },
      ]);
    }
  });
});
