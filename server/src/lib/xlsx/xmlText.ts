import { XlsxError } from './errors';

/**
 * Small XML helpers for the parts of an .xlsx. The reader never builds a DOM: text is decoded
 * straight from the inflated bytes, and only the five predefined entities and character
 * references exist (a DOCTYPE, the only way to declare more, is refused). CDATA sections in text
 * are read as their characters.
 */

const AMP = 0x26;
const UNDERSCORE = 0x5f;
const LT = 0x3c;

const entityPattern = /&(?:(amp|lt|gt|quot|apos)|#x([0-9a-fA-F]+)|#([0-9]+));/g;
const namedEntities = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);
/**
 * OOXML's escape for characters XML cannot hold, e.g. `_x000D_` for a carriage return; `_x005F_`
 * escapes the underscore of a literal `_x….` text. Decoded as Excel and SheetJS do: any four hex
 * digits (a control character, half of a surrogate pair), `x` in either case, left to right.
 * What a decoded character may mean in a cell is for the rules of each column to decide.
 */
const ooxmlEscapePattern = /_x([0-9a-fA-F]{4})_/gi;

const fromCodePoint = (code: number, fallback: string) =>
  code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;

/** The five predefined entities and character references. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(entityPattern, (match, name: string | undefined, hex, decimal) =>
    name ? namedEntities.get(name)! : fromCodePoint(hex ? Number.parseInt(hex, 16) : Number(decimal), match),
  );
}

function decodeOoxmlEscapes(text: string): string {
  if (!text.includes('_x') && !text.includes('_X')) return text;
  return text.replace(ooxmlEscapePattern, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * XML turns a written CR LF (and a lone CR) into LF before anything is decoded, so a CR written
 * as `_x000D_` or `&#13;` stays: Excel reads `_x000D_` and a line feed as CR LF.
 */
const normalizeLineEnds = (text: string) => (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text);

export function unescapeXml(raw: string): string {
  return decodeOoxmlEscapes(decodeEntities(normalizeLineEnds(raw)));
}

const CDATA_START = '<![CDATA[';

/**
 * Text with CDATA sections (the tokenizer's textEnd found them whole): their characters stand as
 * written, entities are decoded only outside them. `_xHHHH_` escapes are decoded in both: Excel
 * decodes them from the text's value, however the XML wrote it (SheetJS decodes them only outside
 * CDATA; Excel is followed here).
 */
function decodeWithCdata(raw: string): string {
  const text = normalizeLineEnds(raw);
  let value = '';
  let at = 0;
  for (let open = text.indexOf(CDATA_START); open >= 0; open = text.indexOf(CDATA_START, at)) {
    const close = text.indexOf(']]>', open + CDATA_START.length);
    if (close < 0) break;
    value += decodeEntities(text.slice(at, open)) + text.slice(open + CDATA_START.length, close);
    at = close + 3;
  }
  return decodeOoxmlEscapes(value + decodeEntities(text.slice(at)));
}

/** Text content between two byte offsets, UTF-8 decoded and unescaped; a `<` in it starts a CDATA section. */
export function decodeXmlText(bytes: Buffer, start: number, end: number): string {
  let ascii = true;
  let escaped = false;
  let cdata = false;
  for (let i = start; i < end; i++) {
    const byte = bytes[i]!;
    if (byte >= 0x80) ascii = false;
    else if (byte === AMP || byte === UNDERSCORE || byte === 0x0d) escaped = true;
    else if (byte === LT) cdata = true;
  }
  const text = ascii ? bytes.toString('latin1', start, end) : bytes.toString('utf8', start, end);
  if (cdata) return decodeWithCdata(text);
  return escaped ? unescapeXml(text) : text;
}

export const doctypeRefused = () => new XlsxError('DOCTYPE');

/**
 * For the small parts, read as a whole string: refuses any DOCTYPE (and with it any entity
 * declaration). Two fixed strings: one linear pass. Tags and attributes are read in xmlTags.ts.
 */
export function assertNoDoctype(xml: string) {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw doctypeRefused();
}

/** An attribute by local name, whatever its prefix (`r:id`, `ns1:id`). */
export function attributeByLocalName(attributes: Map<string, string>, localName: string, prefixed: boolean) {
  for (const [name, value] of attributes) {
    const colon = name.indexOf(':');
    if (colon >= 0 === prefixed && name.slice(colon + 1) === localName) return value;
  }
  return undefined;
}
