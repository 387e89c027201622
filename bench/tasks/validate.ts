/**
 * The real validation job on one file against PostgreSQL: claim, load the file, the articles and the
 * price list, parse and check in the worker thread, diff, store the result. Wall time and this
 * process's peak RSS (API side and worker thread together), and the worker thread's own peak
 * (its heap and external memory, as it samples them). The spare worker thread is started and
 * loaded first, as a running server has it.
 */

import { priceListColumnHeaders } from '../../contract/domain';
import { loadConfig } from '../../server/src/config';
import { type Database, openDatabase } from '../../server/src/db/database';
import { runNextJob } from '../../server/src/imports/jobs/importJobs';
import { createWorkerPool } from '../../server/src/imports/jobs/workerLimits';
import { rememberMapping } from '../../server/src/imports/store/columnMappings';
import { EXPORT_HEADERS, EXPORT_SHEET } from '../files';
import { createBenchDatabase, peakRssMb, report, runTask } from '../lib';
import { serverDeps } from '../serverDeps';

/** The file's columns: its own headers (ours), or another system's read with a chosen or a saved mapping. */
const [file, rows, mapping = 'none'] = process.argv.slice(2) as [
  string,
  string,
  'none' | 'request' | 'saved',
];
const bench = await createBenchDatabase();
try {
  const { importId, organizationId, userId } = await runTask<{
    importId: number;
    organizationId: number;
    userId: number;
  }>('prepare.ts', [bench.url, rows, file]);
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: bench.url });
  const database = await openDatabase({ databaseUrl: bench.url });
  // As on a running server, whose job loop starts the spare worker thread when it starts.
  const workerPool = createWorkerPool(config);
  await workerPool.prewarm();
  const deps = serverDeps(config, database, workerPool);
  if (mapping !== 'none') await mapExportColumns(database.db, mapping, { importId, organizationId, userId });
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

/** The export's sheet and headers (bench/files.ts, exportHeaders) mapped onto ours, by letter. */
async function mapExportColumns(
  db: Database,
  how: 'request' | 'saved',
  at: { importId: number; organizationId: number; userId: number },
) {
  const columns = Object.fromEntries(priceListColumnHeaders.map((header, i) => [header, 'ABCDEFGHI'[i]!]));
  const choice = { sheet: EXPORT_SHEET, columns };
  if (how === 'request') {
    await db
      .updateTable('imports')
      .set({ column_mapping: JSON.stringify({ ...choice, chosenBy: at.userId }) })
      .where('id', '=', at.importId)
      .execute();
    return;
  }
  const sheet = {
    name: EXPORT_SHEET,
    columns: EXPORT_HEADERS.map((header, i) => ({ column: 'ABCDEFGHI'[i]!, header })),
  };
  await db
    .transaction()
    .execute((trx) =>
      rememberMapping(
        trx,
        { organizationId: at.organizationId, userId: at.userId, now: new Date() },
        sheet,
        choice,
      ),
    );
}
