/**
 * Four error-Excel downloads of one large failed import at once, through the real app on
 * PostgreSQL: this process's resident memory before them and at its highest while they run
 * (sampled every 20 ms), with the worker pool as configured (WORKER_POOL_* in the environment).
 * Args: rows of the file (every row names an article the supplier does not have, so each is
 * an error), parallel requests.
 */

import { readFileSync } from 'node:fs';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';
import { createSession, sessionCookieName } from '../../server/src/identity/session';
import { runNextJob } from '../../server/src/imports/jobs/importJobs';
import { generatePriceListXlsx } from '../../test-support/generatedWorkbooks';
import { createBenchDatabase, report } from '../lib';
import { serverDeps } from '../serverDeps';
import { prepareBenchSupplier, queueImport } from '../setup';

const [rowsText = '200000', parallelText = '4'] = process.argv.slice(2);
const rows = Number(rowsText);
const parallel = Number(parallelText);

const rssMb = () => Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;

const bench = await createBenchDatabase();
try {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: bench.url });
  const database = await openDatabase({ databaseUrl: bench.url });
  await migrate(database.db);
  // No rows of its own: every article of the file is unknown, so every row is an error.
  const supplier = await prepareBenchSupplier(database.db, 0);
  const file = `/tmp/hmdb-exports-${rows}.xlsx`;
  const { writeFileSync } = await import('node:fs');
  writeFileSync(file, generatePriceListXlsx(rows));
  const importId = await queueImport(database.db, supplier, file);
  const deps = serverDeps(config, database);
  const validated = await runNextJob(deps, 'bench');
  if (validated?.end !== 'VALIDATION_FAIL') throw new Error(`validation ended as ${validated?.end}`);
  const app = await buildApp(deps);
  await app.ready();
  const cookie = `${sessionCookieName(config)}=${await createSession(deps, supplier.userId, true)}`;
  const url = `/resources/v1/imports/${supplier.organizationId}/${importId}/validation-errors/excel`;

  // Let the job's garbage go before the baseline.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  global.gc?.();
  const baselineRssMb = rssMb();
  let peakRssMb = baselineRssMb;
  let peakBusy = 0;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, rssMb());
    peakBusy = Math.max(peakBusy, deps.workerPool.stats().busy);
  }, 20);
  const started = performance.now();
  const responses = await Promise.all(
    Array.from({ length: parallel }, () => app.inject({ method: 'GET', url, headers: { cookie } })),
  );
  const ms = performance.now() - started;
  clearInterval(sampler);
  const statuses = responses.map((response) => response.statusCode);
  const bytes = responses.find((response) => response.statusCode === 200)?.rawPayload.length ?? 0;
  await app.close();
  await deps.workerPool.close();
  await database.close();
  report({
    rows,
    parallel,
    poolSize: config.WORKER_POOL_SIZE,
    poolMemoryMb: config.WORKER_POOL_MEMORY_MB,
    statuses,
    errorWorkbookBytes: bytes,
    ms: Math.round(ms),
    baselineRssMb: Math.round(baselineRssMb),
    peakRssMb: Math.round(peakRssMb),
    peakBusyWorkers: peakBusy,
  });
} finally {
  await bench.drop();
}
process.exit(0);
