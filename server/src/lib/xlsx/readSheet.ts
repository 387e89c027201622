import type { ExcelFormat } from './detectFormat';
import type { SheetRead } from './findSheet';
import type { SheetRowSink } from './rowCells';
import { readXlsSheet } from './xlsReader';
import { readXlsxSheet } from './xlsxReader';

/** Reads the named sheet of an .xlsx or .xls into the sink; null when the workbook has no such sheet. */
export async function readSheet(
  content: Uint8Array,
  format: ExcelFormat,
  sheetName: string,
  sink: SheetRowSink,
): Promise<SheetRead | null> {
  return format === 'xlsx' ? readXlsxSheet(content, sheetName, sink) : readXlsSheet(content, sheetName, sink);
}
