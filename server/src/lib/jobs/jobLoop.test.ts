import { describe, expect, it } from 'vitest';
import { backoffMs, type JobRunnerOptions, runClaimedJob, startJobLoop } from './jobLoop';
import { JobSignal } from './jobSignal';

interface Job {
  id: number;
  attempts: number;
  kind: 'double' | 'fail';
  value: number;
}

const quiet = { info() {}, warn() {}, error() {} };

function runner(overrides: Partial<JobRunnerOptions<Job, Job['kind'], string>> = {}) {
  return {
    queue: { renew: async () => true },
    kindOf: (job: Job) => job.kind,
    handlers: {
      double: async (job: Job) => `double ${job.value * 2}`,
      fail: async () => {
        throw new Error('broken');
      },
    },
    onFailure: async (_job: Job, error: unknown) => `failed: ${(error as Error).message}`,
    onGiveUp: async (job: Job) => `gave up after ${job.attempts - 1}`,
    maxAttempts: 3,
    renewEveryMs: 10,
    logger: quiet,
    ...overrides,
  } satisfies JobRunnerOptions<Job, Job['kind'], string>;
}

describe('one claimed job', () => {
  it('runs the handler of its kind', async () => {
    expect(await runClaimedJob(runner(), { id: 1, attempts: 1, kind: 'double', value: 21 }, 'w')).toBe(
      'double 42',
    );
  });

  it('ends a handler that throws in onFailure', async () => {
    expect(await runClaimedJob(runner(), { id: 2, attempts: 1, kind: 'fail', value: 0 }, 'w')).toBe(
      'failed: broken',
    );
  });

  it('gives up a job claimed more than maxAttempts times without running it', async () => {
    let ran = false;
    const options = runner({
      handlers: {
        double: async () => {
          ran = true;
          return 'ran';
        },
        fail: async () => 'ran',
      },
    });
    expect(await runClaimedJob(options, { id: 3, attempts: 4, kind: 'double', value: 1 }, 'w')).toBe(
      'gave up after 3',
    );
    expect(ran).toBe(false);
  });

  it('puts a job back for later when its error may pass and it has attempts left, else ends it in onFailure', async () => {
    const retry = {
      isRetryable: (error: unknown) => (error as Error).message === 'broken',
      delayMs: (attempt: number) => backoffMs(attempt, 5_000, 6, 120_000),
      schedule: async (job: Job, delayMs: number) => `attempt ${job.attempts} again in ${delayMs} ms`,
    };
    const options = runner({ retry });
    const failing = (attempts: number) => ({ id: 5, attempts, kind: 'fail' as const, value: 0 });
    expect(await runClaimedJob(options, failing(1), 'w')).toBe('attempt 1 again in 5000 ms');
    expect(await runClaimedJob(options, failing(2), 'w')).toBe('attempt 2 again in 30000 ms');
    // The last attempt fails as without retries.
    expect(await runClaimedJob(options, failing(3), 'w')).toBe('failed: broken');
    const notRetryable = runner({ retry: { ...retry, isRetryable: () => false } });
    expect(await runClaimedJob(notRetryable, failing(1), 'w')).toBe('failed: broken');
  });

  it('backs off exponentially up to its ceiling', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, 5_000, 6, 120_000))).toEqual([
      5_000, 30_000, 120_000, 120_000,
    ]);
  });

  it('renews the lease while the handler works', async () => {
    let renewals = 0;
    const options = runner({
      queue: {
        renew: async () => {
          renewals++;
          return true;
        },
      },
      handlers: {
        double: () => new Promise((resolve) => setTimeout(() => resolve('slow'), 60)),
        fail: async () => '',
      },
    });
    await runClaimedJob(options, { id: 4, attempts: 1, kind: 'double', value: 1 }, 'w');
    expect(renewals).toBeGreaterThanOrEqual(2);
  });
});

describe('the job loop', () => {
  it('claims and runs every job on the signal, one at a time, and stop waits for the one running', async () => {
    const queued: Job[] = [1, 2, 3].map((id) => ({ id, attempts: 1, kind: 'double', value: id }));
    const ran: number[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const signal = new JobSignal();
    const loop = startJobLoop<Job>({
      workerId: 'w',
      queue: { claim: async () => queued.shift() ?? null },
      run: async (job) => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        ran.push(job.id);
        running--;
      },
      signal,
      pollMs: 600_000,
      budgetMs: 600_000,
      maxRunning: 2,
      logger: quiet,
    });
    await expect.poll(() => ran).toEqual([1, 2, 3]);
    queued.push({ id: 4, attempts: 1, kind: 'double', value: 4 });
    signal.notify();
    await expect.poll(() => ran).toEqual([1, 2, 3, 4]);
    await loop.stop();
    expect(mostAtOnce).toBe(1);
  });

  it('starts the next job beside one past its budget, never more than maxRunning', async () => {
    const queued: Job[] = [1, 2, 3].map((id) => ({ id, attempts: 1, kind: 'double', value: id }));
    const started: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const loop = startJobLoop<Job>({
      workerId: 'w',
      queue: { claim: async () => queued.shift() ?? null },
      run: async (job) => {
        started.push(job.id);
        await held;
      },
      signal: new JobSignal(),
      pollMs: 5,
      budgetMs: 20,
      maxRunning: 2,
      logger: quiet,
    });
    await expect.poll(() => started).toEqual([1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(started).toEqual([1, 2]);
    release();
    await expect.poll(() => started).toEqual([1, 2, 3]);
    await loop.stop();
  });
});
