import type { PricelistRowValues } from '../../../../contract';
import type { StoredRows } from './priceListDiff';
import type { PriceListSnapshotJson } from './types';

/**
 * The price list's rows and the organisation's article numbers as JSON texts: the form in which
 * PostgreSQL aggregates them (see pricelistSnapshot.ts) and in which they cross to the worker
 * thread. Parsing 200,000 rows there, rather than receiving them as pg row objects here, keeps
 * the job's main thread free. The rows come column by column, one array per column:
 * [articleNumbers, prices, minimumOrderQuantities, deliveryTimeDays, warrantyQuantities,
 *  warrantyUnits, warrantyValidFroms, warrantyTerms]; prices are exact texts ("1234.50").
 * Eight long arrays parse faster than 200,000 short ones, on both sides (measured side by side:
 * PostgreSQL 930 → 599 ms for 200,000 rows; docs/decisions/0004-job-queue.md). Both come in
 * blocks, in order: the API thread then receives (decodes) one block at a time, never 18 MB at
 * once.
 */
type RowColumns = [
  string[],
  string[],
  number[],
  (number | null)[],
  (number | null)[],
  (string | null)[],
  (string | null)[],
  (string | null)[],
];

/** The same data in the snapshot's form, from objects (tests, and callers without a database). */
export function snapshotJsonOf(
  articleNumbers: readonly string[],
  rows: readonly PricelistRowValues[],
): PriceListSnapshotJson {
  const columns: RowColumns = [
    rows.map((row) => row.articleNumber),
    rows.map((row) => row.price),
    rows.map((row) => row.minimumOrderQuantity),
    rows.map((row) => row.deliveryTimeDays),
    rows.map((row) => row.warrantyQuantity),
    rows.map((row) => row.warrantyUnit),
    rows.map((row) => row.warrantyValidFrom),
    rows.map((row) => row.warrantyTerms),
  ];
  return { articleNumbers: [JSON.stringify(articleNumbers)], rows: [JSON.stringify(columns)] };
}

export const articleNumbersOfJson = (snapshot: PriceListSnapshotJson): string[] =>
  snapshot.articleNumbers.flatMap((block) => JSON.parse(block) as string[]);

/** The snapshot's rows in the columns the diff keeps (never an object per row). */
export function storedRowsOfJson(snapshot: PriceListSnapshotJson): StoredRows {
  const blocks = snapshot.rows.map((block) => JSON.parse(block) as RowColumns);
  const count = blocks.reduce((sum, block) => sum + block[0].length, 0);
  const texts: (string | null)[] = new Array(count * 5);
  const numbers = new Float64Array(count * 3);
  let i = 0;
  for (const [
    articleNumbers,
    prices,
    minimums,
    deliveryTimes,
    warrantyQuantities,
    units,
    validFroms,
    terms,
  ] of blocks) {
    for (let j = 0; j < articleNumbers.length; j++, i++) {
      texts[i * 5] = articleNumbers[j]!;
      texts[i * 5 + 1] = prices[j]!;
      texts[i * 5 + 2] = units[j]!;
      texts[i * 5 + 3] = validFroms[j]!;
      texts[i * 5 + 4] = terms[j]!;
      numbers[i * 3] = minimums[j]!;
      numbers[i * 3 + 1] = deliveryTimes[j] ?? Number.NaN;
      numbers[i * 3 + 2] = warrantyQuantities[j] ?? Number.NaN;
    }
  }
  return { count, texts, numbers };
}
