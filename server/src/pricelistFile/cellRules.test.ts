import { describe, expect, it } from 'vitest';
import { checkCellText } from '#contract/cellRules';
import { priceListColumnHeaders, type ValidationRule } from '#contract/domain';
import { exceljsWorkbook, headers, validRow } from '../../../test-support/workbooks';
import { validatePriceList } from './validatePricelist';

/**
 * The summary page checks a corrected value at its field with the contract's checkCellText before
 * "Validera igen": for any text, in any of our columns, it must say exactly what the validation
 * says of that text typed into the cell (the rule and the whole message), or nothing when the
 * validation finds nothing wrong with the cell. Rules that need other rows or the organisation's
 * articles are the server's alone.
 */

const serverOnly: readonly ValidationRule[] = ['UNKNOWN_ARTICLE', 'DUPLICATE_ARTICLE', 'MISSING_UNIT'];

const fixed = [
  '',
  ' ',
  'ett',
  '0',
  '1',
  '-0',
  '−5',
  '-5',
  "'-5",
  "'=1",
  "'",
  '1,5',
  '1.50',
  '1.505',
  '1,00',
  '1,001',
  '1,000',
  '5.0000',
  '12 345',
  '1 234,50',
  '1.234,50',
  '12  345',
  '123456789012',
  '1234567890123',
  '2147483647',
  '2147483648',
  '99999999999',
  ',5',
  '5,',
  '.',
  '+5',
  'År',
  'år',
  ' Månader ',
  'dagar',
  'Leveransdatum',
  'FAKTURADATUM',
  'x\u0001y',
  ' a\u0000',
  '\uD800',
  'a\uFFFE',
  'é'.repeat(256),
  '😀'.repeat(200),
  'a'.repeat(256),
  'a'.repeat(255),
  'HMD-0001',
];

/** Texts from an alphabet of what numbers and words are made of, and what breaks them. */
function randomTexts(count: number): string[] {
  const alphabet = ['0', '1', '9', ',', '.', ' ', '\u00a0', '-', '−', "'", '=', 'a', 'Å', 'r', '\u0007', 'e'];
  let seed = 20261128;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(next() * 8) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(
      '',
    ),
  );
}

const samples = [...fixed, ...randomTexts(200)];
/** Our columns with rules (Benämning has none). */
const columns = priceListColumnHeaders.filter((header) => header !== 'Benämning');

describe('the page checks a corrected value as the validation does', () => {
  it.each(columns)('%s', async (column) => {
    const articles = samples.map((_, i) => `ART-${i + 1}`);
    const content = await exceljsWorkbook({
      Prislista: [headers, ...articles.map((article) => validRow(article))],
    });
    const outcome = await validatePriceList({
      content,
      fileName: 'prislista.xlsx',
      articleNumbers: articles,
      existingRows: [],
      columns: {
        corrections: {
          cells: samples.map((value, i) => ({ row: i + 2, column, value })),
          leaveOut: [],
        },
      },
    });
    const errors = 'allErrors' in outcome ? outcome.allErrors : [];
    const byServer = samples.map((_, i) => {
      const error = errors.find(
        (e) => e.row === i + 2 && e.column === column && !serverOnly.includes(e.rule!),
      );
      return error ? { rule: error.rule, message: error.message } : null;
    });
    const byPage = samples.map((value) => checkCellText(column, value));
    const disagreements = samples
      .map((value, i) => ({ value, server: byServer[i], page: byPage[i] }))
      .filter(({ server, page }) => JSON.stringify(server) !== JSON.stringify(page));
    expect(disagreements).toEqual([]);
    // The samples do reach the rules: most columns refuse some of them.
    expect(byPage.some(Boolean) && byServer.some(Boolean)).toBe(true);
  });
});
