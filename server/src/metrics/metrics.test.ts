import { describe, expect, it } from 'vitest';
import { editedPricelistFile, postConfirm, runAllJobs, uploadImport } from '../../../test-support/importFlow';
import { testDatabaseKinds } from '../../../test-support/testApp';
import { useSupplierApp, useTestApp } from '../../../test-support/useTestApp';
import { processJob } from '../imports/jobs/importJobs';
import { claimNextJob } from '../imports/jobs/importQueue';

const TOKEN = 'a-metrics-token-of-some-length';

/** The value of one sample line, e.g. `name{label="x"}`; undefined when the line is missing. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(testDatabaseKinds)('GET /metrics on %s', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind, { env: { METRICS_TOKEN: TOKEN } });

  const scrape = async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('is refused without the token or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', TOKEN, `Basic ${TOKEN}`]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).not.toContain('hmdb_');
    }
  });

  it('shows the job queue, the job durations, the worker pool and the requests by route', async () => {
    const before = await scrape();
    expect(sample(before, 'hmdb_import_jobs_waiting{kind="validation"}')).toBe(0);
    expect(sample(before, 'hmdb_worker_pool_size')).toBe(testApp.config.WORKER_POOL_SIZE);
    expect(sample(before, 'hmdb_worker_pool_memory_megabytes{kind="budget"}')).toBe(
      testApp.config.WORKER_POOL_MEMORY_MB,
    );

    const content = await editedPricelistFile(testApp, supplier.pricelists.current, (row) =>
      row.articleNumber === 'HMD-0001' ? { ...row, price: 123 } : row,
    );
    const importId: number = (await uploadImport(testApp, supplier, content)).json().importObject.id;
    await uploadImport(testApp, supplier, content);
    testApp.clock.advance(30_000);
    const queued = await scrape();
    expect(sample(queued, 'hmdb_import_jobs_waiting{kind="validation"}')).toBe(2);
    expect(sample(queued, 'hmdb_import_jobs_running{kind="validation"}')).toBe(0);
    expect(sample(queued, 'hmdb_import_jobs_oldest_waiting_seconds{kind="validation"}')).toBe(30);
    expect(sample(queued, 'hmdb_import_jobs_waiting{kind="import"}')).toBe(0);
    const uploads =
      'hmdb_http_request_duration_seconds_count{method="POST",route="/resources/v1/imports/:organizationId",status_code="201"}';
    expect(sample(queued, uploads)).toBe(2);
    expect(queued).not.toContain(`/imports/${supplier.organizationId}"`);

    const job = await claimNextJob(testApp, 'metrics-test');
    const claimed = await scrape();
    expect(sample(claimed, 'hmdb_import_jobs_waiting{kind="validation"}')).toBe(1);
    expect(sample(claimed, 'hmdb_import_jobs_running{kind="validation"}')).toBe(1);
    expect((await processJob(testApp, job!, 'metrics-test')).end).toBe('VALIDATION_SUCCESS');
    await runAllJobs(testApp);
    expect(sample(await scrape(), 'hmdb_import_validation_duration_seconds_count{outcome="ok"}')).toBe(2);

    expect((await postConfirm(testApp, supplier, importId)).statusCode).toBe(200);
    expect(sample(await scrape(), 'hmdb_import_jobs_waiting{kind="import"}')).toBe(1);
    expect((await runAllJobs(testApp))[0]?.end).toBe('IMPORT_SUCCESS');
    const applied = await scrape();
    expect(sample(applied, 'hmdb_import_apply_duration_seconds_count{outcome="ok"}')).toBe(1);
    expect(sample(applied, 'hmdb_import_jobs_waiting{kind="import"}')).toBe(0);
    expect(sample(applied, 'hmdb_import_jobs_oldest_waiting_seconds{kind="validation"}')).toBe(0);
    expect(sample(applied, 'hmdb_worker_pool_threads{state="busy"}')).toBe(0);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  const testApp = useTestApp('pglite');

  it('is not there: 404, whatever is sent', async () => {
    for (const headers of [{}, { authorization: 'Bearer ' }, { authorization: 'Bearer undefined' }]) {
      const response = await testApp.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Hittades inte.' } });
    }
  });
});
