/**
 * Requests per second with an API key against a session cookie, on the same routes (the real
 * server in its own process, PostgreSQL, demo data): the profile and the pending import list, as
 * fast as 10 connections go. The per-key rate limit is lifted for the measurement
 * (API_KEY_RATE_PER_MINUTE), so what is measured is the authentication's own cost.
 */
import autocannon from 'autocannon';
import { createBenchDatabase, login, report, startServer } from '../lib';

const seconds = Number(process.env.BENCH_API_SECONDS ?? 5);

const database = await createBenchDatabase();
const server = await startServer({
  DATABASE_URL: database.url,
  API_KEY_RATE_PER_MINUTE: '100000000',
  API_KEY_RATE_BURST: '100000000',
});
try {
  const cookie = await login(server.url);
  const profile = (await (
    await fetch(`${server.url}/resources/v1/profile`, { headers: { cookie } })
  ).json()) as {
    userEngagements: { organizationId: number }[];
  };
  const organizationId = profile.userEngagements[0]!.organizationId;
  const created = await fetch(`${server.url}/resources/v1/api-keys`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ name: 'Mätning', expiresInDays: 30 }),
  });
  if (!created.ok) throw new Error(`key not created: ${created.status} ${await created.text()}`);
  const { secret } = (await created.json()) as { secret: string };

  const endpoints = {
    profile: '/resources/v1/profile',
    pending: `/resources/v1/imports/${organizationId}?imported=false&limit=100`,
  };
  const credentials = {
    cookie: { cookie, 'x-background-request': 'true' },
    key: { authorization: `Bearer ${secret}` },
  };
  const results: Record<
    string,
    Record<string, { rps: number; p50: number; p99: number; errors: number }>
  > = {};
  for (const [name, path] of Object.entries(endpoints)) {
    results[name] = {};
    for (const [kind, headers] of Object.entries(credentials)) {
      const check = await fetch(server.url + path, { headers });
      if (!check.ok) throw new Error(`${name} with ${kind}: ${check.status} ${await check.text()}`);
      await autocannon({ url: server.url + path, headers, connections: 10, amount: 500 });
    }
    // Interleaved, twice each, so a slow second of the machine does not land on one side only.
    const runs: Record<string, autocannon.Result[]> = { cookie: [], key: [] };
    for (let round = 0; round < 2; round++) {
      for (const [kind, headers] of Object.entries(credentials)) {
        runs[kind]!.push(
          await autocannon({ url: server.url + path, headers, connections: 10, duration: seconds / 2 }),
        );
      }
    }
    for (const [kind, measured] of Object.entries(runs)) {
      const mean = (pick: (result: autocannon.Result) => number) =>
        measured.reduce((sum, result) => sum + pick(result), 0) / measured.length;
      results[name]![kind] = {
        rps: mean((result) => result.requests.average),
        p50: mean((result) => result.latency.p50),
        p99: mean((result) => result.latency.p99),
        errors: measured.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
      };
    }
  }
  report(results);
} finally {
  await server.stop();
  await database.drop();
}

// Idle workers and sockets must not keep a finished measurement alive.
process.exit(0);
