import type ExcelJS from 'exceljs';
import type { ValidationError } from '../../../../contract';
import { BOOLEAN, ERROR, NUMBER, RowCells, TEXT } from './cells';
import { detectExcelFormat } from './detectFormat';
import { ExcelFileError } from './errors';
import { escapeFormulaText } from './formulaEscape';
import { mapHeader, PRICE_LIST_SHEET, priceListColumns } from './priceListColumns';
import { type CellValue, readSheetCells, type SheetRow } from './sheetCells';
import { boldFont, bufferedWorkbookWriter } from './workbookWriter';

/** Excel's own "bad" style: light red fill, dark red text. */
export const errorFill: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
const errorFont: Partial<ExcelJS.Font> = { color: { argb: 'FF9C0006' } };

const errorColumns = [
  { header: 'Rad', width: 8 },
  { header: 'Artikelnummer', width: 18 },
  { header: 'Flik', width: 12 },
  { header: 'Kolumn', width: 24 },
  { header: 'Värde', width: 24 },
  { header: 'Meddelande', width: 100 },
];

/**
 * The validation errors as an .xlsx: a sheet "Fel" listing every error, and a copy of the
 * uploaded sheet with each faulty cell filled red and its message(s) as a note. Every text
 * cell is escaped against formula injection (see formulaEscape.ts).
 */
export async function buildValidationErrorWorkbook(
  content: Uint8Array,
  fileName: string,
  errors: ValidationError[],
): Promise<Buffer> {
  const { workbook, toBuffer } = bufferedWorkbookWriter();
  const list = workbook.addWorksheet('Fel', { views: [{ state: 'frozen', ySplit: 1 }] });
  list.columns = errorColumns.map((column) => ({ width: column.width }));
  const header = list.addRow(errorColumns.map((column) => column.header));
  header.font = boldFont;
  header.commit();
  for (const error of errors) {
    list
      .addRow([
        error.row,
        escapeFormulaText(error.articleNumber ?? ''),
        escapeFormulaText(error.sheet),
        escapeFormulaText(error.column),
        escapeFormulaText(error.value),
        escapeFormulaText(error.message),
      ])
      .commit();
  }
  list.commit();

  const uploaded = await readUploadedSheet(content, fileName);
  if (uploaded)
    writeSheetCopy(workbook.addWorksheet(PRICE_LIST_SHEET), uploaded.rows, uploaded.date1904, errors);
  return toBuffer();
}

async function readUploadedSheet(content: Uint8Array, fileName: string) {
  const format = detectExcelFormat(content, fileName);
  if (format === null) return null;
  try {
    return await readSheetCells(content, format, PRICE_LIST_SHEET);
  } catch (error) {
    // A file that cannot be read has no sheet to copy; the list of errors still helps.
    if (error instanceof ExcelFileError) return null;
    throw error;
  }
}

function writeSheetCopy(
  sheet: ExcelJS.Worksheet,
  rows: SheetRow[],
  date1904: boolean,
  errors: ValidationError[],
) {
  const headerRow = rows[0]?.rowNumber === 1 ? rows[0] : undefined;
  const headerCells = new RowCells();
  for (const cell of headerRow?.cells ?? [])
    headerCells.add(cell.column, cell.kind, cell.text, cell.number, cell.date);
  const { columnOfSlot } = mapHeader(headerCells, PRICE_LIST_SHEET, date1904);
  const columnOfHeader = new Map<string, number>(
    priceListColumns.map((column, index) => [column.header, columnOfSlot[index]!]),
  );

  // Messages by row, then by sheet column.
  const messages = new Map<number, Map<number, string[]>>();
  for (const error of errors) {
    const column = columnOfHeader.get(error.column) ?? -1;
    if (column < 0) continue;
    const ofRow = messages.get(error.row) ?? new Map<number, string[]>();
    messages.set(error.row, ofRow);
    ofRow.set(column, [...(ofRow.get(column) ?? []), error.message]);
  }

  for (const { rowNumber, cells } of rows) {
    const row = sheet.getRow(rowNumber);
    for (const cell of cells) writeCell(row.getCell(cell.column + 1), cell, date1904);
    for (const [column, texts] of messages.get(rowNumber) ?? []) {
      const cell = row.getCell(column + 1);
      cell.fill = errorFill;
      cell.font = errorFont;
      cell.note = texts.join('\n');
    }
    row.commit();
  }
  sheet.commit();
}

/** Days between the 1900 and the 1904 date systems: the copy is written in the 1900 system. */
const DAYS_1900_TO_1904 = 1462;

function writeCell(target: ExcelJS.Cell, cell: CellValue, date1904: boolean) {
  if (cell.kind === TEXT) target.value = escapeFormulaText(cell.text);
  else if (cell.kind === NUMBER) {
    target.value = cell.date && date1904 ? cell.number + DAYS_1900_TO_1904 : cell.number;
    if (cell.date) target.numFmt = 'yyyy-mm-dd';
  } else if (cell.kind === BOOLEAN) target.value = cell.number === 1;
  else if (cell.kind === ERROR) target.value = { error: cell.text as ExcelJS.CellErrorValue['error'] };
}
