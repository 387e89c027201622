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
 * PostgreSQL 930 → 599 ms for 200,000 rows; docs/decisions/0004-job-queue.md).
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
  return { articleNumbers: JSON.stringify(articleNumbers), rows: JSON.stringify(columns) };
}

export const articleNumbersOfJson = (snapshot: PriceListSnapshotJson): string[] =>
  JSON.parse(snapshot.articleNumbers);

/** The snapshot's rows in the columns the diff keeps (never an object per row). */
export function storedRowsOfJson(snapshot: PriceListSnapshotJson): StoredRows {
  const [articleNumbers, prices, minimums, deliveryTimes, warrantyQuantities, units, validFroms, terms] =
    JSON.parse(snapshot.rows) as RowColumns;
  const count = articleNumbers.length;
  const texts: (string | null)[] = new Array(count * 5);
  const numbers = new Float64Array(count * 3);
  for (let i = 0; i < count; i++) {
    texts[i * 5] = articleNumbers[i]!;
    texts[i * 5 + 1] = prices[i]!;
    texts[i * 5 + 2] = units[i]!;
    texts[i * 5 + 3] = validFroms[i]!;
    texts[i * 5 + 4] = terms[i]!;
    numbers[i * 3] = minimums[i]!;
    numbers[i * 3 + 1] = deliveryTimes[i] ?? Number.NaN;
    numbers[i * 3 + 2] = warrantyQuantities[i] ?? Number.NaN;
  }
  return { count, texts, numbers };
}
