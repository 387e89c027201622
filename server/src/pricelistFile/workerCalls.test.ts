/**
 * The validation job hands the worker the file at once and the data to check against when the
 * database has it: the worker reads meanwhile. These tests run the real worker thread.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exceljsWorkbook, headers, storedRow, validRow } from '../../../test-support/workbooks';
import { snapshotJsonOf } from './snapshotJson';
import { WorkerPool } from './worker/pool';
import { WORKER_NICE } from './worker/protocol';
import { excelWorkerEntry, runPriceListValidation, runPriceListValidationSummary } from './workerCalls';

const limits = { heapMb: 256, deadlineMs: 10_000 };

const poolOf = () =>
  new WorkerPool({
    size: 2,
    memoryMb: 512,
    limits,
    queueLimit: 0,
    maxWaitMs: 0,
    retryAfterSeconds: 1,
    workerEntry: excelWorkerEntry,
  });

const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('a validation whose data is still loading', () => {
  it('gives the same outcome as with the data at hand', async () => {
    const content = await exceljsWorkbook({
      Prislista: [headers, validRow('HMD-0001', 100), validRow('HMD-0002', 20)],
    });
    const snapshot = snapshotJsonOf(
      ['HMD-0001', 'HMD-0002', 'HMD-0003'],
      [storedRow('HMD-0001'), storedRow('HMD-0003')],
    );
    const outcome = await runPriceListValidation(
      { content, fileName: 'prislista.xlsx', snapshot: later(snapshot, 200) },
      limits,
    );
    expect(outcome.summary).toEqual({ type: 'CONFIRM', added: 1, updated: 0, removed: 1, unchanged: 1 });
    if (!('changes' in outcome)) throw new Error('expected changes');
    expect(outcome.changes.removed).toEqual([storedRow('HMD-0003')]);
  });

  it('gives the validation job the same summary and details, without the rows behind them', async () => {
    const content = await exceljsWorkbook({
      Prislista: [headers, validRow('HMD-0001', 100), validRow('HMD-0002', 20), validRow('HMD-0004')],
    });
    const data = {
      articleNumbers: ['HMD-0001', 'HMD-0002', 'HMD-0003', 'HMD-0004'],
      existingRows: [storedRow('HMD-0001'), storedRow('HMD-0002'), storedRow('HMD-0003')],
    };
    const full = await runPriceListValidation(
      { content: new Uint8Array(content), fileName: 'prislista.xlsx', ...data },
      limits,
    );
    const summary = await runPriceListValidationSummary(
      { content: new Uint8Array(content), fileName: 'prislista.xlsx', ...data },
      limits,
    );
    expect(summary.summary).toEqual({ type: 'CONFIRM', added: 1, updated: 1, removed: 1, unchanged: 1 });
    expect(summary.summary).toEqual(full.summary);
    expect(Object.keys(summary).sort()).toEqual(['details', 'priceChanges', 'summary', 'workerPeakMemoryMb']);
    const decoded = (details: typeof full.details) =>
      Object.entries(details).map(([kind, chunks]) => [
        kind,
        chunks.map((chunk) => JSON.parse(new TextDecoder().decode(chunk))),
      ]);
    expect(decoded(summary.details)).toEqual(decoded(full.details));
    expect(decoded(summary.details)).toContainEqual(['removed', [[storedRow('HMD-0003')]]]);
  });

  it('fails with the loading error, and the next validation works', async () => {
    const content = await exceljsWorkbook({ Prislista: [headers, validRow('HMD-0001')] });
    const failing = later(null, 50).then(() => {
      throw new Error('connection terminated');
    });
    await expect(
      runPriceListValidation(
        { content: new Uint8Array(content), fileName: 'prislista.xlsx', snapshot: failing },
        limits,
      ),
    ).rejects.toThrow('connection terminated');

    const outcome = await runPriceListValidation(
      { content, fileName: 'prislista.xlsx', snapshot: snapshotJsonOf(['HMD-0001'], []) },
      limits,
    );
    expect(outcome.summary).toEqual({ type: 'CONFIRM', added: 1, updated: 0, removed: 0, unchanged: 0 });
  });

  it('reports an unreadable file without waiting for the data', async () => {
    // Were it to wait, the deadline would end it as DEADLINE instead.
    const never = new Promise<never>(() => {});
    await expect(
      runPriceListValidation(
        { content: Buffer.from('PK\u0003\u0004 trasig'), fileName: 'prislista.xlsx', snapshot: never },
        limits,
      ),
    ).rejects.toMatchObject({ reason: 'INVALID_FILE' });
  });
});

describe("the pool's spare worker", () => {
  it('is ready after prewarming and does the next job; a job given before it is ready waits for it', async () => {
    const content = await exceljsWorkbook({ Prislista: [headers, validRow('HMD-0001')] });
    const data = { articleNumbers: ['HMD-0001'], existingRows: [] };
    const pool = poolOf();
    try {
      await pool.prewarm();
      expect(pool.stats()).toMatchObject({ idle: 1, busy: 0 });
      const first = await runPriceListValidation(
        { content: new Uint8Array(content), fileName: 'a.xlsx', ...data },
        pool,
      );
      // The spare started after that job is taken at once, before it has loaded its modules.
      const second = await runPriceListValidation({ content, fileName: 'b.xlsx', ...data }, pool);
      for (const outcome of [first, second]) {
        expect(outcome.summary).toEqual({ type: 'CONFIRM', added: 1, updated: 0, removed: 0, unchanged: 0 });
      }
    } finally {
      await pool.close();
    }
  });
});

describe('the worker thread', () => {
  /** The nice value of each thread of this process (field 19 of /proc/…/task/<id>/stat). */
  const niceValues = () =>
    readdirSync('/proc/self/task').map((id) =>
      Number(readFileSync(`/proc/self/task/${id}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
    );
  const ownNice = () => Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ')[16]);

  it('runs at a lower priority than the thread that answers the API', async () => {
    const workerThreads = () => niceValues().filter((nice) => nice === WORKER_NICE).length;
    // Workers of earlier tests end on their own after their job; wait until they are gone.
    await expect.poll(workerThreads, { timeout: 5_000 }).toBe(0);
    const pool = poolOf();
    await pool.prewarm();
    expect(workerThreads()).toBe(1);
    expect(ownNice()).toBe(0);
    await pool.close();
    await expect.poll(workerThreads, { timeout: 5_000 }).toBe(0);
  });
});

describe("the worker's peak memory", () => {
  it('is reported with the outcome and grows with the file', async () => {
    const numbers = Array.from({ length: 20_000 }, (_, i) => `ART-${i}`);
    const small = await runPriceListValidation(
      {
        content: await exceljsWorkbook({ Prislista: [headers, validRow('ART-1')] }),
        fileName: 'liten.xlsx',
        articleNumbers: numbers,
        existingRows: [],
      },
      limits,
    );
    const large = await runPriceListValidation(
      {
        content: await exceljsWorkbook({
          Prislista: [headers, ...numbers.map((number) => validRow(number))],
        }),
        fileName: 'stor.xlsx',
        articleNumbers: numbers,
        existingRows: numbers.map((number) => storedRow(number, { price: '1.00' })),
      },
      limits,
    );
    expect(large.summary).toMatchObject({ type: 'CONFIRM', updated: 20_000 });
    expect(small.workerPeakMemoryMb).toBeGreaterThan(0);
    expect(large.workerPeakMemoryMb).toBeGreaterThan(small.workerPeakMemoryMb!);
    expect(large.workerPeakMemoryMb).toBeLessThan(limits.heapMb);
  });
});
