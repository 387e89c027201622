/**
 * The price-list file: its columns, rules, comparison with the stored list, risks, template and
 * error workbook, and the worker that runs them. No HTTP, no database. Import from this module only.
 */

export { detectExcelFormat, type ExcelFormat } from '../lib/xlsx';
export { DETAIL_CHUNK_SIZE, errorChunks, type StoredUpdate } from './changeDetails';
export type { CorrectedCells } from './correctedFile';
export { errorCountsOf } from './errorCounts';
export {
  ExcelFileError,
  type ExcelFileProblem,
  ExcelWorkerError,
  type ExcelWorkerFailure,
} from './fileErrors';
export { detectCatalogue } from './peppol/detect';
export { DOCTYPE_REFUSED } from './peppol/readCatalogue';
export type { PriceChangeSheetRow } from './priceChangesWorkbook';
export type { TemplateRow } from './template';
export type {
  ChangesExport,
  DetailChunks,
  FileCorrections,
  PriceListChanges,
  PriceListSnapshotJson,
  PriceListValidationInput,
  PriceListValidationOutcome,
  PricelistPeriod,
  ReadOptions,
  RowUpdate,
  SavedMappingOption,
  WorkerValidationOutcome,
  WorkerValidationRecord,
} from './types';
export { MAX_REPORTED_ERRORS, validatePriceList } from './validatePricelist';
export {
  type ReservedWorker,
  WorkerPool,
  WorkerPoolBusyError,
  type WorkerPoolOptions,
  type WorkerPoolStats,
} from './worker/pool';
export { defaultWorkerLimits, type WorkerLimits, type WorkerRunner } from './worker/thread';
export {
  buildChangesWorkbook,
  buildCorrectedFile,
  buildPriceChangesWorkbook,
  buildPriceListCatalogue,
  buildPriceListTemplate,
  buildValidationErrorWorkbook,
  excelWorkerEntry,
  readFileSheetsInWorker,
  runPriceListValidation,
  runPriceListValidationSummary,
} from './workerCalls';
