import { XlsxError } from './errors';

/**
 * Small XML helpers for the parts of an .xlsx. The reader never builds a DOM: text is decoded
 * straight from the inflated bytes, and only the five predefined entities and character
 * references exist (a DOCTYPE, the only way to declare more, is refused).
 */

const AMP = 0x26;
const UNDERSCORE = 0x5f;

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

export function unescapeXml(raw: string): string {
  let text = raw;
  if (text.includes('&')) {
    text = text.replace(entityPattern, (match, name: string | undefined, hex, decimal) =>
      name
        ? namedEntities.get(name)!
        : fromCodePoint(hex ? Number.parseInt(hex, 16) : Number(decimal), match),
    );
  }
  if (text.includes('_x') || text.includes('_X')) {
    text = text.replace(ooxmlEscapePattern, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  }
  // XML normalises line ends; Excel writes CR LF inside cells that way.
  return text.includes('\r\n') ? text.replaceAll('\r\n', '\n') : text;
}

/** Text content between two byte offsets, UTF-8 decoded and unescaped. */
export function decodeXmlText(bytes: Buffer, start: number, end: number): string {
  let ascii = true;
  let escaped = false;
  for (let i = start; i < end; i++) {
    const byte = bytes[i]!;
    if (byte >= 0x80) ascii = false;
    else if (byte === AMP || byte === UNDERSCORE || byte === 0x0d) escaped = true;
  }
  const text = ascii ? bytes.toString('latin1', start, end) : bytes.toString('utf8', start, end);
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
