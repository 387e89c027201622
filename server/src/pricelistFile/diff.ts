import type { PricelistRowValues } from '#contract';
import {
  type CheckedRow,
  canonicalWarrantyUnit,
  canonicalWarrantyValidFrom,
  priceCents,
  rowValues,
} from './rowRules';

/** In PriceListDiff's `matched`: the file removes the row. */
const REMOVED = 2;

/**
 * Our optional columns that the file does not have (or that its mapping leaves out). Such a
 * column is not part of the file: a row the price list has keeps its stored value there, a new
 * row gets it empty. Only an empty cell in a column the file has clears a value.
 */
export interface KeptColumns {
  deliveryTimeDays: boolean;
  warrantyQuantity: boolean;
  warrantyUnit: boolean;
  warrantyValidFrom: boolean;
  warrantyTerms: boolean;
}

/** Nothing kept: every column is part of the file. */
export const NOTHING_KEPT: KeptColumns = {
  deliveryTimeDays: false,
  warrantyQuantity: false,
  warrantyUnit: false,
  warrantyValidFrom: false,
  warrantyTerms: false,
};

const numberOrNull = (value: number) => (Number.isNaN(value) ? null : value);

/**
 * The price list's rows as they are, in columns: five texts per row (article number, price,
 * warranty unit, warranty valid from, warranty terms) and three numbers per row (minimum
 * order quantity, delivery time, warranty quantity; NaN for null). The worker gets them this
 * way and never makes an object of a stored row.
 */
export interface StoredRows {
  count: number;
  texts: readonly (string | null)[];
  numbers: Float64Array;
}

export function storedRowsOf(rows: readonly PricelistRowValues[]): StoredRows {
  const texts: (string | null)[] = new Array(rows.length * 5);
  const numbers = new Float64Array(rows.length * 3);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    texts[i * 5] = row.articleNumber;
    texts[i * 5 + 1] = row.price;
    texts[i * 5 + 2] = row.warrantyUnit;
    texts[i * 5 + 3] = row.warrantyValidFrom;
    texts[i * 5 + 4] = row.warrantyTerms;
    numbers[i * 3] = row.minimumOrderQuantity;
    numbers[i * 3 + 1] = row.deliveryTimeDays ?? Number.NaN;
    numbers[i * 3 + 2] = row.warrantyQuantity ?? Number.NaN;
  }
  return { count: rows.length, texts, numbers };
}

/** Stored row `index` as an object again (an updated or removed row of the outcome). */
export const storedRowValues = ({ texts, numbers }: StoredRows, index: number): PricelistRowValues => ({
  articleNumber: texts[index * 5]!,
  price: texts[index * 5 + 1]!,
  minimumOrderQuantity: numbers[index * 3]!,
  deliveryTimeDays: numberOrNull(numbers[index * 3 + 1]!),
  warrantyQuantity: numberOrNull(numbers[index * 3 + 2]!),
  warrantyUnit: texts[index * 5 + 2] ?? null,
  warrantyValidFrom: texts[index * 5 + 3] ?? null,
  warrantyTerms: texts[index * 5 + 4] ?? null,
});

const isTrimmed = (text: string) => {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return text.length > 0 && first > 0x20 && last > 0x20 && first !== 0xa0 && last !== 0xa0;
};

/** Stored text normalised as file text is: trimmed, empty as null. */
const normaliseText = (text: string | null | undefined) => {
  if (text === null || text === undefined) return null;
  if (isTrimmed(text)) return text;
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
};

/** Plain string order, the same everywhere (Swedish collation took 3 times as long on 200,000 numbers). */
const compareCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const canonicalOr = (text: string | null, canonical: (text: string) => string | null) =>
  text === null ? null : (canonical(text) ?? text);

/** What confirming would do; old and removed rows as indexes into the stored rows. */
export interface PriceListDiffResult {
  added: PricelistRowValues[];
  updated: { old: number; new: PricelistRowValues }[];
  removed: number[];
  unchanged: number;
  /** Of `removed`: rows whose line of the file the user chose to leave out on the summary. */
  removedByChoice: number;
}

/** In `leftOut`: the user left the row's line of the file out. */
const LEFT_OUT = 1;

/**
 * Compares file rows with the price list as it is, row by row as they are read: added (only in
 * the file), updated (in both, some value differs), removed (only in the price list), unchanged.
 * Values are compared normalised (price in öre, text trimmed, enumerations canonical). Rows are
 * found by the article's index among the supplier's articles, not by a second map.
 */
export class PriceListDiff {
  private readonly added: PricelistRowValues[] = [];
  private readonly updated: PriceListDiffResult['updated'] = [];
  private unchanged = 0;
  private readonly cents: Float64Array;
  private readonly units: (string | null)[];
  private readonly validFroms: (string | null)[];
  private readonly terms: (string | null)[];
  /** For each article index: the index of its stored row, or -1. */
  private readonly storedOfArticle: Int32Array;
  private readonly matched: Uint8Array;
  private readonly leftOut: Uint8Array;
  /** Our columns the file does not have; set once the header is known (before any row is added). */
  kept: KeptColumns = NOTHING_KEPT;
  private anyKept = false;

  constructor(
    private readonly stored: StoredRows,
    articleIndex: ReadonlyMap<string, number>,
  ) {
    const { count, texts } = stored;
    this.cents = new Float64Array(count);
    this.units = new Array(count);
    this.validFroms = new Array(count);
    this.terms = new Array(count);
    this.matched = new Uint8Array(count);
    this.leftOut = new Uint8Array(count);
    this.storedOfArticle = new Int32Array(articleIndex.size).fill(-1);
    for (let i = 0; i < count; i++) {
      const article = articleIndex.get(normaliseText(texts[i * 5]) ?? '');
      if (article !== undefined) this.storedOfArticle[article] = i;
      this.cents[i] = priceCents(texts[i * 5 + 1] ?? '') ?? Number.NaN;
      this.units[i] = canonicalOr(normaliseText(texts[i * 5 + 2]), canonicalWarrantyUnit);
      this.validFroms[i] = canonicalOr(normaliseText(texts[i * 5 + 3]), canonicalWarrantyValidFrom);
      this.terms[i] = normaliseText(texts[i * 5 + 4]);
    }
  }

  /** Sets the columns the file does not have: their stored values are kept. */
  keep(kept: KeptColumns) {
    this.kept = kept;
    this.anyKept = Object.values(kept).some(Boolean);
  }

  /** A valid file row (each article comes once); only a row that changes something becomes an object. */
  add(row: CheckedRow) {
    const index = this.storedOfArticle[row.article]!;
    if (index < 0) {
      this.added.push(rowValues(row));
      return;
    }
    this.matched[index] = 1;
    if (this.anyKept) this.fillKept(index, row);
    if (this.isUnchanged(index, row)) this.unchanged++;
    else this.updated.push({ old: index, new: rowValues(row) });
  }

  private isUnchanged(index: number, row: CheckedRow) {
    const numbers = this.stored.numbers;
    return (
      this.cents[index] === row.priceCents &&
      numbers[index * 3] === row.minimumOrderQuantity &&
      numberOrNull(numbers[index * 3 + 1]!) === row.deliveryTimeDays &&
      numberOrNull(numbers[index * 3 + 2]!) === row.warrantyQuantity &&
      this.units[index] === row.warrantyUnit &&
      this.validFroms[index] === row.warrantyValidFrom &&
      this.terms[index] === row.warrantyTerms
    );
  }

  /** Writes the stored values of the columns the file does not have into the row (a shared buffer). */
  private fillKept(index: number, row: CheckedRow) {
    const { kept } = this;
    const numbers = this.stored.numbers;
    if (kept.deliveryTimeDays) row.deliveryTimeDays = numberOrNull(numbers[index * 3 + 1]!);
    if (kept.warrantyQuantity) row.warrantyQuantity = numberOrNull(numbers[index * 3 + 2]!);
    if (kept.warrantyUnit) row.warrantyUnit = this.units[index]!;
    if (kept.warrantyValidFrom) row.warrantyValidFrom = this.validFroms[index]!;
    if (kept.warrantyTerms) row.warrantyTerms = this.terms[index]!;
  }

  /**
   * The user left out the file's line for this article (on the summary): when the row is removed
   * because of it, the summary says so.
   */
  leaveOut(article: number | undefined) {
    const index = article === undefined ? -1 : (this.storedOfArticle[article] ?? -1);
    if (index >= 0) this.leftOut[index] = LEFT_OUT;
  }

  /** The index of the stored row of an article, or -1 when the price list has none. */
  storedRowOf(article: number): number {
    return this.storedOfArticle[article]!;
  }

  /**
   * Marks the stored row of an article as removed (a catalogue line that deletes it); false when
   * the price list has no row for it.
   */
  remove(article: number): boolean {
    const index = this.storedOfArticle[article]!;
    if (index < 0) return false;
    this.matched[index] = REMOVED;
    return true;
  }

  /**
   * Added and updated rows in the file's order; removed rows by article number (the price list has
   * no order). With `onlyListed` (a catalogue that updates) a row the file does not name stays
   * unchanged, and only the rows remove() marked are removed.
   */
  finish(onlyListed = false): PriceListDiffResult {
    const removed: number[] = [];
    let unchanged = this.unchanged;
    let removedByChoice = 0;
    for (let i = 0; i < this.stored.count; i++) {
      const matched = this.matched[i];
      if (matched === REMOVED || (matched === 0 && !onlyListed)) {
        removed.push(i);
        if (matched === 0 && this.leftOut[i] === LEFT_OUT) removedByChoice++;
      } else if (matched === 0) unchanged++;
    }
    const texts = this.stored.texts;
    removed.sort((a, b) => compareCodeUnits(texts[a * 5] ?? '', texts[b * 5] ?? ''));
    return { added: this.added, updated: this.updated, removed, unchanged, removedByChoice };
  }
}
