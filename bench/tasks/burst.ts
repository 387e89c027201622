/**
 * A burst: ORGANISATIONS supplier organisations each upload their ROWS-row .xlsx at once, half to
 * each of two server instances on one PostgreSQL database, through the real HTTP API with a
 * session each. An upload answered 429 or 503 is sent again after its Retry-After, as a program
 * would. Measures, from the first upload sent, when each organisation's import has its validation
 * result (the imports row's updated_at as its result was written, read by polling the database
 * every 100 ms). Arguments: organisations rows.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../server/src/demo/seed';
import type { BurstSupplier } from '../burstSetup';
import { ensureSmallFile } from '../files';
import {
  createBenchDatabase,
  login,
  type RunningServer,
  report,
  runTask,
  spread,
  startServer,
  uploadUntilTaken,
} from '../lib';

const [organisations, rows] = process.argv.slice(2).map(Number) as [number, number];
const POLL_MS = 100;
/** A burst that has not ended by then is reported as it stands. */
const DEADLINE_MS = 5 * 60 * 1000;
const ENDED = new Set(['VALIDATION_SUCCESS', 'VALIDATION_FAIL', 'VALIDATION_ERROR']);

interface Upload {
  refusals: number;
  /** When the 201 came, in ms from the first upload sent. */
  inMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function upload(
  server: RunningServer,
  cookie: string,
  supplier: BurstSupplier,
  file: Buffer<ArrayBuffer>,
  startedAt: number,
): Promise<Upload> {
  const { refused } = await uploadUntilTaken(server.url, cookie, supplier, file);
  return { refusals: refused, inMs: Date.now() - startedAt };
}

const database = await createBenchDatabase();
const servers: RunningServer[] = [];
try {
  const suppliers = await runTask<BurstSupplier[]>('prepareBurst.ts', [
    database.url,
    String(organisations),
    String(rows),
  ]);
  const file = readFileSync(ensureSmallFile(rows).path);
  const started = await Promise.allSettled([0, 1].map(() => startServer({ DATABASE_URL: database.url })));
  for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;

  // Each organisation's user on one of the two instances, in turn.
  const instanceOf = (index: number) => index % servers.length;
  const cookies: string[] = [];
  for (const [index, supplier] of suppliers.entries())
    cookies.push(await login(servers[instanceOf(index)]!.url, supplier.username, DEMO_PASSWORD));

  const poller = new pg.Client({ connectionString: database.url });
  await poller.connect();
  const organizationIds = suppliers.map((supplier) => supplier.organizationId);
  const results = new Map<number, { status: string; resultMs: number }>();

  const startedAt = Date.now();
  const uploads = Promise.all(
    suppliers.map((supplier, index) =>
      upload(servers[instanceOf(index)]!, cookies[index]!, supplier, file, startedAt),
    ),
  );
  // A failed upload must end the burst at once, not after the deadline.
  let uploadError: unknown = null;
  uploads.catch((error) => {
    uploadError = error;
  });
  while (results.size < suppliers.length && Date.now() - startedAt < DEADLINE_MS && !uploadError) {
    await sleep(POLL_MS);
    const { rows: imports } = await poller.query<{
      organization_id: number;
      status: string;
      updated_at: Date;
    }>('select organization_id, status, updated_at from imports where organization_id = any($1)', [
      organizationIds,
    ]);
    for (const row of imports)
      if (ENDED.has(row.status) && !results.has(row.organization_id))
        results.set(row.organization_id, {
          status: row.status,
          resultMs: row.updated_at.getTime() - startedAt,
        });
  }
  await poller.end();
  if (uploadError) throw uploadError;
  const uploaded = await uploads;

  const perOrganisation = suppliers
    .map((supplier, index) => ({
      organisation: index + 1,
      instance: instanceOf(index) + 1,
      refusals: uploaded[index]!.refusals,
      inMs: uploaded[index]!.inMs,
      status: results.get(supplier.organizationId)?.status ?? 'unfinished',
      resultMs: results.get(supplier.organizationId)?.resultMs ?? null,
    }))
    .sort((a, b) => (a.resultMs ?? Number.POSITIVE_INFINITY) - (b.resultMs ?? Number.POSITIVE_INFINITY));
  const resultTimes = perOrganisation.flatMap((entry) => (entry.resultMs === null ? [] : [entry.resultMs]));
  const times = spread(resultTimes);
  report({
    organisations,
    rows,
    fileBytes: file.length,
    totalMs: times.max,
    firstMs: times.min,
    medianMs: times.median,
    lastUploadInMs: Math.max(...uploaded.map((entry) => entry.inMs)),
    largestGapMs: Math.max(0, ...resultTimes.slice(1).map((ms, index) => ms - resultTimes[index]!)),
    refusals: uploaded.reduce((sum, entry) => sum + entry.refusals, 0),
    retriedUploads: uploaded.filter((entry) => entry.refusals > 0).length,
    allValidated: perOrganisation.every((entry) => entry.status === 'VALIDATION_SUCCESS'),
    unfinished: suppliers.length - results.size,
    perOrganisation,
  });
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await database.drop();
}

// Idle workers and sockets must not keep a finished measurement alive.
process.exit(0);
