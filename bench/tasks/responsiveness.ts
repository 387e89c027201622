/**
 * Responsiveness: the session ping under a steady 100 requests/s while the server validates a
 * large file uploaded through the real API (job loop and worker thread in the server's process).
 * The latency is the client's (autocannon, end to end); beside it the server's own view, each
 * ping's `responseTime` from its request log (from reading the request to the end of the
 * response). The difference is time outside the server's handling: the request waiting in the
 * socket while the API thread is busy or has no core, and the client itself waiting for a core
 * (it shares the machine's two cores with the server, its worker thread and PostgreSQL).
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { createBenchDatabase, login, report, runTask, spread, startServer } from '../lib';
import type { BenchSupplier } from '../setup';

const [file, rows] = process.argv.slice(2) as [string, string];
const bench = await createBenchDatabase();
try {
  const supplier = await runTask<BenchSupplier>('prepare.ts', [bench.url, rows]);
  // The server's log lines are only collected while the pings run and parsed afterwards: parsing
  // them as they come would load the client's own event loop, beside autocannon's.
  const logLines: string[] = [];
  const server = await startServer({ DATABASE_URL: bench.url, LOG_LEVEL: 'info' }, (line) =>
    logLines.push(line),
  );
  try {
    const cookie = await login(server.url);
    const form = new FormData();
    form.append('file', new Blob([readFileSync(file)]), file.split('/').at(-1)!);
    form.append(
      'request',
      JSON.stringify({
        type: 'GENERAL_PRICELIST',
        metadata: { parent: supplier.generalPricelistId, id: supplier.pricelistId },
      }),
    );
    const started = performance.now();
    const created = await fetch(`${server.url}/resources/v1/imports/${supplier.organizationId}`, {
      method: 'POST',
      headers: { cookie, origin: server.url },
      body: form,
    });
    if (created.status !== 201) throw new Error(`upload failed: ${created.status} ${await created.text()}`);
    const importId = ((await created.json()) as { importObject: { id: number } }).importObject.id;

    const load = autocannon(
      {
        url: `${server.url}/resources/v1/api/session/ping`,
        headers: { cookie, 'x-background-request': 'true' },
        connections: 4,
        overallRate: 100,
        duration: 120,
      },
      () => {},
    );
    const finished = new Promise<autocannon.Result>((resolve) => load.on('done', resolve));
    let validationMs = 0;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const response = await fetch(
        `${server.url}/resources/v1/imports/${supplier.organizationId}/${importId}`,
        {
          headers: { cookie, 'x-background-request': 'true' },
        },
      );
      const { importObject } = (await response.json()) as { importObject: { status: string } };
      if (importObject.status !== 'VALIDATION_PENDING') {
        validationMs = performance.now() - started;
        if (importObject.status !== 'VALIDATION_SUCCESS')
          throw new Error(`validation ended as ${importObject.status}`);
        break;
      }
    }
    load.stop();
    const result = await finished;
    const serverMs = pingResponseTimes(logLines);
    const handled = spread(serverMs);
    const sorted = [...serverMs].sort((a, b) => a - b);
    report({
      requests: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      serverP50: handled.median,
      serverP99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!,
      serverMax: handled.max,
      validationMs,
    });
  } finally {
    await server.stop();
  }
} finally {
  await bench.drop();
}

/** The responseTime of each ping in the server's request log. */
function pingResponseTimes(lines: readonly string[]): number[] {
  const pingRequests = new Set<string>();
  const serverMs: number[] = [];
  for (const line of lines) {
    const entry = parseLogLine(line);
    if (entry?.req?.path?.endsWith('/session/ping')) pingRequests.add(entry.reqId!);
    else if (entry?.responseTime !== undefined && pingRequests.delete(entry.reqId!))
      serverMs.push(entry.responseTime);
  }
  return serverMs;
}

/** One line of the server's JSON log; null for anything else. */
function parseLogLine(
  line: string,
): { reqId?: string; req?: { path?: string }; responseTime?: number } | null {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

// Idle workers and sockets must not keep a finished measurement alive.
process.exit(0);
