import type * as SheetJS from '@e965/xlsx';
import {
  type BiffCells,
  BOOL,
  ERROR_CODE,
  FLOAT,
  INLINE_TEXT,
  RK_NUMBER,
  SST_TEXT,
  scanBiffSheet,
  startsWithFilePass,
} from './biffCells';
import { XlsxError } from './errors';
import { findSheet, type SheetRead } from './findSheet';
import { BOOLEAN, ERROR, NUMBER, RowCells, type SheetRowSink, TEXT } from './rowCells';

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

/** Why SheetJS could not read the file: ENCRYPTED for a password-protected workbook, else NOT_XLS. */
function refusal(XLSX: typeof SheetJS, bytes: Buffer): XlsxError {
  try {
    const cfb = XLSX.CFB.read(bytes, { type: 'buffer' });
    const entry: CfbEntry | null = XLSX.CFB.find(cfb, '/Workbook') || XLSX.CFB.find(cfb, '/Book');
    return entry?.content && startsWithFilePass(entry.content) ? new XlsxError('ENCRYPTED') : unreadable();
  } catch {
    return unreadable();
  }
}

/** How SheetJS reads the workbook, the plain way and the direct one alike: their results must agree. */
const parsingOptions = (sheetIndex: number): SheetJS.ParsingOptions => ({
  type: 'buffer',
  sheets: sheetIndex,
  dense: true,
  cellNF: true,
  cellText: false,
});

const sheetReadOf = (workbook: SheetJS.WorkBook, sheetName: string): SheetRead => ({
  sheetName,
  date1904: Boolean(workbook.Workbook?.WBProps?.date1904),
});

/**
 * Reads one sheet of a legacy .xls (BIFF) into the same sink as the .xlsx reader, through SheetJS
 * (@e965/xlsx), which reads the whole workbook (its `sheets` option limits only zip-based
 * formats). A plain BIFF8 sheet's value cells are read directly (readCellsDirectly); anything
 * else the plain way. Null when there is no sheet of that name.
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
    throw refusal(XLSX, bytes);
  }
  sink.sheets?.(names);
  const index = findSheet(names, sheetName);
  if (index < 0) return null;
  const name = names[index]!;
  const direct = readCellsDirectly(XLSX, bytes, names, index, sink);
  if (direct) return direct;
  let workbook: SheetJS.WorkBook;
  try {
    workbook = XLSX.read(bytes, parsingOptions(index));
  } catch {
    throw refusal(XLSX, bytes);
  }
  const sheet = Object.hasOwn(workbook.Sheets, name)
    ? (workbook.Sheets[name] as SheetJS.DenseSheet)
    : undefined;
  const rows = sheet?.['!data'] ?? [];
  const read = sheetReadOf(workbook, name);
  sink.start(read);
  // Plain loops over the dense arrays (holes are skipped, as forEach does) and one date test per
  // number format, not per cell: this loop runs once for every cell of the sheet.
  const isDate = dateFormatTest(XLSX);
  const cells = new RowCells();
  for (let rowIndex = 0; rowIndex < rows.length; rowIndex++) {
    const row = rows[rowIndex];
    if (!row) continue;
    const filter = sink.columnFilter;
    cells.count = 0;
    for (let column = 0; column < row.length; column++) {
      const cell = row[column];
      if (!cell || (filter !== null && filter[column] !== 1)) continue;
      const value = cell.v;
      switch (cell.t) {
        case 's':
          cells.add(column, TEXT, String(value), 0, false);
          break;
        case 'n':
          if (typeof value === 'number') cells.add(column, NUMBER, '', value, isDate(cell.z));
          break;
        case 'b':
          cells.add(column, BOOLEAN, '', value ? 1 : 0, false);
          break;
        case 'e':
          cells.add(column, ERROR, errorTexts.get(value as number) ?? '#N/A', 0, false);
          break;
      }
    }
    if (cells.count > 0) sink.row(rowIndex + 1, cells);
  }
  return read;
}

/** Whether a cell's number format shows a date or time, remembered per format string. */
function dateFormatTest(XLSX: typeof SheetJS) {
  const known = new Map<string, boolean>();
  return (format: SheetJS.NumberFormat | undefined): boolean => {
    if (typeof format !== 'string' || format === 'General') return false;
    let date = known.get(format);
    if (date === undefined) {
      date = Boolean(XLSX.SSF.is_date(format));
      known.set(format, date);
    }
    return date;
  };
}

/** Exported by SheetJS (the step of XLSX.read after the container), not in its types. */
interface XlsCfbParser {
  parse_xlscfb(cfb: unknown, options: SheetJS.ParsingOptions): SheetJS.WorkBook;
}

interface CfbEntry {
  content?: Uint8Array;
}

/**
 * The fast way for a plain BIFF8 sheet: the sheet's value cells are read from the workbook stream
 * here (biffCells.ts) and SheetJS reads the rest of the workbook (names, shared strings, formats,
 * the other records) with those cells covered. Null, before the sink hears anything, whenever
 * the result could differ from the plain way's in any respect: then the file is read that way.
 */
function readCellsDirectly(
  XLSX: typeof SheetJS,
  bytes: Buffer,
  names: string[],
  index: number,
  sink: SheetRowSink,
): SheetRead | null {
  const name = names[index]!;
  if (name === '' || new Set(names).size !== names.length) return null;
  let workbook: SheetJS.WorkBook;
  let cells: BiffCells;
  let xfFormats: number[];
  try {
    const CFB = XLSX.CFB;
    const cfb = CFB.read(bytes, { type: 'buffer' });
    if (CFB.find(cfb, 'EncryptedPackage') || CFB.find(cfb, '/encryption')) return null;
    const entry: CfbEntry | null = CFB.find(cfb, '/Workbook') || CFB.find(cfb, '/Book');
    if (!entry?.content) return null;
    const scan = scanBiffSheet(entry.content, index, names.length);
    if (!scan) return null;
    ({ cells, xfFormats } = scan);
    entry.content = scan.stream;
    CFB.utils.prep_blob(scan.stream, 0);
    workbook = (XLSX as unknown as XlsCfbParser).parse_xlscfb(cfb, parsingOptions(index));
  } catch {
    return null;
  }
  if (workbook.SheetNames.join('\u0000') !== names.join('\u0000') || !Object.hasOwn(workbook.Sheets, name))
    return null;
  // Every cell of the sheet must be one of ours: a cell SheetJS read itself means records of a kind
  // this reader leaves to SheetJS (formulas, rich text), and then the plain way reads them all.
  const sheet = workbook.Sheets[name] as SheetJS.DenseSheet;
  for (const row of sheet['!data'] ?? []) if (row?.some((cell) => cell)) return null;
  const strings = (workbook as { Strings?: ({ t?: unknown } | undefined)[] }).Strings ?? [];
  for (let i = 0; i < cells.count; i++) {
    if (cells.kinds[i] === SST_TEXT && !strings[cells.values[i]!]) return null;
  }

  const table = XLSX.SSF.get_table() as Record<number, SheetJS.NumberFormat | undefined>;
  const isDate = dateFormatTest(XLSX);
  // As SheetJS gives a number its format: that of its XF record, format 0 when the XF record names
  // none; without an XF record, format 0 for a NUMBER record and none for an RK.
  const numberIsDate = (kind: number, xf: number) =>
    xf < xfFormats.length ? isDate(table[xfFormats[xf] || 0]) : kind === FLOAT && isDate(table[0]);
  const read = sheetReadOf(workbook, name);
  sink.start(read);
  const row = new RowCells();
  for (let i = 0; i < cells.count; ) {
    const rowIndex = cells.rows[i]!;
    const filter = sink.columnFilter;
    row.count = 0;
    for (; i < cells.count && cells.rows[i] === rowIndex; i++) {
      const column = cells.columns[i]!;
      if (filter !== null && filter[column] !== 1) continue;
      const kind = cells.kinds[i]!;
      const value = cells.values[i]!;
      if (kind === SST_TEXT) row.add(column, TEXT, String(strings[value]!.t), 0, false);
      else if (kind === INLINE_TEXT) row.add(column, TEXT, cells.texts[value]!, 0, false);
      else if (kind === FLOAT || kind === RK_NUMBER)
        row.add(column, NUMBER, '', value, numberIsDate(kind, cells.xfs[i]!));
      else if (kind === BOOL) row.add(column, BOOLEAN, '', value, false);
      else if (kind === ERROR_CODE) row.add(column, ERROR, errorTexts.get(value) ?? '#N/A', 0, false);
    }
    if (row.count > 0) sink.row(rowIndex + 1, row);
  }
  return read;
}
