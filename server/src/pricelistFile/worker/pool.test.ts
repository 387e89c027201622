/**
 * The worker pool alone, with real worker threads: how many run at once, in what order
 * requests get one, and what a full or closed pool answers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { storedRow } from '../../../../test-support/workbooks';
import { ExcelWorkerError } from '../fileErrors';
import { buildPriceListTemplate, excelWorkerEntry, readFileSheetsInWorker } from '../workerCalls';
import type { WorkerJob } from '../workerJobs';
import { WorkerPool, WorkerPoolBusyError, type WorkerPoolStats } from './pool';
import { type WorkerLimits, WorkerThreadError } from './thread';

const limits = { heapMb: 256, deadlineMs: 30_000 };

function poolWith(options: {
  size: number;
  memoryMb: number;
  queueLimit?: number;
  maxWaitMs?: number;
  keepThreads?: { memoryMb: number; jobs: number };
  limits?: WorkerLimits;
}) {
  const seen: WorkerPoolStats[] = [];
  const order: number[] = [];
  let release!: () => void;
  let held = Promise.resolve();
  const pool = new WorkerPool({
    limits,
    queueLimit: 100,
    maxWaitMs: 60_000,
    retryAfterSeconds: 7,
    workerEntry: excelWorkerEntry,
    ...options,
    onJobStart: async (message: unknown) => {
      seen.push(pool.stats());
      const job = message as WorkerJob;
      if (job.kind === 'template') order.push(job.articleNames.length);
      await held;
    },
  });
  return {
    pool,
    seen,
    order,
    hold() {
      held = new Promise((resolve) => {
        release = resolve;
      });
    },
    release: () => release(),
  };
}

/** A template job whose article names tell which request it is. */
const templateNumber = (pool: WorkerPool, n: number) =>
  buildPriceListTemplate(
    Array.from({ length: n }, () => ({ values: storedRow('HMD-0001'), articleName: null })),
    pool,
  );

const until = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('the worker pool', () => {
  it('is not imported by the worker thread, which speaks only the protocol', () => {
    // The thread's entry sits above the transport: of this folder it imports the messages only.
    const source = readFileSync(new URL('../excelWorker.ts', import.meta.url), 'utf8');
    const transport = [...source.matchAll(/from '\.\/worker\/([^']+)'/g)].map((match) => match[1]).sort();
    expect(transport).toEqual(['protocol']);
  });

  it('knows nothing of the jobs: the transport imports nothing outside its folder but Node', () => {
    for (const file of ['pool.ts', 'thread.ts', 'protocol.ts']) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      const imported = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1] ?? '');
      expect(
        imported.filter((from) => !from.startsWith('./') && !from.startsWith('node:')),
        file,
      ).toEqual([]);
    }
  });

  it('never runs more threads than its size, and serves the waiting requests in order', async () => {
    const { pool, seen, order, hold, release } = poolWith({ size: 2, memoryMb: 2048 });
    try {
      hold();
      const requests = [1, 2, 3, 4, 5, 6].map((n) => templateNumber(pool, n));
      await until(() => pool.stats().busy === 2 && pool.stats().waiting === 4, 'two busy, four waiting');
      expect(pool.stats()).toMatchObject({ size: 2, busy: 2, idle: 0, waiting: 4, memoryInUseMb: 512 });
      release();
      const workbooks = await Promise.all(requests);
      expect(workbooks.every((bytes) => bytes.subarray(0, 2).toString() === 'PK')).toBe(true);
      // First come, first served: the first two at once, then the rest as they came.
      expect(order.slice(2)).toEqual([3, 4, 5, 6]);
      expect(seen).toHaveLength(6);
      for (const stats of seen) {
        expect(stats.busy).toBeLessThanOrEqual(2);
        expect(stats.memoryInUseMb).toBeLessThanOrEqual(512);
      }
    } finally {
      await pool.close();
    }
    expect(pool.stats()).toMatchObject({ busy: 0, idle: 0, waiting: 0, memoryInUseMb: 0 });
  });

  it('runs fewer threads than its size when the memory budget is tighter', async () => {
    const { pool, seen, hold, release } = poolWith({ size: 4, memoryMb: 600 });
    try {
      expect(pool.capacity).toBe(2);
      hold();
      const requests = [1, 2, 3, 4].map((n) => templateNumber(pool, n));
      await until(() => pool.stats().waiting === 2, 'two waiting');
      expect(pool.stats()).toMatchObject({ busy: 2, memoryInUseMb: 512, memoryTotalMb: 600 });
      release();
      await Promise.all(requests);
      expect(Math.max(...seen.map((stats) => stats.busy))).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('refuses at once when the line is full, and after the bounded wait', async () => {
    const { pool, hold, release } = poolWith({ size: 1, memoryMb: 256, queueLimit: 1, maxWaitMs: 200 });
    try {
      hold();
      const running = templateNumber(pool, 1);
      await until(() => pool.stats().busy === 1, 'one busy');
      // Its refusal is awaited below, but watched from now: after 200 ms it may come before the third's.
      const waiting = expect(templateNumber(pool, 2)).rejects.toMatchObject({ retryAfterSeconds: 7 });
      await expect(templateNumber(pool, 3)).rejects.toBeInstanceOf(WorkerPoolBusyError);
      await waiting;
      expect(pool.stats()).toMatchObject({ busy: 1, waiting: 0 });
      release();
      await running;
      // Free again.
      expect((await templateNumber(pool, 4)).subarray(0, 2).toString()).toBe('PK');
    } finally {
      await pool.close();
    }
  });

  it('lets a job wait without a bound, and refuses what still waits when it closes', async () => {
    const { pool, hold, release } = poolWith({ size: 1, memoryMb: 256, queueLimit: 0, maxWaitMs: 0 });
    hold();
    const running = templateNumber(pool, 1);
    await until(() => pool.stats().busy === 1, 'one busy');
    const job = buildPriceListTemplate([], pool.unboundedWait);
    await until(() => pool.stats().waiting === 1, 'the job waits');
    const closing = pool.close();
    await expect(job).rejects.toBeInstanceOf(WorkerPoolBusyError);
    release();
    await running.catch(() => {});
    await closing;
    expect(pool.stats()).toMatchObject({ busy: 0, waiting: 0, memoryInUseMb: 0 });
  });

  it('keeps a spare once prewarmed, within its limits', async () => {
    const { pool } = poolWith({ size: 1, memoryMb: 256 });
    try {
      await pool.prewarm();
      expect(pool.stats()).toMatchObject({ busy: 0, idle: 1, memoryInUseMb: 256 });
      // The spare is the next request's, and a new one follows once that thread has ended.
      await templateNumber(pool, 1);
      await until(() => pool.stats().idle === 1, 'a new spare');
      expect(pool.stats().memoryInUseMb).toBe(256);
    } finally {
      await pool.close();
    }
  });

  it('gives a lean thread the next job, and ends one after a large or failed job', async () => {
    const { pool } = poolWith({ size: 1, memoryMb: 256 });
    try {
      await pool.prewarm();
      for (const n of [1, 2, 3]) await templateNumber(pool, n);
      // One thread did all three: no start, no modules loaded again.
      expect(pool.stats()).toMatchObject({ threadsStarted: 1, idle: 1, busy: 0, memoryInUseMb: 256 });
      // A file the worker cannot read fails the job, and its thread ends: a new spare follows.
      const failed = readFileSheetsInWorker(new Uint8Array([1, 2, 3]), 'x.xlsx', pool);
      await expect(failed).rejects.toBeInstanceOf(ExcelWorkerError);
      await expect(failed).rejects.toMatchObject({ reason: 'INVALID_FILE', problem: 'NOT_EXCEL' });
      await until(() => pool.stats().threadsStarted === 2 && pool.stats().idle === 1, 'a new spare');
    } finally {
      await pool.close();
    }
  });

  it('rejects with its own failure type, and refuses a request that cannot be sent before it takes a thread', async () => {
    // The deadline counts from the post: each request gets a thread that has loaded its modules.
    const { pool } = poolWith({ size: 1, memoryMb: 256, limits: { heapMb: 256, deadlineMs: 2_000 } });
    try {
      await pool.prewarm();
      const unreadable = { kind: 'fileSheets', content: new Uint8Array([1, 2, 3]), fileName: 'x.xlsx' };
      const failed = pool.run({ message: unreadable, transfer: [] });
      await expect(failed).rejects.toBeInstanceOf(WorkerThreadError);
      await expect(failed).rejects.toMatchObject({ reason: 'REQUEST_FAILED', detail: 'NOT_EXCEL' });
      await until(() => pool.stats().threadsStarted === 2 && pool.stats().idle === 1, 'a new spare');
      await pool.prewarm();
      // A message the thread ignores is never answered: the deadline ends it.
      const unanswered = pool.run({ message: { kind: 'snapshotEnd' }, transfer: [] });
      await expect(unanswered).rejects.toMatchObject({ name: 'WorkerThreadError', reason: 'TIMEOUT' });
      const started = pool.stats().threadsStarted;
      const unsendable = new Error('bytes already moved');
      await expect(pool.run({ message: unreadable, transfer: [], refusal: () => unsendable })).rejects.toBe(
        unsendable,
      );
      expect(pool.stats()).toMatchObject({ threadsStarted: started, busy: 0, waiting: 0 });
    } finally {
      await pool.close();
    }
  });

  it('gives back a thread that was reserved and released without a job, as it was', async () => {
    const { pool } = poolWith({ size: 1, memoryMb: 256 });
    try {
      await pool.prewarm();
      const reserved = await pool.reserve();
      expect(pool.stats()).toMatchObject({ busy: 1, idle: 0 });
      reserved.release();
      // The same thread is the spare again: none ended, none started.
      expect(pool.stats()).toMatchObject({ busy: 0, idle: 1, threadsStarted: 1 });
      await templateNumber(pool, 1);
      expect(pool.stats().threadsStarted).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('ends a thread that holds more than it may keep, or has done its share of jobs', async () => {
    const lean = poolWith({ size: 1, memoryMb: 256, keepThreads: { memoryMb: 0, jobs: 100 } });
    const tired = poolWith({ size: 1, memoryMb: 256, keepThreads: { memoryMb: 1024, jobs: 2 } });
    try {
      for (const { pool } of [lean, tired]) await pool.prewarm();
      for (const n of [1, 2, 3, 4]) {
        await templateNumber(lean.pool, n);
        await templateNumber(tired.pool, n);
      }
      await until(() => lean.pool.stats().idle === 1 && tired.pool.stats().idle === 1, 'spares');
      // Every job on a thread of its own; two jobs a thread.
      expect(lean.pool.stats().threadsStarted).toBe(5);
      expect(tired.pool.stats().threadsStarted).toBe(3);
    } finally {
      await lean.pool.close();
      await tired.pool.close();
    }
  });
});
