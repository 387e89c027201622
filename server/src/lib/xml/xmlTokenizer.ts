import { xmlErrorAt } from './xmlError';

export const asciiBytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

export const LT = 0x3c;
export const GT = 0x3e;
export const SLASH = 0x2f;
const COLON = 0x3a;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const BANG = 0x21;
const QUESTION = 0x3f;
const DASH = 0x2d;
const LEFT_BRACKET = 0x5b;
const CDATA_START = asciiBytes('<![CDATA[');
const CDATA_END = asciiBytes(']]>');

/** Whether `<![CDATA[` starts at `at` (all its bytes are there). */
function isCdataAt(bytes: Buffer, at: number) {
  for (let i = 2; i < CDATA_START.length; i++) if (bytes[at + i] !== CDATA_START[i]) return false;
  return true;
}

/** Returned by a read that ran out of bytes: the unit is read again when more have come. */
export const INCOMPLETE = -1;

/**
 * One tag loop for XML read as bytes: the .xlsx reader's streamed parts (sheet, shared strings)
 * and the Peppol catalogue. Reads one tag at a time, as saxes has one tokenizer. Comments, processing instructions and CDATA sections between
 * tags are skipped (CDATA in text content is the text's: see textEnd); any other `<!…>` (DOCTYPE,
 * ENTITY) is refused with DOCTYPE, since a DOCTYPE is how entity bombs and external entities get
 * in. Both refusals are an XmlError naming the line and column. What was read is left in the
 * tokenizer's fields, never in an object per tag. Each read goes forward only and returns an index, or INCOMPLETE when the tag is
 * cut by the end of `bytes` (the caller then reads it again once more bytes have come).
 *
 * Text between tags is the caller's: `textEnd` finds where it ends. A tag can be read in two
 * steps, readTagName and then readTagRest (readTag does both), so that a caller may read the rest
 * of a start tag its own way: the sheet scanner reads `<c r="B2" s="3" t="s">` without the
 * general attribute loop and falls back to readAttributes for any other spelling.
 */
export class XmlTokenizer {
  /** Where the `<` of the tag read last is. After INCOMPLETE: where to read again from when more bytes have come. */
  tagStart = 0;
  /** The tag read last is an end tag (`</name>`). */
  closing = false;
  /** The start tag read last ends in `/>` (false after an end tag read by readTagRest). */
  selfClosing = false;
  /** The local name of the tag read last (the part after any namespace prefix). */
  nameStart = 0;
  nameEnd = 0;
  /** Where the value of attribute r, s or t starts and ends in the start tag read last (-1: absent). */
  rStart = -1;
  rEnd = -1;
  sStart = -1;
  sEnd = -1;
  tStart = -1;
  tEnd = -1;

  /**
   * Reads the next tag at or after `from` up to its `>` and returns the index after it.
   * End tags end at their first `>`; with `checkEndTags` their rest is read like a start tag's
   * attributes (quote-aware, refusing what is not `name="value"`).
   */
  readTag(bytes: Buffer, from: number, checkEndTags = false): number {
    const afterName = this.readTagName(bytes, from);
    if (afterName === INCOMPLETE) return INCOMPLETE;
    return this.readTagRest(bytes, afterName, checkEndTags);
  }

  /**
   * Finds the next tag at or after `from`, skipping comments and processing instructions, and
   * reads whether it is an end tag and its name. Returns the index after the name. When no `<`
   * (with the byte after it) is there yet, `tagStart` is where the search began.
   */
  readTagName(bytes: Buffer, from: number): number {
    const length = bytes.length;
    let at = from;
    for (;;) {
      let lt = at;
      while (lt < length && bytes[lt] !== LT) lt++;
      // One store for both outcomes: a store only on the rare cut-off path would have no type
      // feedback when the callers are optimized, and cost a deoptimization at every chunk end.
      const found = lt + 1 < length;
      this.tagStart = found ? lt : at;
      if (!found) return INCOMPLETE;
      const next = bytes[lt + 1]!;
      if (next === BANG || next === QUESTION) {
        at = this.skipSpecial(bytes, lt, next);
        if (at === INCOMPLETE) return INCOMPLETE;
        continue;
      }
      const closing = next === SLASH;
      this.closing = closing;
      return this.readName(bytes, closing ? lt + 2 : lt + 1);
    }
  }

  /**
   * From after the name readTagName read: the rest of the tag, up to its `>`. Returns the index
   * after it. A start tag's attributes are read (r, s and t recorded); see readTag for end tags.
   */
  readTagRest(bytes: Buffer, afterName: number, checkEndTags = false): number {
    if (this.closing && !checkEndTags) {
      this.selfClosing = false;
      const gt = this.indexOf(bytes, GT, afterName);
      return gt === INCOMPLETE ? INCOMPLETE : gt + 1;
    }
    return this.readAttributes(bytes, afterName);
  }

  /** Set by textEnd: the text it found holds a CDATA section (decodeXmlText reads it as text). */
  cdata = false;

  /**
   * Index of the next `<` at or after `from` that is not the start of a CDATA section (where text
   * content ends: a CDATA section is part of the text), or INCOMPLETE when it (or the byte after
   * it, or the end of a CDATA section) is not there yet.
   */
  textEnd(bytes: Buffer, from: number): number {
    const length = bytes.length;
    let i = from;
    let cdata = false;
    for (;;) {
      while (i < length && bytes[i] !== LT) i++;
      if (i + 1 >= length) return INCOMPLETE;
      if (bytes[i + 1] !== BANG) break;
      if (i + CDATA_START.length > length) return INCOMPLETE;
      if (!isCdataAt(bytes, i)) break;
      const end = bytes.indexOf(CDATA_END, i + CDATA_START.length);
      if (end < 0) return INCOMPLETE;
      cdata = true;
      i = end + CDATA_END.length;
    }
    this.cdata = cdata;
    return i;
  }

  /** Whether the local name of the tag read last is the one byte `byte`. */
  nameIs1(bytes: Buffer, byte: number) {
    return this.nameEnd - this.nameStart === 1 && bytes[this.nameStart] === byte;
  }

  /** Whether the local name of the tag read last is `expected`. */
  nameIs(bytes: Buffer, expected: Uint8Array) {
    if (this.nameEnd - this.nameStart !== expected.length) return false;
    for (let i = 0; i < expected.length; i++) {
      if (bytes[this.nameStart + i] !== expected[i]) return false;
    }
    return true;
  }

  /** Reads the element name that starts at `at` (just after `<` or `</`); returns the index after it. */
  private readName(bytes: Buffer, at: number): number {
    const length = bytes.length;
    let start = at;
    let i = at;
    for (; i < length; i++) {
      const byte = bytes[i]!;
      if (byte === COLON) start = i + 1;
      else if (byte <= 0x20 || byte === SLASH || byte === GT) break;
    }
    this.nameStart = start;
    this.nameEnd = i;
    return i >= length ? INCOMPLETE : i;
  }

  /**
   * Reads the attributes of a start tag from `at` (after its name) to its `>`, quote-aware (a `>`
   * in a value does not end the tag); records where r, s and t are and whether the tag ends in
   * `/>`. Returns the index after `>`. For a caller that found the name itself.
   */
  readAttributes(bytes: Buffer, at: number): number {
    this.rStart = -1;
    this.sStart = -1;
    this.tStart = -1;
    const length = bytes.length;
    let i = at;
    while (i < length) {
      let byte = bytes[i]!;
      if (byte === GT) {
        this.selfClosing = bytes[i - 1] === SLASH;
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
      const nameLength = i - nameStart;
      while (i < length) {
        byte = bytes[i]!;
        if (byte === QUOTE || byte === APOSTROPHE) break;
        if (byte !== EQUALS && byte > 0x20) throw xmlErrorAt('MALFORMED_XML', bytes, i);
        i++;
      }
      if (i >= length) return INCOMPLETE;
      const valueStart = i + 1;
      let valueEnd = valueStart;
      while (valueEnd < length && bytes[valueEnd] !== byte) valueEnd++;
      if (valueEnd >= length) return INCOMPLETE;
      if (nameLength === 1) {
        const name = bytes[nameStart];
        if (name === 0x72) {
          this.rStart = valueStart;
          this.rEnd = valueEnd;
        } else if (name === 0x73) {
          this.sStart = valueStart;
          this.sEnd = valueEnd;
        } else if (name === 0x74) {
          this.tStart = valueStart;
          this.tEnd = valueEnd;
        }
      }
      i = valueEnd + 1;
    }
    return INCOMPLETE;
  }

  /**
   * At `<!` or `<?` (`kind`): skips a comment, processing instruction or CDATA section and returns
   * the index after it. A DOCTYPE (or any other declaration) is refused.
   */
  private skipSpecial(bytes: Buffer, lt: number, kind: number): number {
    if (kind === QUESTION) {
      const end = bytes.indexOf('?>', lt + 2);
      return end < 0 ? INCOMPLETE : end + 2;
    }
    if (lt + 3 >= bytes.length) return INCOMPLETE;
    if (bytes[lt + 2] === DASH && bytes[lt + 3] === DASH) {
      const end = bytes.indexOf('-->', lt + 4);
      return end < 0 ? INCOMPLETE : end + 3;
    }
    if (bytes[lt + 2] === LEFT_BRACKET) {
      if (lt + CDATA_START.length > bytes.length) return INCOMPLETE;
      if (isCdataAt(bytes, lt)) {
        const end = bytes.indexOf(CDATA_END, lt + CDATA_START.length);
        return end < 0 ? INCOMPLETE : end + CDATA_END.length;
      }
    }
    throw xmlErrorAt('DOCTYPE', bytes, lt);
  }

  /** Index of the next `byte` at or after `from`, or INCOMPLETE. */
  private indexOf(bytes: Buffer, byte: number, from: number): number {
    const length = bytes.length;
    let i = from;
    while (i < length && bytes[i] !== byte) i++;
    return i < length ? i : INCOMPLETE;
  }
}
