import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppDeps } from '../../appDeps';
import { ExcelFileError, ExcelWorkerError } from '../../priceListFile';
import { type ApplyEnd, runApplyJob } from './applyJob';
import {
  type ClaimedJob,
  claimNextJob,
  finishJob,
  type JobDeps,
  type JobFailure,
  LEASE_RENEW_MS,
  MAX_ATTEMPTS,
  renewLease,
} from './importQueue';
import { type JobEnd, runValidationJob } from './validationJob';

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
  rounds?: number;
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

/**
 * Runs one claimed job to its end: validation or apply, with the lease renewed while it works.
 * An exception ends the job in its *_ERROR status; a job claimed more than MAX_ATTEMPTS times
 * (its earlier workers died) ends there without running again.
 */
export async function processJob(deps: JobDeps, job: ClaimedJob, workerId: string): Promise<JobResult> {
  const started = performance.now();
  const errorStatus = job.status === 'VALIDATION_PENDING' ? 'VALIDATION_ERROR' : 'IMPORT_ERROR';
  const log = deps.logger.child({ importId: job.id, job: job.status, attempt: job.attempts, workerId });
  const fail = async (failure: JobFailure) =>
    (await finishJob(deps, job, workerId, { status: errorStatus, summary: null, failure }))
      ? errorStatus
      : 'LEASE_LOST';

  let end: JobEnd;
  let measured: Omit<ApplyEnd, 'end'> & { workerPeakMemoryMb?: number } = {};
  if (job.attempts > MAX_ATTEMPTS) {
    log.warn('import job gave up: claimed too many times without finishing');
    end = await fail({ reason: `Jobbet avbröts efter ${MAX_ATTEMPTS} försök.`, aboutFile: false });
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
      end = await fail(failureOf(error));
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
 * The job loop of this instance, every JOB_POLL_MS and at once when this instance's requests
 * make a job or a job ends. Any number of instances may run it against one database.
 *
 * One job at a time while jobs are quick (parsing runs in a worker thread on one of the two
 * cores; the API keeps the other). A job still running after JOB_QUEUE_BUDGET_SECONDS no longer
 * holds the queue: the loop claims the next job beside it, so one slow file does not keep other
 * suppliers' files waiting. Every job running is past its budget before another starts, and no
 * more run than the worker pool can run at once.
 */
export function startImportJobs(deps: AppDeps): ImportJobs {
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const budgetMs = deps.config.JOB_QUEUE_BUDGET_SECONDS * 1000;
  const maxRunning = deps.workerPool.capacity;
  let stopped = false;
  /** The jobs running, each with whether it is past its budget. */
  const running = new Map<Promise<unknown>, { pastBudget: boolean }>();
  let claiming: Promise<void> | null = null;
  let wakeAgain = false;
  let timer: NodeJS.Timeout | undefined;

  const mayClaim = () => running.size < maxRunning && [...running.values()].every((job) => job.pastBudget);

  const start = (job: ClaimedJob) => {
    const state = { pastBudget: false };
    const budget = setTimeout(() => {
      state.pastBudget = true;
      deps.logger.info(
        { importId: job.id, workerId, budgetMs },
        'import job past its budget: the queue goes on',
      );
      wake();
    }, budgetMs);
    budget.unref();
    const done: Promise<unknown> = processJob(deps, job, workerId)
      .catch((error) => deps.logger.error({ err: error, workerId }, 'import job loop failed'))
      .finally(() => {
        clearTimeout(budget);
        running.delete(done);
        wake();
      });
    running.set(done, state);
  };

  function wake() {
    if (stopped) return;
    if (claiming) {
      wakeAgain = true;
      return;
    }
    if (!mayClaim()) return;
    clearTimeout(timer);
    wakeAgain = false;
    claiming = claimNextJob(deps, workerId)
      .then((job) => {
        // A job claimed as the loop stops still runs: stop() waits for it.
        if (job) start(job);
        return job !== null;
      })
      .catch((error) => {
        deps.logger.error({ err: error, workerId }, 'import job loop failed');
        return false;
      })
      .then((claimed) => {
        claiming = null;
        if (stopped) return;
        // A job claimed: look again at once (it may be done, or past its budget, soon).
        if (claimed || wakeAgain) setImmediate(wake);
        else timer = setTimeout(wake, deps.config.JOB_POLL_MS);
      });
  }

  const unsubscribe = deps.importJobSignal.subscribe(wake);
  // The first file should not wait while a worker thread loads its modules.
  deps.workerPool.prewarm().catch(() => {});
  deps.logger.info({ workerId, budgetMs, maxRunning }, 'import jobs started');
  timer = setTimeout(wake, 0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      await claiming;
      await Promise.all(running.keys());
    },
  };
}
