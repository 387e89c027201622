import type { FileSheet } from '#contract';
import { withoutHiddenCharacters } from '#contract/hiddenCharacters';
import {
  cellDisplayValue,
  columnName,
  type ExcelFormat,
  RowCells,
  readSheet,
  type SheetRead,
  type SheetRowSink,
  StopReading,
} from '../lib/xlsx';
import { shownSafely } from './storableText';

/** Sheets whose header rows are read for the mapping step; a price list is on one of the first. */
export const MAX_MAPPED_SHEETS = 20;
/** Header cells read per sheet: an export has dozens of columns, never hundreds. */
export const MAX_MAPPED_COLUMNS = 200;

/** Values shown under each file column, from at most the first SAMPLE_ROWS data rows. */
export const MAX_SAMPLES = 3;
/**
 * Data rows read for the samples: a few, so a sheet of 200,000 rows costs what a short one does
 * (a sparse column may show fewer than three).
 */
export const SAMPLE_ROWS = 20;
/** A sample longer than this is cut, with "…": it is shown beside a header in a select. */
export const MAX_SAMPLE_LENGTH = 40;

/**
 * Each sheet's header row (row 1) as the mapping step shows it: every column from A to the last
 * header, an empty header as "", each with up to three values of its first data rows
 * (`samples`). Only row 1 and at most SAMPLE_ROWS data rows of each sheet are read.
 */
export async function readFileSheets(
  content: Uint8Array,
  format: ExcelFormat,
  /** Sheets whose header rows were read already. */
  known: readonly FileSheet[] = [],
): Promise<FileSheet[]> {
  const names: string[] = [];
  await readSheet(content, format, '\u0000', {
    columnFilter: null,
    sheets: (all) => names.push(...all),
    start() {},
    row() {},
  });
  const sheets: FileSheet[] = [];
  for (const name of names.slice(0, MAX_MAPPED_SHEETS)) {
    const shown = shownSafely(name);
    const read = known.find((sheet) => sheet.name === shown);
    sheets.push(read ?? { name: shown, columns: await readHeaderRow(content, format, name) });
  }
  return sheets;
}

/**
 * The header row of one sheet with its samples; empty when row 1 is empty or the sheet cannot
 * be found by its name.
 */
export async function readHeaderRow(
  content: Uint8Array,
  format: ExcelFormat,
  sheetName: string,
): Promise<FileSheet['columns']> {
  const sink = new HeaderRowSink();
  await readSheet(content, format, sheetName, sink);
  return sink.samples?.on(sink.columns) ?? sink.columns;
}

class HeaderRowSink implements SheetRowSink {
  columnFilter: Uint8Array | null = null;
  columns: FileSheet['columns'] = [];
  samples: ColumnSamples | null = null;
  private read: SheetRead | null = null;

  start(read: SheetRead) {
    this.read = read;
  }

  row(rowNumber: number, cells: RowCells) {
    const { date1904 } = this.read!;
    if (rowNumber === 1) {
      this.columns = headerColumns(cells, date1904);
      this.samples = new ColumnSamples(this.columns.length);
      // Only the header row's columns are decoded in the rows that follow.
      this.columnFilter = this.samples.filter;
      if (this.columns.length > 0) return;
    } else if (this.samples && rowNumber <= 1 + SAMPLE_ROWS && !this.samples.add(cells, date1904)) return;
    throw new StopReading(this.read!);
  }
}

/**
 * The samples of a header row's columns: the first MAX_SAMPLES different values that are not
 * empty, as the user sees them (dates as dates), on one line, cut at MAX_SAMPLE_LENGTH and shown
 * safely.
 */
export class ColumnSamples {
  /** The header row's columns: those whose samples are wanted. */
  readonly filter: Uint8Array;
  private readonly values: string[][];
  private wanted: number;

  constructor(width: number) {
    this.filter = new Uint8Array(width).fill(1);
    this.values = Array.from({ length: width }, () => []);
    this.wanted = width;
  }

  /** Takes a data row's values; true once every column has its samples. */
  add(cells: RowCells, date1904: boolean): boolean {
    for (let i = 0; i < cells.count; i++) {
      const samples = this.values[cells.columns[i]!];
      if (!samples || samples.length === MAX_SAMPLES) continue;
      const shown = sampleText(cellDisplayValue(cells, i, date1904));
      // "1, 1, 1" says less than "1": each value once.
      if (shown === '' || samples.includes(shown)) continue;
      samples.push(shown);
      if (samples.length === MAX_SAMPLES) this.wanted--;
    }
    return this.wanted === 0;
  }

  /** The header row's columns with their samples; a column without any has no `samples`. */
  on(columns: FileSheet['columns']): FileSheet['columns'] {
    return columns.map((column, i) => {
      const samples = this.values[i];
      return samples && samples.length > 0 ? { ...column, samples: [...samples] } : column;
    });
  }
}

/** A value as a sample: on one line, at most MAX_SAMPLE_LENGTH characters, shown safely. */
function sampleText(value: string): string {
  const text = value.replace(/\s+/g, ' ').trim();
  if (text.length <= MAX_SAMPLE_LENGTH) return shownSafely(text);
  // Never cut a surrogate pair in two.
  const high = text.charCodeAt(MAX_SAMPLE_LENGTH - 1);
  const end = high >= 0xd800 && high <= 0xdbff ? MAX_SAMPLE_LENGTH - 1 : MAX_SAMPLE_LENGTH;
  return shownSafely(`${text.slice(0, end).trimEnd()}…`);
}

/**
 * Passes each row of the chosen sheet on to the validation's sink as if it read them itself,
 * and takes the samples of the first data rows on the way: the chosen sheet is read once, and
 * past those rows only the validation's columns are decoded, as without it.
 */
export class SamplingSink implements SheetRowSink {
  columnFilter: Uint8Array | null = null;
  samples: ColumnSamples | null = null;
  private sampling = true;
  private date1904 = false;
  /** A sampled row as the inner sink's filter would have let the reader give it. */
  private readonly filtered = new RowCells();

  constructor(private readonly inner: SheetRowSink) {}

  sheets(names: readonly string[]) {
    this.inner.sheets?.(names);
  }

  start(read: SheetRead) {
    this.date1904 = read.date1904;
    this.inner.start(read);
  }

  row(rowNumber: number, cells: RowCells) {
    if (!this.sampling) {
      this.inner.row(rowNumber, cells);
      return;
    }
    if (rowNumber === 1) {
      this.samples = new ColumnSamples(headerColumns(cells, this.date1904).length);
      this.inner.row(rowNumber, cells);
      this.columnFilter = union(this.inner.columnFilter, this.samples.filter);
      return;
    }
    const done = !this.samples || rowNumber > 1 + SAMPLE_ROWS || this.samples.add(cells, this.date1904);
    const wanted = this.inner.columnFilter;
    if (done) {
      this.sampling = false;
      this.columnFilter = wanted;
    }
    if (wanted === null) {
      this.inner.row(rowNumber, cells);
      return;
    }
    const row = this.filtered;
    row.count = 0;
    for (let i = 0; i < cells.count; i++) {
      const column = cells.columns[i]!;
      if (wanted[column] === 1)
        row.add(column, cells.kinds[i]!, cells.texts[i]!, cells.numbers[i]!, cells.dates[i]!);
    }
    if (row.count > 0) this.inner.row(rowNumber, row);
  }
}

/** Columns either filter wants; null (every column) when one of them wants every column. */
function union(a: Uint8Array | null, b: Uint8Array): Uint8Array | null {
  if (a === null) return null;
  const both = new Uint8Array(Math.max(a.length, b.length));
  both.set(a);
  for (let i = 0; i < b.length; i++) both[i] ||= b[i]!;
  return both;
}

/**
 * A header as it is shown, saved in a mapping and named in errors: without hidden characters (a
 * right-to-left override, a zero-width space, a control; the rule file names follow,
 * contract/hiddenCharacters.ts), a line break in the cell (Alt+Enter) as a space.
 */
const headerText = (text: string) =>
  shownSafely(withoutHiddenCharacters(text.replace(/[\t\n\r\u2028\u2029]+/g, ' ')).trim());

/** Row 1's cells as file columns: the gaps between them too, so each header keeps its letter. */
export function headerColumns(cells: RowCells, date1904: boolean): FileSheet['columns'] {
  const byColumn = new Map<number, string>();
  for (let i = 0; i < cells.count; i++) {
    const column = cells.columns[i]!;
    if (column >= MAX_MAPPED_COLUMNS) break;
    byColumn.set(column, headerText(cellDisplayValue(cells, i, date1904)));
  }
  const last = Math.max(-1, ...byColumn.keys());
  return Array.from({ length: last + 1 }, (_, column) => ({
    column: columnName(column),
    header: byColumn.get(column) ?? '',
  }));
}
