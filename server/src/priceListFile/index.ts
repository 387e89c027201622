/** The pure Excel engine: no HTTP, no database. Import from this module only. */

export { detectExcelFormat, type ExcelFormat } from '../lib/xlsx/detectFormat';
export {
  ExcelFileError,
  type ExcelFileProblem,
  ExcelWorkerError,
  type ExcelWorkerFailure,
} from '../lib/xlsx/errors';
export { DETAIL_CHUNK_SIZE, errorChunks, type StoredUpdate } from './changeDetails';
export { buildValidationErrorWorkbook } from './errorWorkbook';
export { runPriceListValidation, runPriceListValidationSummary } from './runValidation';
export { buildPriceListTemplate, type TemplateRow } from './template';
export type {
  DetailChunks,
  PriceListChanges,
  PriceListSnapshotJson,
  PriceListValidationInput,
  PriceListValidationOutcome,
  RowUpdate,
  WorkerValidationOutcome,
  WorkerValidationRecord,
} from './types';
export { MAX_REPORTED_ERRORS, validatePriceList } from './validatePriceList';
export {
  defaultWorkerLimits,
  type ReservedWorker,
  type WorkerLimits,
  WorkerPool,
  WorkerPoolBusyError,
  type WorkerPoolOptions,
  type WorkerPoolStats,
  type WorkerRunner,
} from './worker/pool';
