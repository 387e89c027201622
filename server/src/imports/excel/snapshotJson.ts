import type { PricelistRowValues } from '../../../../contract';
import type { StoredRows } from './priceListDiff';
import type { PriceListSnapshotJson } from './types';

/**
 * The price list's rows and the organisation's article numbers as JSON texts: the form in which
 * PostgreSQL aggregates them (see pricelistSnapshot.ts) and in which they cross to the worker
 * thread. Parsing 200,000 rows there, rather than receiving them as pg row objects here, keeps
 * the job's main thread free. Each row is the array
 * [articleNumber, price, minimumOrderQuantity, deliveryTimeDays, warrantyQuantity,
 *  warrantyUnit, warrantyValidFrom, warrantyTerms]; prices are exact texts ("1234.50").
 */
type RowTuple = [
  string,
  string,
  number,
  number | null,
  number | null,
  string | null,
  string | null,
  string | null,
];

/** The same data in the snapshot's form, from objects (tests, and callers without a database). */
export function snapshotJsonOf(
  articleNumbers: readonly string[],
  rows: readonly PricelistRowValues[],
): PriceListSnapshotJson {
  return {
    articleNumbers: JSON.stringify(articleNumbers),
    rows: JSON.stringify(
      rows.map(
        (row): RowTuple => [
          row.articleNumber,
          row.price,
          row.minimumOrderQuantity,
          row.deliveryTimeDays,
          row.warrantyQuantity,
          row.warrantyUnit,
          row.warrantyValidFrom,
          row.warrantyTerms,
        ],
      ),
    ),
  };
}

export const articleNumbersOfJson = (snapshot: PriceListSnapshotJson): string[] =>
  JSON.parse(snapshot.articleNumbers);

/** The snapshot's rows in the columns the diff keeps (never an object per row). */
export function storedRowsOfJson(snapshot: PriceListSnapshotJson): StoredRows {
  const rows: RowTuple[] = JSON.parse(snapshot.rows);
  const texts: (string | null)[] = new Array(rows.length * 5);
  const numbers = new Float64Array(rows.length * 3);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    texts[i * 5] = row[0];
    texts[i * 5 + 1] = row[1];
    texts[i * 5 + 2] = row[5];
    texts[i * 5 + 3] = row[6];
    texts[i * 5 + 4] = row[7];
    numbers[i * 3] = row[2];
    numbers[i * 3 + 1] = row[3] ?? Number.NaN;
    numbers[i * 3 + 2] = row[4] ?? Number.NaN;
  }
  return { count: rows.length, texts, numbers };
}
