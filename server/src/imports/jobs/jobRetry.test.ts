/**
 * Retries of import jobs: an error that may pass leaves the import pending and claimable again
 * after a growing back-off; any other error, or the last attempt's, ends it in *_ERROR at once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoSupplier,
  editedPricelistFile,
  postConfirm,
  pricelistRows,
  runAllJobs,
  type Supplier,
  uploadImport,
  validatedImport,
} from '../../../../test-support/importFlow';
import { createTestApp, type TestApp, testDatabaseKinds } from '../../../../test-support/testApp';
import { ExcelFileError, ExcelWorkerError, WorkerPoolBusyError } from '../../pricelistFile';
import { runNextJob } from './importJobs';
import { MAX_ATTEMPTS } from './importQueue';
import { isRetryableJobError } from './jobRetry';

/** A database error as node-postgres and PGlite give it: the SQLSTATE in `code`. */
const databaseError = (code: string) => Object.assign(new Error(`database error ${code}`), { code });

describe('which job errors are retried', () => {
  it('retries what may pass, never what the file would cause again', () => {
    expect(isRetryableJobError(databaseError('40001'))).toBe(true);
    expect(isRetryableJobError(databaseError('40P01'))).toBe(true);
    expect(isRetryableJobError(databaseError('08006'))).toBe(true);
    expect(isRetryableJobError(databaseError('57P01'))).toBe(true);
    expect(isRetryableJobError(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isRetryableJobError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isRetryableJobError(new Error('wrapped', { cause: databaseError('40001') }))).toBe(true);
    expect(isRetryableJobError(new ExcelWorkerError('CRASH', 'died'))).toBe(true);
    expect(isRetryableJobError(new WorkerPoolBusyError(5))).toBe(true);

    expect(isRetryableJobError(new ExcelWorkerError('MEMORY', 'too big'))).toBe(false);
    expect(isRetryableJobError(new ExcelWorkerError('DEADLINE', 'too slow'))).toBe(false);
    expect(isRetryableJobError(new ExcelWorkerError('INVALID_FILE', 'unreadable', 'CORRUPT'))).toBe(false);
    expect(isRetryableJobError(new ExcelFileError('NOT_EXCEL', 'not a workbook'))).toBe(false);
    expect(isRetryableJobError(databaseError('23505'))).toBe(false);
    expect(isRetryableJobError(new TypeError('a fault of the code'))).toBe(false);
  });
});

describe.each(testDatabaseKinds)('job retries on %s', (kind) => {
  let testApp: TestApp;
  let supplier: Supplier;
  /** Thrown, one each, by the next worker jobs as they start. */
  const failures: Error[] = [];

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      onWorkerJobStart: () => {
        const failure = failures.shift();
        if (failure) throw failure;
      },
    });
    supplier = await demoSupplier(testApp);
  });
  afterAll(() => testApp?.close());

  const uploaded = async () => {
    const file = await editedPricelistFile(testApp, supplier.pricelists.current, (row) =>
      row.articleNumber === 'HMD-0002' ? { ...row, price: 11.5 } : row,
    );
    const created = await uploadImport(testApp, supplier, file);
    expect(created.statusCode).toBe(201);
    return created.json().importObject.id as number;
  };

  const stored = (id: number) =>
    testApp.db
      .selectFrom('imports')
      .select(['status', 'attempts', 'run_after', 'lease_owner', 'failure_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('runs a job again after 5 s when a serialization failure broke it once, and then it succeeds', async () => {
    const id = await uploaded();
    failures.push(databaseError('40001'));
    const failed = await runNextJob(testApp, 'w');
    expect(failed).toMatchObject({ importId: id, end: 'RETRY_LATER' });
    expect(await stored(id)).toMatchObject({
      status: 'VALIDATION_PENDING',
      attempts: 1,
      lease_owner: null,
      failure_reason: null,
    });
    expect((await stored(id)).run_after!.getTime()).toBe(testApp.clock.now().getTime() + 5_000);

    // The back-off holds the claim until its time.
    testApp.clock.advance(4_999);
    expect(await runNextJob(testApp, 'w')).toBeNull();
    testApp.clock.advance(1);
    expect(await runNextJob(testApp, 'w')).toMatchObject({ importId: id, end: 'VALIDATION_SUCCESS' });
    expect(await stored(id)).toMatchObject({ status: 'VALIDATION_SUCCESS', attempts: 2, run_after: null });
  });

  it('applies a confirmed import once after a deadlock broke its first attempt', async () => {
    const validated = await validatedImport(
      testApp,
      supplier,
      await editedPricelistFile(testApp, supplier.pricelists.current, (row) =>
        row.articleNumber === 'HMD-0003' ? { ...row, price: 8.75 } : row,
      ),
    );
    expect(validated.status).toBe('VALIDATION_SUCCESS');
    expect((await postConfirm(testApp, supplier, validated.id)).statusCode).toBe(200);
    // The database breaks the apply's first update of the rows as a deadlock would (a sequence,
    // so that the rollback of the broken transaction does not undo the count).
    await sql`create sequence apply_attempts`.execute(testApp.db);
    await sql`create function deadlock_once() returns trigger language plpgsql as $$
      begin
        if nextval('apply_attempts') = 1 then
          raise exception 'deadlock detected' using errcode = '40P01';
        end if;
        return null;
      end $$`.execute(testApp.db);
    await sql`create trigger deadlock_once after update on pricelist_rows
      for each statement execute function deadlock_once()`.execute(testApp.db);
    try {
      expect(await runNextJob(testApp, 'w')).toMatchObject({ importId: validated.id, end: 'RETRY_LATER' });
      expect((await stored(validated.id)).status).toBe('IMPORT_PENDING');
      expect(await pricelistRows(testApp, supplier.pricelists.current)).not.toContainEqual(
        expect.objectContaining({ articleNumber: 'HMD-0003', price: '8.75' }),
      );
      testApp.clock.advance(5_000);
      expect(await runNextJob(testApp, 'w')).toMatchObject({ importId: validated.id, end: 'IMPORT_SUCCESS' });
    } finally {
      await sql`drop trigger deadlock_once on pricelist_rows`.execute(testApp.db);
      await sql`drop function deadlock_once(); drop sequence apply_attempts`.execute(testApp.db);
    }
    const rows = await pricelistRows(testApp, supplier.pricelists.current);
    expect(rows.find((row) => row.articleNumber === 'HMD-0003')!.price).toBe('8.75');
    // The apply sent the list's other validated imports back to validation: done here.
    await runAllJobs(testApp);
  });

  it('fails a job at once on an error that would come again', async () => {
    for (const error of [
      new ExcelWorkerError('MEMORY', 'Bearbetningen av filen behövde mer minne än tillåtet och avbröts.'),
      new TypeError('a fault of the code'),
    ]) {
      const id = await uploaded();
      failures.push(error);
      expect(await runNextJob(testApp, 'w')).toMatchObject({ importId: id, end: 'VALIDATION_ERROR' });
      expect(await stored(id)).toMatchObject({ status: 'VALIDATION_ERROR', attempts: 1, run_after: null });
    }
  });

  it(`backs off 5 s, then 30 s, and ends in VALIDATION_ERROR after ${MAX_ATTEMPTS} attempts`, async () => {
    const id = await uploaded();
    failures.push(databaseError('40P01'), databaseError('40P01'), databaseError('40P01'));
    expect(await runNextJob(testApp, 'w')).toMatchObject({ importId: id, end: 'RETRY_LATER' });
    testApp.clock.advance(5_000);
    expect(await runNextJob(testApp, 'w')).toMatchObject({ importId: id, end: 'RETRY_LATER' });
    testApp.clock.advance(29_999);
    expect(await runNextJob(testApp, 'w')).toBeNull();
    testApp.clock.advance(1);
    expect(await runNextJob(testApp, 'w')).toMatchObject({ importId: id, end: 'VALIDATION_ERROR' });
    expect(await stored(id)).toMatchObject({
      status: 'VALIDATION_ERROR',
      attempts: MAX_ATTEMPTS,
      run_after: null,
      failure_reason: 'Ett oväntat fel uppstod i jobbet.',
    });
    expect(failures).toEqual([]);
  });
});
