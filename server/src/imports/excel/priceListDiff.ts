import type { PricelistRowValues } from '../../../../contract';
import { canonicalPrice, canonicalWarrantyUnit, canonicalWarrantyValidFrom } from './priceListRules';
import type { PriceListChanges } from './types';

const isTrimmed = (text: string) => {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return text.length > 0 && first > 0x20 && last > 0x20 && first !== 0xa0 && last !== 0xa0;
};

const normaliseText = (text: string | null) => {
  if (text === null || isTrimmed(text)) return text;
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
};

const canonicalOr = (text: string | null, canonical: (text: string) => string | null) =>
  text === null ? null : (canonical(text) ?? text);

const isCanonicalPrice = (price: string) => /^(?:0|[1-9]\d*)\.\d\d$/.test(price);

/**
 * A row of the price list as stored, normalised the way file rows are, so that equal means
 * equal. Returns the row itself when it already is (rows from the database are).
 */
export function normaliseStoredRow(row: PricelistRowValues): PricelistRowValues {
  const articleNumber = normaliseText(row.articleNumber) ?? '';
  const price = isCanonicalPrice(row.price) ? row.price : (canonicalPrice(row.price) ?? row.price);
  const warrantyUnit = canonicalOr(normaliseText(row.warrantyUnit), canonicalWarrantyUnit);
  const warrantyValidFrom = canonicalOr(normaliseText(row.warrantyValidFrom), canonicalWarrantyValidFrom);
  const warrantyTerms = normaliseText(row.warrantyTerms);
  if (
    articleNumber === row.articleNumber &&
    price === row.price &&
    warrantyUnit === row.warrantyUnit &&
    warrantyValidFrom === row.warrantyValidFrom &&
    warrantyTerms === row.warrantyTerms
  ) {
    return row;
  }
  return { ...row, articleNumber, price, warrantyUnit, warrantyValidFrom, warrantyTerms };
}

export const sameRow = (a: PricelistRowValues, b: PricelistRowValues) =>
  a.price === b.price &&
  a.minimumOrderQuantity === b.minimumOrderQuantity &&
  a.deliveryTimeDays === b.deliveryTimeDays &&
  a.warrantyQuantity === b.warrantyQuantity &&
  a.warrantyUnit === b.warrantyUnit &&
  a.warrantyValidFrom === b.warrantyValidFrom &&
  a.warrantyTerms === b.warrantyTerms;

/**
 * Compares file rows with the price list as it is, row by row as they are read: added (only in
 * the file), updated (in both, some value differs), removed (only in the price list), unchanged.
 * Rows are found by the article's index among the supplier's articles, not by a second map.
 */
export class PriceListDiff {
  private readonly added: PricelistRowValues[] = [];
  private readonly updated: PriceListChanges['updated'] = [];
  unchanged = 0;
  private readonly stored: PricelistRowValues[];
  /** For each article index: the index of its stored row, or -1. */
  private readonly storedOfArticle: Int32Array;
  private readonly matched: Uint8Array;

  constructor(existingRows: readonly PricelistRowValues[], articleIndex: ReadonlyMap<string, number>) {
    this.stored = existingRows.map(normaliseStoredRow);
    this.matched = new Uint8Array(this.stored.length);
    this.storedOfArticle = new Int32Array(articleIndex.size).fill(-1);
    this.stored.forEach((row, index) => {
      const article = articleIndex.get(row.articleNumber);
      if (article !== undefined) this.storedOfArticle[article] = index;
    });
  }

  /** A valid file row of the article with that index (each article comes once). */
  add(row: PricelistRowValues, article: number) {
    const index = this.storedOfArticle[article]!;
    if (index < 0) {
      this.added.push(row);
      return;
    }
    this.matched[index] = 1;
    const old = this.stored[index]!;
    if (sameRow(old, row)) this.unchanged++;
    else this.updated.push({ old, new: row });
  }

  /** What confirming would do; the removed rows are those of the price list the file lacks. */
  finish(): PriceListChanges {
    return {
      added: this.added,
      updated: this.updated,
      removed: this.stored.filter((_, index) => this.matched[index] === 0),
    };
  }
}
