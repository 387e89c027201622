import * as text from './catalogueText';

// Module constants: tsx compiles an imported binding to a getter, which costs at each use.
const { decodeReferences, notXml, utf8Slice } = text;

/**
 * The attributes of a catalogue's start tag, read once from after its name to its `>` and kept
 * as places in the bytes (no object per tag): the reader then takes its namespace declarations
 * and the one attribute a value keeps (currencyID, unitCode) from them. An attribute twice is not
 * well-formed, as an XML parser says.
 */

const GT = 0x3e;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const X = 0x78;
const COLON = 0x3a;
const XMLNS = Buffer.from('xmlns', 'latin1');

/** The start tag read last. */
export const startTag = {
  /** It ends in `/>`. */
  selfClosing: false,
  count: 0,
  /** How many of its attributes may be namespace declarations (their names start with x). */
  declarations: 0,
  nameStart: new Int32Array(16),
  nameEnd: new Int32Array(16),
  valueStart: new Int32Array(16),
  valueEnd: new Int32Array(16),

  /** Whether attribute `i` is `xmlns` or `xmlns:prefix`. */
  isDeclaration(bytes: Buffer, i: number) {
    const start = this.nameStart[i]!;
    const length = this.nameEnd[i]! - start;
    if (length < 5 || (length > 5 && (length === 6 || bytes[start + 5] !== COLON))) return false;
    for (let j = 0; j < 5; j++) if (bytes[start + j] !== XMLNS[j]) return false;
    return true;
  },

  /**
   * Attribute `i`'s value as XML reads it: white space characters as written are spaces, then
   * references decoded.
   */
  value(bytes: Buffer, i: number): string {
    const raw = utf8Slice.call(bytes, this.valueStart[i]!, this.valueEnd[i]!);
    return decodeReferences(/[\t\n\r]/.test(raw) ? raw.replace(/\r\n|[\t\n\r]/g, ' ') : raw);
  },
};

function grow(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(array.length * 2);
  larger.set(array);
  return larger;
}

function record(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number, bytes: Buffer) {
  const tag = startTag;
  const i = tag.count;
  if (i === tag.nameStart.length) {
    tag.nameStart = grow(tag.nameStart);
    tag.nameEnd = grow(tag.nameEnd);
    tag.valueStart = grow(tag.valueStart);
    tag.valueEnd = grow(tag.valueEnd);
  }
  // The same name twice: compared with each before (few; a tag of thousands is refused the same way).
  const length = nameEnd - nameStart;
  for (let j = 0; j < i; j++) {
    const start = tag.nameStart[j]!;
    if (tag.nameEnd[j]! - start !== length) continue;
    let same = true;
    for (let k = 0; k < length && same; k++) same = bytes[start + k] === bytes[nameStart + k];
    if (same) throw notXml();
  }
  tag.nameStart[i] = nameStart;
  tag.nameEnd[i] = nameEnd;
  tag.valueStart[i] = valueStart;
  tag.valueEnd[i] = valueEnd;
  tag.count = i + 1;
  if (bytes[nameStart] === X) tag.declarations++;
}

/** At most this many attributes in one start tag: more is no catalogue's (and the check of twice is quadratic). */
const MAX_ATTRIBUTES = 256;

/**
 * Reads a start tag's attributes from `at` (after its name) to its `>`, quote-aware (a `>` in a
 * value does not end the tag), into `startTag`. Returns the index after `>`.
 */
export function readAttributes(bytes: Buffer, at: number): number {
  const tag = startTag;
  tag.count = 0;
  tag.declarations = 0;
  const length = bytes.length;
  let i = at;
  while (i < length) {
    let byte = bytes[i]!;
    if (byte === GT) {
      tag.selfClosing = bytes[i - 1] === SLASH;
      return i + 1;
    }
    if (byte <= 0x20 || byte === SLASH) {
      i++;
      continue;
    }
    const nameStart = i;
    while (i < length) {
      byte = bytes[i]!;
      if (byte === EQUALS || byte <= 0x20 || byte === GT || byte === SLASH) break;
      i++;
    }
    const nameEnd = i;
    while (i < length) {
      byte = bytes[i]!;
      if (byte === QUOTE || byte === APOSTROPHE) break;
      if (byte !== EQUALS && byte > 0x20) throw notXml();
      i++;
    }
    if (i >= length || tag.count >= MAX_ATTRIBUTES) throw notXml();
    const valueEnd = bytes.indexOf(byte, i + 1);
    if (valueEnd < 0) throw notXml();
    record(nameStart, nameEnd, i + 1, valueEnd, bytes);
    i = valueEnd + 1;
  }
  throw notXml();
}

/** The value of the start tag's attribute `name` (unprefixed), or null. */
export function attributeNamed(bytes: Buffer, name: Buffer): string | null {
  const tag = startTag;
  for (let i = 0; i < tag.count; i++) {
    const start = tag.nameStart[i]!;
    if (tag.nameEnd[i]! - start !== name.length) continue;
    let same = true;
    for (let j = 0; j < name.length && same; j++) same = bytes[start + j] === name[j];
    if (same) return tag.value(bytes, i);
  }
  return null;
}
