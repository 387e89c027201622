/**
 * Applying a confirmed import (the transaction that writes the price list), on PostgreSQL or
 * PGlite: the apply's own time, the job's, and the job's CPU in this process and (PostgreSQL) in
 * the local database server.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';
import { runNextJob } from '../../server/src/imports/jobs/importJobs';
import { uploadFolderFor } from '../../server/src/imports/store/importFiles';
import { generatePriceListXlsx } from '../../test-support/generatedWorkbooks';
import { nodeCpuMs, postgresCpuMs } from '../cpu';
import { createBenchDatabase, report } from '../lib';
import { benchWorkerPool, serverDeps } from '../serverDeps';
import { prepareBenchSupplier, queueImport } from '../setup';

const [kind, rowsText, shape] = process.argv.slice(2) as ['postgres' | 'pglite', string, 'new' | 'mix'];
const rows = Number(rowsText);
const bench = kind === 'postgres' ? await createBenchDatabase() : undefined;
// PGlite keeps uploaded files on disk (DATA_DIR/uploads): a temporary folder, as DATA_DIR has it.
const dataDir = kind === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'hmdb-bench-')) : undefined;
try {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ...(bench ? { DATABASE_URL: bench.url } : { DATA_DIR: dataDir! }),
  });
  const database = await openDatabase({ databaseUrl: bench?.url, dataDir });
  await migrate(database.db);
  const supplier = await prepareBenchSupplier(database.db, rows);
  // 'new': the price list starts empty, so every row of the file is written; 'mix': the realistic
  // re-upload of prepareBenchSupplier (10 % added, 9 % updated, 10 % removed).
  if (shape === 'new') {
    await sql`delete from pricelist_rows where pricelist_id = ${supplier.pricelistId}`.execute(database.db);
  }
  const file = path.join(tmpdir(), `hmdb-apply-${rows}.xlsx`);
  writeFileSync(file, generatePriceListXlsx(rows));
  const importId = await queueImport(
    database.db,
    supplier,
    file,
    uploadFolderFor(database.kind, config.DATA_DIR),
  );
  const workerPool = benchWorkerPool(config);
  const deps = serverDeps(config, database, workerPool);
  const validated = await runNextJob(deps, 'bench');
  if (validated?.end !== 'VALIDATION_SUCCESS') throw new Error(`validation ended as ${validated?.end}`);
  await sql`update imports set status = 'IMPORT_PENDING', import_started_at = now() where id = ${importId}`.execute(
    database.db,
  );
  await workerPool.prewarm();
  const nodeBefore = nodeCpuMs();
  const postgresBefore = bench ? postgresCpuMs() : 0;
  const applied = await runNextJob(deps, 'bench');
  if (applied?.end !== 'IMPORT_SUCCESS') throw new Error(`apply ended as ${applied?.end}`);
  const nodeCpu = nodeCpuMs() - nodeBefore;
  const postgresCpu = bench ? postgresCpuMs() - postgresBefore : 0;
  await database.close();
  report({ ms: applied.applyMs, jobMs: applied.durationMs, nodeCpuMs: nodeCpu, postgresCpuMs: postgresCpu });
} finally {
  await bench?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

// Idle workers and sockets must not keep a finished measurement alive.
process.exit(0);
