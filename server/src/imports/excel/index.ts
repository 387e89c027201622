/** The pure Excel engine: no HTTP, no database. Import from this module only. */
export { detectExcelFormat, type ExcelFormat } from './detectFormat';
export {
  ExcelFileError,
  type ExcelFileProblem,
  ExcelWorkerError,
  type ExcelWorkerFailure,
} from './errors';
export { buildValidationErrorWorkbook } from './errorWorkbook';
export { runPriceListValidation } from './runValidation';
export { buildPriceListTemplate, type TemplateRow } from './template';
export type {
  PriceListChanges,
  PriceListValidationInput,
  PriceListValidationOutcome,
  RowUpdate,
} from './types';
export { MAX_REPORTED_ERRORS, validatePriceList } from './validatePriceList';
export { defaultWorkerLimits, stopSpareWorker, type WorkerLimits } from './workerPool';
