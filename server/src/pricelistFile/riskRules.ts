import { randomUUID } from 'node:crypto';
import { type ImportRisk, type PricelistTimeStatus, pricelistTimeStatusLabels } from '#contract';
import type { PriceChangeFacts } from './priceChanges';

/**
 * The rules that make an import risky, each with the Swedish sentence that names what confirming
 * would do (docs/api-imports.md, "Risks and the confirm guard"). A risky import is confirmed only
 * with an acknowledgement of exactly these risks.
 */
export interface RiskThresholds {
  /** A price change of more than this, per cent up or down, is a risk. */
  priceChangePercent: number;
  /** Removing at least this share of a future price list's rows, per cent, is a risk. */
  futureRemovalPercent: number;
}

export interface RiskInput {
  pricelist: { number: string; status: PricelistTimeStatus };
  /** Rows the price list has now. */
  storedRows: number;
  removed: number;
  priceChanges: PriceChangeFacts;
}

const wholeNumber = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 0 });
/** Per cent as the API gives it: one decimal. */
const roundPercent = (percent: number) => Math.round(percent * 10) / 10;
const count = (n: number, one: string, many: string) => `${wholeNumber.format(n)} ${n === 1 ? one : many}`;

function median(values: Float64Array): number | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The risk summary of a valid file: the price facts, the removals and the rules it breaks. */
export function assessRisk(input: RiskInput, thresholds: RiskThresholds): ImportRisk {
  const { pricelist, storedRows, removed, priceChanges } = input;
  const { percents } = priceChanges;
  let increases = priceChanges.increasesFromZero;
  let decreases = 0;
  let bigIncreases = priceChanges.increasesFromZero;
  let bigDecreases = 0;
  for (const percent of percents) {
    if (percent > 0) increases++;
    else decreases++;
    if (percent > thresholds.priceChangePercent) bigIncreases++;
    if (percent < -thresholds.priceChangePercent) bigDecreases++;
  }

  const warnings: string[] = [];
  const target = `prislista ${pricelist.number} (${pricelistTimeStatusLabels[pricelist.status]})`;
  const removedShare = storedRows === 0 ? 0 : (removed / storedRows) * 100;
  if (removed > 0 && pricelist.status === 'CURRENT')
    warnings.push(`${count(removed, 'rad', 'rader')} tas bort från ${target}.`);
  else if (removed > 0 && removedShare >= thresholds.futureRemovalPercent)
    warnings.push(
      `${count(removed, 'rad', 'rader')} tas bort från ${target}, ${wholeNumber.format(removedShare)} % av dess rader.`,
    );
  const limit = wholeNumber.format(thresholds.priceChangePercent);
  const { largestIncrease, largestDecrease } = priceChanges;
  if (bigIncreases > 0) {
    const most =
      largestIncrease && largestIncrease.percent > thresholds.priceChangePercent
        ? `, som mest ${wholeNumber.format(largestIncrease.percent)} % (${largestIncrease.articleNumber})`
        : ', från 0 kr';
    warnings.push(`${count(bigIncreases, 'pris höjs', 'priser höjs')} med mer än ${limit} %${most}.`);
  }
  if (bigDecreases > 0 && largestDecrease)
    warnings.push(
      `${count(bigDecreases, 'pris sänks', 'priser sänks')} med mer än ${limit} %, som mest ${wholeNumber.format(-largestDecrease.percent)} % (${largestDecrease.articleNumber}).`,
    );
  if (priceChanges.setToZero > 0)
    warnings.push(`${count(priceChanges.setToZero, 'pris blir', 'priser blir')} 0 kr.`);

  const middle = median(percents);
  return {
    id: randomUUID(),
    pricelist,
    priceIncreases: increases,
    largestIncrease: largestIncrease && {
      ...largestIncrease,
      percent: roundPercent(largestIncrease.percent),
    },
    priceDecreases: decreases,
    largestDecrease: largestDecrease && {
      ...largestDecrease,
      percent: roundPercent(largestDecrease.percent),
    },
    medianChangePercent: middle === null ? null : roundPercent(middle),
    pricesSetToZero: priceChanges.setToZero,
    removed,
    warnings,
  };
}
