/**
 * The real validation job on one file against PostgreSQL: claim, load the file, the articles and the
 * price list, parse and check in the worker thread, diff, store the result. Wall time and this
 * process's peak RSS (API side and worker thread together), and the worker thread's own peak
 * (its heap and external memory, as it samples them). The spare worker thread is started and
 * loaded first, as a running server has it. CPU: this process's (every thread) and the local
 * PostgreSQL server's, from the job's start until the next spare thread is ready again, so a
 * job's fixed cost (the thread it uses up) is in its figure.
 */

import { priceListColumnHeaders } from '../../contract/domain';
import { loadConfig } from '../../server/src/config';
import { type Database, openDatabase } from '../../server/src/db/database';
import { runNextJob } from '../../server/src/imports/jobs/importJobs';
import { rememberMapping } from '../../server/src/imports/store/columnMappings';
import { nodeCpuMs, postgresCpuMs } from '../cpu';
import { EXPORT_HEADERS, EXPORT_SHEET } from '../files';
import { createBenchDatabase, peakRssMb, report, runTask } from '../lib';
import { benchWorkerPool, serverDeps } from '../serverDeps';

/**
 * How the file is read: by its own headers (ours); another system's export with a chosen or a
 * saved mapping; or ours with 50 corrections typed on its summary ("Validera igen").
 */
const [file, rows, mapping = 'none'] = process.argv.slice(2) as [
  string,
  string,
  'none' | 'request' | 'saved' | 'corrections',
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
  const workerPool = benchWorkerPool(config);
  await workerPool.prewarm();
  const deps = serverDeps(config, database, workerPool);
  if (mapping === 'request' || mapping === 'saved')
    await mapExportColumns(database.db, mapping, { importId, organizationId, userId });
  if (mapping === 'corrections') await correctFiftyCells(database.db, importId, Number(rows), userId);
  const baselineRssMb = process.memoryUsage().rss / 2 ** 20;
  const nodeBefore = nodeCpuMs();
  const postgresBefore = postgresCpuMs();
  const started = performance.now();
  const result = await runNextJob(deps, 'bench');
  const ms = performance.now() - started;
  if (result?.end !== 'VALIDATION_SUCCESS') throw new Error(`validation ended as ${result?.end}`);
  await workerPool.prewarm();
  const nodeCpu = nodeCpuMs() - nodeBefore;
  const postgresCpu = postgresCpuMs() - postgresBefore;
  await database.close();
  report({
    ms,
    peakRssMb: peakRssMb(),
    baselineRssMb,
    workerPeakMb: result.workerPeakMemoryMb,
    nodeCpuMs: nodeCpu,
    postgresCpuMs: postgresCpu,
  });
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

/** 50 cells corrected, spread over the file: prices typed anew, as "Validera igen" saves them. */
async function correctFiftyCells(db: Database, importId: number, rows: number, userId: number) {
  const now = new Date();
  await db
    .insertInto('import_corrections')
    .values(
      Array.from({ length: 50 }, (_, i) => {
        const row = 2 + Math.floor(((i + 0.5) * rows) / 50);
        return {
          import_id: importId,
          row_number: row,
          column_name: 'Pris',
          cell: `C${row}`,
          old_value: '',
          new_value: '99,50',
          corrected_by: userId,
          corrected_at: now,
        };
      }),
    )
    .execute();
}
