/**
 * Twenty 20 MB uploads sent at once to one instance, and the session ping of that instance at
 * 100 requests/s meanwhile. Uploads beyond UPLOADS_MAX_CONCURRENT are answered 503 with
 * Retry-After; this client then tries again after that many seconds, as a supplier's program
 * would, until all twenty are in. Arguments: pglite|postgres. The uploads are sent by a process
 * of their own (sendUploads.ts), so that writing twenty bodies does not delay this process's
 * pings. The latency is the client's (autocannon, end to end), from the first upload sent until
 * the last one answered 201; beside it, the server's own event-loop delay over the same time
 * (serverLagP99, serverLagMax).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';
import { createBenchDatabase, login, report, runTask, startServer, type UploadTarget } from '../lib';
import { type BenchSupplier, prepareBenchSupplier } from '../setup';

const [kind] = process.argv.slice(2) as ['pglite' | 'postgres'];
const UPLOADS = 20;
const BYTES = 20 * 1024 * 1024;
const ROWS = 1_000;

async function prepare(): Promise<{
  supplier: BenchSupplier;
  env: Record<string, string>;
  drop(): Promise<void>;
}> {
  if (kind === 'postgres') {
    const bench = await createBenchDatabase();
    const supplier = await runTask<BenchSupplier>('prepare.ts', [bench.url, String(ROWS)]);
    return { supplier, env: { DATABASE_URL: bench.url }, drop: () => bench.drop() };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hmdb-bench-'));
  const database = await openDatabase({ dataDir });
  await migrate(database.db);
  const supplier = await prepareBenchSupplier(database.db, ROWS);
  await database.close();
  return {
    supplier,
    env: { DATA_DIR: dataDir },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

const METRICS_TOKEN = 'bench-metrics-token';

/**
 * The server's own event-loop delay (ms) since the last call: what the API thread held every
 * request for, apart from the client, which sends the files and the pings from one process and
 * is slowed by that on a busy machine. Each scrape starts the next interval.
 */
async function serverLag(url: string): Promise<{ p99: number; max: number }> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  const seconds = (name: string) =>
    Number(new RegExp(`^${name} ([0-9.e+-]+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    p99: seconds('nodejs_eventloop_lag_p99_seconds') * 1000,
    max: seconds('nodejs_eventloop_lag_max_seconds') * 1000,
  };
}

const prepared = await prepare();
try {
  const { supplier } = prepared;
  // One user sends all twenty: the per-user upload rate and the pending-validation limit are not measured here.
  const server = await startServer({
    ...prepared.env,
    LOG_LEVEL: 'warn',
    METRICS_TOKEN,
    UPLOAD_RATE_BURST: '1000',
    IMPORT_MAX_PENDING_VALIDATIONS: '1000',
  });
  try {
    const cookie = await login(server.url);

    const load = autocannon(
      {
        url: `${server.url}/resources/v1/api/session/ping`,
        headers: { cookie, 'x-background-request': 'true' },
        connections: 4,
        overallRate: 100,
        duration: 600,
      },
      () => {},
    );
    const finished = new Promise<autocannon.Result>((resolve) => load.on('done', resolve));
    // Epoch times, to compare with the sender's, which runs in a process of its own.
    const epochNow = () => performance.timeOrigin + performance.now();
    const pings: { sentAt: number; ms: number }[] = [];
    load.on('response', (_client, _status, _bytes, ms) => pings.push({ sentAt: epochNow() - ms, ms }));
    await new Promise((resolve) => setTimeout(resolve, 1000));

    await serverLag(server.url);
    const { organizationId, generalPricelistId, pricelistId } = supplier;
    const target: UploadTarget = { organizationId, generalPricelistId, pricelistId };
    const sent = await runTask<{ startedAt: number; endedAt: number; refused: number }>('sendUploads.ts', [
      server.url,
      cookie,
      JSON.stringify(target),
      String(UPLOADS),
      String(BYTES),
    ]);
    const started = sent.startedAt;
    const ended = sent.endedAt;
    const lag = await serverLag(server.url);
    load.stop();
    const result = await finished;
    const during = pings
      .filter((ping) => ping.sentAt >= started && ping.sentAt < ended)
      .map((ping) => ping.ms)
      .sort((a, b) => a - b);
    const at = (q: number) => during[Math.min(during.length - 1, Math.floor(during.length * q))] ?? 0;
    report({
      uploads: UPLOADS,
      bytes: BYTES,
      allInMs: ended - started,
      refused503: sent.refused,
      pings: during.length,
      p50: at(0.5),
      p99: at(0.99),
      max: during.at(-1) ?? 0,
      serverLagP99: lag.p99,
      serverLagMax: lag.max,
      errors: result.errors + result.non2xx,
    });
  } finally {
    await server.stop();
  }
} finally {
  await prepared.drop();
}

// Idle workers and sockets must not keep a finished measurement alive.
process.exit(0);
