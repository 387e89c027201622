import { ApiError } from '../errors';
import { type ReservedWorker, type WorkerPool, WorkerPoolBusyError } from '../pricelistFile';

const BUSY_MESSAGE = 'Tjänsten är hårt belastad just nu. Försök igen om en stund.';

/**
 * The worker of an HTTP request (error workbook, template, catalogue, export), taken before the
 * request loads its data: a bounded wait for one, then 503 with Retry-After, never an unbounded
 * pile of threads or of loaded files. Release it when the request ends without running a job.
 */
export async function reserveRequestWorker({
  workerPool,
}: {
  workerPool: Pick<WorkerPool, 'reserve'>;
}): Promise<ReservedWorker> {
  try {
    return await workerPool.reserve();
  } catch (error) {
    if (!(error instanceof WorkerPoolBusyError)) throw error;
    throw new ApiError(503, 'SERVICE_UNAVAILABLE', BUSY_MESSAGE, undefined, {
      'retry-after': String(error.retryAfterSeconds),
    });
  }
}
