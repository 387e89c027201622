import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppDeps } from '../../appDeps';
import { type JobRunnerOptions, runClaimedJob, startJobLoop } from '../../lib/jobs/jobLoop';
import { ExcelFileError, ExcelWorkerError } from '../../pricelistFile';
import { importKindOf } from '../kinds';
import {
  type ClaimedJob,
  claimNextJob,
  finishJob,
  type JobDeps,
  type JobFailure,
  type JobStatus,
  leaseRenewMsOf,
  MAX_ATTEMPTS,
  renewLease,
  retryJobLater,
} from './importQueue';
import { isRetryableJobError, retryDelayMs } from './jobRetry';
import type { ApplyEnd, JobEnd } from './jobSteps';

export interface ImportJobs {
  /** Stops claiming new jobs and waits for those running (graceful shutdown). */
  stop(): Promise<void>;
}

export interface JobResult {
  importId: number;
  claimed: ClaimedJob['status'];
  end: JobEnd;
  durationMs: number;
  applyMs?: number;
  /** A validation's worker thread at its peak: heap and external memory, MB. */
  workerPeakMemoryMb?: number;
}

/**
 * A reason safe to record: the engine's Swedish messages, or a general one. Only the reader's
 * refusal of the file is the supplier's to fix, and shown to them (store/importViews.ts).
 */
function failureOf(error: unknown): JobFailure {
  const aboutFile =
    error instanceof ExcelFileError || (error instanceof ExcelWorkerError && error.reason === 'INVALID_FILE');
  if (error instanceof ExcelWorkerError || error instanceof ExcelFileError)
    return { reason: error.message, aboutFile };
  return { reason: 'Ett oväntat fel uppstod i jobbet.', aboutFile: false };
}

type ImportJobResult = { end: JobEnd } & Omit<ApplyEnd, 'end'> & { workerPeakMemoryMb?: number };

/**
 * The import queue for the generic job runner: jobs are the imports waiting in VALIDATION_PENDING
 * or IMPORT_PENDING (importQueue.ts), each status with its handler. A handler that throws an
 * error that may pass (jobRetry.ts) leaves the import pending, claimable again after a back-off,
 * while it has attempts left. Any other error, the last attempt's, or a job claimed more than
 * MAX_ATTEMPTS times (its earlier workers died), ends in the status's *_ERROR with a recorded
 * reason.
 */
function importJobRunner(deps: JobDeps): JobRunnerOptions<ClaimedJob, JobStatus, ImportJobResult> {
  const fail = async (job: ClaimedJob, workerId: string, failure: JobFailure): Promise<ImportJobResult> => {
    const errorStatus = job.status === 'VALIDATION_PENDING' ? 'VALIDATION_ERROR' : 'IMPORT_ERROR';
    const finished = await finishJob(deps, job, workerId, { status: errorStatus, summary: null, failure });
    return { end: finished ? errorStatus : 'LEASE_LOST' };
  };
  return {
    queue: { renew: (job, workerId) => renewLease(deps, job, workerId) },
    kindOf: (job) => job.status,
    handlers: {
      VALIDATION_PENDING: (job, workerId) => importKindOf(job.type).validate(deps, job, workerId),
      IMPORT_PENDING: (job, workerId) => importKindOf(job.type).apply(deps, job, workerId),
    },
    onFailure: (job, error, workerId) => fail(job, workerId, failureOf(error)),
    retry: {
      isRetryable: isRetryableJobError,
      delayMs: retryDelayMs,
      schedule: async (job, delayMs, workerId) => ({
        end: (await retryJobLater(deps, job, workerId, delayMs)) ? 'RETRY_LATER' : 'LEASE_LOST',
      }),
    },
    onGiveUp: (job, workerId) =>
      fail(job, workerId, { reason: `Jobbet avbröts efter ${MAX_ATTEMPTS} försök.`, aboutFile: false }),
    maxAttempts: MAX_ATTEMPTS,
    renewEveryMs: leaseRenewMsOf(deps.config),
    logger: deps.logger.child({ jobQueue: 'imports' }),
  };
}

/** Runs one claimed import job to its end, and logs how it ended and what it took. */
export async function processJob(deps: JobDeps, job: ClaimedJob, workerId: string): Promise<JobResult> {
  const started = performance.now();
  const { end, ...measured } = await runClaimedJob(importJobRunner(deps), job, workerId);
  // Its end may have written an event (importQueue.ts, writeFinish): deliver it now.
  deps.webhookSignal.notify();
  const durationMs = Math.round(performance.now() - started);
  const applyMs = measured.applyMs && Math.round(measured.applyMs);
  deps.logger.info(
    {
      importId: job.id,
      job: job.status,
      attempt: job.attempts,
      workerId,
      end,
      durationMs,
      applyMs,
      workerPeakMemoryMb: measured.workerPeakMemoryMb,
    },
    'import job finished',
  );
  return { importId: job.id, claimed: job.status, end, durationMs, ...measured };
}

/** One tick of the queue: claims the next job and runs it. Null when there was nothing to do. */
export async function runNextJob(deps: JobDeps, workerId: string): Promise<JobResult | null> {
  const job = await claimNextJob(deps, workerId);
  return job && processJob(deps, job, workerId);
}

/**
 * The import job loop of this instance (lib/jobs/jobLoop.ts), every JOB_POLL_MS and at once when
 * this instance's requests make a job or a job ends. Any number of instances may run it against
 * one database.
 *
 * One job at a time while jobs are quick (parsing runs in a worker thread on one of the two
 * cores; the API keeps the other). A job still running after JOB_QUEUE_BUDGET_SECONDS no longer
 * holds the queue, so one slow file does not keep other suppliers' files waiting. No more run
 * than the worker pool's threads or JOB_MAX_CONCURRENT (the cores, by default), and none starts
 * beside a slow one while every worker thread is taken: on a busy machine a second job would
 * only slow the first and hold a claim another instance could run.
 */
export function startImportJobs(deps: AppDeps): ImportJobs {
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const budgetMs = deps.config.JOB_QUEUE_BUDGET_SECONDS * 1000;
  const maxRunning = Math.min(deps.workerPool.capacity, deps.config.JOB_MAX_CONCURRENT);
  const workerFree = () => {
    const pool = deps.workerPool.stats();
    return pool.busy + pool.waiting < deps.workerPool.capacity;
  };
  const loop = startJobLoop<ClaimedJob>({
    workerId,
    queue: { claim: (id) => claimNextJob(deps, id) },
    run: (job) => processJob(deps, job, workerId),
    signal: deps.importJobSignal,
    pollMs: deps.config.JOB_POLL_MS,
    budgetMs,
    maxRunning,
    mayStartBeside: workerFree,
    logger: deps.logger.child({ jobQueue: 'imports' }),
  });
  // The first file should not wait while a worker thread loads its modules.
  deps.workerPool.prewarm().catch(() => {});
  deps.logger.info({ workerId, budgetMs, maxRunning }, 'import jobs started');
  return loop;
}
