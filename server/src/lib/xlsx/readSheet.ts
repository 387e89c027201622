import type { ExcelFormat } from './detectFormat';
import type { SheetRead } from './findSheet';
import { type SheetRowSink, StopReading } from './rowCells';
import { readXlsSheet } from './xlsReader';
import { readXlsxSheet } from './xlsxReader';

/**
 * Reads the named sheet of an .xlsx or .xls into the sink; null when the workbook has no such
 * sheet. A sink that throws StopReading ends the reading there.
 */
export async function readSheet(
  content: Uint8Array,
  format: ExcelFormat,
  sheetName: string,
  sink: SheetRowSink,
): Promise<SheetRead | null> {
  try {
    return format === 'xlsx'
      ? await readXlsxSheet(content, sheetName, sink)
      : await readXlsSheet(content, sheetName, sink);
  } catch (error) {
    if (error instanceof StopReading) return error.read;
    throw error;
  }
}
