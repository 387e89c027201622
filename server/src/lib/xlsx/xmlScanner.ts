import { XmlError } from '../xml/xmlError';
import { asciiBytes, INCOMPLETE, XmlTokenizer } from '../xml/xmlTokenizer';
import { XlsxError, type XmlPart } from './errors';
import { decodeXmlText } from './xmlText';

export const malformed = (part: XmlPart) => new XlsxError('MALFORMED_XML', { part });

/**
 * The tokenizer's refusal as this library's: its codes are the same, and a part is named
 * instead of a place, since a part is read in chunks and the tokenizer counts within one.
 */
const xlsxErrorOf = (error: XmlError, part: XmlPart) =>
  error.code === 'DOCTYPE' ? new XlsxError('DOCTYPE') : malformed(part);

const RPH = asciiBytes('rPh');
const T = 0x74;

/**
 * A hand-written scanner over inflated XML bytes, fed chunk by chunk. Subclasses parse whole
 * units (a row, a shared string) and return INCOMPLETE when a unit is cut by the chunk end;
 * the unconsumed tail is kept and parsed again with the next chunk. Text is decoded only from
 * complete units, so a multi-byte character (å, ä, ö) split between chunks is never torn.
 */
export abstract class XmlScanner {
  /** Reads the tags; what it read last is in its fields. */
  protected readonly tags: XmlTokenizer;

  /** Bytes not parsed yet (a unit cut by the chunk end), at the start of a buffer reused chunk after chunk. */
  private pending = Buffer.alloc(0);
  private pendingLength = 0;
  private waitFor = 0;
  private finished = false;

  constructor(protected readonly partName: XmlPart) {
    this.tags = new XmlTokenizer();
  }

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
      this.keep(chunk, this.scanOrRefuse(chunk, false));
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
    this.keep(bytes, this.scanOrRefuse(bytes, false));
  }

  finish() {
    if (this.finished) return;
    this.finished = true;
    if (!this.done) this.scanOrRefuse(this.pending.subarray(0, this.pendingLength), true);
    if (!this.done) throw malformed(this.partName);
  }

  private scanOrRefuse(bytes: Buffer, last: boolean): number {
    try {
      return this.scan(bytes, last);
    } catch (error) {
      throw error instanceof XmlError ? xlsxErrorOf(error, this.partName) : error;
    }
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

  /** The text of the last rich text read by parseRichText. */
  protected richText = '';

  /**
   * From after the start tag of `element` (<is> here, <si> in the shared strings): the
   * concatenated text of its <t> elements, runs included, phonetic runs (<rPh>) left out.
   * Returns the index after the element's end tag.
   */
  protected parseRichText(bytes: Buffer, from: number, element: Uint8Array): number {
    const tags = this.tags;
    let text = '';
    let inPhonetic = false;
    let at = from;
    for (;;) {
      at = tags.readTag(bytes, at);
      if (at === INCOMPLETE) return INCOMPLETE;
      const isText = tags.nameIs1(bytes, T);
      const isPhonetic = !isText && tags.nameIs(bytes, RPH);
      if (tags.closing) {
        if (!isText && !isPhonetic && tags.nameIs(bytes, element)) break;
        if (isPhonetic) inPhonetic = false;
      } else if (isPhonetic) inPhonetic = !tags.selfClosing;
      else if (isText && !tags.selfClosing) {
        const contentEnd = tags.textEnd(bytes, at);
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
}
