import type { LargestPriceChange } from '#contract';
import type { PriceListDiffResult, StoredRows } from './diff';
import { priceCents } from './rowRules';

/**
 * The facts about prices that the risk rules weigh (server/src/priceListFile/riskRules.ts), taken in the
 * worker from the comparison it has made: the job never unpacks the rows for them.
 */
export interface PriceChangeFacts {
  /** Each updated row whose price changes from a price above 0: the change, per cent of the old price. */
  percents: Float64Array;
  /** Updated rows whose price goes up from 0 (no per cent to give). */
  increasesFromZero: number;
  largestIncrease: LargestPriceChange | null;
  largestDecrease: LargestPriceChange | null;
  /** Added rows at 0 and updated rows whose price becomes 0. */
  setToZero: number;
}

export function priceChangeFactsOf(diff: PriceListDiffResult, stored: StoredRows): PriceChangeFacts {
  const percents: number[] = [];
  let increasesFromZero = 0;
  let setToZero = 0;
  let largestIncrease: LargestPriceChange | null = null;
  let largestDecrease: LargestPriceChange | null = null;
  for (const row of diff.added) if (priceCents(row.price) === 0) setToZero++;
  for (const update of diff.updated) {
    const before = priceCents(stored.texts[update.old * 5 + 1] ?? '');
    const after = priceCents(update.new.price);
    if (before === null || after === null || before === after) continue;
    if (after === 0) setToZero++;
    if (before === 0) {
      increasesFromZero++;
      continue;
    }
    const percent = ((after - before) / before) * 100;
    percents.push(percent);
    if (percent > 0 && (!largestIncrease || percent > largestIncrease.percent))
      largestIncrease = { percent, articleNumber: update.new.articleNumber };
    if (percent < 0 && (!largestDecrease || percent < largestDecrease.percent))
      largestDecrease = { percent, articleNumber: update.new.articleNumber };
  }
  return {
    percents: Float64Array.from(percents),
    increasesFromZero,
    largestIncrease,
    largestDecrease,
    setToZero,
  };
}
