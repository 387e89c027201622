/**
 * A streaming reader of one sheet of an .xlsx (our own zip and XML scanners) or an .xls (SheetJS),
 * Knows nothing of price lists; see README.md. The writer is its own entry point
 * (./workbookWriter), so a reader does not load exceljs.
 */
export { cellDisplayValue, formatExcelDate, formatNumber } from './cellText';
export {
  checkOfficeContainer,
  detectExcelFormat,
  type ExcelFormat,
  type FileBytes,
  isEncryptedOfficeFile,
  sectorChain,
} from './detectFormat';
export { XlsxError, type XlsxErrorCode, type XlsxErrorDetail, type XmlPart, type ZipPlace } from './errors';
export { findSheet, type SheetRead } from './findSheet';
export { escapeFormulaText, unescapeFormulaText } from './formulaEscape';
export { readSheet } from './readSheet';
export { type CellValue, readSheetCells, type SheetRow } from './readSheetCells';
export {
  BOOLEAN,
  type CellKind,
  columnIndex,
  columnName,
  ERROR,
  MAX_COLUMNS,
  MAX_ROWS,
  NUMBER,
  RowCells,
  type SheetRowSink,
  StopReading,
  TEXT,
} from './rowCells';
export { zipLimits } from './zip';
