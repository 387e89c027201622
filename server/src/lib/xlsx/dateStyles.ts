import { attributesOf, firstElement, startTags } from './xmlTags';
import { assertNoDoctype } from './xmlText';

/** Built-in number formats that show a date or a time (ECMA-376 §18.8.30, with the East Asian ones). */
const builtInDateFormats = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

/** Whether a custom number format code shows a date or time (y, m, d, h, s outside quotes and brackets). */
export function isDateFormatCode(code: string): boolean {
  const plain = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '');
  if (/\[(?:h+|m+|s+)\]/i.test(plain)) return true;
  return /[dmyhs]/i.test(withoutBrackets(plain).replace(/general/gi, ''));
}

/**
 * The text without its `[…]` sections (colours, conditions, locales). By hand rather than with
 * /\[[^\]]*\]/g, which searches for a `]` again from every `[` and so is quadratic in a code
 * of many unclosed `[`; once no `]` is left, no later `[` closes either.
 */
function withoutBrackets(text: string): string {
  let kept = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('[', at);
    if (open < 0) break;
    const close = text.indexOf(']', open + 1);
    if (close < 0) break;
    kept += text.slice(at, open);
    at = close + 1;
  }
  return at === 0 ? text : kept + text.slice(at);
}

/**
 * For each cell style (index into cellXfs, the s attribute of a cell): 1 if its number format
 * shows a date. This is how a date is told from a number in .xlsx, which stores both as numbers.
 */
export function readDateStyles(xml: string): Uint8Array {
  assertNoDoctype(xml);
  // A workbook may define its own formats, also under a built-in id.
  const customFormats = new Map<number, boolean>();
  for (const tag of startTags(xml, 'numFmt')) {
    const attributes = attributesOf(tag);
    customFormats.set(
      Number(attributes.get('numFmtId')),
      isDateFormatCode(attributes.get('formatCode') ?? ''),
    );
  }
  const styles = startTags(firstElement(xml, 'cellXfs'), 'xf');
  const dateStyles = new Uint8Array(styles.length);
  styles.forEach((tag, index) => {
    const formatId = Number(attributesOf(tag).get('numFmtId') ?? 0);
    if (customFormats.get(formatId) ?? builtInDateFormats.has(formatId)) dateStyles[index] = 1;
  });
  return dateStyles;
}
