/**
 * The validation job's database part, on PostgreSQL or PGlite: what the job asks of the database
 * besides the worker's reading and checking. Each part is timed on its own, one after the other,
 * against a 200,000-row price list and its file (as the app keeps it: in the database with
 * PostgreSQL, on disk with PGlite): loading the file, the snapshot of articles and rows, the
 * price list's status, and saving the outcome's details with the status in one transaction. The
 * whole job is timed too. PGlite runs on disk in a temporary folder, as DATA_DIR has it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { systemClock } from '../../server/src/clock';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';
import { runNextJob } from '../../server/src/imports/jobs/importJobs';
import { saveDetails } from '../../server/src/imports/store/details';
import { readImportFile, uploadFolderFor } from '../../server/src/imports/store/importFiles';
import { runPriceListValidationSummary } from '../../server/src/pricelistFile';
import { loadPricelistSnapshot, pricelistStatus } from '../../server/src/pricelists/snapshot';
import { createBenchDatabase, report, spread } from '../lib';
import { benchWorkerPool, serverDeps } from '../serverDeps';
import { prepareBenchSupplier, queueImport } from '../setup';

const [kind, rowsText, file] = process.argv.slice(2) as ['postgres' | 'pglite', string, string];
const ROUNDS = 5;
const bench = kind === 'postgres' ? await createBenchDatabase() : undefined;
const dataDir = kind === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'hmdb-bench-')) : undefined;
try {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ...(bench ? { DATABASE_URL: bench.url } : { DATA_DIR: dataDir! }),
  });
  const database = await openDatabase({ databaseUrl: bench?.url, dataDir });
  await migrate(database.db);
  const supplier = await prepareBenchSupplier(database.db, Number(rowsText));
  const uploadFolder = uploadFolderFor(database.kind, config.DATA_DIR);
  const importId = await queueImport(database.db, supplier, file, uploadFolder);
  const workerPool = benchWorkerPool(config);
  const deps = serverDeps(config, database, workerPool);
  const { db } = database;

  const timed = async (measure: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      await measure();
      times.push(performance.now() - started);
    }
    return spread(times).median;
  };
  const snapshot = () => loadPricelistSnapshot(db, supplier.organizationId, supplier.pricelistId);
  // The details the job saves: those of this file's real outcome.
  const content = await readImportFile(deps, importId);
  const outcome = await runPriceListValidationSummary(
    { content: content!, fileName: path.basename(file), snapshot: snapshot() },
    deps.workerPool,
  );
  if (outcome.summary.type !== 'CONFIRM') throw new Error(`the file validated as ${outcome.summary.type}`);

  const parts = {
    fileMs: await timed(() => readImportFile(deps, importId)),
    snapshotMs: await timed(snapshot),
    statusMs: await timed(() =>
      pricelistStatus(db, systemClock, supplier.generalPricelistId, supplier.pricelistId),
    ),
    saveMs: await timed(() =>
      db.transaction().execute(async (trx) => {
        await saveDetails(trx, importId, outcome.details);
        await trx
          .updateTable('imports')
          .set({ summary: JSON.stringify(outcome.summary) })
          .where('id', '=', importId)
          .execute();
      }),
    ),
  };
  const jobTimes: number[] = [];
  for (let round = 0; round < 3; round++) {
    await sql`update imports set status = 'VALIDATION_PENDING', attempts = 0 where id = ${importId}`.execute(
      db,
    );
    const started = performance.now();
    const result = await runNextJob(deps, 'bench');
    if (result?.end !== 'VALIDATION_SUCCESS') throw new Error(`validation ended as ${result?.end}`);
    jobTimes.push(performance.now() - started);
  }
  await database.close();
  const databaseMs = parts.fileMs + parts.snapshotMs + parts.statusMs + parts.saveMs;
  report({ ...parts, databaseMs, jobMs: spread(jobTimes).median });
} finally {
  await bench?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

// Idle workers and sockets must not keep a finished measurement alive.
process.exit(0);
