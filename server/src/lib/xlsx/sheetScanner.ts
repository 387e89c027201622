import { asciiBytes, GT, INCOMPLETE, LT, SLASH } from '../xml/xmlTokenizer';
import { XlsxError } from './errors';
import { BOOLEAN, ERROR, MAX_COLUMNS, MAX_ROWS, NUMBER, RowCells, type SheetRowSink, TEXT } from './rowCells';
import { malformed, XmlScanner } from './xmlScanner';
import { decodeXmlText } from './xmlText';

const SHEET_DATA = asciiBytes('sheetData');
const ROW = asciiBytes('row');
const IS = asciiBytes('is');
const C = 0x63;
const V = 0x76;
const R = 0x72;
const S = 0x73;
const T = 0x74;
const SPACE = 0x20;
const EQUALS = 0x3d;
const QUOTE = 0x22;
/** readSimpleCellTag: the tag is not written the simple way. */
const NOT_SIMPLE = -2;
const F = 0x66;

// Cell types (the t attribute).
const T_NUMBER = 0;
const T_SHARED = 1;
const T_STRING = 2;
const T_INLINE = 3;
const T_BOOLEAN = 4;
const T_ERROR = 5;
const T_DATE = 6;

const BEFORE_SHEET_DATA = 0;
const IN_SHEET_DATA = 1;

/**
 * Streams a worksheet part: finds <sheetData> and hands each <row> to the sink with its cell
 * values (shared strings resolved, dates flagged by their style). Cell references are taken
 * from the r attributes, or counted on from the previous cell or row when they are missing,
 * as Excel does. Nothing is allocated by position, so a far-away cell or a huge <dimension>
 * costs nothing.
 */
export class SheetScanner extends XmlScanner {
  private stage = BEFORE_SHEET_DATA;
  private lastRow = 0;
  private readonly cells = new RowCells();

  constructor(
    private readonly sink: SheetRowSink,
    private readonly sharedStrings: readonly string[],
    private readonly dateStyles: Uint8Array,
  ) {
    super('sheet');
  }

  protected scan(bytes: Buffer, last: boolean): number {
    const tags = this.tags;
    let at = 0;
    while (!this.done) {
      // Outside the rows, end tags are read like start tags: `</x a>` is refused here.
      at = tags.readTag(bytes, at, true);
      if (at === INCOMPLETE) {
        // A worksheet (or chart sheet) without <sheetData> has no cells.
        if (last && this.stage === BEFORE_SHEET_DATA && bytes.indexOf(LT, tags.tagStart) < 0)
          this.done = true;
        return last ? bytes.length : tags.tagStart;
      }
      if (this.stage === IN_SHEET_DATA && !tags.closing && tags.nameIs(bytes, ROW)) {
        const lt = tags.tagStart;
        const end = this.parseRow(bytes, at);
        if (end === INCOMPLETE) return lt;
        at = end;
      } else if (tags.nameIs(bytes, SHEET_DATA)) {
        if (tags.closing || tags.selfClosing) this.done = true;
        else this.stage = IN_SHEET_DATA;
      }
    }
    return bytes.length;
  }

  /** From after a `<row …>` (or `<row …/>`) tag just read: returns the index after `</row>`, or INCOMPLETE. */
  private parseRow(bytes: Buffer, afterTag: number): number {
    const tags = this.tags;
    const rowNumber = tags.rStart >= 0 ? parseIndex(bytes, tags.rStart, tags.rEnd) : this.lastRow + 1;
    if (!(rowNumber >= 1 && rowNumber <= MAX_ROWS)) throw badReference();
    const cells = this.cells;
    cells.count = 0;
    let at = afterTag;
    if (!tags.selfClosing) {
      let column = -1;
      for (;;) {
        if (at + 2 < bytes.length && bytes[at] === LT && bytes[at + 1] === C && bytes[at + 2] === SPACE) {
          // The next cell right after the last, as Excel writes it: no need to look for the tag.
          at = this.parseCell(bytes, at + 2, column);
          if (at === INCOMPLETE) return INCOMPLETE;
          column = this.lastColumn;
          continue;
        }
        const afterName = tags.readTagName(bytes, at);
        if (afterName === INCOMPLETE) return INCOMPLETE;
        if (!tags.closing && tags.nameIs1(bytes, C)) {
          at = this.parseCell(bytes, afterName, column);
          if (at === INCOMPLETE) return INCOMPLETE;
          column = this.lastColumn;
          continue;
        }
        at = tags.readTagRest(bytes, afterName);
        if (at === INCOMPLETE) return INCOMPLETE;
        if (tags.closing && tags.nameIs(bytes, ROW)) break;
      }
    }
    this.lastRow = rowNumber;
    if (cells.count > 0) this.sink.row(rowNumber, cells);
    return at;
  }

  private lastColumn = -1;
  /** The cell tag read last: 0-based column, type (T_*), style index and whether it ends in `/>`. */
  private cellColumn = 0;
  private cellType = T_NUMBER;
  private cellStyle = 0;
  private cellSelfClosing = false;

  /**
   * `<c r="B2" s="3" t="s">` (or `…/>`) exactly as Excel writes it, read without the general
   * attribute loop: the rest of the tag after its name. Returns the index after `>`, or NOT_SIMPLE for any other spelling (other attributes, no r,
   * quotes, a cut-off tag): the tokenizer then reads it.
   */
  private readSimpleCellTag(bytes: Buffer, afterName: number): number {
    if (bytes[afterName] !== SPACE || bytes[afterName + 1] !== R || bytes[afterName + 2] !== EQUALS)
      return NOT_SIMPLE;
    if (bytes[afterName + 3] !== QUOTE) return NOT_SIMPLE;
    let i = afterName + 4;
    let byte = bytes[i]!;
    let column = 0;
    while (byte >= 0x41 && byte <= 0x5a && column <= MAX_COLUMNS) {
      column = column * 26 + byte - 0x40;
      byte = bytes[++i]!;
    }
    if (column === 0) return NOT_SIMPLE;
    while (byte >= 0x30 && byte <= 0x39) byte = bytes[++i]!;
    if (byte !== QUOTE) return NOT_SIMPLE;
    i++;
    let style = 0;
    let type = T_NUMBER;
    for (;;) {
      byte = bytes[i]!;
      if (byte === GT) {
        this.cellSelfClosing = false;
        break;
      }
      if (byte === SLASH) {
        if (bytes[i + 1] !== GT) return NOT_SIMPLE;
        this.cellSelfClosing = true;
        i++;
        break;
      }
      if (byte !== SPACE || bytes[i + 2] !== EQUALS || bytes[i + 3] !== QUOTE) return NOT_SIMPLE;
      const name = bytes[i + 1];
      i += 4;
      const start = i;
      while (i < bytes.length && bytes[i] !== QUOTE) i++;
      if (i >= bytes.length || i === start) return NOT_SIMPLE;
      if (name === S) style = parseIndex(bytes, start, i);
      else if (name === T) type = cellType(bytes, start, i);
      else return NOT_SIMPLE;
      i++;
    }
    this.cellColumn = column - 1;
    this.cellType = type;
    this.cellStyle = style;
    return i + 1;
  }

  /** From after the name of a `<c` tag: adds the cell's value (when wanted) and returns the index after the cell. */
  private parseCell(bytes: Buffer, afterName: number, previousColumn: number): number {
    const tags = this.tags;
    let at = this.readSimpleCellTag(bytes, afterName);
    if (at === NOT_SIMPLE) {
      at = tags.readAttributes(bytes, afterName);
      if (at === INCOMPLETE) return INCOMPLETE;
      this.cellColumn = tags.rStart >= 0 ? parseColumn(bytes, tags.rStart, tags.rEnd) : previousColumn + 1;
      this.cellType = tags.tStart >= 0 ? cellType(bytes, tags.tStart, tags.tEnd) : T_NUMBER;
      this.cellStyle = tags.sStart >= 0 ? parseIndex(bytes, tags.sStart, tags.sEnd) : 0;
      this.cellSelfClosing = tags.selfClosing;
    }
    const column = this.cellColumn;
    const type = this.cellType;
    const style = this.cellStyle;
    if (!(column >= 0 && column < MAX_COLUMNS)) throw badReference();
    this.lastColumn = column;
    if (this.cellSelfClosing) return at;

    let valueStart = -1;
    let valueEnd = -1;
    let valueCdata = false;
    let inline: string | null = null;
    let read = false;
    // Excel's way first: <v>…</v></c> right after the tag.
    if (bytes[at] === LT && bytes[at + 1] === V && bytes[at + 2] === GT) {
      const end = tags.textEnd(bytes, at + 3);
      if (end !== INCOMPLETE && isValueAndCellEnd(bytes, end)) {
        valueStart = at + 3;
        valueEnd = end;
        valueCdata = tags.cdata;
        at = end + 8;
        read = true;
      }
    }
    while (!read) {
      at = tags.readTag(bytes, at);
      if (at === INCOMPLETE) return INCOMPLETE;
      if (tags.closing) {
        read = tags.nameIs1(bytes, C);
        continue;
      }
      if (tags.selfClosing) continue;
      if (tags.nameIs1(bytes, V)) {
        // Text content holds no `<`, so the next tag is the element's end.
        const contentEnd = tags.textEnd(bytes, at);
        if (contentEnd === INCOMPLETE) return INCOMPLETE;
        valueStart = at;
        valueEnd = contentEnd;
        valueCdata = tags.cdata;
        at = contentEnd;
      } else if (tags.nameIs1(bytes, F)) {
        const contentEnd = tags.textEnd(bytes, at);
        if (contentEnd === INCOMPLETE) return INCOMPLETE;
        at = contentEnd;
      } else if (tags.nameIs(bytes, IS)) {
        at = this.parseRichText(bytes, at, IS);
        if (at === INCOMPLETE) return INCOMPLETE;
        inline = this.richText;
      }
    }

    const filter = this.sink.columnFilter;
    if (filter !== null && filter[column] !== 1) return at;
    const cells = this.cells;
    let value = bytes;
    if (valueCdata && (type === T_NUMBER || type === T_SHARED || type === T_BOOLEAN)) {
      // A value some generators write in CDATA: read from its characters (text types decode it themselves).
      value = Buffer.from(decodeXmlText(bytes, valueStart, valueEnd));
      valueStart = 0;
      valueEnd = value.length;
    }
    switch (type) {
      case T_NUMBER: {
        if (valueStart < 0 || valueStart === valueEnd) break;
        const number = parseNumber(value, valueStart, valueEnd);
        if (Number.isNaN(number)) throw malformed(this.partName);
        cells.add(column, NUMBER, '', number, this.dateStyles[style] === 1);
        break;
      }
      case T_SHARED: {
        if (valueStart < 0) break;
        const text = this.sharedStrings[parseIndex(value, valueStart, valueEnd)];
        if (text === undefined) throw malformed(this.partName);
        cells.add(column, TEXT, text, 0, false);
        break;
      }
      case T_INLINE:
        if (inline !== null) cells.add(column, TEXT, inline, 0, false);
        else if (valueStart >= 0)
          cells.add(column, TEXT, decodeXmlText(bytes, valueStart, valueEnd), 0, false);
        break;
      case T_STRING:
        if (valueStart >= 0) cells.add(column, TEXT, decodeXmlText(bytes, valueStart, valueEnd), 0, false);
        break;
      case T_BOOLEAN:
        if (valueStart >= 0 && valueStart < valueEnd) {
          cells.add(column, BOOLEAN, '', value[valueStart] === 0x30 ? 0 : 1, false);
        }
        break;
      case T_ERROR:
        if (valueStart >= 0) cells.add(column, ERROR, decodeXmlText(bytes, valueStart, valueEnd), 0, false);
        break;
      case T_DATE:
        if (valueStart >= 0 && valueStart < valueEnd) {
          const serial = isoToSerial(decodeXmlText(bytes, valueStart, valueEnd));
          if (Number.isNaN(serial)) throw malformed(this.partName);
          cells.add(column, NUMBER, '', serial, true);
        }
        break;
    }
    return at;
  }
}

/** `</v></c>` at `at`. */
function isValueAndCellEnd(bytes: Buffer, at: number): boolean {
  return (
    bytes[at + 1] === SLASH &&
    bytes[at + 2] === V &&
    bytes[at + 3] === GT &&
    bytes[at + 4] === LT &&
    bytes[at + 5] === SLASH &&
    bytes[at + 6] === C &&
    bytes[at + 7] === GT
  );
}

const badReference = () => new XlsxError('CELL_REFERENCE');

function cellType(bytes: Buffer, start: number, end: number): number {
  const first = bytes[start];
  const length = end - start;
  if (first === 0x73) return length === 1 ? T_SHARED : T_STRING; // s, str
  if (first === 0x6e) return T_NUMBER; // n
  if (first === 0x69) return T_INLINE; // inlineStr
  if (first === 0x62) return T_BOOLEAN; // b
  if (first === 0x65) return T_ERROR; // e
  if (first === 0x64) return T_DATE; // d
  return T_NUMBER;
}

/** A non-negative decimal integer (row number, style index, shared string index); NaN if not one. */
function parseIndex(bytes: Buffer, start: number, end: number): number {
  if (start >= end || end - start > 15) return Number.NaN;
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = bytes[i]! - 0x30;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

/** The 0-based column of a reference such as `AB12`. */
function parseColumn(bytes: Buffer, start: number, end: number): number {
  let column = 0;
  let i = start;
  for (; i < end; i++) {
    const byte = bytes[i]!;
    if (byte >= 0x41 && byte <= 0x5a) column = column * 26 + byte - 0x40;
    else if (byte >= 0x61 && byte <= 0x7a) column = column * 26 + byte - 0x60;
    else break;
    if (column > MAX_COLUMNS) return -1;
  }
  return i === start ? -1 : column - 1;
}

const powersOfTen = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * A number as Excel writes it in <v>. Plain decimals of up to 15 digits are computed from the
 * digits (one exact integer divided by an exact power of ten is correctly rounded, so this is
 * the same double as Number() gives); anything else (exponents) goes through Number().
 */
export function parseNumber(bytes: Buffer, start: number, end: number): number {
  let i = start;
  const negative = bytes[i] === 0x2d;
  if (negative) i++;
  let mantissa = 0;
  let digits = 0;
  let decimals = -1;
  for (; i < end; i++) {
    const byte = bytes[i]!;
    if (byte >= 0x30 && byte <= 0x39) {
      mantissa = mantissa * 10 + (byte - 0x30);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (byte === 0x2e && decimals < 0) {
      decimals = 0;
    } else {
      break;
    }
  }
  if (i === end && digits > 0 && digits <= 15) {
    const value = decimals > 0 ? mantissa / powersOfTen[decimals]! : mantissa;
    return negative ? -value : value;
  }
  const text = bytes.toString('latin1', start, end).trim();
  return text === '' ? Number.NaN : Number(text);
}

const excelEpoch = Date.UTC(1899, 11, 30);

const isoTime = /^T?(\d\d):(\d\d)(?::(\d\d(?:\.\d+)?))?$/;

/**
 * An ISO 8601 date (t="d" cells) as an Excel serial number in the 1900 system. A time alone is
 * the fraction of a day, as Excel reads it (10:10:10 is 0.4237…).
 */
function isoToSerial(iso: string): number {
  const time = isoTime.exec(iso);
  if (time) {
    const hours = Number(time[1]);
    const minutes = Number(time[2]);
    const seconds = Number(time[3] ?? 0);
    if (hours > 23 || minutes > 59 || seconds >= 60) return Number.NaN;
    return (hours * 3600 + minutes * 60 + seconds) / 86_400;
  }
  const parsed = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(iso) || !iso.includes('T') ? iso : `${iso}Z`);
  return (parsed - excelEpoch) / 86_400_000;
}
