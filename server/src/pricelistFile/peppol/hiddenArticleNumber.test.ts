import { describe, expect, it } from 'vitest';
import type { PricelistRowValues, ValidationError } from '#contract';
import { unknownArticleMessage } from '#contract/cellRules';
import { priceListWorkbook } from '../../../../test-support/pricelistFiles';
import type { PriceListValidationOutcome } from '../types';
import { validatePriceList } from '../validatePricelist';
import { writeCatalogue } from './writeCatalogue';

/**
 * An article number with a hidden character (U+202E, a right-to-left override, shows "HMD-0002"
 * and more as something else) is not the organisation's article: a sheet's cell and a catalogue
 * line's SellersItemIdentification/ID go through the same row rules, which neither strip it (as
 * headers and file names are stripped, contract/hiddenCharacters.ts) nor take it for the article
 * without it. The error names the value as it was written.
 */

const articleNumbers = ['HMD-0001', 'HMD-0002'];
const hidden = 'HMD-0002\u202e';

const row = (articleNumber: string): PricelistRowValues => ({
  articleNumber,
  price: '10.00',
  minimumOrderQuantity: 1,
  deliveryTimeDays: null,
  warrantyQuantity: null,
  warrantyUnit: null,
  warrantyValidFrom: null,
  warrantyTerms: null,
});

const catalogue = (articles: string[]) =>
  Buffer.from(
    writeCatalogue({
      id: '2',
      issueDate: '2026-11-20',
      startDate: '2026-11-20',
      supplierName: 'Hjälpmedel Demo AB',
      rows: articles.map((articleNumber) => ({ values: row(articleNumber), articleName: null })),
    }),
  );

function errorsOf(outcome: PriceListValidationOutcome): ValidationError[] {
  if (outcome.summary.type !== 'VALIDATION_ERRORS')
    throw new Error(`expected errors, got ${outcome.summary.type}`);
  return outcome.summary.errors;
}

const validate = (content: Uint8Array, fileName: string) =>
  validatePriceList({ content, fileName, articleNumbers, existingRows: [] });

describe('an article number with a hidden character', () => {
  it('in a catalogue line is refused as an unknown article, named as written', async () => {
    const errors = errorsOf(await validate(catalogue(['HMD-0001', hidden]), 'katalog.xml'));
    expect(errors).toEqual([
      expect.objectContaining({
        row: 2,
        column: 'Artikelnummer',
        rule: 'UNKNOWN_ARTICLE',
        message: unknownArticleMessage,
        value: hidden,
      }),
    ]);
  });

  it('in a sheet gets the same error: the catalogue follows the rule of the sheets', async () => {
    const workbook = await priceListWorkbook([
      { articleNumber: 'HMD-0001', price: 10, minimumOrderQuantity: 1 },
      { articleNumber: hidden, price: 10, minimumOrderQuantity: 1 },
    ]);
    const errors = errorsOf(await validate(workbook, 'prislista.xlsx'));
    expect(errors).toEqual([
      expect.objectContaining({
        column: 'Artikelnummer',
        rule: 'UNKNOWN_ARTICLE',
        message: unknownArticleMessage,
        value: hidden,
      }),
    ]);
  });
});
