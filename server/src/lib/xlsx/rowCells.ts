import type { SheetRead } from './findSheet';

/**
 * The cells of one sheet row as both readers (.xlsx and .xls) hand them on: parallel arrays
 * reused from row to row, so reading a sheet creates no object per cell.
 */
export const TEXT = 1;
export const NUMBER = 2;
export const BOOLEAN = 3;
export const ERROR = 4;
export type CellKind = typeof TEXT | typeof NUMBER | typeof BOOLEAN | typeof ERROR;

export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;

export class RowCells {
  count = 0;
  /** 0-based column index. */
  readonly columns: number[] = [];
  readonly kinds: CellKind[] = [];
  /** TEXT: the text; ERROR: the error code such as `#N/A`; otherwise ''. */
  readonly texts: string[] = [];
  /** NUMBER: the value; BOOLEAN: 1 or 0; otherwise 0. */
  readonly numbers: number[] = [];
  /** NUMBER only: the cell's number format shows a date or time. */
  readonly dates: boolean[] = [];

  add(column: number, kind: CellKind, text: string, number: number, date: boolean) {
    const i = this.count++;
    this.columns[i] = column;
    this.kinds[i] = kind;
    this.texts[i] = text;
    this.numbers[i] = number;
    this.dates[i] = date;
  }
}

export interface SheetRowSink {
  /** Called with the names of every sheet of the workbook, before the sheet is looked for. */
  sheets?(names: readonly string[]): void;
  /** Called once the sheet is found, before any row. */
  start(sheet: SheetRead): void;
  /**
   * Columns whose values are wanted (1 = wanted), or null for every column. The reader skips
   * decoding the others. May change between rows (after the header row).
   */
  columnFilter: Uint8Array | null;
  /** Called for each row element that has at least one cell value, in document order. */
  row(rowNumber: number, cells: RowCells): void;
}

/** The 0-based index of column letters (A, B, …, XFD); -1 for anything else. */
export function columnIndex(letters: string): number {
  if (!/^[A-Z]{1,3}$/.test(letters)) return -1;
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1 < MAX_COLUMNS ? index - 1 : -1;
}

/**
 * Thrown by a sink that has read all it wants (a header row), with the sheet it was given in
 * start(): readSheet ends there and resolves to that sheet, as if the sheet had ended.
 */
export class StopReading extends Error {
  constructor(readonly read: SheetRead) {
    super('stopped reading');
  }
}

/** Column letters (A, B, …, XFD) of a 0-based column index. */
export function columnName(column: number): string {
  let name = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}
