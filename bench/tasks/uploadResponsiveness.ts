/**
 * Responsiveness during a 25 MB upload: the session ping under a steady 100 requests/s from
 * before the upload starts until its validation has ended, on PGlite (the embedded default: the
 * database runs on the server's API thread) or PostgreSQL. Arguments: pglite|postgres, the
 * file, its rows. The latency is the client's (autocannon, end to end).
 *
 * BENCH_SERVER_ROOT runs another checkout's server (bench/lib.ts), to compare old and new code.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';
import { createBenchDatabase, login, report, runTask, startServer } from '../lib';
import { type BenchSupplier, prepareBenchSupplier } from '../setup';

const [kind, file, rows] = process.argv.slice(2) as ['pglite' | 'postgres', string, string];

/** The database with the supplier's articles and price list, and the server's settings for it. */
async function prepare(): Promise<{
  supplier: BenchSupplier;
  env: Record<string, string>;
  drop(): Promise<void>;
}> {
  if (kind === 'postgres') {
    const bench = await createBenchDatabase();
    const supplier = await runTask<BenchSupplier>('prepare.ts', [bench.url, rows]);
    return { supplier, env: { DATABASE_URL: bench.url }, drop: () => bench.drop() };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hmdb-bench-'));
  const database = await openDatabase({ dataDir });
  await migrate(database.db);
  const supplier = await prepareBenchSupplier(database.db, Number(rows));
  await database.close();
  return {
    supplier,
    env: { DATA_DIR: dataDir },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

const prepared = await prepare();
try {
  const { supplier } = prepared;
  const server = await startServer({ ...prepared.env, LOG_LEVEL: 'warn' });
  try {
    const cookie = await login(server.url);
    const content = readFileSync(file);
    const form = new FormData();
    form.append('file', new Blob([content]), path.basename(file));
    form.append(
      'request',
      JSON.stringify({
        type: 'GENERAL_PRICELIST',
        metadata: { parent: supplier.generalPricelistId, id: supplier.pricelistId },
      }),
    );

    const load = autocannon(
      {
        url: `${server.url}/resources/v1/api/session/ping`,
        headers: { cookie, 'x-background-request': 'true' },
        connections: 4,
        overallRate: 100,
        duration: 300,
      },
      () => {},
    );
    const finished = new Promise<autocannon.Result>((resolve) => load.on('done', resolve));
    // Each ping by when it was sent, to tell the upload's part from the validation's.
    const pings: { sentAt: number; ms: number }[] = [];
    load.on('response', (_client, _status, _bytes, ms) => pings.push({ sentAt: performance.now() - ms, ms }));
    // A second of pings before the upload: the quiet baseline is part of every run alike.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const started = performance.now();
    const created = await fetch(`${server.url}/resources/v1/imports/${supplier.organizationId}`, {
      method: 'POST',
      headers: { cookie, origin: server.url },
      body: form,
    });
    if (created.status !== 201) throw new Error(`upload failed: ${created.status} ${await created.text()}`);
    const uploadMs = performance.now() - started;
    const importId = ((await created.json()) as { importObject: { id: number } }).importObject.id;
    let status = 'VALIDATION_PENDING';
    while (status === 'VALIDATION_PENDING') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const response = await fetch(
        `${server.url}/resources/v1/imports/${supplier.organizationId}/${importId}`,
        { headers: { cookie, 'x-background-request': 'true' } },
      );
      status = ((await response.json()) as { importObject: { status: string } }).importObject.status;
    }
    const totalMs = performance.now() - started;
    const uploaded = started + uploadMs;
    const during = (from: number, to: number) =>
      latencies(pings.filter((ping) => ping.sentAt >= from && ping.sentAt < to).map((ping) => ping.ms));
    load.stop();
    const result = await finished;
    report({
      bytes: content.length,
      status,
      uploadMs,
      totalMs,
      requests: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      upload: during(started, uploaded),
      validation: during(uploaded, started + totalMs),
      errors: result.errors + result.non2xx,
    });
  } finally {
    await server.stop();
  }
} finally {
  await prepared.drop();
}

/** p99 and max of some pings' latencies, ms (0 when there were none). */
function latencies(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    pings: sorted.length,
    p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0,
    max: sorted.at(-1) ?? 0,
  };
}

// Idle workers and sockets must not keep a finished measurement alive.
process.exit(0);
