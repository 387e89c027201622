import type { FileSheet } from '#contract';
import {
  cellDisplayValue,
  columnName,
  type ExcelFormat,
  type RowCells,
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

/**
 * Each sheet's header row (row 1) as the mapping step shows it: every column from A to the last
 * header, an empty header as "". Only row 1 of each sheet is read.
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

/** The header row of one sheet; empty when row 1 is empty or the sheet cannot be found by its name. */
export async function readHeaderRow(
  content: Uint8Array,
  format: ExcelFormat,
  sheetName: string,
): Promise<FileSheet['columns']> {
  const sink = new HeaderRowSink();
  await readSheet(content, format, sheetName, sink);
  return sink.columns;
}

class HeaderRowSink implements SheetRowSink {
  columnFilter: Uint8Array | null = null;
  columns: FileSheet['columns'] = [];
  private read: SheetRead | null = null;

  start(read: SheetRead) {
    this.read = read;
  }

  row(rowNumber: number, cells: RowCells) {
    if (rowNumber === 1) this.columns = headerColumns(cells, this.read!.date1904);
    throw new StopReading(this.read!);
  }
}

/** Row 1's cells as file columns: the gaps between them too, so each header keeps its letter. */
export function headerColumns(cells: RowCells, date1904: boolean): FileSheet['columns'] {
  const byColumn = new Map<number, string>();
  for (let i = 0; i < cells.count; i++) {
    const column = cells.columns[i]!;
    if (column >= MAX_MAPPED_COLUMNS) break;
    byColumn.set(column, shownSafely(cellDisplayValue(cells, i, date1904).trim()));
  }
  const last = Math.max(-1, ...byColumn.keys());
  return Array.from({ length: last + 1 }, (_, column) => ({
    column: columnName(column),
    header: byColumn.get(column) ?? '',
  }));
}
