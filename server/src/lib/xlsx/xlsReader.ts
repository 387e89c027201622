import type * as SheetJS from '@e965/xlsx';
import { XlsxError } from './errors';
import { findSheet, type SheetRead } from './findSheet';
import { BOOLEAN, type CellKind, ERROR, NUMBER, RowCells, type SheetRowSink, TEXT } from './rowCells';

/** BIFF error codes as Excel shows them. */
const errorTexts = new Map([
  [0x00, '#NULL!'],
  [0x07, '#DIV/0!'],
  [0x0f, '#VALUE!'],
  [0x17, '#REF!'],
  [0x1d, '#NAME?'],
  [0x24, '#NUM!'],
  [0x2a, '#N/A'],
  [0x2b, '#GETTING_DATA'],
]);

const unreadable = () => new XlsxError('NOT_XLS');

/**
 * Reads one sheet of a legacy .xls (BIFF) through SheetJS (@e965/xlsx), parsing only that
 * sheet, into the same sink as the .xlsx reader. Null when there is no sheet of that name.
 */
export async function readXlsSheet(
  content: Uint8Array,
  sheetName: string,
  sink: SheetRowSink,
): Promise<SheetRead | null> {
  // Loaded on first use: most files are .xlsx, and SheetJS is a large module to start a worker with.
  const XLSX = await import('@e965/xlsx');
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  let names: string[];
  try {
    names = XLSX.read(bytes, { type: 'buffer', bookSheets: true }).SheetNames;
  } catch {
    throw unreadable();
  }
  sink.sheets?.(names);
  const index = findSheet(names, sheetName);
  if (index < 0) return null;
  let workbook: SheetJS.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'buffer',
      sheets: index,
      dense: true,
      cellNF: true,
      cellText: false,
    });
  } catch {
    throw unreadable();
  }
  const name = names[index]!;
  const sheet = Object.hasOwn(workbook.Sheets, name)
    ? (workbook.Sheets[name] as SheetJS.DenseSheet)
    : undefined;
  const rows = sheet?.['!data'] ?? [];
  const read = { sheetName: name, date1904: Boolean(workbook.Workbook?.WBProps?.date1904) };
  sink.start(read);
  const cells = new RowCells();
  rows.forEach((row, rowIndex) => {
    if (!row) return;
    const filter = sink.columnFilter;
    cells.count = 0;
    row.forEach((cell, column) => {
      if (!cell || (filter !== null && filter[column] !== 1)) return;
      const kind = kindOf(cell);
      if (kind === TEXT) cells.add(column, TEXT, String(cell.v), 0, false);
      else if (kind === NUMBER) cells.add(column, NUMBER, '', cell.v as number, isDateFormat(XLSX, cell.z));
      else if (kind === BOOLEAN) cells.add(column, BOOLEAN, '', cell.v ? 1 : 0, false);
      else if (kind === ERROR) cells.add(column, ERROR, errorTexts.get(cell.v as number) ?? '#N/A', 0, false);
    });
    if (cells.count > 0) sink.row(rowIndex + 1, cells);
  });
  return read;
}

function kindOf(cell: SheetJS.CellObject): CellKind | null {
  if (cell.t === 's') return TEXT;
  if (cell.t === 'n') return typeof cell.v === 'number' ? NUMBER : null;
  if (cell.t === 'b') return BOOLEAN;
  if (cell.t === 'e') return ERROR;
  return null;
}

const isDateFormat = (XLSX: typeof SheetJS, format: SheetJS.NumberFormat | undefined) =>
  typeof format === 'string' && format !== 'General' && Boolean(XLSX.SSF.is_date(format));
