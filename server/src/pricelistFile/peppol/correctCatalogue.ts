import {
  type CatalogueLine,
  type CatalogueValue,
  catalogueRead,
  catalogueUtf8,
  readCatalogue,
} from './readCatalogue';
import { fieldOfColumn } from './validateCatalogue';

/**
 * "Ladda ner rättad fil" for a Peppol catalogue: the supplier's own document with the values typed
 * on the summary written into their elements and the lines left out taken out, everything else
 * byte for byte as sent. The document is written as UTF-8 (its declaration says so), unpacked if
 * it came gzip-compressed. A correction whose column has no element in the line (the warranty's
 * quantity, unit and start, which the syntax cannot carry, or an element the line lacks) cannot be
 * placed in the syntax: it is written as a comment at the start of its line, so that nothing
 * typed is lost without a word.
 */

export interface CatalogueCorrections {
  cells: readonly { row: number; column: string; value: string }[];
  leaveOut: readonly number[];
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * Text as element content: the markup characters as references, a carriage return as one (a
 * parser reads a written one as a line feed), so that the value reads back exactly as typed.
 * Corrections never hold a character XML 1.0 cannot (they are refused when saved,
 * contract/correctionChecks.ts); one kept from before that rule is written as U+FFFD rather than
 * making the document unreadable.
 */
const escaped = (text: string) =>
  xmlCharacters(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;');

/** The C0 controls XML 1.0 cannot hold, and a half of a surrogate pair without its other half. */
const C0_BUT_TAB_LF_CR = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F';
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const notXmlCharacter = new RegExp(`[${C0_BUT_TAB_LF_CR}\\uFFFE\\uFFFF]|${LONE_SURROGATE}`, 'g');
const xmlCharacters = (text: string) => text.replace(notXmlCharacter, '\uFFFD');

/** A comment's text cannot hold `--`. */
const commentText = (text: string) =>
  xmlCharacters(text).replace(/-{2,}/g, (dashes) => dashes.split('').join(' '));

/** The qualified name of the start tag at `offset` (`cbc:PriceAmount`). */
function qualifiedNameAt(bytes: Buffer, offset: number): string {
  let end = offset + 1;
  while (end < bytes.length && bytes[end]! > 0x20 && bytes[end] !== 0x3e && bytes[end] !== 0x2f) end++;
  return bytes.toString('utf8', offset + 1, end);
}

/**
 * A value's new text in its element, at the places the reader found (never by searching the
 * text): its content replaced whole (comments in it too), a self-closing one opened up.
 */
function replaceValue(bytes: Buffer, value: CatalogueValue, text: string): Edit {
  if (value.contentEnd < 0) {
    // <cbc:Name/>: written out with its start tag as it was, less the slash.
    const name = qualifiedNameAt(bytes, value.offset);
    const startTag = bytes.toString('utf8', value.offset, value.contentStart - 2).trimEnd();
    return { start: value.offset, end: value.contentStart, text: `${startTag}>${escaped(text)}</${name}>` };
  }
  return { start: value.contentStart, end: value.contentEnd, text: escaped(text) };
}

export async function writeCorrectedCatalogue(
  content: Uint8Array,
  corrections: CatalogueCorrections,
): Promise<Buffer> {
  const bytes = await catalogueUtf8(content);
  const leftOut = new Set(corrections.leaveOut);
  const cellsOfLine = new Map<number, { column: string; value: string }[]>();
  for (const { row, column, value } of corrections.cells)
    cellsOfLine.set(row, [...(cellsOfLine.get(row) ?? []), { column, value }]);

  const edits: Edit[] = [];
  const declaration = /^(\uFEFF?<\?xml\s[^?]*?encoding\s*=\s*)(["'])[A-Za-z0-9._-]+\2/.exec(
    bytes.toString('utf8', 0, Math.min(bytes.length, 200)),
  );
  if (declaration)
    edits.push({ start: 0, end: Buffer.byteLength(declaration[0]), text: `${declaration[1]}"UTF-8"` });

  const read = catalogueRead(bytes);
  for (const line of readCatalogue(bytes, read)) {
    if (leftOut.has(line.index)) {
      const { end } = line;
      // The line and the white space before it, so no empty line is left behind.
      let start = line.offset;
      while (start > 0 && (bytes[start - 1] === 0x20 || bytes[start - 1] === 0x09)) start--;
      if (bytes[start - 1] === 0x0a) start--;
      if (bytes[start - 1] === 0x0d) start--;
      edits.push({ start, end, text: '' });
      continue;
    }
    const cells = cellsOfLine.get(line.index);
    if (cells) edits.push(...lineEdits(bytes, line, cells));
  }
  // An insertion (a comment) before a replacement that starts at the same place.
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: Buffer[] = [];
  let at = 0;
  for (const edit of edits) {
    parts.push(bytes.subarray(at, edit.start), Buffer.from(edit.text, 'utf8'));
    at = edit.end;
  }
  parts.push(bytes.subarray(at));
  return Buffer.concat(parts);
}

function lineEdits(bytes: Buffer, line: CatalogueLine, cells: { column: string; value: string }[]): Edit[] {
  const edits: Edit[] = [];
  const unplaced: string[] = [];
  for (const { column, value } of cells) {
    const field = fieldOfColumn.get(column);
    const found = field ? line[field] : undefined;
    if (found) edits.push(replaceValue(bytes, found, value));
    else unplaced.push(`${column}: ${value}`);
  }
  if (unplaced.length > 0) {
    // At the start of the line's content (before a line written <cac:CatalogueLine/>).
    const at = line.end === line.contentStart ? line.offset : line.contentStart;
    edits.push({
      start: at,
      end: at,
      text: `<!-- Rättat i Hjälpmedelsdatabasen, utan plats i katalogen: ${commentText(unplaced.join('; '))} -->`,
    });
  }
  return edits;
}
