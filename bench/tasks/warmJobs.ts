/**
 * A server's steady state for small files: `jobs` validations of the same small file, one after
 * another in one process on PostgreSQL, after three that warm it up (JIT, the pool's connections,
 * the kept worker thread). Reports the CPU per job, this process (every thread) and the local
 * PostgreSQL server, and how many worker threads were started in all.
 */
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';
import { runNextJob } from '../../server/src/imports/jobs/importJobs';
import { nodeCpuMs, postgresCpuMs } from '../cpu';
import { createBenchDatabase, report } from '../lib';
import { benchWorkerPool, serverDeps } from '../serverDeps';
import { prepareBenchSupplier, queueImport } from '../setup';

const [file, rowsText, jobsText = '20'] = process.argv.slice(2) as [string, string, string?];
const jobs = Number(jobsText);
const WARM_UP = 3;
const bench = await createBenchDatabase();
try {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: bench.url });
  const database = await openDatabase({ databaseUrl: bench.url });
  await migrate(database.db);
  const supplier = await prepareBenchSupplier(database.db, Number(rowsText));
  for (let n = 0; n < WARM_UP + jobs; n++) await queueImport(database.db, supplier, file);
  const workerPool = benchWorkerPool(config);
  await workerPool.prewarm();
  const deps = serverDeps(config, database, workerPool);
  const validateNext = async () => {
    const result = await runNextJob(deps, 'bench');
    if (result?.end !== 'VALIDATION_SUCCESS') throw new Error(`validation ended as ${result?.end}`);
  };
  for (let n = 0; n < WARM_UP; n++) await validateNext();
  const nodeBefore = nodeCpuMs();
  const postgresBefore = postgresCpuMs();
  const started = performance.now();
  for (let n = 0; n < jobs; n++) await validateNext();
  const ms = (performance.now() - started) / jobs;
  const nodeCpu = (nodeCpuMs() - nodeBefore) / jobs;
  const postgresCpu = (postgresCpuMs() - postgresBefore) / jobs;
  const { threadsStarted } = workerPool.stats();
  await database.close();
  report({ ms, nodeCpuMs: nodeCpu, postgresCpuMs: postgresCpu, threadsStarted });
} finally {
  await bench.drop();
}

// Idle workers and sockets must not keep a finished measurement alive.
process.exit(0);
