import {
  type PriceListColumnKey,
  priceListColumns,
  type ValidationRule,
  warrantyUnits,
  warrantyValidFromValues,
} from './domain';
import { type ForbiddenCharacter, ruleMessages } from './ruleMessages';

export type { ForbiddenCharacter };

/**
 * The rules of one cell's text (docs/price-list-file.md), shared by the validation
 * (server/src/pricelistFile/rowRules.ts reads its sentences and parsers from here) and the summary
 * page, which checks a corrected value at its field before "Validera igen" with the same words the
 * server would answer. No zod: the page imports it. A corrected value is a text cell, so only the
 * text paths are here; rules that need other rows or the organisation's articles (UNKNOWN_ARTICLE,
 * DUPLICATE_ARTICLE, MISSING_UNIT) are the server's alone. `cellRules.test.ts` on the server checks
 * that a corrected cell gets exactly what checkCellText says.
 */

/** The largest integer a number column holds (PostgreSQL integer). */
export const MAX_INTEGER = 2_147_483_647;
/** Longest Garantivillkor, in characters (code points). */
export const MAX_WARRANTY_TERMS = 255;

/** What a column allows, as the second sentence of its errors. */
export const allowedValues: Record<Exclude<PriceListColumnKey, 'articleName'>, string> = {
  articleNumber: 'Ange artikelnumret för en av organisationens egna artiklar.',
  price: 'Pris måste vara ett tal större än eller lika med 0 med högst två decimaler.',
  minimumOrderQuantity: 'Minsta beställningsantal måste vara ett heltal större än eller lika med 1.',
  deliveryTimeDays: 'Leveranstid (dagar) måste vara tom eller ett heltal större än eller lika med 0.',
  warrantyQuantity: 'Garanti antal måste vara tom eller ett heltal större än eller lika med 0.',
  warrantyUnit: 'Garanti enhet måste vara Dagar, Veckor, Månader eller År.',
  warrantyValidFrom: 'Garanti gäller från måste vara tom, Leveransdatum eller Fakturadatum.',
  warrantyTerms: 'Garantivillkor måste vara tom eller en text på högst 255 tecken.',
};

/** What is wrong with a value: its rule and the sentence that says so. */
export interface ValueProblem {
  rule: ValidationRule;
  text: string;
}

export const valueProblems = {
  notNumber: { rule: 'NOT_A_NUMBER', text: ruleMessages.NOT_A_NUMBER },
  notInteger: { rule: 'NOT_AN_INTEGER', text: ruleMessages.NOT_AN_INTEGER },
  negative: { rule: 'NEGATIVE', text: ruleMessages.NEGATIVE },
  belowOne: { rule: 'LESS_THAN_ONE', text: ruleMessages.LESS_THAN_ONE },
  decimals: { rule: 'TOO_MANY_DECIMALS', text: ruleMessages.TOO_MANY_DECIMALS },
  tooLargeInteger: { rule: 'TOO_LARGE', text: ruleMessages.TOO_LARGE.integer },
  tooLargePrice: { rule: 'TOO_LARGE', text: ruleMessages.TOO_LARGE.price },
  date: { rule: 'DATE_VALUE', text: ruleMessages.DATE_VALUE },
  boolean: { rule: 'BOOLEAN_VALUE', text: ruleMessages.BOOLEAN_VALUE },
} satisfies Record<string, ValueProblem>;

/** "Pris saknas. Pris måste vara …": a required column's empty cell. */
export const missingValueMessage = (key: 'articleNumber' | 'price' | 'minimumOrderQuantity') =>
  `${ruleMessages.REQUIRED(priceListColumns.find((column) => column.key === key)!.header)} ${allowedValues[key]}`;

/** A text that is not one of a column's words (Garanti enhet, Garanti gäller från). */
export const notAllowedWordMessage = (key: 'warrantyUnit' | 'warrantyValidFrom') =>
  `${key === 'warrantyUnit' ? ruleMessages.INVALID_UNIT : ruleMessages.INVALID_VALID_FROM} ${allowedValues[key]}`;

export const tooLongMessage = (length: number) =>
  `${ruleMessages.TOO_LONG(length)} ${allowedValues.warrantyTerms}`;

/** "Artikelnumret finns inte bland organisationens artiklar. Ange …". */
export const unknownArticleMessage = `${ruleMessages.UNKNOWN_ARTICLE} ${allowedValues.articleNumber}`;

/** "Cellen innehåller felvärdet #N/A. Pris måste vara …". */
export const errorValueMessage = (key: Exclude<PriceListColumnKey, 'articleName'>, errorValue: string) =>
  `${ruleMessages.ERROR_VALUE(errorValue)} ${allowedValues[key]}`;

export interface DecimalText {
  negative: boolean;
  /** Digits before the decimal separator, without leading zeros ("" for zero). */
  whole: string;
  /** Digits after the decimal separator. */
  fraction: string;
}

const SPACES = /[\s\u00a0\u2007\u2009\u202f]/;
const decimalText = /^([-\u2212])?(\d*)(?:[.,](\d*))?$/;
const groupedThousands = /^\d{1,3}(?:[\s\u00a0\u2007\u2009\u202f]\d{3})+$/;

/**
 * A number typed as text, the Swedish way and the other: "1 234,50", "1234.50", "-5". Spaces
 * (also no-break and thin spaces) may group thousands in threes; one comma or one point is the
 * decimal separator. Text with both (1.234,50), other grouping or letters is not a number:
 * guessing would risk reading a price a thousand times wrong.
 */
export function parseDecimalText(raw: string): DecimalText | null {
  const text = raw.trim();
  let compact = text;
  if (SPACES.test(text)) {
    const sign = /^[-\u2212]/.test(text) ? 1 : 0;
    const separator = text.search(/[.,]/);
    const whole = text.slice(sign, separator < 0 ? text.length : separator);
    if (!groupedThousands.test(whole)) return null;
    compact = text.slice(0, sign) + whole.replace(/\D/g, '') + (separator < 0 ? '' : text.slice(separator));
  }
  const match = decimalText.exec(compact);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  return {
    negative: match[1] !== undefined,
    whole: match[2]!.replace(/^0+/, ''),
    fraction: match[3] ?? '',
  };
}

/**
 * A text cell's text as the rules read it: without the apostrophe that keeps a formula-like text
 * ("'-3") a text in a file we wrote (the reader's unescapeFormulaText in server/src/lib/xlsx does
 * the same; the agreement test covers it).
 */
export function typedText(text: string): string {
  if (text.charCodeAt(0) !== 0x27) return text;
  const first = text.charCodeAt(1);
  const formulaLike =
    first === 0x3d || first === 0x2b || first === 0x2d || first === 0x40 || first === 0x09 || first === 0x0d;
  return formulaLike ? text.slice(1) : text;
}

/** The C0 controls XML 1.0 cannot hold (all but tab, line feed and carriage return), U+FFFE and U+FFFF. */
const C0_BUT_TAB_LF_CR = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F';
/** Half of a surrogate pair without its other half (the regular expression reads code units). */
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const notStorable = new RegExp(`[${C0_BUT_TAB_LF_CR}\\uFFFE\\uFFFF]|${LONE_SURROGATE}`);

/** The first character of `text` that cannot be stored, or null when every one can. */
export function forbiddenCharacterIn(text: string): ForbiddenCharacter | null {
  const found = notStorable.exec(text);
  return found ? { code: text.charCodeAt(found.index), position: found.index + 1 } : null;
}

/** The Swedish sentence that names a refused character and where it is. */
export const forbiddenCharacterMessage: (found: ForbiddenCharacter) => string =
  ruleMessages.FORBIDDEN_CHARACTER;

/** One of `values` written in any casing, as its canonical spelling; null if none. */
function canonicalOf(values: readonly string[]) {
  const byKey = new Map(values.map((value) => [value.toLowerCase(), value]));
  // The canonical spelling itself (most cells) is found without making a lower-case copy.
  return (text: string) => (values.includes(text) ? text : (byKey.get(text.trim().toLowerCase()) ?? null));
}

/** Canonical warranty unit (Dagar, Veckor, Månader, År) of any casing, or null. */
export const canonicalWarrantyUnit = canonicalOf(warrantyUnits);
export const canonicalWarrantyValidFrom = canonicalOf(warrantyValidFromValues);

/** What checkCellText found: the rule and the whole message, as the server's error has them. */
export interface CellProblem {
  rule: ValidationRule;
  message: string;
}

type ValueKey = Exclude<PriceListColumnKey, 'articleName'>;
const problem = (key: ValueKey, found: ValueProblem): CellProblem => ({
  rule: found.rule,
  message: `${found.text} ${allowedValues[key]}`,
});

/** A text column's text: trimmed, or the error of a character that cannot be stored. */
function storableText(key: ValueKey, text: string): string | CellProblem {
  const trimmed = typedText(text).trim();
  const forbidden = forbiddenCharacterIn(trimmed);
  return forbidden
    ? {
        rule: 'FORBIDDEN_CHARACTER',
        message: `${forbiddenCharacterMessage(forbidden)} ${allowedValues[key]}`,
      }
    : trimmed;
}

function checkPrice(text: string): CellProblem | null {
  if (text.trim() === '') return { rule: 'REQUIRED', message: missingValueMessage('price') };
  const decimal = parseDecimalText(typedText(text));
  if (!decimal) return problem('price', valueProblems.notNumber);
  if (decimal.negative && /[1-9]/.test(decimal.whole + decimal.fraction))
    return problem('price', valueProblems.negative);
  if (decimal.fraction.length > 2) return problem('price', valueProblems.decimals);
  if (decimal.whole.length > 12) return problem('price', valueProblems.tooLargePrice);
  return null;
}

function checkInteger(
  key: 'minimumOrderQuantity' | 'deliveryTimeDays' | 'warrantyQuantity',
  text: string,
): CellProblem | null {
  if (text.trim() === '')
    return key === 'minimumOrderQuantity' ? { rule: 'REQUIRED', message: missingValueMessage(key) } : null;
  const decimal = parseDecimalText(typedText(text));
  if (!decimal) return problem(key, valueProblems.notNumber);
  if (!/^0{0,2}$/.test(decimal.fraction)) return problem(key, valueProblems.notInteger);
  if (decimal.whole.length > 10) return problem(key, valueProblems.tooLargeInteger);
  const value = Number(decimal.whole) * (decimal.negative ? -1 : 1);
  const minimum = key === 'minimumOrderQuantity' ? 1 : 0;
  if (value < minimum) return problem(key, minimum === 1 ? valueProblems.belowOne : valueProblems.negative);
  if (value > MAX_INTEGER) return problem(key, valueProblems.tooLargeInteger);
  return null;
}

function checkText(key: 'articleNumber' | 'warrantyTerms', text: string): CellProblem | null {
  const stored = storableText(key, text);
  if (typeof stored !== 'string') return stored;
  if (key === 'articleNumber')
    return stored === '' ? { rule: 'REQUIRED', message: missingValueMessage('articleNumber') } : null;
  const length = stored.length > MAX_WARRANTY_TERMS ? [...stored].length : 0;
  return length > MAX_WARRANTY_TERMS ? { rule: 'TOO_LONG', message: tooLongMessage(length) } : null;
}

function checkWord(key: 'warrantyUnit' | 'warrantyValidFrom', text: string): CellProblem | null {
  const stored = storableText(key, text);
  if (typeof stored !== 'string') return stored;
  if (stored === '') return null;
  const canonical = key === 'warrantyUnit' ? canonicalWarrantyUnit : canonicalWarrantyValidFrom;
  if (canonical(stored) !== null) return null;
  return {
    rule: key === 'warrantyUnit' ? 'INVALID_UNIT' : 'INVALID_VALID_FROM',
    message: notAllowedWordMessage(key),
  };
}

/**
 * What the validation would say of `text` typed into a cell of our column `column` ("Pris"), on
 * its own: null when the text passes every rule of a single cell. Unknown columns (and Benämning,
 * which has no rules) pass.
 */
export function checkCellText(column: string, text: string): CellProblem | null {
  const key = priceListColumns.find((c) => c.header === column)?.key;
  switch (key) {
    case 'price':
      return checkPrice(text);
    case 'minimumOrderQuantity':
    case 'deliveryTimeDays':
    case 'warrantyQuantity':
      return checkInteger(key, text);
    case 'articleNumber':
    case 'warrantyTerms':
      return checkText(key, text);
    case 'warrantyUnit':
    case 'warrantyValidFrom':
      return checkWord(key, text);
    default:
      return null;
  }
}
