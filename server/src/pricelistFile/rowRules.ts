import type { PricelistRowValues, ValidationError } from '#contract';
import {
  allowedValues as allowed,
  canonicalWarrantyUnit,
  canonicalWarrantyValidFrom,
  type DecimalText,
  errorValueMessage,
  forbiddenCharacterIn,
  forbiddenCharacterMessage,
  MAX_INTEGER,
  MAX_WARRANTY_TERMS,
  missingValueMessage,
  notAllowedWordMessage,
  type ValueProblem as Problem,
  parseDecimalText,
  valueProblems as problems,
  tooLongMessage,
  unknownArticleMessage,
} from '#contract/cellRules';
import {
  type PriceListColumnKey,
  priceListColumns,
  type ValidationRule,
  validationRules,
} from '#contract/domain';
import { ruleMessages } from '#contract/ruleMessages';
import {
  cellDisplayValue,
  columnName,
  ERROR,
  formatExcelDate,
  formatNumber,
  NUMBER,
  type RowCells,
  TEXT,
  unescapeFormulaText,
} from '../lib/xlsx';
import { type HeaderMapping, slot } from './columns';
import { ErrorTally } from './errorCounts';
import { shownRow } from './errorRow';
import { shownSafely } from './storableText';

type IntegerColumn = 'minimumOrderQuantity' | 'deliveryTimeDays' | 'warrantyQuantity';

// The rules of a cell's text, their sentences and parsers are the contract's (#contract/cellRules):
// the summary page checks a corrected value with them before it is sent.
export { canonicalWarrantyUnit, canonicalWarrantyValidFrom, MAX_INTEGER };

/** numeric(14, 2) in the database. */
const MAX_PRICE_CENTS = 99_999_999_999_999;

/** Tolerance for binary floating point: a price cell holding 12.300000000000001 is 12.30. */
const tolerance = (value: number) => Math.max(Math.abs(value), 1) * 2 ** -45;

/** A price in öre as the canonical text with two decimals ("1234.50"). */
export const formatCents = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Öre of a price typed as text; exact, since 12 digits and two decimals fit a double's integers. */
const centsOf = (decimal: DecimalText) =>
  Number(decimal.whole || '0') * 100 + Number(decimal.fraction.padEnd(2, '0'));

/** A stored price ("1234.50", "12.5") in öre, or null when it is not a valid price. */
export function priceCents(text: string): number | null {
  // As the database writes it: digits, a point and two decimals.
  const point = text.length - 3;
  if (point > 0 && point <= 12 && text.charCodeAt(point) === 0x2e) {
    let cents = 0;
    for (let i = 0; i < text.length; i++) {
      if (i === point) continue;
      const digit = text.charCodeAt(i) - 0x30;
      if (digit < 0 || digit > 9) {
        cents = -1;
        break;
      }
      cents = cents * 10 + digit;
    }
    if (cents >= 0) return cents;
  }
  const decimal = parseDecimalText(text);
  if (!decimal || decimal.fraction.length > 2 || decimal.whole.length > 12) return null;
  if (decimal.negative && /[1-9]/.test(decimal.whole + decimal.fraction)) return null;
  return centsOf(decimal);
}

/**
 * The values of one valid file row, with the price in öre: filled in place for each row, so
 * that the rows that change nothing (most of them) create no object at all.
 */
export interface CheckedRow {
  articleNumber: string;
  /** The index of the article among the supplier's articles. */
  article: number;
  priceCents: number;
  minimumOrderQuantity: number;
  deliveryTimeDays: number | null;
  warrantyQuantity: number | null;
  warrantyUnit: string | null;
  warrantyValidFrom: string | null;
  warrantyTerms: string | null;
}

export const rowValues = (row: CheckedRow): PricelistRowValues => ({
  articleNumber: row.articleNumber,
  price: formatCents(row.priceCents),
  minimumOrderQuantity: row.minimumOrderQuantity,
  deliveryTimeDays: row.deliveryTimeDays,
  warrantyQuantity: row.warrantyQuantity,
  warrantyUnit: row.warrantyUnit,
  warrantyValidFrom: row.warrantyValidFrom,
  warrantyTerms: row.warrantyTerms,
});

/** What check() found in a row. */
export const EMPTY_ROW = 0;
export const INVALID_ROW = 1;
export const VALID_ROW = 2;

/**
 * Checks one data row against the rules of docs/price-list-file.md and turns it into normalised values
 * (price as "1234.50", integers as numbers, text trimmed, empty as null). Every rule break is
 * one error, in column order.
 */
export class PriceListRowRules {
  readonly errors: ValidationError[] = [];
  errorCount = 0;
  /** Every error by slot and rule (also those beyond maxErrors): for the summary's counts. */
  private readonly ruleCounts = new Int32Array(priceListColumns.length * validationRules.length);
  /** The letter of each slot's column in the file, or '' when the file lacks it. */
  private readonly columnLetters: string[];
  /** For each article index: the first row it was on, or 0. */
  private readonly firstRowOf: Int32Array;
  /** The row checked last, when check() answered VALID_ROW. */
  readonly row: CheckedRow = {
    articleNumber: '',
    article: -1,
    priceCents: 0,
    minimumOrderQuantity: 0,
    deliveryTimeDays: null,
    warrantyQuantity: null,
    warrantyUnit: null,
    warrantyValidFrom: null,
    warrantyTerms: null,
  };
  /** For each slot, the index of its cell in the current row, or -1. */
  private readonly at = new Int32Array(priceListColumns.length);
  private cells: RowCells | null = null;
  private rowNumber = 0;
  private articleNumber: string | undefined;
  /** What an error of the current row shows of it (showRow), once its first error is kept. */
  private shownRow: Pick<ValidationError, 'articleName' | 'rowValues'> | null = null;

  constructor(
    private readonly sheet: string,
    private readonly date1904: boolean,
    /** The supplier's article numbers, each with its index. */
    private readonly articleIndex: ReadonlyMap<string, number>,
    private readonly mapping: HeaderMapping,
    private readonly maxErrors: number,
  ) {
    this.firstRowOf = new Int32Array(articleIndex.size);
    this.columnLetters = mapping.columnOfSlot.map((column) => (column < 0 ? '' : columnName(column)));
  }

  /** The errors counted by column and rule. */
  tally(): ErrorTally {
    const tally = new ErrorTally();
    this.ruleCounts.forEach((count, i) => {
      if (count === 0) return;
      const index = Math.floor(i / validationRules.length);
      tally.add(priceListColumns[index]!.header, validationRules[i % validationRules.length]!, count);
    });
    return tally;
  }

  /** EMPTY_ROW (skipped), INVALID_ROW (errors recorded) or VALID_ROW (values in `row`). */
  check(rowNumber: number, cells: RowCells): number {
    const at = this.at;
    at.fill(-1);
    let empty = true;
    for (let i = 0; i < cells.count; i++) {
      const index = this.mapping.slotOfColumn[cells.columns[i]!]!;
      if (index < 0) continue;
      at[index] = i;
      if (empty && (cells.kinds[i] !== TEXT || cells.texts[i]!.trim() !== '')) empty = false;
    }
    if (empty) return EMPTY_ROW;
    this.cells = cells;
    this.rowNumber = rowNumber;
    this.articleNumber = undefined;
    this.shownRow = null;
    const errorsBefore = this.errorCount;

    const articleNumber = this.text(slot.articleNumber);
    if (articleNumber === null) {
      this.fail(slot.articleNumber, 'REQUIRED', missingValueMessage('articleNumber'));
    } else if (articleNumber !== undefined) {
      this.articleNumber = articleNumber;
      const article = this.articleIndex.get(articleNumber);
      this.row.article = article ?? -1;
      if (article === undefined) {
        this.fail(slot.articleNumber, 'UNKNOWN_ARTICLE', unknownArticleMessage);
      } else if (this.firstRowOf[article] !== 0) {
        this.fail(
          slot.articleNumber,
          'DUPLICATE_ARTICLE',
          ruleMessages.DUPLICATE_ARTICLE(this.firstRowOf[article]!),
        );
      } else {
        this.firstRowOf[article] = rowNumber;
      }
    }
    const price = this.price();
    const minimumOrderQuantity = this.integer(slot.minimumOrderQuantity, 1, true);
    const deliveryTimeDays = this.integer(slot.deliveryTimeDays, 0, false);
    const warrantyQuantity = this.integer(slot.warrantyQuantity, 0, false);
    const warrantyUnit = this.choice(slot.warrantyUnit, canonicalWarrantyUnit, 'INVALID_UNIT');
    if (warrantyUnit === null && warrantyQuantity !== null && warrantyQuantity !== undefined) {
      this.fail(slot.warrantyUnit, 'MISSING_UNIT', ruleMessages.MISSING_UNIT);
    }
    const warrantyValidFrom = this.choice(
      slot.warrantyValidFrom,
      canonicalWarrantyValidFrom,
      'INVALID_VALID_FROM',
    );
    const warrantyTerms = this.text(slot.warrantyTerms);
    if (
      warrantyTerms &&
      warrantyTerms.length > MAX_WARRANTY_TERMS &&
      [...warrantyTerms].length > MAX_WARRANTY_TERMS
    ) {
      this.fail(slot.warrantyTerms, 'TOO_LONG', tooLongMessage([...warrantyTerms].length));
    }

    if (this.errorCount > errorsBefore) return INVALID_ROW;
    const row = this.row;
    row.articleNumber = articleNumber!;
    row.priceCents = price!;
    row.minimumOrderQuantity = minimumOrderQuantity!;
    row.deliveryTimeDays = deliveryTimeDays ?? null;
    row.warrantyQuantity = warrantyQuantity ?? null;
    row.warrantyUnit = warrantyUnit ?? null;
    row.warrantyValidFrom = warrantyValidFrom ?? null;
    row.warrantyTerms = warrantyTerms ?? null;
    return VALID_ROW;
  }

  private fail(index: number, rule: ValidationRule, message: string) {
    this.errorCount++;
    this.ruleCounts[index * validationRules.length + validationRules.indexOf(rule)]!++;
    if (this.errors.length >= this.maxErrors) return;
    const cellIndex = this.at[index]!;
    const letter = this.columnLetters[index]!;
    // The cell's text may be anything a file holds: kept short and visible, as it is shown.
    this.shownRow ??= shownRow(this.cells!, this.at, this.date1904);
    this.errors.push({
      row: this.rowNumber,
      ...(this.articleNumber !== undefined && { articleNumber: shownSafely(this.articleNumber) }),
      sheet: this.sheet,
      column: priceListColumns[index]!.header,
      message,
      value: cellIndex < 0 ? '' : shownSafely(cellDisplayValue(this.cells!, cellIndex, this.date1904)),
      rule,
      ...(letter !== '' && { cell: `${letter}${this.rowNumber}` }),
      ...this.shownRow,
    });
  }

  /** Reports an error value (#N/A) and returns true. */
  private failOnErrorValue(index: number, i: number, key: Exclude<PriceListColumnKey, 'articleName'>) {
    if (this.cells!.kinds[i] !== ERROR) return false;
    this.fail(index, 'ERROR_VALUE', errorValueMessage(key, this.cells!.texts[i]!));
    return true;
  }

  /** Text of a text column: trimmed; null when empty; undefined after an error. Numbers give their digits. */
  private text(index: number): string | null | undefined {
    const i = this.at[index]!;
    if (i < 0) return null;
    const cells = this.cells!;
    const kind = cells.kinds[i];
    let text: string;
    if (kind === TEXT) {
      text = unescapeFormulaText(cells.texts[i]!).trim();
      const forbidden = forbiddenCharacterIn(text);
      if (forbidden) {
        const key = priceListColumns[index]!.key as Exclude<PriceListColumnKey, 'articleName'>;
        this.fail(index, 'FORBIDDEN_CHARACTER', `${forbiddenCharacterMessage(forbidden)} ${allowed[key]}`);
        return undefined;
      }
    } else if (kind === NUMBER)
      text = cells.dates[i]
        ? formatExcelDate(cells.numbers[i]!, this.date1904)
        : formatNumber(cells.numbers[i]!);
    else if (
      this.failOnErrorValue(index, i, priceListColumns[index]!.key as 'articleNumber' | 'warrantyTerms')
    )
      return undefined;
    else text = cellDisplayValue(cells, i, this.date1904);
    return text === '' ? null : text;
  }

  private priceProblem(problem: Problem): undefined {
    this.fail(slot.price, problem.rule, `${problem.text} ${allowed.price}`);
    return undefined;
  }

  /** The price in öre; undefined after an error. */
  private price(): number | undefined {
    const index = slot.price;
    const i = this.at[index]!;
    const cells = this.cells!;
    if (i < 0 || (cells.kinds[i] === TEXT && cells.texts[i]!.trim() === '')) {
      this.fail(index, 'REQUIRED', missingValueMessage('price'));
      return undefined;
    }
    const kind = cells.kinds[i];
    if (kind === NUMBER) {
      if (cells.dates[i]) return this.priceProblem(problems.date);
      const value = cells.numbers[i]!;
      const cents = Math.round(value * 100);
      if (Math.abs(value - cents / 100) > tolerance(value)) return this.priceProblem(problems.decimals);
      if (cents < 0) return this.priceProblem(problems.negative);
      if (cents > MAX_PRICE_CENTS) return this.priceProblem(problems.tooLargePrice);
      return cents;
    }
    if (kind === TEXT) {
      const decimal = parseDecimalText(unescapeFormulaText(cells.texts[i]!));
      if (!decimal) return this.priceProblem(problems.notNumber);
      if (decimal.negative && /[1-9]/.test(decimal.whole + decimal.fraction))
        return this.priceProblem(problems.negative);
      if (decimal.fraction.length > 2) return this.priceProblem(problems.decimals);
      if (decimal.whole.length > 12) return this.priceProblem(problems.tooLargePrice);
      return centsOf(decimal);
    }
    if (this.failOnErrorValue(index, i, 'price')) return undefined;
    return this.priceProblem(problems.boolean);
  }

  private integerProblem(index: number, key: IntegerColumn, problem: Problem): undefined {
    this.fail(index, problem.rule, `${problem.text} ${allowed[key]}`);
    return undefined;
  }

  /** An integer ≥ minimum; null when empty (an error too when required); undefined after an error. */
  private integer(index: number, minimum: number, required: boolean): number | null | undefined {
    const i = this.at[index]!;
    const cells = this.cells!;
    const key = priceListColumns[index]!.key as IntegerColumn;
    if (i < 0 || (cells.kinds[i] === TEXT && cells.texts[i]!.trim() === '')) {
      if (required) this.fail(index, 'REQUIRED', missingValueMessage(key as 'minimumOrderQuantity'));
      return null;
    }
    const kind = cells.kinds[i];
    let value: number;
    if (kind === NUMBER) {
      if (cells.dates[i]) return this.integerProblem(index, key, problems.date);
      const number = cells.numbers[i]!;
      value = Math.round(number);
      if (Math.abs(number - value) > tolerance(number))
        return this.integerProblem(index, key, problems.notInteger);
    } else if (kind === TEXT) {
      const decimal = parseDecimalText(unescapeFormulaText(cells.texts[i]!));
      if (!decimal) return this.integerProblem(index, key, problems.notNumber);
      if (!/^0{0,2}$/.test(decimal.fraction)) return this.integerProblem(index, key, problems.notInteger);
      if (decimal.whole.length > 10) return this.integerProblem(index, key, problems.tooLargeInteger);
      value = Number(decimal.whole) * (decimal.negative ? -1 : 1);
    } else {
      if (this.failOnErrorValue(index, i, key)) return undefined;
      return this.integerProblem(index, key, problems.boolean);
    }
    if (value < minimum)
      return this.integerProblem(index, key, minimum === 1 ? problems.belowOne : problems.negative);
    if (value > MAX_INTEGER) return this.integerProblem(index, key, problems.tooLargeInteger);
    return value === 0 ? 0 : value;
  }

  /** One of a fixed set of words, any casing, as its canonical spelling; null when empty. */
  private choice(
    index: number,
    canonical: (text: string) => string | null,
    rule: ValidationRule,
  ): string | null | undefined {
    const text = this.text(index);
    if (text === null || text === undefined) return text;
    const value = canonical(text);
    if (value === null) {
      const key = priceListColumns[index]!.key as 'warrantyUnit' | 'warrantyValidFrom';
      this.fail(index, rule, notAllowedWordMessage(key));
      return undefined;
    }
    return value;
  }
}
