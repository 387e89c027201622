/**
 * API on loopback: the session ping and the two import lists with 10,000 imports in the table,
 * measured with autocannon against the real server in its own process (PostgreSQL).
 * Two runs per endpoint: as fast as it goes (10 connections), and a fixed 1,000 requests/s.
 */
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openDatabase } from '../../server/src/db/database';
import { createBenchDatabase, login, report, startServer } from '../lib';

const IMPORTS = 10_000;
const seconds = Number(process.env.BENCH_API_SECONDS ?? 5);

const database = await createBenchDatabase();
const server = await startServer({ DATABASE_URL: database.url });
try {
  const cookie = await login(server.url);
  const profile = (await (
    await fetch(`${server.url}/resources/v1/profile`, { headers: { cookie } })
  ).json()) as {
    id: number;
    userEngagements: { organizationId: number }[];
  };
  const organizationId = profile.userEngagements[0]!.organizationId;
  await seedImports(database.url, organizationId, profile.id);

  const endpoints = {
    ping: '/resources/v1/api/session/ping',
    pending: `/resources/v1/imports/${organizationId}?imported=false&limit=100`,
    recent: `/resources/v1/imports/${organizationId}?imported=true&limit=10`,
  };
  const results: Record<string, unknown> = {};
  for (const [name, path] of Object.entries(endpoints)) {
    // As the SPA's polling sends them from a browser, which always accepts gzip.
    const headers = { cookie, 'x-background-request': 'true', 'accept-encoding': 'gzip, deflate, br' };
    const max = await autocannon({ url: server.url + path, headers, connections: 10, duration: seconds });
    const fixed = await autocannon({
      url: server.url + path,
      headers,
      connections: 10,
      duration: seconds,
      overallRate: 1000,
    });
    results[name] = {
      maxRps: max.requests.average,
      maxP50: max.latency.p50,
      maxP99: max.latency.p99,
      fixedRps: fixed.requests.average,
      fixedP50: fixed.latency.p50,
      fixedP99: fixed.latency.p99,
      errors: max.errors + max.non2xx + fixed.errors + fixed.non2xx,
    };
  }
  report(results);
} finally {
  await server.stop();
  await database.drop();
}

async function seedImports(databaseUrl: string, organizationId: number, userId: number) {
  const { db, close } = await openDatabase({ databaseUrl });
  await sql`
    insert into imports (organization_id, type, status, created_at, import_started_at, imported_at, file_name,
                         imported_by, general_pricelist_id, pricelist_id, summary, updated_at)
    select ${organizationId}, 'GENERAL_PRICELIST',
           (array['IMPORT_SUCCESS','IMPORT_SUCCESS','IMPORT_SUCCESS','VALIDATION_SUCCESS','VALIDATION_FAIL','IMPORT_FAIL','IMPORT_ABORTED'])[1 + i % 7],
           now() - make_interval(mins => i),
           case when i % 7 in (0, 1, 2, 5, 6) then now() - make_interval(mins => i) end,
           case when i % 7 in (0, 1, 2) then now() - make_interval(mins => i) end,
           'prislista_' || i || '.xlsx', ${userId}, p.general_pricelist_id, p.id,
           '{"type":"CONFIRM","added":1,"updated":2,"removed":0,"unchanged":397}'::jsonb, now()
    from generate_series(1, ${IMPORTS}) as i,
         (select p.id, p.general_pricelist_id from pricelists p
          join general_pricelists g on g.id = p.general_pricelist_id
          where g.organization_id = ${organizationId} and p.number = '2') as p`.execute(db);
  await sql`analyze imports`.execute(db);
  await close();
}

// Idle workers and sockets must not keep a finished measurement alive.
process.exit(0);
