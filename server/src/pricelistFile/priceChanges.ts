import type { ClearedValues, LargestPriceChange, PricelistRowValues } from '#contract';
import { priceListColumnHeaderOf } from '#contract/domain';
import type { PriceListDiffResult, StoredRows } from './diff';
import { priceCents } from './rowRules';

/** How many articles a risk names: the largest changes, the first removed rows. */
export const NAMED_ARTICLES = 5;

/**
 * The facts about prices that the risk rules weigh (server/src/priceListFile/riskRules.ts), taken in the
 * worker from the comparison it has made: the job never unpacks the rows for them.
 */
export interface PriceChangeFacts {
  /**
   * Each updated row whose price changes from a price above 0 to one above 0: the change, per cent
   * of the old price. A price set to 0 is counted in `setToZero` only, never also as a −100 % decrease.
   */
  percents: Float64Array;
  /** Updated rows whose price goes up from 0 (no per cent to give). */
  increasesFromZero: number;
  largestIncrease: LargestPriceChange | null;
  largestDecrease: LargestPriceChange | null;
  /** Added rows at 0 and updated rows whose price becomes 0. */
  setToZero: number;
  /** The (at most five) largest increases, largest first. Missing in facts from older workers. */
  largestIncreases?: LargestPriceChange[];
  /** The (at most five) largest decreases, largest first (most negative). */
  largestDecreases?: LargestPriceChange[];
  /** The first five articles whose price goes up from 0. */
  increasedFromZero?: string[];
  /** The first five articles whose price becomes 0. */
  setToZeroArticles?: string[];
  /** The first five removed articles, by article number. */
  removedArticleNumbers?: string[];
  /** Each optional column in which updated rows lose a stored value. Missing in facts from older workers. */
  clearedValues?: ClearedValues[];
  /** Of the removed rows: those the user chose to leave out on the summary. */
  removedByChoice?: number;
}

type ClearableColumn =
  | 'deliveryTimeDays'
  | 'warrantyQuantity'
  | 'warrantyUnit'
  | 'warrantyValidFrom'
  | 'warrantyTerms';

/** Where each optional column's stored value is in StoredRows: a number (index in 3) or a text (index in 5). */
const clearable: { key: ClearableColumn; number?: number; text?: number }[] = [
  { key: 'deliveryTimeDays', number: 1 },
  { key: 'warrantyQuantity', number: 2 },
  { key: 'warrantyUnit', text: 2 },
  { key: 'warrantyValidFrom', text: 3 },
  { key: 'warrantyTerms', text: 4 },
];

const headerOf = (key: ClearableColumn) => priceListColumnHeaderOf[key];

/** Whether stored row `index` has a value in the column. */
function storedHasValue(stored: StoredRows, index: number, at: (typeof clearable)[number]) {
  if (at.number !== undefined) return !Number.isNaN(stored.numbers[index * 3 + at.number]!);
  const text = stored.texts[index * 5 + at.text!];
  return text !== null && text !== undefined && text.trim() !== '';
}

/** Updated rows that lose a stored value (an empty cell in a column the file has), by column. */
function clearedValuesOf(updated: PriceListDiffResult['updated'], stored: StoredRows): ClearedValues[] {
  const cleared: ClearedValues[] = [];
  for (const at of clearable) {
    let rows = 0;
    const articleNumbers: string[] = [];
    for (const update of updated) {
      const after: PricelistRowValues[ClearableColumn] = update.new[at.key];
      if (after !== null || !storedHasValue(stored, update.old, at)) continue;
      rows++;
      pushFirst(articleNumbers, update.new.articleNumber);
    }
    if (rows > 0) cleared.push({ column: headerOf(at.key), rows, articleNumbers });
  }
  return cleared;
}

/** Keeps `list` the `NAMED_ARTICLES` largest by `larger`, largest first. */
function keepLargest(
  list: LargestPriceChange[],
  change: LargestPriceChange,
  larger: (a: number, b: number) => boolean,
) {
  if (list.length === NAMED_ARTICLES && !larger(change.percent, list[list.length - 1]!.percent)) return;
  let at = list.length;
  while (at > 0 && larger(change.percent, list[at - 1]!.percent)) at--;
  list.splice(at, 0, change);
  if (list.length > NAMED_ARTICLES) list.pop();
}

const pushFirst = (list: string[], articleNumber: string) => {
  if (list.length < NAMED_ARTICLES) list.push(articleNumber);
};

export function priceChangeFactsOf(diff: PriceListDiffResult, stored: StoredRows): PriceChangeFacts {
  const percents: number[] = [];
  let increasesFromZero = 0;
  let setToZero = 0;
  const largestIncreases: LargestPriceChange[] = [];
  const largestDecreases: LargestPriceChange[] = [];
  const increasedFromZero: string[] = [];
  const setToZeroArticles: string[] = [];
  for (const row of diff.added)
    if (priceCents(row.price) === 0) {
      setToZero++;
      pushFirst(setToZeroArticles, row.articleNumber);
    }
  for (const update of diff.updated) {
    const before = priceCents(stored.texts[update.old * 5 + 1] ?? '');
    const after = priceCents(update.new.price);
    if (before === null || after === null || before === after) continue;
    const { articleNumber } = update.new;
    if (after === 0) {
      setToZero++;
      pushFirst(setToZeroArticles, articleNumber);
      continue;
    }
    if (before === 0) {
      increasesFromZero++;
      pushFirst(increasedFromZero, articleNumber);
      continue;
    }
    const percent = ((after - before) / before) * 100;
    percents.push(percent);
    if (percent > 0) keepLargest(largestIncreases, { percent, articleNumber }, (a, b) => a > b);
    else keepLargest(largestDecreases, { percent, articleNumber }, (a, b) => a < b);
  }
  const removedArticleNumbers = diff.removed
    .slice(0, NAMED_ARTICLES)
    .map((index) => stored.texts[index * 5] ?? '');
  return {
    percents: Float64Array.from(percents),
    increasesFromZero,
    largestIncrease: largestIncreases[0] ?? null,
    largestDecrease: largestDecreases[0] ?? null,
    setToZero,
    largestIncreases,
    largestDecreases,
    increasedFromZero,
    setToZeroArticles,
    removedArticleNumbers,
    clearedValues: clearedValuesOf(diff.updated, stored),
    removedByChoice: diff.removedByChoice,
  };
}
