import type { ValidationError, ValidationErrorCount } from '#contract';
import { priceListColumns, type ValidationRule, validationRules } from '#contract/domain';

const countFormat = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 0 });

/** What `count` errors of a rule are, in Swedish: [one, many]. */
const phrases: Record<ValidationRule, [string, string]> = {
  REQUIRED: ['värde saknas', 'värden saknas'],
  NOT_A_NUMBER: ['värde är inte ett tal', 'värden är inte tal'],
  NOT_AN_INTEGER: ['värde är inte ett heltal', 'värden är inte heltal'],
  NEGATIVE: ['värde är negativt', 'värden är negativa'],
  LESS_THAN_ONE: ['värde är mindre än 1', 'värden är mindre än 1'],
  TOO_MANY_DECIMALS: ['värde har fler än två decimaler', 'värden har fler än två decimaler'],
  TOO_LARGE: ['värde är för stort', 'värden är för stora'],
  DATE_VALUE: ['cell är formaterad som ett datum', 'celler är formaterade som datum'],
  BOOLEAN_VALUE: ['cell innehåller ett sanningsvärde', 'celler innehåller sanningsvärden'],
  ERROR_VALUE: ['cell innehåller ett felvärde', 'celler innehåller felvärden'],
  UNKNOWN_ARTICLE: [
    'artikelnummer finns inte bland organisationens artiklar',
    'artikelnummer finns inte bland organisationens artiklar',
  ],
  DUPLICATE_ARTICLE: [
    'artikelnummer finns redan på en tidigare rad',
    'artikelnummer finns redan på en tidigare rad',
  ],
  INVALID_UNIT: ['värde är inte en tillåten enhet', 'värden är inte tillåtna enheter'],
  MISSING_UNIT: ['enhet saknas fast Garanti antal är ifyllt', 'enheter saknas fast Garanti antal är ifyllt'],
  INVALID_VALID_FROM: ['värde är inte ett av de tillåtna', 'värden är inte bland de tillåtna'],
  TOO_LONG: ['text är längre än 255 tecken', 'texter är längre än 255 tecken'],
  FORBIDDEN_CHARACTER: [
    'värde innehåller ett tecken som inte kan sparas',
    'värden innehåller tecken som inte kan sparas',
  ],
  DUPLICATE_COLUMN: ['kolumn till har samma rubrik', 'kolumner till har samma rubrik'],
  INACTIVE_PRICELIST: ['prislista kan inte längre ändras', 'prislistor kan inte längre ändras'],
};

/** "Pris: 120 värden är inte tal". */
export function errorCountLabel(column: string, rule: ValidationRule, count: number): string {
  const [one, many] = phrases[rule];
  return `${column}: ${countFormat.format(count)} ${count === 1 ? one : many}`;
}

const columnOrder = new Map<string, number>(priceListColumns.map((column, index) => [column.header, index]));
const ruleOrder = new Map<string, number>(validationRules.map((rule, index) => [rule, index]));

/**
 * Counts errors by column and rule as the validation finds them, every one (also those beyond
 * what is kept), so the summary can say how many of each kind the file has without a page view
 * reading them all.
 */
export class ErrorTally {
  private readonly counts = new Map<string, { column: string; rule: ValidationRule; count: number }>();

  add(column: string, rule: ValidationRule, count = 1) {
    const key = `${rule} ${column}`;
    const found = this.counts.get(key);
    if (found) found.count += count;
    else this.counts.set(key, { column, rule, count });
  }

  addAll(other: ErrorTally) {
    for (const { column, rule, count } of other.counts.values()) this.add(column, rule, count);
  }

  /** In column order (the file's columns first, other causes after), then in rule order. */
  list(): ValidationErrorCount[] {
    const position = (column: string) => columnOrder.get(column) ?? priceListColumns.length;
    return [...this.counts.values()]
      .sort(
        (a, b) =>
          position(a.column) - position(b.column) ||
          a.column.localeCompare(b.column) ||
          ruleOrder.get(a.rule)! - ruleOrder.get(b.rule)!,
      )
      .map(({ column, rule, count }) => ({
        column,
        rule,
        count,
        label: errorCountLabel(column, rule, count),
      }));
  }
}

/** The counts of a list of errors that is whole (not capped); errors without a rule are left out. */
export function errorCountsOf(errors: readonly ValidationError[]): ValidationErrorCount[] {
  const tally = new ErrorTally();
  for (const error of errors) if (error.rule) tally.add(error.column, error.rule);
  return tally.list();
}
