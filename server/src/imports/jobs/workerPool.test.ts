/**
 * The server's one pool of Excel workers, through the real app: downloads beyond its capacity
 * are refused with 503 and Retry-After while it is full and served when it frees, the pool never
 * runs more threads than its size, and a slow validation job does not hold the instance's job
 * queue. A worker is held busy deterministically by the pool's onJobStart hook.
 */

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  demoSupplier,
  request,
  type Supplier,
  uploadImport,
  validatedImport,
} from '../../../../test-support/importFlow';
import { type FileRow, priceListWorkbook } from '../../../../test-support/pricelistFiles';
import { createTestApp, type TestApp, testDatabaseKinds } from '../../../../test-support/testApp';
import { demoArticleNumber } from '../../../../test-support/workbooks';
import type { WorkerPoolStats } from '../../pricelistFile';
import type { WorkerJob } from '../../pricelistFile/workerJobs';
import { startImportJobs } from './importJobs';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BUSY_BODY = {
  error: {
    code: 'SERVICE_UNAVAILABLE',
    message: 'Tjänsten är hårt belastad just nu. Försök igen om en stund.',
  },
};

/** Holds the jobs `holds(job)` picks at the start of their worker until released. */
class WorkerGate {
  private opened!: () => void;
  private gate!: Promise<void>;
  /** How many jobs the gate holds now. */
  held = 0;
  /** The pool's stats as each job started (busy counts that job). */
  readonly seen: WorkerPoolStats[] = [];
  stats: () => WorkerPoolStats = () => {
    throw new Error('no pool yet');
  };

  constructor(private readonly holds: (job: WorkerJob) => boolean) {
    this.close();
  }

  close() {
    this.gate = new Promise((resolve) => {
      this.opened = resolve;
    });
  }

  open() {
    this.opened();
  }

  readonly onJobStart = async (message: unknown) => {
    const job = message as WorkerJob;
    this.seen.push(this.stats());
    if (!this.holds(job)) return;
    this.held++;
    try {
      await this.gate;
    } finally {
      this.held--;
    }
  };
}

const until = async (condition: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const failingRows: FileRow[] = Array.from({ length: 30 }, (_, i) => ({
  articleNumber: demoArticleNumber(i + 1),
  price: -1,
  minimumOrderQuantity: 1,
}));

describe.each(testDatabaseKinds)('downloads and the worker pool on %s', (kind) => {
  let testApp: TestApp;
  let supplier: Supplier;
  let failedImportId: number;
  // Templates are held; the error workbooks queue behind them.
  const gate = new WorkerGate((job) => job.kind === 'template');

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      env: {
        WORKER_POOL_SIZE: '1',
        WORKER_HEAP_MB: '256',
        WORKER_POOL_MEMORY_MB: '512',
        WORKER_POOL_QUEUE: '1',
        WORKER_POOL_WAIT_SECONDS: '600',
      },
      onWorkerJobStart: gate.onJobStart,
    });
    gate.stats = () => testApp.workerPool.stats();
    supplier = await demoSupplier(testApp);
    const failed = await validatedImport(testApp, supplier, await priceListWorkbook(failingRows));
    expect(failed.status).toBe('VALIDATION_FAIL');
    failedImportId = failed.id;
  });
  afterEach(() => gate.open());
  afterAll(() => testApp?.close());

  const template = () =>
    request(
      testApp,
      'GET',
      `imports/${supplier.organizationId}/template?type=GENERAL_PRICELIST`,
      supplier.cookie,
    );
  const errorWorkbook = () =>
    request(
      testApp,
      'GET',
      `imports/${supplier.organizationId}/${failedImportId}/validation-errors/excel`,
      supplier.cookie,
    );
  const expectWorkbook = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  };

  it('refuses what the pool cannot take with 503, Retry-After and a Swedish message, and serves it when it frees', async () => {
    gate.close();
    const seenBefore = gate.seen.length;
    // The only worker is taken and held.
    const first = template();
    await until(() => gate.held === 1, 'the first template holds the worker');
    // One more may wait for it...
    const queued = errorWorkbook();
    await until(() => testApp.workerPool.stats().waiting === 1, 'the error workbook waits');
    // ...and the rest are refused at once, templates and error workbooks alike.
    const refused = await Promise.all([template(), errorWorkbook(), template(), errorWorkbook()]);
    for (const response of refused) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual(BUSY_BODY);
    }
    expect(testApp.workerPool.stats()).toMatchObject({ size: 1, busy: 1, waiting: 1, memoryTotalMb: 512 });
    expect(testApp.workerPool.stats().memoryInUseMb).toBeLessThanOrEqual(256);

    gate.open();
    expectWorkbook(await first);
    expectWorkbook(await queued);
    // Free again: the next requests are served.
    expectWorkbook(await template());
    expectWorkbook(await errorWorkbook());
    // Never more than one thread busy, nor more heap than one worker's, as each job started.
    const seen = gate.seen.slice(seenBefore);
    expect(seen.length).toBe(4);
    for (const stats of seen) {
      expect(stats.busy).toBe(1);
      expect(stats.memoryInUseMb).toBeLessThanOrEqual(256);
    }
  });

  it("loads a waiting download's file and errors only once a worker is its own", async () => {
    const other = await validatedImport(testApp, supplier, await priceListWorkbook(failingRows));
    expect(other.status).toBe('VALIDATION_FAIL');
    gate.close();
    const first = template();
    await until(() => gate.held === 1, 'the template holds the worker');
    const waiting = request(
      testApp,
      'GET',
      `imports/${supplier.organizationId}/${other.id}/validation-errors/excel`,
      supplier.cookie,
    );
    await until(() => testApp.workerPool.stats().waiting === 1, 'the error workbook waits');
    // Removed while its download waits: nothing of it was loaded, so nothing of it is sent.
    const removed = await request(
      testApp,
      'DELETE',
      `imports/${supplier.organizationId}/${other.id}`,
      supplier.cookie,
    );
    expect(removed.statusCode).toBe(204);
    gate.open();
    expectWorkbook(await first);
    const answered = await waiting;
    expect(answered.statusCode).toBe(404);
    // The worker it had taken is free again.
    await until(() => testApp.workerPool.stats().busy === 0, 'the reserved worker is given back');
    expectWorkbook(await errorWorkbook());
  });

  it('refuses a download that waited its whole bounded wait, and serves the next when the worker frees', async () => {
    const shortGate = new WorkerGate(() => true);
    const shortWait = await createTestApp(kind, {
      env: { WORKER_POOL_SIZE: '1', WORKER_POOL_QUEUE: '5', WORKER_POOL_WAIT_SECONDS: '0.2' },
      onWorkerJobStart: shortGate.onJobStart,
    });
    try {
      shortGate.stats = () => shortWait.workerPool.stats();
      const owner = await demoSupplier(shortWait);
      const get = () =>
        request(
          shortWait,
          'GET',
          `imports/${owner.organizationId}/template?type=GENERAL_PRICELIST`,
          owner.cookie,
        );
      const held = get();
      await until(() => shortGate.held === 1, 'the template holds the worker');
      const waited = await get();
      expect(waited.statusCode).toBe(503);
      expect(waited.headers['retry-after']).toBe('5');
      expect(waited.json()).toEqual(BUSY_BODY);
      expect(shortWait.workerPool.stats()).toMatchObject({ busy: 1, waiting: 0 });
      shortGate.open();
      expectWorkbook(await held);
      expectWorkbook(await get());
    } finally {
      shortGate.open();
      await shortWait.close();
    }
  });
});

describe.each(testDatabaseKinds)('a slow validation job on %s', (kind) => {
  let testApp: TestApp;
  let supplier: Supplier;
  // Holds the validation of every file named langsam*.xlsx: as a file that takes minutes would.
  const gate = new WorkerGate((job) => job.kind === 'validate' && job.fileName.startsWith('langsam'));

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      // Only the wake-ups of uploads and ended jobs start a job; past 0.2 s a job is slow.
      env: { JOB_POLL_MS: '600000', JOB_QUEUE_BUDGET_SECONDS: '0.2' },
      onWorkerJobStart: gate.onJobStart,
    });
    gate.stats = () => testApp.workerPool.stats();
    supplier = await demoSupplier(testApp);
  });
  afterEach(() => gate.open());
  afterAll(() => testApp?.close());

  const statusOf = async (id: number) =>
    (await request(testApp, 'GET', `imports/${supplier.organizationId}/${id}`, supplier.cookie)).json()
      .importObject.status as string;
  const upload = async (fileName: string, rows: FileRow[]) => {
    const response = await uploadImport(testApp, supplier, await priceListWorkbook(rows), { fileName });
    expect(response.statusCode).toBe(201);
    return response.json().importObject.id as number;
  };
  const row = (price: number): FileRow => ({ articleNumber: 'HMD-0001', price, minimumOrderQuantity: 1 });

  it('does not keep a small file uploaded after it from being validated', async () => {
    gate.close();
    const jobs = startImportJobs(testApp);
    try {
      const slow = await upload('langsam.xlsx', [row(1)]);
      await until(() => gate.held === 1, 'the slow validation has its worker');
      const small = await upload('liten.xlsx', [row(2)]);
      await until(
        async () => (await statusOf(small)) === 'VALIDATION_SUCCESS',
        'the small file is validated',
      );
      expect(await statusOf(slow)).toBe('VALIDATION_PENDING');

      gate.open();
      await until(async () => (await statusOf(slow)) === 'VALIDATION_SUCCESS', 'the slow file is validated');
      // Each was claimed once: running beside another is not a retry.
      const attempts = await testApp.db
        .selectFrom('imports')
        .select(['id', 'attempts'])
        .where('id', 'in', [slow, small])
        .execute();
      expect(attempts.map((found) => found.attempts)).toEqual([1, 1]);
    } finally {
      gate.open();
      await jobs.stop();
    }
  });

  it('runs no more jobs at once than the pool has workers', async () => {
    gate.close();
    const jobs = startImportJobs(testApp);
    try {
      const capacity = testApp.workerPool.capacity;
      expect(capacity).toBe(2);
      const slow = [];
      for (let i = 0; i < capacity; i++) {
        slow.push(await upload(`langsam-${i}.xlsx`, [row(10 + i)]));
        await until(() => gate.held === i + 1, `slow validation ${i} has its worker`);
      }
      const third = await upload('liten.xlsx', [row(3)]);
      // The loop has had every wake-up it will get (the upload's, the budgets'); none starts it.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await statusOf(third)).toBe('VALIDATION_PENDING');
      expect(testApp.workerPool.stats()).toMatchObject({ busy: capacity, waiting: 0 });

      gate.open();
      for (const id of [...slow, third])
        await until(async () => (await statusOf(id)) === 'VALIDATION_SUCCESS', `import ${id} is validated`);
      expect(Math.max(...gate.seen.map((stats) => stats.busy))).toBeLessThanOrEqual(capacity);
    } finally {
      gate.open();
      await jobs.stop();
    }
  });
});
