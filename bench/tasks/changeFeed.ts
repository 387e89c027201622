/**
 * Reading the change feed (PostgreSQL, the real server in its own process): a 50,000-row import's
 * changes (every row's price updated, as kept by a real apply) behind BENCH_FEED_ENTRIES feed
 * entries, applied and undone in turn, read from the beginning at 1,000 rows an answer as a
 * region's system would. Reports the wall time, and the CPU of the server process and of the
 * database's backends (from /proc), per 1,000 rows.
 */
import { sql } from 'kysely';
import { openDatabase } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';
import { changeChunks } from '../../server/src/pricelistFile/changeDetails';
import { cpuMsOf } from '../cpu';
import { createBenchDatabase, login, report, startServer } from '../lib';
import { prepareBenchSupplier } from '../setup';

const ROWS = 50_000;
const ENTRIES = Number(process.env.BENCH_FEED_ENTRIES ?? 20);

const database = await createBenchDatabase();
try {
  const { db, close } = await openDatabase({ databaseUrl: database.url });
  await migrate(db);
  const supplier = await prepareBenchSupplier(db, ROWS);
  const rows = await sql<{ articleNumber: string; price: string }>`
    select a.article_number as "articleNumber", r.price::text as price
    from pricelist_rows r join articles a on a.id = r.article_id
    where r.pricelist_id = ${supplier.pricelistId} order by a.article_number limit ${ROWS}`.execute(db);
  const values = (articleNumber: string, price: string) => ({
    articleNumber,
    price,
    minimumOrderQuantity: 1,
    deliveryTimeDays: 5,
    warrantyQuantity: 2,
    warrantyUnit: 'År',
    warrantyValidFrom: 'Leveransdatum',
    warrantyTerms: null,
  });
  const details = changeChunks(
    [],
    rows.rows.map((row) => ({
      old: values(row.articleNumber, row.price),
      new: values(row.articleNumber, (Number(row.price) * 1.03).toFixed(2)),
    })),
    [],
  );
  const now = new Date();
  const { id: importId } = await db
    .insertInto('imports')
    .values({
      organization_id: supplier.organizationId,
      type: 'GENERAL_PRICELIST',
      status: 'IMPORT_SUCCESS',
      created_at: now,
      imported_at: now,
      file_name: 'prisjustering.xlsx',
      imported_by: supplier.userId,
      general_pricelist_id: supplier.generalPricelistId,
      pricelist_id: supplier.pricelistId,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [chunk, items] of (details.updated ?? []).entries())
    await sql`insert into import_details (import_id, kind, chunk, items)
      values (${importId}, 'updated', ${chunk}, convert_from(${items}, 'UTF8')::json)`.execute(db);
  await sql`
    insert into pricelist_changes (position, kind, import_id, organization_id, general_pricelist_id,
      pricelist_id, changed_at, changed_by, added, updated, removed)
    select n, case when n % 2 = 1 then 'IMPORT_APPLIED' else 'IMPORT_UNDONE' end, ${importId},
      ${supplier.organizationId}, ${supplier.generalPricelistId}, ${supplier.pricelistId}, now(),
      ${supplier.userId}, 0, ${ROWS}, 0
    from generate_series(1, ${ENTRIES}) as n`.execute(db);
  await sql`insert into pricelist_change_head (position) values (${ENTRIES})`.execute(db);
  await close();

  const server = await startServer({ DATABASE_URL: database.url });
  try {
    const cookie = await login(server.url, 'region.avtal');
    const read = async (after: string) => {
      const response = await fetch(
        `${server.url}/resources/v1/pricelists/changes?after=${after}&limit=1000`,
        {
          headers: { cookie, 'accept-encoding': 'identity' },
        },
      );
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
      return (await response.json()) as { next: string; more: boolean; entries: { rows: unknown[] }[] };
    };
    await read('0'); // warm-up: JIT, the pool's first connection
    const { db: admin, close: closeAdmin } = await openDatabase({ databaseUrl: database.url });
    const backends = async () =>
      (
        await sql<{ pid: number }>`select pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`.execute(admin)
      ).rows.map((row) => row.pid);
    const backendCpu = async () => {
      let total = 0;
      for (const pid of await backends()) {
        try {
          total += cpuMsOf(pid);
        } catch {}
      }
      return total;
    };
    const serverBefore = cpuMsOf(server.pid);
    const databaseBefore = await backendCpu();
    const started = performance.now();
    let cursor = '0';
    let rowsRead = 0;
    let answers = 0;
    for (;;) {
      const page = await read(cursor);
      answers += 1;
      for (const entry of page.entries) rowsRead += entry.rows.length;
      cursor = page.next;
      if (!page.more) break;
    }
    const wallMs = performance.now() - started;
    const serverCpuMs = cpuMsOf(server.pid) - serverBefore;
    const databaseCpuMs = (await backendCpu()) - databaseBefore;
    await closeAdmin();
    report({ entries: ENTRIES, rowsRead, answers, wallMs, serverCpuMs, databaseCpuMs });
  } finally {
    await server.stop();
  }
} finally {
  await database.drop();
}
