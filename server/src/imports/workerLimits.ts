import type { Config } from '../config';
import type { WorkerLimits } from './excel';

/** The limits of the Excel worker thread (every parse of an uploaded file runs there). */
export const workerLimits = (config: Config): WorkerLimits => ({
  heapMb: config.WORKER_HEAP_MB,
  deadlineMs: config.WORKER_DEADLINE_SECONDS * 1000,
});
