import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { demoSupplier, request, type Supplier, uploadImport } from '../../../../test-support/importFlow';
import { type FileRow, priceListWorkbook } from '../../../../test-support/pricelistFiles';
import { createTestApp, type TestApp, testDatabaseKinds } from '../../../../test-support/testApp';
import type { WorkerJob } from '../../pricelistFile/workerJobs';
import { startImportJobs } from './importJobs';

/** Holds the validations of files named langsam*.xlsx at the start of their worker until opened. */
class SlowFiles {
  held = 0;
  private opened!: () => void;
  private gate!: Promise<void>;
  constructor() {
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
    if (job.kind !== 'validate' || !job.fileName.startsWith('langsam')) return;
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
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const row = (price: number): FileRow => ({ articleNumber: 'HMD-0001', price, minimumOrderQuantity: 1 });

/**
 * How many jobs one instance runs at once when a job is slow: past JOB_QUEUE_BUDGET_SECONDS the
 * next may start beside it, but never more than JOB_MAX_CONCURRENT, and not while every worker
 * thread is taken.
 */
describe.each(testDatabaseKinds)('jobs beside a slow one on %s', (kind) => {
  const setups: { testApp: TestApp; supplier: Supplier; slow: SlowFiles }[] = [];

  const setUp = async (env: Record<string, string>) => {
    const slow = new SlowFiles();
    const testApp = await createTestApp(kind, {
      env: { JOB_POLL_MS: '50', JOB_QUEUE_BUDGET_SECONDS: '0.2', ...env },
      onWorkerJobStart: slow.onJobStart,
    });
    const setup = { testApp, supplier: await demoSupplier(testApp), slow };
    setups.push(setup);
    return setup;
  };
  afterEach(() => {
    for (const { slow } of setups) slow.open();
  });
  afterAll(async () => {
    for (const { testApp } of setups) await testApp.close();
  });

  const upload = async ({ testApp, supplier }: { testApp: TestApp; supplier: Supplier }, name: string) => {
    const response = await uploadImport(testApp, supplier, await priceListWorkbook([row(1)]), {
      fileName: name,
    });
    expect(response.statusCode).toBe(201);
    return response.json().importObject.id as number;
  };
  const shown = async ({ testApp, supplier }: { testApp: TestApp; supplier: Supplier }, id: number) => {
    const { status } = (
      await request(testApp, 'GET', `imports/${supplier.organizationId}/${id}`, supplier.cookie)
    ).json().importObject;
    const { attempts } = await testApp.db
      .selectFrom('imports')
      .select('attempts')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { status, attempts };
  };

  it('with JOB_MAX_CONCURRENT=1 starts no job beside a running one, even past its budget', async () => {
    const setup = await setUp({ JOB_MAX_CONCURRENT: '1' });
    const jobs = startImportJobs(setup.testApp);
    try {
      const slowId = await upload(setup, 'langsam.xlsx');
      await until(() => setup.slow.held === 1, 'the slow validation has its worker');
      const small = await upload(setup, 'liten.xlsx');
      // Well past the budget and several polls: the small file is not even claimed.
      await pause(800);
      expect(await shown(setup, small)).toEqual({ status: 'VALIDATION_PENDING', attempts: 0 });

      setup.slow.open();
      await until(async () => (await shown(setup, small)).status === 'VALIDATION_SUCCESS', 'small validated');
      expect((await shown(setup, slowId)).status).toBe('VALIDATION_SUCCESS');
    } finally {
      setup.slow.open();
      await jobs.stop();
    }
  });

  it('starts no job beside a slow one while every worker thread is taken, and does once one frees', async () => {
    const setup = await setUp({ JOB_MAX_CONCURRENT: '4' });
    const { workerPool } = setup.testApp;
    expect(workerPool.capacity).toBe(2);
    const jobs = startImportJobs(setup.testApp);
    try {
      await upload(setup, 'langsam.xlsx');
      await until(() => setup.slow.held === 1, 'the slow validation has its worker');
      // A download holds the other worker thread.
      const download = await workerPool.reserve();
      const small = await upload(setup, 'liten.xlsx');
      await pause(800);
      // Not claimed: it would only wait for a worker here, under a lease another instance respects.
      expect(await shown(setup, small)).toEqual({ status: 'VALIDATION_PENDING', attempts: 0 });

      download.release();
      await until(async () => (await shown(setup, small)).status === 'VALIDATION_SUCCESS', 'small validated');
      expect(setup.slow.held).toBe(1);
    } finally {
      setup.slow.open();
      await jobs.stop();
    }
  });
});
