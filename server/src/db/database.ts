import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { autoPreparingPool } from './autoPrepare';
import { PGliteDialect, pgliteByteaHandlers } from './pglite-dialect';
import type { DB } from './schema';

export type Database = Kysely<DB>;

// Counts and bigint ids arrive as numbers on PGlite; make PostgreSQL answer the same way.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it, embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; undefined means in memory. */
  dataDir?: string | undefined;
  /** PGlite: start from this dump of a data folder (`dumpDataDir`) instead of a new, empty one. */
  loadDataDir?: Blob | undefined;
  /** PostgreSQL schema to work in (tests use one schema per test file). */
  schema?: string | undefined;
  poolSize?: number;
  /** Told when an idle PostgreSQL connection breaks (a restart, a terminated backend). */
  onIdleConnectionError?: (error: Error) => void;
}

export type DatabaseKind = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // An idle connection that breaks is dropped from the pool; without a listener, pg's 'error'
    // event would take the whole process down.
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: autoPreparingPool(pool) }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // One options object: PGlite reads a second argument only when the first is a folder's name, so
  // in memory (no folder) the handlers were left out.
  const pglite = new PGlite({ dataDir, loadDataDir: options.loadDataDir, ...pgliteByteaHandlers });
  await pglite.waitReady;
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
