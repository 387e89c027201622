import { randomUUID } from 'node:crypto';
import type { ClearedValues, ImportRisk, LargestPriceChange, PricelistTimeStatus } from '#contract';
import { pricelistTimeStatusLabels } from '#contract/domain';
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
  /**
   * Emptying stored values in one column is a risk when at least this many rows lose one, or at
   * least `clearedPercent` of the price list's rows do. A smaller clearing shows in the changes.
   */
  clearedRows: number;
  clearedPercent: number;
}

export interface RiskInput {
  pricelist: { number: string; status: PricelistTimeStatus };
  /** Rows the price list has now. */
  storedRows: number;
  removed: number;
  priceChanges: PriceChangeFacts;
}

/** Before "%" and "kr", as the pages write them: the number and its unit never part at a line end. */
const NBSP = '\u00a0';

const wholeNumber = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 0 });
/** Per cent as the API gives it: one decimal. Every per cent is rounded this way, once. */
export const roundPercent = (percent: number) =>
  // Half away from zero, as Intl rounds: −54,45 is −54,5 as 54,45 is 54,5.
  (Math.sign(percent) * Math.round(Math.abs(percent) * 10)) / 10 || 0;
const onePlace = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1 });
const signedOnePlace = new Intl.NumberFormat('sv-SE', {
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
/**
 * A per cent as the summary shows it (web/src/ui/format.ts, formatPercent): rounded to one decimal
 * first, so "−54,5 %" in the facts is "−54,5 %" in the warnings too, never "55 %".
 */
export const formatPercent = (percent: number, signed = false) =>
  `${(signed ? signedOnePlace : onePlace).format(roundPercent(percent))}${NBSP}%`;
const count = (n: number, one: string, many: string) => `${wholeNumber.format(n)} ${n === 1 ? one : many}`;

/** "A", "A och B", "A, B och C". */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} och ${items[items.length - 1]}`;
}

/** The share of the list, "(87,5 %)"; a share that rounds to 0 is "under 0,1 %", never "0 %". */
function shareOf(part: number, whole: number): string {
  const share = (part / whole) * 100;
  return roundPercent(share) === 0 && share > 0 ? `under 0,1${NBSP}%` : formatPercent(share);
}

function median(values: Float64Array): number | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Why rows are removed, and the way back (docs/api-imports.md, "Risks and the confirm guard"). */
export const REMOVAL_REASON = 'Filen ska innehålla hela prislistan: rader som inte finns i filen tas bort.';
export const REMOVAL_UNDO = 'Inläsningen kan ångras efteråt med ”Ångra inläsning”.';

/**
 * "350 av 400 rader (87,5 %) tas bort från prislista 2 (Aktuell): HMD-0001, …, HMD-0005 och 345 till.",
 * then why and that it can be undone. The articles are named when the facts have them.
 */
function removalWarning(
  removed: number,
  storedRows: number,
  target: string,
  articles: readonly string[],
  byChoice: number,
) {
  const share = storedRows > 0 ? ` (${shareOf(removed, storedRows)})` : '';
  const choice = byChoice > 0 ? `, varav ${wholeNumber.format(byChoice)} som du valde att ta bort,` : '';
  const rows =
    storedRows > 0
      ? `${wholeNumber.format(removed)} av ${count(storedRows, 'rad', 'rader')}${share}${choice}`
      : `${count(removed, 'rad', 'rader')}${choice}`;
  const named = articles.slice(0, removed);
  const rest = removed - named.length;
  const which =
    named.length === 0
      ? ''
      : rest > 0
        ? `: ${named.join(', ')} och ${wholeNumber.format(rest)} till`
        : `: ${listed(named)}`;
  return `${rows} tas bort från ${target}${which}. ${REMOVAL_REASON} ${REMOVAL_UNDO}`;
}

/** Why a value is emptied, and how to keep it (docs/price-list-file.md, "Columns the file does not have"). */
export const CLEARING_REASON =
  'En tom cell i en kolumn som filen har tömmer värdet. En kolumn som filen inte har (eller som kopplingen inte använder) lämnar värdena som de är.';

/** "400 rader förlorar Leveranstid (dagar): HMD-0001, …, HMD-0005 och 395 till.", then why. */
function clearingWarning({ column, rows, articleNumbers }: ClearedValues) {
  const named = articleNumbers.slice(0, rows);
  const rest = rows - named.length;
  const which =
    named.length === 0
      ? ''
      : rest > 0
        ? `: ${named.join(', ')} och ${wholeNumber.format(rest)} till`
        : `: ${listed(named)}`;
  return `${count(rows, 'rad', 'rader')} förlorar ${column}${which}. ${CLEARING_REASON} ${REMOVAL_UNDO}`;
}

/**
 * "12 priser höjs med mer än 25 %, mest för HMD-0042 (+140 %), …" with up to five articles, the
 * largest changes first; a single one or a few are all named: "1 pris sänks med mer än 25 %: HMD-0007 (−60 %)."
 */
function priceWarning(
  n: number,
  verb: [string, string],
  limit: string,
  named: readonly string[],
  fallback: string,
) {
  const head = `${count(n, verb[0], verb[1])} med mer än ${limit}${NBSP}%`;
  if (named.length === 0) return `${head}${fallback}.`;
  return n > named.length ? `${head}, mest för ${listed(named)}.` : `${head}: ${listed(named)}.`;
}

const changeOf = (change: LargestPriceChange) =>
  `${change.articleNumber} (${formatPercent(change.percent, true)})`;
const rounded = (change: LargestPriceChange): LargestPriceChange => ({
  ...change,
  percent: roundPercent(change.percent),
});

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
  const removedArticles = priceChanges.removedArticleNumbers ?? [];
  if (removed > 0 && (pricelist.status === 'CURRENT' || removedShare >= thresholds.futureRemovalPercent))
    warnings.push(
      removalWarning(removed, storedRows, target, removedArticles, priceChanges.removedByChoice ?? 0),
    );
  for (const cleared of priceChanges.clearedValues ?? []) {
    const share = storedRows === 0 ? 0 : (cleared.rows / storedRows) * 100;
    if (cleared.rows >= thresholds.clearedRows || share >= thresholds.clearedPercent)
      warnings.push(clearingWarning(cleared));
  }

  const limit = wholeNumber.format(thresholds.priceChangePercent);
  const { largestIncrease, largestDecrease } = priceChanges;
  const increasesList = priceChanges.largestIncreases ?? (largestIncrease ? [largestIncrease] : []);
  const decreasesList = priceChanges.largestDecreases ?? (largestDecrease ? [largestDecrease] : []);
  if (bigIncreases > 0) {
    // An increase from 0 kr has no per cent: it is the largest there is.
    const named = [
      ...(priceChanges.increasedFromZero ?? []).map((article) => `${article} (från 0${NBSP}kr)`),
      ...increasesList.filter((change) => change.percent > thresholds.priceChangePercent).map(changeOf),
    ].slice(0, 5);
    warnings.push(
      priceWarning(bigIncreases, ['pris höjs', 'priser höjs'], limit, named, `, från 0${NBSP}kr`),
    );
  }
  if (bigDecreases > 0) {
    const named = decreasesList
      .filter((change) => change.percent < -thresholds.priceChangePercent)
      .map(changeOf)
      .slice(0, 5);
    warnings.push(priceWarning(bigDecreases, ['pris sänks', 'priser sänks'], limit, named, ''));
  }
  if (priceChanges.setToZero > 0) {
    const named = priceChanges.setToZeroArticles ?? [];
    const n = priceChanges.setToZero;
    const which =
      named.length === 0 ? '' : n > named.length ? `, bland andra ${listed(named)}` : `: ${listed(named)}`;
    warnings.push(`${count(n, 'pris blir', 'priser blir')} 0${NBSP}kr${which}.`);
  }

  const middle = median(percents);
  return {
    id: randomUUID(),
    pricelist,
    priceIncreases: increases,
    largestIncrease: largestIncrease && rounded(largestIncrease),
    priceDecreases: decreases,
    largestDecrease: largestDecrease && rounded(largestDecrease),
    medianChangePercent: middle === null ? null : roundPercent(middle),
    pricesSetToZero: priceChanges.setToZero,
    removed,
    warnings,
    storedRows,
    ...(priceChanges.removedArticleNumbers && {
      removedArticleNumbers: priceChanges.removedArticleNumbers.slice(0, removed),
    }),
    ...(priceChanges.largestIncreases && { largestIncreases: priceChanges.largestIncreases.map(rounded) }),
    ...(priceChanges.clearedValues && { clearedValues: priceChanges.clearedValues }),
    ...(priceChanges.removedByChoice !== undefined && { removedByChoice: priceChanges.removedByChoice }),
    ...(priceChanges.largestDecreases && { largestDecreases: priceChanges.largestDecreases.map(rounded) }),
  };
}
