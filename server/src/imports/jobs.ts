import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppDeps } from '../app';
import { type ApplyEnd, runApplyJob } from './applyJob';
import { ExcelFileError, ExcelWorkerError, prewarmWorker } from './excel';
import {
  type ClaimedJob,
  claimNextJob,
  finishJob,
  type JobDeps,
  LEASE_RENEW_MS,
  MAX_ATTEMPTS,
  renewLease,
} from './jobQueue';
import { onImportJobs } from './jobSignal';
import { type JobEnd, runValidationJob } from './validationJob';
import { workerLimits } from './workerLimits';

export interface ImportJobs {
  /** Stops claiming new jobs and waits for the one running (graceful shutdown). */
  stop(): Promise<void>;
}

export interface JobResult {
  importId: number;
  claimed: ClaimedJob['status'];
  end: JobEnd;
  durationMs: number;
  applyMs?: number;
  rounds?: number;
  /** A validation's worker thread at its peak: heap and external memory, MB. */
  workerPeakMemoryMb?: number;
}

/** A reason safe to record and show: the engine's Swedish messages, or a general one. */
function failureReason(error: unknown): string {
  if (error instanceof ExcelWorkerError || error instanceof ExcelFileError) return error.message;
  return 'Ett oväntat fel uppstod i jobbet.';
}

/**
 * Runs one claimed job to its end: validation or apply, with the lease renewed while it works.
 * An exception ends the job in its *_ERROR status; a job claimed more than MAX_ATTEMPTS times
 * (its earlier workers died) ends there without running again.
 */
export async function processJob(deps: JobDeps, job: ClaimedJob, workerId: string): Promise<JobResult> {
  const started = performance.now();
  const errorStatus = job.status === 'VALIDATION_PENDING' ? 'VALIDATION_ERROR' : 'IMPORT_ERROR';
  const log = deps.logger.child({ importId: job.id, job: job.status, attempt: job.attempts, workerId });
  const fail = async (reason: string) =>
    (await finishJob(deps, job, workerId, { status: errorStatus, summary: null, failureReason: reason }))
      ? errorStatus
      : 'LEASE_LOST';

  let end: JobEnd;
  let measured: Omit<ApplyEnd, 'end'> & { workerPeakMemoryMb?: number } = {};
  if (job.attempts > MAX_ATTEMPTS) {
    log.warn('import job gave up: claimed too many times without finishing');
    end = await fail(`Jobbet avbröts efter ${MAX_ATTEMPTS} försök.`);
  } else {
    const renewal = setInterval(() => {
      renewLease(deps, job, workerId).catch((error) => log.warn({ err: error }, 'lease renewal failed'));
    }, LEASE_RENEW_MS);
    renewal.unref();
    try {
      if (job.status === 'VALIDATION_PENDING') {
        ({ end, ...measured } = await runValidationJob(deps, job, workerId));
      } else {
        ({ end, ...measured } = await runApplyJob(deps, job, workerId));
      }
    } catch (error) {
      log.error({ err: error }, 'import job failed');
      end = await fail(failureReason(error));
    } finally {
      clearInterval(renewal);
    }
  }
  const durationMs = Math.round(performance.now() - started);
  const applyMs = measured.applyMs && Math.round(measured.applyMs);
  log.info(
    { end, durationMs, applyMs, rounds: measured.rounds, workerPeakMemoryMb: measured.workerPeakMemoryMb },
    'import job finished',
  );
  return {
    importId: job.id,
    claimed: job.status,
    end,
    durationMs,
    ...measured,
  };
}

/** One tick of the queue: claims the next job and runs it. Null when there was nothing to do. */
export async function runNextJob(deps: JobDeps, workerId: string): Promise<JobResult | null> {
  const job = await claimNextJob(deps, workerId);
  return job && processJob(deps, job, workerId);
}

/**
 * The job loop of this instance: one job at a time (parsing runs in a worker thread on one of
 * the two cores; the API keeps the other), every JOB_POLL_MS, and at once when this instance's
 * requests make a job. Any number of instances may run it against one database.
 */
export function startImportJobs(deps: AppDeps): ImportJobs {
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let stopped = false;
  let running: Promise<void> | null = null;
  let wakeAgain = false;
  let timer: NodeJS.Timeout | undefined;

  const drain = async () => {
    while (!stopped && (await runNextJob(deps, workerId)) !== null) {}
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      wakeAgain = true;
      return;
    }
    clearTimeout(timer);
    running = drain()
      .catch((error) => deps.logger.error({ err: error, workerId }, 'import job loop failed'))
      .finally(() => {
        running = null;
        if (stopped) return;
        timer = setTimeout(wake, wakeAgain ? 0 : deps.config.JOB_POLL_MS);
        wakeAgain = false;
      });
  };
  const unsubscribe = onImportJobs(deps.db, wake);
  // The first file should not wait while a worker thread loads its modules.
  prewarmWorker(workerLimits(deps.config)).catch(() => {});
  deps.logger.info({ workerId }, 'import jobs started');
  timer = setTimeout(wake, 0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      await running;
    },
  };
}
