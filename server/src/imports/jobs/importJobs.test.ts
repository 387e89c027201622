import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoSupplier,
  editedPricelistFile,
  postConfirm,
  pricelistRows,
  request,
  runAllJobs,
  type Supplier,
  uploadImport,
  validatedImport,
} from '../../../../test-support/importFlow';
import { type FileRow, multipart, priceListWorkbook } from '../../../../test-support/pricelistFiles';
import { createTestApp, type TestApp, testDatabaseKinds } from '../../../../test-support/testApp';
import { openDatabase } from '../../db/database';
import { articleNumber } from '../../demo/seed';
import { type JobResult, processJob, runNextJob, startImportJobs } from './importJobs';
import { claimNextJob, LEASE_MS } from './importQueue';

/**
 * Counts the transactions that changed a price list's rows: a statement trigger records each
 * writing transaction's id once, so "applied exactly once" is something the database saw.
 */
async function recordPricelistWrites(testApp: TestApp) {
  await sql`create table pricelist_writes (txid bigint primary key, pricelist_id integer)`.execute(
    testApp.db,
  );
  await sql`
    create function record_pricelist_write() returns trigger language plpgsql as $$
    begin
      insert into pricelist_writes
        select distinct txid_current(), pricelist_id from changed on conflict do nothing;
      return null;
    end $$`.execute(testApp.db);
  for (const [event, table] of [
    ['insert', 'new table as changed'],
    ['update', 'new table as changed'],
    ['delete', 'old table as changed'],
  ] as const) {
    await sql
      .raw(
        `create trigger pricelist_writes_${event} after ${event} on pricelist_rows
         referencing ${table} for each statement execute function record_pricelist_write()`,
      )
      .execute(testApp.db);
  }
  return async (pricelistId: number) =>
    Number(
      (
        await sql<{
          count: number;
        }>`select count(*)::int as count from pricelist_writes where pricelist_id = ${pricelistId}`.execute(
          testApp.db,
        )
      ).rows[0]!.count,
    );
}

/**
 * A large file and the same rows every price changed: the same bytes for each database, so
 * written once for the file (exceljs takes seconds for each). 25,000 rows are more than two of the
 * apply's batches (10,000 rows a statement), three statements of change details and two blocks
 * of the snapshot the repriced file is checked against; the 50,000-row timing is `npm run bench`'s
 * ("Applying a confirmed 50,000-row import").
 */
let bigFilesMade: ReturnType<typeof makeBigFiles> | undefined;
const bigFiles = () => {
  bigFilesMade ??= makeBigFiles();
  return bigFilesMade;
};
async function makeBigFiles() {
  const count = 25_000;
  const numbers = Array.from({ length: count }, (_, i) => articleNumber('BIG', i + 1));
  const rows: FileRow[] = numbers.map((number, i) => ({
    articleNumber: number,
    price: 100 + (i % 1000) / 4,
    minimumOrderQuantity: 1 + (i % 5),
    deliveryTimeDays: i % 7,
    warrantyQuantity: i % 3 === 0 ? null : 2,
    warrantyUnit: i % 3 === 0 ? null : 'År',
    warrantyValidFrom: i % 3 === 0 ? null : 'Fakturadatum',
  }));
  return {
    count,
    numbers,
    content: await priceListWorkbook(rows),
    repricedContent: await priceListWorkbook(rows.map((row) => ({ ...row, price: Number(row.price) + 1 }))),
  };
}

describe.each(testDatabaseKinds)('import jobs on %s', (kind) => {
  let testApp: TestApp;
  let supplier: Supplier;
  let writesTo: (pricelistId: number) => Promise<number>;
  const org = () => supplier.organizationId;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    supplier = await demoSupplier(testApp);
    writesTo = await recordPricelistWrites(testApp);
  });
  afterAll(() => testApp?.close());

  const confirmedImport = async (
    edit: (row: FileRow) => FileRow | null,
    pricelistId = supplier.pricelists.current,
  ) => {
    const validated = await validatedImport(
      testApp,
      supplier,
      await editedPricelistFile(testApp, pricelistId, edit),
      pricelistId,
    );
    expect(validated.status).toBe('VALIDATION_SUCCESS');
    const confirmed = await postConfirm(testApp, supplier, validated.id);
    expect(confirmed.statusCode).toBe(200);
    return validated.id;
  };

  it('redoes the job of a worker that crashed between claim and finish; the price list changes once', async () => {
    const id = await confirmedImport((row) =>
      row.articleNumber === 'HMD-0003' ? { ...row, price: 7.25 } : row,
    );
    const writesBefore = await writesTo(supplier.pricelists.current);

    const crashed = await claimNextJob(testApp, 'crashed-worker');
    expect(crashed).toMatchObject({ id, status: 'IMPORT_PENDING', attempts: 1 });
    // Its lease holds: nobody else takes the job.
    expect(await runNextJob(testApp, 'other-worker')).toBeNull();

    testApp.clock.advance(LEASE_MS + 1);
    const redone = await runNextJob(testApp, 'other-worker');
    expect(redone).toMatchObject({ importId: id, end: 'IMPORT_SUCCESS' });
    expect(await runNextJob(testApp, 'other-worker')).toBeNull();

    // The crashed worker comes back and finishes late: its result is dropped.
    const late = await processJob(testApp, crashed!, 'crashed-worker');
    expect(late.end).toBe('LEASE_LOST');

    expect(await writesTo(supplier.pricelists.current)).toBe(writesBefore + 1);
    const rows = await pricelistRows(testApp, supplier.pricelists.current);
    expect(rows.find((row) => row.articleNumber === 'HMD-0003')!.price).toBe('7.25');
    const stored = await testApp.db
      .selectFrom('imports')
      .select(['status', 'attempts', 'lease_owner'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'IMPORT_SUCCESS', attempts: 2, lease_owner: null });
    testApp.clock.set(new Date());
  });

  it('drops a validation result when the import was deleted or given a new file meanwhile', async () => {
    const validated = await validatedImport(testApp, supplier, await priceListWorkbook([]));
    // A new file arrives while a worker validates the old one.
    const newFile = await editedPricelistFile(testApp, supplier.pricelists.current);
    const body = multipart({ fileName: 'ny.xlsx', content: newFile });
    const replace = () =>
      testApp.app.inject({
        method: 'POST',
        url: `/resources/v1/imports/${org()}/${validated.id}`,
        headers: { ...body.headers, cookie: supplier.cookie },
        payload: body.payload,
      });
    expect((await replace()).statusCode).toBe(200);
    const job = await claimNextJob(testApp, 'slow-worker');
    expect(job!.id).toBe(validated.id);
    // The job is still running (its lease is live), so the import is pending: 409 for a new file.
    expect((await replace()).statusCode).toBe(409);
    // The slow worker finishes: success for the new file.
    expect((await processJob(testApp, job!, 'slow-worker')).end).toBe('VALIDATION_SUCCESS');
    // Deleted while a worker had it: the worker's result is dropped and nothing is recreated.
    expect((await replace()).statusCode).toBe(200);
    const second = await claimNextJob(testApp, 'slow-worker');
    await testApp.db.deleteFrom('imports').where('id', '=', validated.id).execute();
    expect((await processJob(testApp, second!, 'slow-worker')).end).toBe('LEASE_LOST');
    expect(
      await testApp.db
        .selectFrom('import_details')
        .select('import_id')
        .where('import_id', '=', validated.id)
        .execute(),
    ).toEqual([]);
  });

  it('ends a confirm racing a delete consistently, whichever wins', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const validated = await validatedImport(
        testApp,
        supplier,
        await editedPricelistFile(testApp, supplier.pricelists.future, (row) =>
          row.articleNumber === 'HMD-0005' ? { ...row, minimumOrderQuantity: 10 + round } : row,
        ),
        supplier.pricelists.future,
      );
      const writesBefore = await writesTo(supplier.pricelists.future);
      const url = `imports/${org()}/${validated.id}`;
      const racers = [
        request(testApp, 'POST', `${url}/confirm`, supplier.cookie),
        request(testApp, 'DELETE', url, supplier.cookie),
      ];
      if (round % 2 === 1) racers.reverse();
      const [first, second] = await Promise.all(racers);
      const [confirm, remove] = round % 2 === 1 ? [second!, first!] : [first!, second!];
      await runAllJobs(testApp);
      const after = await request(testApp, 'GET', url, supplier.cookie);
      const moq = (await pricelistRows(testApp, supplier.pricelists.future)).find(
        (row) => row.articleNumber === 'HMD-0005',
      )!.minimumOrderQuantity;
      if (confirm.statusCode === 200) {
        // Confirmed first: the delete saw IMPORT_PENDING; the import is applied once.
        expect(remove.statusCode).toBe(409);
        expect(after.json().importObject.status).toBe('IMPORT_SUCCESS');
        expect(moq).toBe(10 + round);
        expect(await writesTo(supplier.pricelists.future)).toBe(writesBefore + 1);
        outcomes.add('confirmed');
      } else {
        // Deleted first: the confirm found nothing; the price list is untouched.
        expect(confirm.statusCode).toBe(404);
        expect(remove.statusCode).toBe(204);
        expect(after.statusCode).toBe(404);
        expect(moq).not.toBe(10 + round);
        expect(await writesTo(supplier.pricelists.future)).toBe(writesBefore);
        outcomes.add('deleted');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('applies 25,000 rows, several batches, in one transaction (time printed)', async () => {
    const { count, numbers, content, repricedContent } = await bigFiles();
    for (let start = 0; start < count; start += 5000) {
      await testApp.db
        .insertInto('articles')
        .values(
          numbers
            .slice(start, start + 5000)
            .map((number) => ({ organization_id: org(), article_number: number, name: `Artikel ${number}` })),
        )
        .execute();
    }
    const validationStarted = performance.now();
    const validated = await validatedImport(testApp, supplier, content, supplier.pricelists.future);
    const validationMs = performance.now() - validationStarted;
    expect(validated.status).toBe('VALIDATION_SUCCESS');
    await postConfirm(testApp, supplier, validated.id);
    const writesBefore = await writesTo(supplier.pricelists.future);
    const [result] = await runAllJobs(testApp);
    expect(result!.end).toBe('IMPORT_SUCCESS');
    // Every batch of rows was written by one and the same transaction.
    expect(await writesTo(supplier.pricelists.future)).toBe(writesBefore + 1);
    console.log(
      `[${kind}] ${count} rows: upload+validation job ${Math.round(validationMs)} ms; ` +
        `apply job ${result!.durationMs} ms, of which the applying transaction ${Math.round(result!.applyMs!)} ms`,
    );
    const applied = await pricelistRows(testApp, supplier.pricelists.future);
    expect(applied).toHaveLength(count);
    expect(applied.find((row) => row.articleNumber === 'BIG-0005')).toMatchObject({
      price: '101.00',
      warrantyUnit: 'År',
    });

    // The same rows again, every price changed: as many updates.
    const repriced = await validatedImport(testApp, supplier, repricedContent, supplier.pricelists.future);
    expect(
      (await request(testApp, 'GET', `imports/${org()}/${repriced.id}/summary`, supplier.cookie)).json()
        .result,
    ).toMatchObject({ type: 'CONFIRM', added: 0, updated: count, removed: 0, unchanged: 0 });
    await postConfirm(testApp, supplier, repriced.id);
    const [update] = await runAllJobs(testApp);
    expect(update!.end).toBe('IMPORT_SUCCESS');
    expect(await writesTo(supplier.pricelists.future)).toBe(writesBefore + 2);
    console.log(
      `[${kind}] ${count} updated rows: apply job ${update!.durationMs} ms, ` +
        `of which the applying transaction ${Math.round(update!.applyMs!)} ms`,
    );
    const page = (
      await request(
        testApp,
        'GET',
        `imports/${org()}/${repriced.id}/changes?kind=updated&offset=${count - 10}&limit=20`,
        supplier.cookie,
      )
    ).json();
    expect(page.total).toBe(count);
    expect(page.changes).toHaveLength(10);
    expect(page.changes[0].changes).toEqual([
      { field: 'price', oldValue: expect.any(String), newValue: expect.any(String) },
    ]);
    expect(
      (await pricelistRows(testApp, supplier.pricelists.future)).find(
        (row) => row.articleNumber === 'BIG-0005',
      ),
    ).toMatchObject({ price: '102.00' });
  }, 180_000);
});

// Two app instances (two connection pools, two workers) on one PostgreSQL database.
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  describe('two instances on one PostgreSQL', () => {
    let testApp: TestApp;
    let second: Awaited<ReturnType<typeof openDatabase>>;
    let supplier: Supplier;
    beforeAll(async () => {
      testApp = await createTestApp('postgres');
      supplier = await demoSupplier(testApp);
      const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(testApp.db))
        .rows[0]!.schema;
      second = await openDatabase({ databaseUrl: postgresUrl, schema, poolSize: 5 });
    });
    afterAll(async () => {
      await second?.close();
      await testApp?.close();
    });

    const drain = async (deps: TestApp, workerId: string) => {
      const done: JobResult[] = [];
      for (let result = await runNextJob(deps, workerId); result; result = await runNextJob(deps, workerId)) {
        done.push(result);
      }
      return done;
    };

    it('writes nothing when the price list changes before the applying transaction, and validates again', async () => {
      const validated = await validatedImport(
        testApp,
        supplier,
        await editedPricelistFile(testApp, supplier.pricelists.future, (row) =>
          row.articleNumber === 'HMD-0012' ? { ...row, price: 12.75 } : row,
        ),
        supplier.pricelists.future,
      );
      await postConfirm(testApp, supplier, validated.id);
      const article = await testApp.db
        .selectFrom('articles')
        .select('id')
        .where('article_number', '=', 'HMD-0013')
        .executeTakeFirstOrThrow();

      // Another connection locks the price list and changes a row; the job validates (it reads
      // committed data), then waits for the lock; the change commits; the job must notice.
      let job: Promise<JobResult | null> | undefined;
      await second.db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('pricelists')
          .select('id')
          .where('id', '=', supplier.pricelists.future)
          .forNoKeyUpdate()
          .execute();
        await trx
          .updateTable('pricelist_rows')
          .set({ delivery_time_days: 99 })
          .where('pricelist_id', '=', supplier.pricelists.future)
          .where('article_id', '=', article.id)
          .execute();
        job = runNextJob(testApp, 'instance-a');
        const until = Date.now() + 20_000;
        while (Date.now() < until) {
          const waiting = await sql<{ count: number }>`
            select count(*)::int as count from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(second.db);
          if (waiting.rows[0]!.count > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      const result = await job!;
      // What was shown is no longer what would be written: nothing is, and the file waits to be
      // validated against the list as it is now.
      expect(result).toMatchObject({ importId: validated.id, end: 'VALIDATION_PENDING' });
      let rows = await pricelistRows(testApp, supplier.pricelists.future);
      expect(rows.find((row) => row.articleNumber === 'HMD-0012')!.price).not.toBe('12.75');
      expect(rows.find((row) => row.articleNumber === 'HMD-0013')!.deliveryTimeDays).toBe(99);

      await runNextJob(testApp, 'instance-a');
      const summary = (
        await request(
          testApp,
          'GET',
          `imports/${supplier.organizationId}/${validated.id}/summary`,
          supplier.cookie,
        )
      ).json().result;
      // The new summary shows the row changed meanwhile as one the file updates back.
      expect(summary).toMatchObject({ type: 'CONFIRM', updated: 2 });
      expect((await postConfirm(testApp, supplier, validated.id)).statusCode).toBe(200);
      expect(await runNextJob(testApp, 'instance-a')).toMatchObject({ end: 'IMPORT_SUCCESS' });
      // The file is the whole content: the row changed meanwhile is as the file has it.
      rows = await pricelistRows(testApp, supplier.pricelists.future);
      expect(rows.find((row) => row.articleNumber === 'HMD-0012')!.price).toBe('12.75');
      expect(rows.find((row) => row.articleNumber === 'HMD-0013')!.deliveryTimeDays).not.toBe(99);
    });

    it('processes each job exactly once when both run their job loops at once', async () => {
      const instanceB = { ...testApp, db: second.db };
      // Three imports for each active price list: both instances also meet on the same price list.
      const targets = [0, 1, 2, 3, 4, 5].map((i) =>
        i % 2 === 0 ? supplier.pricelists.current : supplier.pricelists.future,
      );
      const ids: number[] = [];
      for (const [i, pricelistId] of targets.entries()) {
        const file = await editedPricelistFile(testApp, pricelistId, (row) =>
          row.articleNumber === 'HMD-0007' ? { ...row, price: 1000 + i } : row,
        );
        ids.push((await uploadImport(testApp, supplier, file, { pricelistId })).json().importObject.id);
      }

      const [a, b] = await Promise.all([drain(testApp, 'instance-a'), drain(instanceB, 'instance-b')]);
      const validatedIds = [...a, ...b].map((result) => result.importId).sort((x, y) => x - y);
      expect(validatedIds).toEqual(ids);
      expect([...a, ...b].every((result) => result.end === 'VALIDATION_SUCCESS')).toBe(true);

      // Confirmed together, the first file applied to a list changes it under the other two,
      // which go back to validation and are confirmed again, until all are applied: each apply
      // is done once, by one instance.
      const applied: JobResult[] = [];
      let jobsRun = { a: a.length, b: b.length };
      for (let round = 1; applied.length < ids.length; round++) {
        expect(round).toBeLessThanOrEqual(3);
        for (const id of ids) {
          const { status } = (
            await request(testApp, 'GET', `imports/${supplier.organizationId}/${id}`, supplier.cookie)
          ).json().importObject;
          if (status === 'VALIDATION_SUCCESS')
            expect((await postConfirm(testApp, supplier, id)).statusCode).toBe(200);
        }
        const [c, d] = await Promise.all([drain(testApp, 'instance-a'), drain(instanceB, 'instance-b')]);
        jobsRun = { a: jobsRun.a + c.length, b: jobsRun.b + d.length };
        applied.push(...[...c, ...d].filter((result) => result.end === 'IMPORT_SUCCESS'));
        const others = [...c, ...d].filter((result) => result.end !== 'IMPORT_SUCCESS');
        expect(others.every((result) => /^VALIDATION_(PENDING|SUCCESS)$/.test(result.end))).toBe(true);
      }
      expect(applied.map((result) => result.importId).sort((x, y) => x - y)).toEqual(ids);
      console.log(`two instances: instance a ran ${jobsRun.a} jobs, instance b ${jobsRun.b}`);

      const attempts = await testApp.db
        .selectFrom('imports')
        .select('attempts')
        .where('id', 'in', ids)
        .execute();
      expect(attempts.every((row) => row.attempts === 1)).toBe(true);
      // Every file was whole: each price list is exactly one of its files, never a mix.
      const priceOf = async (pricelistId: number) =>
        (await pricelistRows(testApp, pricelistId)).find((row) => row.articleNumber === 'HMD-0007')!.price;
      expect(['1000.00', '1002.00', '1004.00']).toContain(await priceOf(supplier.pricelists.current));
      expect(['1001.00', '1003.00', '1005.00']).toContain(await priceOf(supplier.pricelists.future));
    }, 120_000);
  });
}

describe.each(testDatabaseKinds)('the job loop on %s', (kind) => {
  let testApp: TestApp;
  let supplier: Supplier;
  beforeAll(async () => {
    // A poll interval far beyond the test: only the wake-up of an upload or confirm can start a job.
    testApp = await createTestApp(kind, { env: { JOB_POLL_MS: '600000' } });
    supplier = await demoSupplier(testApp);
  });
  afterAll(() => testApp?.close());

  const statusOf = async (id: number) =>
    (await request(testApp, 'GET', `imports/${supplier.organizationId}/${id}`, supplier.cookie)).json()
      .importObject.status as string;
  const waitFor = async (id: number, status: string) => {
    const until = Date.now() + 20_000;
    while ((await statusOf(id)) !== status) {
      if (Date.now() > until) throw new Error(`import ${id} never reached ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('starts at once on an upload and a confirm of this instance, and stops cleanly', async () => {
    const jobs = startImportJobs(testApp);
    try {
      const content = await editedPricelistFile(testApp, supplier.pricelists.current, (row) =>
        row.articleNumber === 'HMD-0009' ? { ...row, price: 9.5 } : row,
      );
      // Let the loop's first (empty) look finish, so what follows depends on the wake-up.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const id = (await uploadImport(testApp, supplier, content)).json().importObject.id;
      await waitFor(id, 'VALIDATION_SUCCESS');
      await postConfirm(testApp, supplier, id);
      await waitFor(id, 'IMPORT_SUCCESS');
      const rows = await pricelistRows(testApp, supplier.pricelists.current);
      expect(rows.find((row) => row.articleNumber === 'HMD-0009')!.price).toBe('9.50');
    } finally {
      await jobs.stop();
    }
    // Stopped: a new upload stays pending.
    const later = (await uploadImport(testApp, supplier, await priceListWorkbook([]))).json().importObject.id;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statusOf(later)).toBe('VALIDATION_PENDING');
  });
});
