import ExcelJS from 'exceljs';
import { PRICE_LIST_SHEET } from '#contract/domain';
import { detectExcelFormat, escapeFormulaText, findSheet } from '../lib/xlsx';
import { finishWorkbook, setCellText } from '../lib/xlsx/workbookWriter';
import { escapedForCell } from './storableText';

/** Corrections as they are written into the supplier's own file: by cell, and the rows left out. */
export interface CorrectedCells {
  /** The sheet they are on (the mapping's, or Prislista). */
  sheet: string;
  /** `cell` is the sheet's (C12); a catalogue's line has none, only its `row`. */
  cells: readonly { row: number; cell: string; column: string; value: string }[];
  leaveOut: readonly number[];
}

/** Our columns whose values are numbers: a typed "120,50" is written as the number 120.5. */
const numberColumns = new Set(['Pris', 'Minsta beställningsantal', 'Leveranstid (dagar)', 'Garanti antal']);

/**
 * A typed value as the cell gets it: a number in a number column when it reads as one, else text
 * (formula-like text gets Excel's quote prefix in an .xlsx; an .xls, which SheetJS writes without
 * that flag, gets the leading apostrophe).
 */
function cellValue(column: string, value: string): string | number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (numberColumns.has(column)) {
    const number = Number(trimmed.replace(/[\s\u00a0]/g, '').replace(',', '.'));
    if (/^-?[\d\s\u00a0]+([.,]\d+)?$/.test(trimmed) && Number.isFinite(number)) return number;
  }
  return escapedForCell(trimmed);
}

/**
 * The supplier's own workbook with the corrections written in and the rows left out removed, so
 * their copy in Excel can be brought up to date: their sheets, columns and formats (an .xlsx
 * through exceljs); an .xls is written back as .xls with the sheet's values (SheetJS keeps no
 * formats there). Runs in a worker: it parses the untrusted file again.
 */
export async function writeCorrectedFile(
  content: Uint8Array,
  fileName: string,
  corrections: CorrectedCells,
): Promise<Buffer> {
  const format = detectExcelFormat(content, fileName);
  if (format === null) {
    const { writeCorrectedCatalogue } = await import('./peppol/correctCatalogue');
    return writeCorrectedCatalogue(content, corrections);
  }
  if (format === 'xls') return writeCorrectedXls(content, corrections);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(content) as unknown as ExcelJS.Buffer);
  const sheet =
    workbook.worksheets[
      findSheet(
        workbook.worksheets.map((w) => w.name),
        corrections.sheet,
      )
    ];
  if (sheet) {
    for (const { cell, column, value } of corrections.cells) {
      if (cell === '') continue;
      const typed = cellValue(column, value);
      if (typeof typed === 'string') setCellText(sheet.getCell(cell), typed);
      else sheet.getCell(cell).value = typed;
    }
    // From the bottom, so each row number still points at its row.
    for (const row of [...corrections.leaveOut].sort((a, b) => b - a)) sheet.spliceRows(row, 1);
  }
  // The quote prefix only: the notes in the file are the supplier's, whatever exceljs signs them.
  return finishWorkbook(Buffer.from(await workbook.xlsx.writeBuffer()));
}

async function writeCorrectedXls(content: Uint8Array, corrections: CorrectedCells): Promise<Buffer> {
  const XLSX = await import('@e965/xlsx');
  const workbook = XLSX.read(Buffer.from(content), { type: 'buffer' });
  const name = workbook.SheetNames[findSheet(workbook.SheetNames, corrections.sheet)] ?? PRICE_LIST_SHEET;
  const sheet = workbook.Sheets[name];
  if (sheet) {
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null });
    for (const { cell, column, value } of corrections.cells) {
      if (cell === '') continue;
      const { r, c } = XLSX.utils.decode_cell(cell);
      rows[r] ??= [];
      const typed = cellValue(column, value);
      rows[r]![c] = typeof typed === 'string' ? escapeFormulaText(typed) : typed;
    }
    const kept = rows.filter((_, index) => !corrections.leaveOut.includes(index + 1));
    workbook.Sheets[name] = XLSX.utils.aoa_to_sheet(kept);
  }
  return XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}
