/**
 * The real validation job on one file against PostgreSQL: claim, load the file, the articles and the
 * price list, parse and check in the worker thread, diff, store the result. Wall time and this
 * process's peak RSS (API side and worker thread together), and the worker thread's own peak
 * (its heap and external memory, as it samples them). The spare worker thread is started and
 * loaded first, as a running server has it.
 */

import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/database';
import { runNextJob } from '../../server/src/imports/jobs/importJobs';
import { createWorkerPool } from '../../server/src/imports/jobs/workerLimits';
import { createBenchDatabase, peakRssMb, report, runTask } from '../lib';
import { serverDeps } from '../serverDeps';

const [file, rows] = process.argv.slice(2) as [string, string];
const bench = await createBenchDatabase();
try {
  await runTask('prepare.ts', [bench.url, rows, file]);
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: bench.url });
  const database = await openDatabase({ databaseUrl: bench.url });
  // As on a running server, whose job loop starts the spare worker thread when it starts.
  const workerPool = createWorkerPool(config);
  await workerPool.prewarm();
  const deps = serverDeps(config, database, workerPool);
  const baselineRssMb = process.memoryUsage().rss / 2 ** 20;
  const started = performance.now();
  const result = await runNextJob(deps, 'bench');
  const ms = performance.now() - started;
  if (result?.end !== 'VALIDATION_SUCCESS') throw new Error(`validation ended as ${result?.end}`);
  await database.close();
  report({ ms, peakRssMb: peakRssMb(), baselineRssMb, workerPeakMb: result.workerPeakMemoryMb });
} finally {
  await bench.drop();
}

// Idle workers and sockets must not keep a finished measurement alive.
process.exit(0);
