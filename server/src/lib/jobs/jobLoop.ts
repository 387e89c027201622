import type { JobSignal } from './jobSignal';

/** The little of a logger the loop needs (pino's shape). */
export interface JobLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** A job as the loop sees it: an id for the logs and how many times it has been claimed. */
export interface QueuedJob {
  id: number | string;
  attempts: number;
}

/** Where jobs come from: claims with a lease that a live worker renews (a table, a queue service). */
export interface JobQueue<Job extends QueuedJob> {
  /**
   * Takes the next free job under a lease for `workerId`, or null when there is none. `running`:
   * how many jobs the claiming loop runs now (a queue may keep its last place for someone).
   */
  claim(workerId: string, running: number): Promise<Job | null>;
  /** Extends the lease; false when this worker no longer holds the job. */
  renew(job: Job, workerId: string): Promise<boolean>;
}

/** Runs one job of its kind to its end and says how it ended. */
export type JobHandler<Job extends QueuedJob, Result> = (job: Job, workerId: string) => Promise<Result>;

/**
 * Retries of a job whose handler threw an error that may pass (graphile-worker's `run_at`,
 * pg-boss's retry limit): the job goes back to the queue, claimable again after a delay that
 * grows with each attempt, while it has attempts left. Any other error ends it in `onFailure`.
 */
export interface JobRetry<Job extends QueuedJob, Result> {
  /** Whether the same job may succeed when run again later. */
  isRetryable(error: unknown): boolean;
  /** The wait after the failed attempt `attempt` (1 for the first claim). */
  delayMs(attempt: number): number;
  /** Releases the job, not to be claimed before `delayMs` from now; its result stands for the job's. */
  schedule(job: Job, delayMs: number, workerId: string): Promise<Result>;
}

/** An exponential back-off: `firstMs`, then `factor` times the wait before, at most `maxMs`. */
export const backoffMs = (attempt: number, firstMs: number, factor: number, maxMs: number) =>
  Math.min(maxMs, firstMs * factor ** Math.max(0, attempt - 1));

export interface JobRunnerOptions<Job extends QueuedJob, Kind extends string, Result> {
  /** Renews the lease of the job running. */
  queue: Pick<JobQueue<Job>, 'renew'>;
  /** The kind of a job, which picks its handler. */
  kindOf(job: Job): Kind;
  /** One handler per kind, as graphile/worker's task list. */
  handlers: Record<Kind, JobHandler<Job, Result>>;
  /** Ends a job whose handler threw (records the failure); its result stands for the job's. */
  onFailure(job: Job, error: unknown, workerId: string): Promise<Result>;
  /** Ends a job claimed more than `maxAttempts` times: its earlier workers died running it. */
  onGiveUp(job: Job, workerId: string): Promise<Result>;
  /** Without it, every handler that throws ends in `onFailure` at once. */
  retry?: JobRetry<Job, Result>;
  maxAttempts: number;
  renewEveryMs: number;
  logger: JobLogger;
}

/**
 * Runs one claimed job: its kind's handler, with the lease renewed meanwhile. A handler that
 * throws goes back to the queue for later when `retry` says the error may pass and the job has
 * attempts left, else ends in `onFailure`; a job claimed too often ends in `onGiveUp` without
 * running again.
 */
export async function runClaimedJob<Job extends QueuedJob, Kind extends string, Result>(
  options: JobRunnerOptions<Job, Kind, Result>,
  job: Job,
  workerId: string,
): Promise<Result> {
  const { queue, logger } = options;
  const kind = options.kindOf(job);
  const log = { jobId: job.id, kind, attempt: job.attempts, workerId };
  if (job.attempts > options.maxAttempts) {
    logger.warn(log, 'job gave up: claimed too many times without finishing');
    return options.onGiveUp(job, workerId);
  }
  const renewal = setInterval(() => {
    queue.renew(job, workerId).catch((error) => logger.warn({ ...log, err: error }, 'lease renewal failed'));
  }, options.renewEveryMs);
  renewal.unref();
  try {
    return await options.handlers[kind](job, workerId);
  } catch (error) {
    const { retry } = options;
    if (retry && job.attempts < options.maxAttempts && retry.isRetryable(error)) {
      const delayMs = retry.delayMs(job.attempts);
      logger.warn({ ...log, err: error, retryInMs: delayMs }, 'job failed: it runs again later');
      return await retry.schedule(job, delayMs, workerId);
    }
    logger.error({ ...log, err: error }, 'job failed');
    // Awaited inside the try, so the lease is still renewed while the failure is recorded.
    return await options.onFailure(job, error, workerId);
  } finally {
    clearInterval(renewal);
  }
}

export interface JobLoopOptions<Job extends QueuedJob> {
  workerId: string;
  /** Where the loop claims its jobs (their leases are renewed by whoever runs them). */
  queue: Pick<JobQueue<Job>, 'claim'>;
  /** Runs a claimed job to its end; the loop only waits for it. */
  run(job: Job): Promise<unknown>;
  /** Wakes the loop at once (a request of this instance made a job; other instances poll). */
  signal: JobSignal;
  pollMs: number;
  /** A job running longer than this no longer holds the queue: the next one starts beside it. */
  budgetMs: number;
  /** At most this many jobs at once. */
  maxRunning: number;
  /** Whether a job may start beside those running (past their budget) now; checked at each wake. */
  mayStartBeside?: () => boolean;
  logger: JobLogger;
}

export interface JobLoop {
  /** Stops claiming new jobs and waits for those running (graceful shutdown). */
  stop(): Promise<void>;
}

/**
 * Claims and runs jobs, every `pollMs` and at once on the signal or when a job ends. Any number
 * of instances may run a loop against one queue.
 *
 * One job at a time while jobs are quick. A job still running after `budgetMs` no longer holds
 * the queue: the loop claims the next job beside it, so one slow job does not keep the others
 * waiting. Every job running is past its budget before another starts, `mayStartBeside` allows
 * it, and no more than `maxRunning` run at once.
 */
export function startJobLoop<Job extends QueuedJob>(options: JobLoopOptions<Job>): JobLoop {
  const { workerId, budgetMs, maxRunning, logger } = options;
  let stopped = false;
  /** The jobs running, each with whether it is past its budget. */
  const running = new Map<Promise<unknown>, { pastBudget: boolean }>();
  let claiming: Promise<void> | null = null;
  let wakeAgain = false;
  let timer: NodeJS.Timeout | undefined;

  const roomBeside = () =>
    running.size === 0 || (running.size < maxRunning && [...running.values()].every((job) => job.pastBudget));
  const mayClaim = () => running.size === 0 || (roomBeside() && (options.mayStartBeside?.() ?? true));

  const start = (job: Job) => {
    const state = { pastBudget: false };
    const budget = setTimeout(() => {
      state.pastBudget = true;
      logger.info({ jobId: job.id, workerId, budgetMs }, 'job past its budget: the queue goes on');
      wake();
    }, budgetMs);
    budget.unref();
    const done: Promise<unknown> = options
      .run(job)
      .catch((error) => logger.error({ err: error, workerId }, 'job loop failed'))
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
    clearTimeout(timer);
    if (!mayClaim()) {
      // Held back only by mayStartBeside (the workers are busy elsewhere): look again later.
      if (roomBeside()) timer = setTimeout(wake, options.pollMs);
      return;
    }
    wakeAgain = false;
    claiming = options.queue
      .claim(workerId, running.size)
      .then((job) => {
        // A job claimed as the loop stops still runs: stop() waits for it.
        if (job) start(job);
        return job !== null;
      })
      .catch((error) => {
        logger.error({ err: error, workerId }, 'job loop failed');
        return false;
      })
      .then((claimed) => {
        claiming = null;
        if (stopped) return;
        // A job claimed: look again at once (it may be done, or past its budget, soon).
        if (claimed || wakeAgain) setImmediate(wake);
        else timer = setTimeout(wake, options.pollMs);
      });
  }

  const unsubscribe = options.signal.subscribe(wake);
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
