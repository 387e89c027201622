/**
 * Responsiveness: the session ping under a steady 100 requests/s while the server validates a
 * large file uploaded through the real API (job loop and worker thread in the server's process).
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { createBenchDatabase, login, report, runTask, startServer } from '../lib';
import type { BenchSupplier } from '../setup';

const [file, rows] = process.argv.slice(2) as [string, string];
const bench = await createBenchDatabase();
try {
  const supplier = await runTask<BenchSupplier>('prepare.ts', [bench.url, rows]);
  const server = await startServer({ DATABASE_URL: bench.url });
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
    report({
      requests: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      validationMs,
    });
  } finally {
    await server.stop();
  }
} finally {
  await bench.drop();
}

// Idle workers and sockets must not keep a finished measurement alive.
process.exit(0);
