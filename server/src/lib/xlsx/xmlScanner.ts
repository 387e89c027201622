import { XlsxError, type XmlPart } from './errors';
import { decodeXmlText, doctypeRefused } from './xmlText';

export const asciiBytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const RPH = asciiBytes('rPh');

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
const T = 0x74;

/** Returned by a scan step that ran out of bytes: the unit is parsed again when more have come. */
export const INCOMPLETE = -1;

export const malformed = (part: XmlPart) => new XlsxError('MALFORMED_XML', { part });

/**
 * A hand-written scanner over inflated XML bytes, fed chunk by chunk. Subclasses parse whole
 * units (a row, a shared string) and return INCOMPLETE when a unit is cut by the chunk end;
 * the unconsumed tail is kept and parsed again with the next chunk. Text is decoded only from
 * complete units, so a multi-byte character (å, ä, ö) split between chunks is never torn.
 */
export abstract class XmlScanner {
  /** Local name of the tag read last by readName (the part after any namespace prefix). */
  protected nameStart = 0;
  protected nameEnd = 0;
  /** Where the value of attribute r, s or t starts and ends in the tag read last by readAttributes (-1: absent). */
  protected rStart = -1;
  protected rEnd = -1;
  protected sStart = -1;
  protected sEnd = -1;
  protected tStart = -1;
  protected tEnd = -1;
  protected selfClosing = false;

  /** Bytes not parsed yet (a unit cut by the chunk end), at the start of a buffer reused chunk after chunk. */
  private pending = Buffer.alloc(0);
  private pendingLength = 0;
  private waitFor = 0;
  private finished = false;

  constructor(protected readonly partName: XmlPart) {}

  /**
   * Parses what it can of `bytes` from 0 and returns how many bytes it consumed. With `last`
   * set there are no more bytes to come.
   */
  protected abstract scan(bytes: Buffer, last: boolean): number;

  /** Whether the interesting part has been read, so the rest of the input can be ignored. */
  protected done = false;

  feed(chunk: Buffer) {
    if (this.done) return;
    if (this.pendingLength === 0) {
      this.keep(chunk, this.scan(chunk, false));
      return;
    }
    const length = this.pendingLength + chunk.length;
    if (length > this.pending.length) {
      const grown = Buffer.allocUnsafe(Math.max(length, this.pending.length * 2));
      this.pending.copy(grown, 0, 0, this.pendingLength);
      this.pending = grown;
    }
    chunk.copy(this.pending, this.pendingLength);
    this.pendingLength = length;
    // A unit longer than a chunk is not re-parsed on every chunk: wait until the tail doubles.
    if (length < this.waitFor) return;
    const bytes = this.pending.subarray(0, length);
    this.keep(bytes, this.scan(bytes, false));
  }

  finish() {
    if (this.finished) return;
    this.finished = true;
    if (!this.done) this.scan(this.pending.subarray(0, this.pendingLength), true);
    if (!this.done) throw malformed(this.partName);
  }

  /** Keeps what `scan` left of `bytes` for the next chunk. */
  private keep(bytes: Buffer, consumed: number) {
    const rest = this.done ? 0 : bytes.length - consumed;
    if (rest > this.pending.length)
      this.pending = Buffer.allocUnsafe(Math.max(rest, 2 * this.pending.length, 65_536));
    // copy() handles the overlap when `bytes` is the pending buffer itself.
    if (rest > 0) bytes.copy(this.pending, 0, consumed);
    this.pendingLength = rest;
    this.waitFor = rest > 65_536 ? rest * 2 : 0;
  }

  /** Reads the element name that starts at `at` (just after `<` or `</`); returns the index after it. */
  protected readName(bytes: Buffer, at: number): number {
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

  protected nameIs1(bytes: Buffer, byte: number) {
    return this.nameEnd - this.nameStart === 1 && bytes[this.nameStart] === byte;
  }

  protected nameIs(bytes: Buffer, expected: Uint8Array) {
    if (this.nameEnd - this.nameStart !== expected.length) return false;
    for (let i = 0; i < expected.length; i++) {
      if (bytes[this.nameStart + i] !== expected[i]) return false;
    }
    return true;
  }

  /**
   * Reads the attributes of a start tag from `at` (after the name) to its `>`, quote-aware;
   * records where r, s and t are. Returns the index of `>`.
   */
  protected readAttributes(bytes: Buffer, at: number): number {
    this.rStart = -1;
    this.sStart = -1;
    this.tStart = -1;
    const length = bytes.length;
    let i = at;
    while (i < length) {
      let byte = bytes[i]!;
      if (byte === GT) {
        this.selfClosing = bytes[i - 1] === SLASH;
        return i;
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
        if (byte !== EQUALS && byte > 0x20) throw malformed(this.partName);
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
   * At `<!` or `<?`: skips a comment or processing instruction and returns the index after
   * it. A DOCTYPE (or any other declaration) is refused: it is how entity bombs and external
   * entities get in.
   */
  protected skipSpecial(bytes: Buffer, lt: number): number {
    const kind = bytes[lt + 1];
    if (kind === QUESTION) {
      const end = bytes.indexOf('?>', lt + 2);
      return end < 0 ? INCOMPLETE : end + 2;
    }
    if (lt + 3 >= bytes.length) return INCOMPLETE;
    if (kind === BANG && bytes[lt + 2] === DASH && bytes[lt + 3] === DASH) {
      const end = bytes.indexOf('-->', lt + 4);
      return end < 0 ? INCOMPLETE : end + 3;
    }
    throw doctypeRefused();
  }

  /** Index of the next `<` at or after `from`, or INCOMPLETE when it (or the byte after it) is not there yet. */
  protected nextTag(bytes: Buffer, from: number): number {
    const length = bytes.length;
    let i = from;
    while (i < length && bytes[i] !== LT) i++;
    return i + 1 < length ? i : INCOMPLETE;
  }

  /** Index of the next `>` at or after `from`, or INCOMPLETE. */
  protected tagEnd(bytes: Buffer, from: number): number {
    const length = bytes.length;
    let i = from;
    while (i < length && bytes[i] !== GT) i++;
    return i < length ? i : INCOMPLETE;
  }

  /** The text of the last rich text read by parseRichText. */
  protected richText = '';

  /**
   * From after the start tag of `element` (<is> here, <si> in the shared strings): the
   * concatenated text of its <t> elements, runs included, phonetic runs (<rPh>) left out.
   * Returns the index after the element's end tag.
   */
  protected parseRichText(bytes: Buffer, from: number, element: Uint8Array): number {
    let text = '';
    let inPhonetic = false;
    let at = from;
    for (;;) {
      const lt = this.nextTag(bytes, at);
      if (lt === INCOMPLETE) return INCOMPLETE;
      const next = bytes[lt + 1]!;
      if (this.isSpecial(next)) {
        at = this.skipSpecial(bytes, lt);
        if (at === INCOMPLETE) return INCOMPLETE;
        continue;
      }
      const closing = next === SLASH;
      const afterName = this.readName(bytes, closing ? lt + 2 : lt + 1);
      if (afterName === INCOMPLETE) return INCOMPLETE;
      const isText = this.nameIs1(bytes, T);
      const isPhonetic = !isText && this.nameIs(bytes, RPH);
      const isEnd = closing && !isText && !isPhonetic && this.nameIs(bytes, element);
      const gt = closing ? this.tagEnd(bytes, afterName) : this.readAttributes(bytes, afterName);
      if (gt === INCOMPLETE) return INCOMPLETE;
      at = gt + 1;
      if (isEnd) break;
      if (isPhonetic) inPhonetic = !closing && !this.selfClosing;
      else if (isText && !closing && !this.selfClosing) {
        const contentEnd = this.nextTag(bytes, at);
        if (contentEnd === INCOMPLETE) return INCOMPLETE;
        if (!inPhonetic && contentEnd > at) {
          const part = decodeXmlText(bytes, at, contentEnd);
          text = text === '' ? part : text + part;
        }
        at = contentEnd;
      }
    }
    this.richText = text;
    return at;
  }

  protected isSpecial(byte: number) {
    return byte === BANG || byte === QUESTION;
  }
}
