import type { PriceListValidationInput, PriceListValidationOutcome } from './types';

export interface WorkerLimits {
  /** The worker's old-generation heap limit. */
  heapMb: number;
  /** After this long the worker is terminated and the call rejects with reason DEADLINE. */
  deadlineMs: number;
}

/**
 * Runs validatePriceList in a worker thread with a heap limit and a deadline, so a hostile or
 * huge file can neither block the event loop nor take the process down. Rejects with
 * ExcelWorkerError (reason DEADLINE, MEMORY, CRASH or INVALID_FILE).
 */
export async function runPriceListValidation(
  _input: PriceListValidationInput,
  _limits: WorkerLimits,
): Promise<PriceListValidationOutcome> {
  throw new Error('not implemented yet');
}
