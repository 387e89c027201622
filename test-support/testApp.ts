import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { Kysely, sql } from 'kysely';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../server/src/app';
import type { AppDeps } from '../server/src/appDeps';
import { ManualClock } from '../server/src/clock';
import { type Config, loadConfig } from '../server/src/config';
import { createAppDeps } from '../server/src/createAppDeps';
import { type DatabaseHandle, openDatabase } from '../server/src/db/database';
import { migrate } from '../server/src/db/migrate';
import { PGliteDialect, pgliteByteaHandlers } from '../server/src/db/pglite-dialect';
import type { DB } from '../server/src/db/schema';
import { seedDemoData } from '../server/src/demo/seed';
import { createSession, sessionCookieName } from '../server/src/identity/session';
import { createWorkerPool } from '../server/src/imports/jobs/workerLimits';
import { createLogger } from '../server/src/logger';
import { createMailer, type Mailer } from '../server/src/mail/transport';
import type { WorkerPoolOptions } from '../server/src/pricelistFile';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with `describe.each`. */
export const testDatabaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** The PGlite version: a dump is only read by the version that wrote it. */
function pgliteVersion(): string {
  const packageFile = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
    '..',
    'package.json',
  );
  return (JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string }).version;
}

const dumpPrefix = () =>
  path.join(tmpdir(), `hmdb-test-pglite-${pgliteVersion()}-${process.getuid?.() ?? 0}`);

/** Reads a dump kept in the temporary folder, or makes it and writes it there atomically. */
async function keptDump(file: string, make: () => Promise<Blob>): Promise<Blob> {
  try {
    return new Blob([readFileSync(file)], { type: 'application/x-tar' });
  } catch {
    // Not made yet: made below.
  }
  const dump = await make();
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    writeFileSync(temporary, new Uint8Array(await dump.arrayBuffer()));
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
  return dump;
}

/**
 * The data folder of a new, empty PGlite cluster, as a tar dump. PGlite runs initdb for every new
 * database, which takes seconds; starting from this dump instead takes a fraction of that and
 * gives the same cluster. Made once per machine and PGlite version: the first test file that
 * needs it writes it to the temporary folder (atomically, so files made at the same time are safe).
 */
function emptyPgliteCluster(): Promise<Blob> {
  return keptDump(`${dumpPrefix()}.tar`, async () => {
    const pglite = await PGlite.create();
    await pglite.exec('checkpoint');
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    return dump;
  });
}

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../server/src/db/migrations');

/** The migrations' names and contents, hashed: a dump of a migrated cluster is named by it. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const names = readdirSync(migrationsDir).filter((file) => file.endsWith('.sql'));
  for (const name of names.sort())
    hash.update(`${name}\0`).update(readFileSync(path.join(migrationsDir, name)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The empty cluster with every migration applied, as a tar dump: migrating takes longer than
 * loading the dump, and every PGlite test database starts migrated. Named by the migrations'
 * contents, so a changed or added migration makes a new one (the dumps of other migrations are
 * removed once an hour old); createTestDatabase still runs `migrate`, which then finds nothing
 * to apply. Read once per process: the test files of a Vitest worker share it.
 */
let migratedCluster: Promise<Blob> | undefined;
function migratedPgliteCluster(): Promise<Blob> {
  migratedCluster ??= (async () => {
    const prefix = `${dumpPrefix()}-migrated-`;
    const file = `${prefix}${migrationsHash()}.tar`;
    removeStaleDumps(prefix, file);
    return keptDump(file, async () => {
      const pglite = new PGlite({ loadDataDir: await emptyPgliteCluster(), ...pgliteByteaHandlers });
      await pglite.waitReady;
      const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
      await migrate(db);
      await pglite.exec('checkpoint');
      const dump = await pglite.dumpDataDir('none');
      // Closes PGlite too.
      await db.destroy();
      return dump;
    });
  })();
  return migratedCluster;
}

/** Dumps of other migrations made over an hour ago (another checkout's newer one may be in use). */
function removeStaleDumps(prefix: string, current: string) {
  const hourAgo = Date.now() - 60 * 60_000;
  for (const name of readdirSync(path.dirname(prefix))) {
    const file = path.join(path.dirname(prefix), name);
    if (!file.startsWith(prefix) || file === current) continue;
    try {
      if (statSync(file).mtimeMs < hourAgo) rmSync(file, { force: true });
    } catch {
      // Removed meanwhile.
    }
  }
}

/** A fresh, migrated database: PGlite in memory, or a new schema in TEST_DATABASE_URL that close() drops. */
export async function createTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ loadDataDir: await migratedPgliteCluster() });
    await migrate(handle.db);
    return handle;
  }
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await openDatabase({ databaseUrl, poolSize: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.close();
  const handle = await openDatabase({ databaseUrl, schema, poolSize: 10 });
  await migrate(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = await openDatabase({ databaseUrl, poolSize: 1 });
      await sql`drop schema ${sql.id(schema)} cascade`.execute(cleanup.db);
      await cleanup.close();
    },
  };
}

/**
 * The Excel worker's entry for the apps' pools: the bundle test-support/excelWorkerBundle.ts
 * made for this run, or (without it) the server's own.
 */
const excelWorkerEntry = (): string | undefined => inject('excelWorkerEntry');

export interface TestApp extends AppDeps {
  app: FastifyInstance;
  clock: ManualClock;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  /** Load the demo data (default true). */
  seed?: boolean;
  /** Where the logs go, for tests that read them (set LOG_LEVEL in env too; it is silent by default). */
  logDestination?: DestinationStream;
  /** Called as each worker job starts, before the worker gets it: a test may hold the worker here. */
  onWorkerJobStart?: WorkerPoolOptions['onJobStart'];
}

/** The real application on a fresh database with the demo data; call it with `app.inject()`. */
export async function createTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const clock = new ManualClock(new Date());
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hmdb-test-')),
    PUBLIC_URL: 'http://localhost:8080',
    // Tests upload many files at one instant of the manual clock; those about the limits set their own.
    UPLOAD_RATE_BURST: '10000',
    IMPORT_MAX_PENDING_VALIDATIONS: '10000',
    ...options.env,
  });
  const logger = createLogger(config, options.logDestination);
  if (options.seed !== false) await seedDemoData(database.db, clock.now());
  // As main.ts does: with PGlite, uploaded files are kept on disk.
  const deps = createAppDeps({
    config,
    db: database.db,
    databaseKind: database.kind,
    clock,
    logger,
    mailer: options.mailer ?? createMailer(config, logger),
    workerPool: createWorkerPool(config, options.onWorkerJobStart, excelWorkerEntry()),
  });
  const app = await buildApp(deps);
  await app.ready();
  return {
    ...deps,
    clock,
    app,
    database,
    async close() {
      await app.close();
      await deps.workerPool.close();
      await database.close();
    },
  };
}

/** A session for a demo user, made directly in the database: a Cookie header value for `inject`. */
export async function sessionCookieFor(testApp: TestApp, username: string): Promise<string> {
  const user = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const id = await createSession(testApp, user.id, true);
  return `${sessionCookieName(testApp.config)}=${id}`;
}

/**
 * A second instance of the app on the same PostgreSQL schema: its own connection pool, worker
 * pool, caches and job signal, as a second server would have. PGlite is one process's database,
 * so there is no second instance of it.
 */
export async function secondInstance(testApp: TestApp): Promise<TestApp> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (testApp.database.kind !== 'postgres' || !databaseUrl)
    throw new Error('a second instance needs PostgreSQL');
  const { schema } = (await sql<{ schema: string }>`select current_schema() as schema`.execute(testApp.db))
    .rows[0]!;
  const database = await openDatabase({ databaseUrl, schema, poolSize: 5 });
  const deps = createAppDeps({
    ...testApp,
    db: database.db,
    databaseKind: database.kind,
    workerPool: createWorkerPool(testApp.config, undefined, excelWorkerEntry()),
  });
  const app = await buildApp(deps);
  await app.ready();
  return {
    ...deps,
    clock: testApp.clock,
    app,
    database,
    async close() {
      await app.close();
      await deps.workerPool.close();
      await database.close();
    },
  };
}
