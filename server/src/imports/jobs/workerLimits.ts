import type { AppDeps } from '../../appDeps';
import type { Config } from '../../config';
import {
  excelWorkerEntry,
  type WorkerLimits,
  WorkerPool,
  type WorkerPoolOptions,
  type WorkerRunner,
} from '../../pricelistFile';

/** The limits of the Excel worker thread (every parse of an uploaded file runs there). */
export const workerLimits = (config: Config): WorkerLimits => ({
  heapMb: config.WORKER_HEAP_MB,
  deadlineMs: config.WORKER_DEADLINE_SECONDS * 1000,
});

/** What a download refused for want of a worker is told to wait before trying again, seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * The server's one pool of Excel workers, as the configuration sets it (main.ts, tests). Its
 * threads start from `workerEntry` (the bundle), else from the worker's TypeScript.
 */
export const createWorkerPool = (
  config: Config,
  onJobStart?: WorkerPoolOptions['onJobStart'],
  workerEntry: WorkerPoolOptions['workerEntry'] = excelWorkerEntry,
): WorkerPool =>
  new WorkerPool({
    size: config.WORKER_POOL_SIZE,
    memoryMb: config.WORKER_POOL_MEMORY_MB,
    // Read at each job, as the settings are now (a test shortens the deadline of one job).
    get limits() {
      return workerLimits(config);
    },
    queueLimit: config.WORKER_POOL_QUEUE,
    maxWaitMs: config.WORKER_POOL_WAIT_SECONDS * 1000,
    retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
    onJobStart,
    workerEntry,
  });

/** The workers of a job: it waits for its turn (the job loop starts no more jobs than the pool runs). */
export const jobWorkers = ({ workerPool }: Pick<AppDeps, 'workerPool'>): WorkerRunner =>
  workerPool.unboundedWait;
