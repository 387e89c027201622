/**
 * Webhook delivery on PostgreSQL, one instance (this process, with the server's own delivery loop
 * and job runner) and a receiver in another process on loopback that answers 204 at once:
 * - deliveries a second: `count` events written to the outbox in one transaction, then the time
 *   until every delivery is recorded DELIVERED;
 * - the time from an import applied (its apply transaction's time, the event's `timestamp`) to the
 *   receiver having its `import.applied`, over `rounds` imports of 100 rows.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';
import { recordEvent } from '../../server/src/events/outbox';
import { runNextJob } from '../../server/src/imports/jobs/importJobs';
import { startWebhookDeliveries } from '../../server/src/webhooks/delivery';
import { encryptSecret, newWebhookSecret, secretKeyOf } from '../../server/src/webhooks/secrets';
import { generatePriceListXlsx } from '../../test-support/generatedWorkbooks';
import { createBenchDatabase, report } from '../lib';
import { serverDeps } from '../serverDeps';
import { prepareBenchSupplier, queueImport } from '../setup';

const count = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 10);

/** The receiver: its own process, so its work does not share this one's event loop. */
async function startReceiver(): Promise<{ url: string; child: ChildProcess; arrivals: Map<string, number> }> {
  const script = `
    const http = require('node:http');
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => { body += chunk; });
      request.on('end', () => {
        const at = Date.now();
        response.statusCode = 204;
        response.end();
        const event = JSON.parse(body);
        if (event.type === 'import.applied') process.stdout.write(JSON.stringify({ at, timestamp: event.timestamp, importId: event.data.importId }) + '\\n');
      });
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ port: server.address().port }) + '\\n'));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  process.once('exit', () => child.kill('SIGKILL'));
  const arrivals = new Map<string, number>();
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve) => {
    lines.on('line', (line) => {
      const message = JSON.parse(line);
      if (message.port) resolve(message.port);
      else arrivals.set(String(message.importId), message.at - Date.parse(message.timestamp));
    });
  });
  return { url: `http://127.0.0.1:${port}/hooks`, child, arrivals };
}

const bench = await createBenchDatabase();
try {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: bench.url,
    WEBHOOKS_ALLOW_LOOPBACK: 'true',
  });
  const database = await openDatabase({ databaseUrl: bench.url });
  await migrate(database.db);
  const supplier = await prepareBenchSupplier(database.db, 100);
  const receiver = await startReceiver();
  const { id: endpointId } = await database.db
    .insertInto('webhook_endpoints')
    .values({
      organization_id: supplier.organizationId,
      url: receiver.url,
      events: ['import.applied'],
      secret_encrypted: encryptSecret(secretKeyOf(config), supplier.organizationId, newWebhookSecret()),
      created_by: supplier.userId,
      created_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const deps = serverDeps(config, database);
  const deliveries = startWebhookDeliveries(deps);

  // Deliveries a second.
  await database.db.transaction().execute(async (trx) => {
    for (let index = 0; index < count; index++)
      await recordEvent(
        trx,
        { organizationId: supplier.organizationId, type: 'bench', now: new Date(), endpointId },
        async () => ({ index }),
      );
  });
  const started = performance.now();
  deps.webhookSignal.notify();
  for (;;) {
    const { rows } = await sql<{ left: number }>`
      select count(*)::int as left from webhook_deliveries where status <> 'DELIVERED'`.execute(database.db);
    if (rows[0]!.left === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const deliveryMs = performance.now() - started;

  // From applied to received, one import at a time.
  const file = path.join(tmpdir(), 'hmdb-webhooks-100.xlsx');
  writeFileSync(file, generatePriceListXlsx(100));
  const latencies: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const importId = await queueImport(database.db, supplier, file);
    const validated = await runNextJob(deps, 'bench');
    if (validated?.end !== 'VALIDATION_SUCCESS') throw new Error(`validation ended as ${validated?.end}`);
    await sql`update imports set status = 'IMPORT_PENDING', import_started_at = now() where id = ${importId}`.execute(
      database.db,
    );
    const applied = await runNextJob(deps, 'bench');
    if (applied?.end !== 'IMPORT_SUCCESS') throw new Error(`apply ended as ${applied?.end}`);
    const deadline = Date.now() + 10_000;
    while (!receiver.arrivals.has(String(importId)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 2));
    const latency = receiver.arrivals.get(String(importId));
    if (latency === undefined) throw new Error('the applied event did not arrive');
    latencies.push(latency);
  }
  await deliveries.stop();
  await deps.workerPool.close();
  await database.close();
  receiver.child.kill();
  latencies.sort((a, b) => a - b);
  report({
    count,
    deliveryMs,
    perSecond: (count / deliveryMs) * 1000,
    latencyMedianMs: latencies[Math.floor(latencies.length / 2)],
    latencyMaxMs: latencies.at(-1),
  });
} finally {
  await bench.drop();
}

// Idle sockets must not keep a finished measurement alive.
process.exit(0);
