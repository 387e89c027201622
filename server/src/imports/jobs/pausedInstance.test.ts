/**
 * Leases with a real server process on PostgreSQL: a live instance renews its job's lease, so no
 * other instance takes the job over, however long it runs; an instance that stops (SIGSTOP, as a
 * frozen VM or a long GC pause would) loses the job once its lease runs out, and when it comes
 * back it writes nothing of its result. The server runs with a lease of 1 s (renewed every 250 ms)
 * and the job is a large file, so that it runs for several leases.
 */
import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePriceListXlsx } from '../../../../test-support/generatedWorkbooks';
import { signInOverHttp, startServerProcess } from '../../../../test-support/serverProcess';
import { systemClock } from '../../clock';
import { loadConfig } from '../../config';
import { type DatabaseHandle, openDatabase } from '../../db/database';
import { claimNextJob, type JobDeps, renewLease } from './importQueue';

const postgresUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// PostgreSQL only (TEST_DATABASE_URL): a second process shares the database.
describe.skipIf(!postgresUrl)('a job of a paused instance', () => {
  const name = `hmdb_paused_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const adminUrl = new URL(postgresUrl ?? 'postgres://skipped');
  const databaseUrl = new URL(postgresUrl ?? 'postgres://skipped');
  databaseUrl.pathname = `/${name}`;
  let admin: DatabaseHandle;
  let database: DatabaseHandle;
  let server: ChildProcess;
  let url: string;
  let cookie: string;
  /** The server's log lines "import job finished": which job, and how it ended. */
  const finished: { importId: number; end: string; workerId: string }[] = [];
  /** The other instance: this test process, claiming with the same lease. */
  let other: Pick<JobDeps, 'db' | 'clock' | 'config'>;

  beforeAll(async () => {
    admin = await openDatabase({ databaseUrl: adminUrl.toString(), poolSize: 1 });
    await sql`create database ${sql.id(name)}`.execute(admin.db);
    ({ url, child: server } = await startServerProcess(
      {
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        DATABASE_URL: databaseUrl.toString(),
        JOB_LEASE_SECONDS: '1',
        JOB_POLL_MS: '100',
        UPLOAD_RATE_BURST: '100',
      },
      (line) => {
        if (line.includes('import job finished')) finished.push(JSON.parse(line));
      },
    ));
    cookie = await signInOverHttp(url);
    database = await openDatabase({ databaseUrl: databaseUrl.toString(), poolSize: 2 });
    other = { db: database.db, clock: systemClock, config: loadConfig({ JOB_LEASE_SECONDS: '1' }) };
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGCONT');
      server.kill('SIGKILL');
    }
    await database?.close();
    if (admin) {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      await admin.close();
    }
  });

  /** Uploads a large file to the server's current price list; the import's id. */
  async function upload(): Promise<number> {
    const { organization_id, general_pricelist_id, pricelist_id } = await sql<{
      organization_id: number;
      general_pricelist_id: number;
      pricelist_id: number;
    }>`select g.organization_id, g.id as general_pricelist_id, p.id as pricelist_id
         from pricelists p join general_pricelists g on g.id = p.general_pricelist_id
         join organizations o on o.id = g.organization_id
         where o.name = 'Hjälpmedel Demo AB' and p.number = '2'`
      .execute(database.db)
      .then((result) => result.rows[0]!);
    const form = new FormData();
    form.append(
      'request',
      JSON.stringify({
        type: 'GENERAL_PRICELIST',
        metadata: { parent: general_pricelist_id, id: pricelist_id },
      }),
    );
    form.append('file', new Blob([new Uint8Array(generatePriceListXlsx(150_000))]), 'stor.xlsx');
    const response = await fetch(`${url}/resources/v1/imports/${organization_id}`, {
      method: 'POST',
      headers: { cookie, origin: url },
      body: form,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { importObject: { id: number } }).importObject.id;
  }

  const importRow = (id: number) =>
    database.db
      .selectFrom('imports')
      .select(['status', 'lease_owner', 'attempts', 'summary'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  async function claimedByServer(id: number) {
    for (const until = Date.now() + 30_000; Date.now() < until; await sleep(20)) {
      const row = await importRow(id);
      if (row.lease_owner !== null && row.lease_owner !== 'instance-b') return row;
    }
    throw new Error('the server did not claim the job');
  }

  it('never takes over the job of a live instance, however many leases it runs', async () => {
    const id = await upload();
    await claimedByServer(id);
    const claimedAt = Date.now();
    // A slow but live instance: stopped 150 ms of every 300 (its lease renewals come late, never
    // a whole 1 s lease late), so the job runs past its lease however fast the machine is.
    const slowing = setInterval(() => {
      server.kill('SIGSTOP');
      setTimeout(() => server.kill('SIGCONT'), 150);
    }, 300);
    // Three leases long, another instance asks for work every 50 ms and gets none.
    let pendingFor = 0;
    try {
      while (Date.now() - claimedAt < 3_000) {
        expect(await claimNextJob(other as JobDeps, 'instance-b')).toBeNull();
        if ((await importRow(id)).status === 'VALIDATION_PENDING') pendingFor = Date.now() - claimedAt;
        await sleep(50);
      }
    } finally {
      clearInterval(slowing);
      setTimeout(() => server.kill('SIGCONT'), 200);
    }
    // The job really ran past its 1 s lease (renewed meanwhile) while the other instance asked.
    expect(pendingFor).toBeGreaterThan(1_000);
    for (const until = Date.now() + 60_000; Date.now() < until; await sleep(200)) {
      if ((await importRow(id)).status !== 'VALIDATION_PENDING') break;
    }
    const done = await importRow(id);
    expect(done.status).toBe('VALIDATION_FAIL');
    expect(done.attempts).toBe(1);
  }, 120_000);

  it("takes over a paused instance's job once its lease has run out, and drops the paused one's result", async () => {
    const id = await upload();
    await claimedByServer(id);
    server.kill('SIGSTOP');
    let taken: Awaited<ReturnType<typeof claimNextJob>>;
    try {
      await sleep(1_500);
      taken = await claimNextJob(other as JobDeps, 'instance-b');
      expect(taken).toMatchObject({ id, attempts: 2 });
    } finally {
      server.kill('SIGCONT');
    }
    // The server goes on with its job; this instance holds the job meanwhile, renewing its
    // lease as a live one does. When the server's job ends, it finds the job taken.
    let ended: (typeof finished)[number] | undefined;
    for (const until = Date.now() + 60_000; !ended && Date.now() < until; await sleep(250)) {
      expect(await renewLease(other as JobDeps, taken!, 'instance-b')).toBe(true);
      ended = finished.find((line) => line.importId === id);
    }
    expect(ended?.end).toBe('LEASE_LOST');
    const row = await importRow(id);
    expect(row).toMatchObject({ status: 'VALIDATION_PENDING', lease_owner: 'instance-b', summary: null });
  }, 120_000);
});
