import type ExcelJS from 'exceljs';
import type { ValidationError } from '#contract';
import { PRICE_LIST_SHEET, priceListColumns } from '#contract/domain';
import {
  BOOLEAN,
  columnIndex,
  detectExcelFormat,
  ERROR,
  NUMBER,
  type RowCells,
  readSheet,
  type SheetRead,
  TEXT,
  XlsxError,
} from '../lib/xlsx';
import { boldFont, bufferedWorkbookWriter, quoteFormulaText, setCellText } from '../lib/xlsx/workbookWriter';
import { mapHeader } from './columns';
import { WORKBOOK_CREATOR } from './fileErrors';
import { escapedForCell } from './storableText';

/** Excel's own "bad" style: light red fill, dark red text. */
export const errorFill: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
const errorFont: Partial<ExcelJS.Font> = { color: { argb: 'FF9C0006' } };

const errorColumns = [
  { header: 'Rad', width: 8 },
  { header: 'Artikelnummer', width: 18 },
  { header: 'Flik', width: 12 },
  { header: 'Kolumn', width: 24 },
  { header: 'Kolumn i filen', width: 24 },
  { header: 'Cell', width: 8 },
  { header: 'Värde', width: 24 },
  { header: 'Meddelande', width: 100 },
];

/** buildValidationErrorWorkbook in this thread (the worker's part). */
export async function writeValidationErrorWorkbook(
  content: Uint8Array,
  fileName: string,
  errors: readonly ValidationError[],
  /** Cells corrected on the summary: the copy shows the corrected value, as the validation read it. */
  corrected: readonly { cell: string; value: string }[] = [],
): Promise<Buffer> {
  const { workbook, toBuffer } = bufferedWorkbookWriter(WORKBOOK_CREATOR);
  const list = workbook.addWorksheet('Fel', { views: [{ state: 'frozen', ySplit: 1 }] });
  list.columns = errorColumns.map((column) => ({ width: column.width }));
  const header = list.addRow(errorColumns.map((column) => column.header));
  header.font = boldFont;
  header.commit();
  for (const [index, error] of errors.entries()) {
    // Lets the zip stream take what is written so far, rather than buffering the whole sheet.
    if (index % 2_000 === 1_999) await new Promise((resolve) => setImmediate(resolve));
    quoteFormulaText(
      list.addRow([
        error.row,
        escapedForCell(error.articleNumber ?? ''),
        escapedForCell(error.sheet),
        escapedForCell(error.column),
        error.fileColumn === undefined ? null : escapedForCell(error.fileColumn),
        error.cell ?? null,
        escapedForCell(error.value),
        escapedForCell(error.message),
      ]),
    ).commit();
  }
  list.commit();

  const format = detectExcelFormat(content, fileName);
  if (format !== null) {
    // The sheet the errors are on: Prislista, or the one a mapping chose.
    const sheetName = errors[0]?.sheet ?? PRICE_LIST_SHEET;
    const copy = new SheetCopy((name) => workbook.addWorksheet(name), errors, corrected);
    try {
      await readSheet(content, format, sheetName, copy);
    } catch (error) {
      // A file that cannot be read has no sheet to copy; the list of errors still helps.
      if (!(error instanceof XlsxError)) throw error;
    }
    copy.finish();
  }
  return toBuffer();
}

/** Days between the 1900 and the 1904 date systems: the copy is written in the 1900 system. */
const DAYS_1900_TO_1904 = 1462;

/** Copies the uploaded sheet row by row as it is read, marking the faulty cells. */
class SheetCopy {
  readonly columnFilter = null;
  private sheet: ExcelJS.Worksheet | null = null;
  private date1904 = false;
  /** Messages by row, then by sheet column (known once the header row is read). */
  private messages = new Map<number, Map<number, string[]>>();

  constructor(
    private readonly addSheet: (name: string) => ExcelJS.Worksheet,
    private readonly errors: readonly ValidationError[],
    corrected: readonly { cell: string; value: string }[],
  ) {
    for (const { cell, value } of corrected) {
      const match = /^([A-Z]+)(\d+)$/.exec(cell);
      if (!match) continue;
      const row = Number(match[2]);
      this.corrected.set(row, [
        ...(this.corrected.get(row) ?? []),
        { column: columnIndex(match[1]!), value },
      ]);
    }
  }

  private readonly corrected = new Map<number, { column: number; value: string }[]>();

  start(read: SheetRead) {
    // Not "Fel", the list's own name, whatever the file called its sheet.
    this.sheet = this.addSheet(read.sheetName === 'Fel' ? 'Fel (filen)' : read.sheetName);
    this.date1904 = read.date1904;
  }

  row(rowNumber: number, cells: RowCells) {
    if (rowNumber === 1 || this.messages.size === 0) this.placeErrors(rowNumber === 1 ? cells : null);
    const row = this.sheet!.getRow(rowNumber);
    for (let i = 0; i < cells.count; i++) this.writeCell(row.getCell(cells.columns[i]! + 1), cells, i);
    for (const { column, value } of this.corrected.get(rowNumber) ?? [])
      setCellText(row.getCell(column + 1), escapedForCell(value));
    for (const [column, texts] of this.messages.get(rowNumber) ?? []) {
      const cell = row.getCell(column + 1);
      cell.fill = errorFill;
      cell.font = errorFont;
      cell.note = texts.join('\n');
    }
    row.commit();
  }

  finish() {
    this.sheet?.commit();
  }

  private placeErrors(header: RowCells | null) {
    if (this.messages.size > 0) return;
    const { columnOfSlot } = mapHeader(header, PRICE_LIST_SHEET, this.date1904);
    const columnOfHeader = new Map<string, number>(
      priceListColumns.map((column, index) => [column.header, columnOfSlot[index]!]),
    );
    for (const error of this.errors) {
      // By the error's cell where it has one (a mapped file's columns have other headers).
      const letters = error.cell?.match(/^[A-Z]+/)?.[0];
      const column = letters ? columnIndex(letters) : (columnOfHeader.get(error.column) ?? -1);
      if (column < 0) continue;
      const ofRow = this.messages.get(error.row) ?? new Map<number, string[]>();
      this.messages.set(error.row, ofRow);
      ofRow.set(column, [...(ofRow.get(column) ?? []), error.message]);
    }
    // Marks the placing as done even when no error has a column in this sheet.
    if (this.messages.size === 0) this.messages.set(0, new Map());
  }

  private writeCell(target: ExcelJS.Cell, cells: RowCells, i: number) {
    const kind = cells.kinds[i];
    if (kind === TEXT) setCellText(target, escapedForCell(cells.texts[i]!));
    else if (kind === NUMBER) {
      const date = cells.dates[i];
      target.value = date && this.date1904 ? cells.numbers[i]! + DAYS_1900_TO_1904 : cells.numbers[i]!;
      if (date) target.numFmt = 'yyyy-mm-dd';
    } else if (kind === BOOLEAN) target.value = cells.numbers[i] === 1;
    else if (kind === ERROR) target.value = { error: cells.texts[i] as ExcelJS.CellErrorValue['error'] };
  }
}
