/**
 * What a cell's text may hold to be stored, and how any text is shown back safely.
 *
 * A cell can hold any UTF-16 code unit: Excel's `_xHHHH_` escape decodes to control characters
 * and to halves of surrogate pairs. A stored text must survive PostgreSQL (no NUL), the JSON of
 * the API and the .xlsx files we write (XML 1.0 holds no other C0 control but tab, line feed and
 * carriage return, and no U+FFFE or U+FFFF), so such a text is refused with an error on its cell,
 * never changed: what the summary shows is what is stored.
 */

/** Longest value or article number kept in an error (a 10-million-character cell stays in the file). */
export const MAX_SHOWN_LENGTH = 300;

/** The C0 controls XML 1.0 cannot hold: all but tab, line feed and carriage return. */
const C0_BUT_TAB_LF_CR = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F';

/** Half of a surrogate pair without its other half (the regular expression reads code units). */
const loneSurrogates = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// Which characters cannot be stored, and the sentence that names one, are the contract's: the
// summary page checks a corrected value with them before it is sent.
export {
  type ForbiddenCharacter,
  forbiddenCharacterIn,
  forbiddenCharacterMessage,
} from '#contract/cellRules';

/** A code unit as four hex digits: "000D". */
const hex4 = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');

const invisibleControl = new RegExp(`[${C0_BUT_TAB_LF_CR}\\u007F]`, 'g');

/**
 * A text as it may be shown in an error, on a page or in an exported file: control characters as
 * their visible pictures (␀ for NUL), broken surrogates and non-characters as U+FFFD, at most MAX_SHOWN_LENGTH
 * characters followed by "…".
 */
export function shownSafely(text: string): string {
  let shown = text;
  if (shown.length > MAX_SHOWN_LENGTH) {
    // Never cut a surrogate pair in two.
    const end = isHighSurrogate(shown.charCodeAt(MAX_SHOWN_LENGTH - 1))
      ? MAX_SHOWN_LENGTH - 1
      : MAX_SHOWN_LENGTH;
    shown = `${shown.slice(0, end)}…`;
  }
  shown = shown.replace(invisibleControl, (c) => {
    const code = c.charCodeAt(0);
    return String.fromCharCode(code === 0x7f ? 0x2421 : 0x2400 + code);
  });
  return shown.replace(/[\uFFFE\uFFFF]/g, '\uFFFD').replace(loneSurrogates, '\uFFFD');
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * A text as it is given to exceljs for a cell, so that any reader (ours, SheetJS, Excel) reads it
 * back as itself: exceljs writes `_x0041_` verbatim, which readers decode to "A", and drops
 * control characters. A literal escape gets its underscore escaped (`_x005F_x0041_`), a control
 * character becomes its escape.
 */
export function escapedForCell(text: string): string {
  if (!text.includes('_') && !hasControl.test(text)) return text;
  return text
    .replace(literalEscape, (underscore) => `_x005F${underscore}`)
    .replace(controls, (c) => `_x${hex4(c.charCodeAt(0))}_`);
}

const literalEscape = /_(?=x[0-9a-fA-F]{4}_)/gi;
const controls = new RegExp(`[${C0_BUT_TAB_LF_CR}]`, 'g');
const hasControl = new RegExp(controls.source);
