import type { ExcelFormat } from './detectFormat';
import type { SheetRead } from './findSheet';
import { readSheet } from './readSheet';
import type { CellKind, RowCells } from './rowCells';

export interface CellValue {
  column: number;
  kind: CellKind;
  text: string;
  number: number;
  date: boolean;
}

export interface SheetRow {
  rowNumber: number;
  cells: CellValue[];
}

/**
 * Every cell of a sheet as objects: for the error workbook's copy of the sheet and for tests,
 * not for validation (which streams).
 */
export async function readSheetCells(
  content: Uint8Array,
  format: ExcelFormat,
  sheetName: string,
): Promise<(SheetRead & { rows: SheetRow[] }) | null> {
  const rows: SheetRow[] = [];
  const read = await readSheet(content, format, sheetName, {
    columnFilter: null,
    start() {},
    row(rowNumber: number, cells: RowCells) {
      const values: CellValue[] = [];
      for (let i = 0; i < cells.count; i++) {
        values.push({
          column: cells.columns[i]!,
          kind: cells.kinds[i]!,
          text: cells.texts[i]!,
          number: cells.numbers[i]!,
          date: cells.dates[i]!,
        });
      }
      rows.push({ rowNumber, cells: values });
    },
  });
  return read && { ...read, rows };
}
