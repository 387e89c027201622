/** Why the tokenizer stopped: not well-formed, or a DOCTYPE (refused, so no entity can expand). */
export type XmlErrorCode = 'MALFORMED_XML' | 'DOCTYPE';

/** Where a byte offset is, as a person counts: 1-based line and column (in characters). */
export interface XmlPosition {
  line: number;
  column: number;
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * The line and column of `offset` in `bytes`. Line ends are counted as XML reads them (CR LF, CR
 * or LF), columns in characters: a UTF-8 continuation byte is not a column of its own. Counted
 * only when an error needs it, so the tag loop pays nothing for it.
 */
export function xmlPositionOf(bytes: Uint8Array, offset: number): XmlPosition {
  const end = Math.min(offset, bytes.length);
  let line = 1;
  let column = 1;
  for (let i = 0; i < end; i++) {
    const byte = bytes[i]!;
    if (byte === LF) {
      if (bytes[i - 1] !== CR) line++;
      column = 1;
    } else if (byte === CR) {
      line++;
      column = 1;
    } else if ((byte & 0xc0) !== 0x80) column++;
  }
  return { line, column };
}

/**
 * A document the tokenizer cannot read. `line` and `column` count from the start of the bytes
 * it was given (the whole document, for a caller that reads it in one buffer); the message is
 * English and meant for logs, a caller that shows it to people says it in its own words.
 */
export class XmlError extends Error {
  override name = 'XmlError';
  readonly line: number;
  readonly column: number;
  constructor(
    readonly code: XmlErrorCode,
    readonly offset: number,
    position: XmlPosition,
  ) {
    super(`${code} at line ${position.line}, column ${position.column}`);
    this.line = position.line;
    this.column = position.column;
  }
}

export const xmlErrorAt = (code: XmlErrorCode, bytes: Uint8Array, offset: number) =>
  new XmlError(code, offset, xmlPositionOf(bytes, offset));
