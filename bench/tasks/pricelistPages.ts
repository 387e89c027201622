/**
 * The price-list pages with a 200,000-row price list (PostgreSQL, the real server in its own
 * process): the general price list, and the rows page first and 150,000 rows deep, with and
 * without a search, each at a fixed 100 requests/s with autocannon after a short warm-up of every
 * page. Target: p99 under 50 ms.
 */
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openDatabase } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';
import { createBenchDatabase, login, report, startServer } from '../lib';
import { prepareBenchSupplier } from '../setup';

const ROWS = Number(process.env.BENCH_PRICELIST_ROWS ?? 200_000);
const DEEP = Math.floor(ROWS * 0.75);
const seconds = Number(process.env.BENCH_API_SECONDS ?? 5);

const database = await createBenchDatabase();
try {
  const { db, close } = await openDatabase({ databaseUrl: database.url });
  await migrate(db);
  const supplier = await prepareBenchSupplier(db, ROWS);
  // The cursor of the row before the deep page, in article-number order (as the page would hand it on).
  const cursorAt = async (search: string | null) => {
    const row = await sql<{ article_number: string; id: number }>`
      select a.article_number, a.id from pricelist_rows r join articles a on a.id = r.article_id
      where r.pricelist_id = ${supplier.pricelistId}
        and (${search}::text is null or a.article_number ilike ${`${search ?? ''}%`})
      order by a.article_number offset ${DEEP - 1} limit 1`.execute(db);
    const last = row.rows[0]!;
    return Buffer.from(JSON.stringify([last.article_number, last.id])).toString('base64url');
  };
  const deep = await cursorAt(null);
  const deepSearch = await cursorAt('HMD');
  await close();

  const server = await startServer({ DATABASE_URL: database.url });
  try {
    const cookie = await login(server.url);
    const base = `/resources/v1/pricelists/${supplier.organizationId}/${supplier.generalPricelistId}`;
    const rows = `${base}/${supplier.pricelistId}/rows`;
    const endpoints = {
      general: base,
      first: `${rows}?limit=50`,
      deep: `${rows}?limit=50&after=${deep}`,
      firstSearch: `${rows}?limit=50&search=HMD-01`,
      deepSearch: `${rows}?limit=50&search=HMD&after=${deepSearch}`,
      nameSearch: `${rows}?limit=50&search=rollator`,
    };
    const results: Record<string, unknown> = {};
    // A warm-up over every page first (JIT, prepared statements, the pool's connections), not measured.
    for (const [name, path] of Object.entries(endpoints)) {
      const check = await fetch(server.url + path, { headers: { cookie } });
      if (!check.ok) throw new Error(`${name}: ${check.status} ${await check.text()}`);
      await autocannon({ url: server.url + path, headers: { cookie }, connections: 10, amount: 200 });
    }
    for (const [name, path] of Object.entries(endpoints)) {
      const fixed = await autocannon({
        url: server.url + path,
        headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
        connections: 10,
        duration: seconds,
        overallRate: 100,
      });
      results[name] = {
        rps: fixed.requests.average,
        p50: fixed.latency.p50,
        p99: fixed.latency.p99,
        max: fixed.latency.max,
        errors: fixed.errors + fixed.non2xx,
      };
    }
    report(results);
  } finally {
    await server.stop();
  }
} finally {
  await database.drop();
}

// Idle workers and sockets must not keep a finished measurement alive.
process.exit(0);
