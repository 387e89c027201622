/**
 * Why a file could not be read at all (as opposed to rule breaks in its rows, which are
 * validation errors). The message is Swedish and safe to show to the supplier.
 */
export type ExcelFileProblem =
  | 'NOT_EXCEL'
  | 'CORRUPT'
  | 'TOO_LARGE'
  | 'TOO_MANY_ENTRIES'
  | 'COMPRESSION_RATIO'
  | 'DOCTYPE'
  | 'UNSUPPORTED';

export class ExcelFileError extends Error {
  override name = 'ExcelFileError';
  constructor(
    readonly problem: ExcelFileProblem,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Why a validation in the worker thread did not produce an outcome:
 * DEADLINE (terminated after the deadline), MEMORY (the heap limit was hit), CRASH (anything
 * else that killed the worker), INVALID_FILE (the file could not be read: `problem` says why).
 */
export type ExcelWorkerFailure = 'DEADLINE' | 'MEMORY' | 'CRASH' | 'INVALID_FILE';

export class ExcelWorkerError extends Error {
  override name = 'ExcelWorkerError';
  constructor(
    readonly reason: ExcelWorkerFailure,
    message: string,
    readonly problem?: ExcelFileProblem,
  ) {
    super(message);
  }
}
