import { isTransientDatabaseError } from '../../db/transientErrors';
import { backoffMs } from '../../lib/jobs/jobLoop';
import { ExcelFileError, ExcelWorkerError, WorkerPoolBusyError } from '../../pricelistFile';

/** The wait after a failed attempt: 5 s after the first, 30 s after the second, at most 2 min. */
export const retryDelayMs = (attempt: number) => backoffMs(attempt, 5_000, 6, 120_000);

/**
 * Whether an import job that threw may succeed when run again later (docs/decisions/0032):
 * - a database error that says nothing of the data: a lost or refused connection, a server
 *   shutting down, a serialization failure (40001), a deadlock (40P01);
 * - a worker thread that died (CRASH) rather than refused the file, and a pool that closed
 *   while the job waited for a worker (the instance stopping).
 * Never the file's own failures, which would come again the same way: the reader's refusal
 * (INVALID_FILE, ExcelFileError), the heap limit (MEMORY) and the deadline (DEADLINE). Any
 * other error is a fault of the code and fails the job at once, as before.
 */
export function isRetryableJobError(error: unknown): boolean {
  if (error instanceof ExcelWorkerError) return error.reason === 'CRASH';
  if (error instanceof ExcelFileError) return false;
  if (error instanceof WorkerPoolBusyError) return true;
  return isTransientDatabaseError(error);
}
