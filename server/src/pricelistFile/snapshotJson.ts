import type { PricelistRowValues } from '#contract';
import type { StoredRows } from './diff';
import type { PriceListSnapshotJson } from './types';
import type { CheckData } from './validatePricelist';

/**
 * The organisation's articles and the price list's rows as JSON texts: the form in which
 * PostgreSQL aggregates them (see imports/store/pricelistSnapshot.ts) and in which they cross to the worker
 * thread. Parsing 200,000 rows there, rather than receiving them as pg row objects here, keeps
 * the job's main thread free. Both come column by column, one array per column (eight long
 * arrays parse faster than 200,000 short ones, on both sides; decision 0016):
 * - articles: [ids, articleNumbers];
 * - rows: [articleIds, prices, minimumOrderQuantities, deliveryTimeDays, warrantyQuantities,
 *   warrantyUnits, warrantyValidFroms, warrantyTerms]; prices are exact texts ("1234.50").
 * A row names its article by id, so PostgreSQL reads the rows without joining the articles
 * (the join and its sort were half of the query's time); the worker looks the numbers up.
 * Both come in blocks, in no particular order: the API thread then receives (decodes) one block
 * at a time, never 18 MB at once.
 */
type ArticleColumns = [number[], string[]];
type RowColumns = [
  number[],
  string[],
  number[],
  (number | null)[],
  (number | null)[],
  (string | null)[],
  (string | null)[],
  (string | null)[],
];

/**
 * The same data in the snapshot's form, from objects (tests, and callers without a database).
 * As in the database, every row's article is one of the articles.
 */
export function snapshotJsonOf(
  articleNumbers: readonly string[],
  rows: readonly PricelistRowValues[],
): PriceListSnapshotJson {
  const idOf = new Map(articleNumbers.map((number, index) => [number, index + 1]));
  const articleIdOf = (number: string) => {
    const id = idOf.get(number);
    if (id === undefined) throw new Error(`stored row of article ${number}, which is not among the articles`);
    return id;
  };
  const articles: ArticleColumns = [articleNumbers.map((_, index) => index + 1), [...articleNumbers]];
  const columns: RowColumns = [
    rows.map((row) => articleIdOf(row.articleNumber)),
    rows.map((row) => row.price),
    rows.map((row) => row.minimumOrderQuantity),
    rows.map((row) => row.deliveryTimeDays),
    rows.map((row) => row.warrantyQuantity),
    rows.map((row) => row.warrantyUnit),
    rows.map((row) => row.warrantyValidFrom),
    rows.map((row) => row.warrantyTerms),
  ];
  return { articles: [JSON.stringify(articles)], rows: [JSON.stringify(columns)] };
}

/** What the checks use of a snapshot: the article numbers and the rows in columns. */
export function checkDataOfJson(snapshot: PriceListSnapshotJson): CheckData {
  const articleNumbers: string[] = [];
  const numberOfId = new Map<number, string>();
  for (const block of snapshot.articles) {
    const [ids, numbers] = JSON.parse(block) as ArticleColumns;
    for (let i = 0; i < ids.length; i++) {
      articleNumbers.push(numbers[i]!);
      numberOfId.set(ids[i]!, numbers[i]!);
    }
  }
  return { articleNumbers, stored: storedRowsOfJson(snapshot.rows, numberOfId) };
}

/** The snapshot's rows in the columns the diff keeps (never an object per row). */
function storedRowsOfJson(rowBlocks: readonly string[], numberOfId: ReadonlyMap<number, string>): StoredRows {
  const blocks = rowBlocks.map((block) => JSON.parse(block) as RowColumns);
  const count = blocks.reduce((sum, block) => sum + block[0].length, 0);
  const texts: (string | null)[] = new Array(count * 5);
  const numbers = new Float64Array(count * 3);
  let i = 0;
  for (const [
    articleIds,
    prices,
    minimums,
    deliveryTimes,
    warrantyQuantities,
    units,
    validFroms,
    terms,
  ] of blocks) {
    for (let j = 0; j < articleIds.length; j++, i++) {
      // The same string as in the article list: its hash is computed once, for both lookups.
      texts[i * 5] = numberOfId.get(articleIds[j]!) ?? null;
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
