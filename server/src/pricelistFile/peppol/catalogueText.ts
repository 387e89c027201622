import { ExcelFileError } from '../fileErrors';

/**
 * Text of a catalogue as XML reads it: a value is all the text of its element, with comments and
 * processing instructions left out and CDATA sections as written (`1<!-- x -->05.00` is 105.00),
 * references decoded (only the five predefined entities and character references of characters
 * XML allows), line ends as \n, trimmed.
 */

export const cannotRead = (reason: string) =>
  new ExcelFileError('CORRUPT', `Filen kan inte läsas: ${reason}`);
export const notXml = () => cannotRead('katalogen är inte giltig XML.');

/**
 * The longest text or attribute value the reader accepts, as UTF-8 bytes: room for a product
 * image embedded in base64 (EmbeddedDocumentBinaryObject), while a value the reader keeps is
 * never a string of hundreds of MB. Each one longer is refused (readCatalogue.ts).
 */
export const MAX_XML_VALUE_BYTES = 16 * 2 ** 20;

/** A text or attribute value longer than MAX_XML_VALUE_BYTES, where it starts (readCatalogue names its line). */
export class TooLongValue extends Error {
  constructor(readonly offset: number) {
    super('value too long');
  }
}

const entityPattern = /&(?:(amp|lt|gt|quot|apos)|#x([0-9a-fA-F]+)|#([0-9]+)|([^;\s&]*));?/g;
const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** A character XML 1.0 allows (production Char): a reference to any other is not well-formed. */
const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

/** Text or an attribute value with its references decoded; any other entity is refused. */
export function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    entityPattern,
    (match, name?: string, hex?: string, decimal?: string, other?: string) => {
      if (!match.endsWith(';') || other !== undefined)
        throw new ExcelFileError(
          'DOCTYPE',
          `Filen innehåller entitetsreferensen ${match.slice(0, 40)} och läses inte av säkerhetsskäl: bara &amp;, &lt;, &gt;, &quot;, &apos; och teckenreferenser är tillåtna.`,
        );
      if (name) return namedEntities[name]!;
      const code = hex ? Number.parseInt(hex, 16) : Number(decimal);
      if (!isXmlChar(code)) throw notXml();
      return String.fromCodePoint(code);
    },
  );
}

type Utf8Slice = (this: Buffer, start: number, end: number) => string;
/**
 * The decoder Buffer#toString('utf8', …) ends in, called without toString's argument handling,
 * which took as long as the decoding itself on a catalogue's million short values. Not in
 * Node's documentation, so toString stands in should a release not have it.
 */
export const utf8Slice: Utf8Slice =
  (Buffer.prototype as unknown as { utf8Slice?: Utf8Slice }).utf8Slice ??
  function (this: Buffer, start: number, end: number) {
    return this.toString('utf8', start, end);
  };

const LT = 0x3c;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const AMPERSAND = 0x26;
const CARRIAGE_RETURN = 0x0d;

/** Where the text valueText read last ends: the `<` of the tag after it. */
export const textEnd = { at: 0 };

/** The index after `close`, searched from `from`, or the document is not well-formed. */
function after(bytes: Buffer, close: string, from: number): number {
  const end = bytes.indexOf(close, from);
  if (end < 0) throw notXml();
  return end + close.length;
}

/**
 * The text content of an element from `start` (after its start tag) to the next tag that is not a
 * comment, processing instruction or CDATA section, and leaves where that tag starts in
 * `textEnd.at`. Most values are a few plain characters before their end tag: one pass finds the
 * end, and only a value with a reference, a CR, a comment, a processing instruction or a CDATA
 * section takes the long way.
 */
export function valueText(bytes: Buffer, start: number): string {
  const length = bytes.length;
  let plain = true;
  let i = start;
  for (; i < length; i++) {
    const byte = bytes[i]!;
    if (byte === LT) break;
    if (byte === AMPERSAND || byte === CARRIAGE_RETURN) plain = false;
  }
  // Before any string of it is made.
  if (i - start > MAX_XML_VALUE_BYTES) throw new TooLongValue(start);
  if (plain && bytes[i + 1] === SLASH) {
    textEnd.at = i;
    let from = start;
    let to = i;
    while (from < to && bytes[from]! <= 0x20) from++;
    while (to > from && bytes[to - 1]! <= 0x20) to--;
    if (from === to) return '';
    const text = utf8Slice.call(bytes, from, to);
    // White space beyond ASCII (a no-break space) is trimmed as String#trim does.
    return bytes[from]! >= 0x80 || bytes[to - 1]! >= 0x80 ? text.trim() : text;
  }
  return joinedText(bytes, start).trim();
}

/** The long way of valueText: the pieces of text between comments, instructions and CDATA sections. */
function joinedText(bytes: Buffer, start: number): string {
  let text = '';
  let at = start;
  for (;;) {
    const lt = bytes.indexOf(LT, at);
    if (lt < 0 || lt + 1 >= bytes.length) throw notXml();
    if (lt - start > MAX_XML_VALUE_BYTES) throw new TooLongValue(start);
    text += decodeReferences(lineEnds(utf8Slice.call(bytes, at, lt)));
    const next = bytes[lt + 1];
    if (next === QUESTION) at = after(bytes, '?>', lt + 2);
    else if (next !== BANG) {
      textEnd.at = lt;
      return text;
    } else if (bytes[lt + 2] === 0x2d && bytes[lt + 3] === 0x2d) {
      at = after(bytes, '-->', lt + 4);
      // A comment may not hold `--` (nor end in `-`).
      if (bytes.indexOf('--', lt + 4) < at - 3) throw notXml();
    } else if (bytes.toString('latin1', lt, lt + 9) === '<![CDATA[') {
      at = after(bytes, ']]>', lt + 9);
      text += lineEnds(utf8Slice.call(bytes, lt + 9, at - 3));
    } else throw notXml();
  }
}

const lineEnds = (text: string) => (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text);
