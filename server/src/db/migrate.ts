import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number: all instances agree on it, so only one migrates at a time. */
const MIGRATION_LOCK = 727_001;

/**
 * Applies the plain SQL files of `migrations/` in name order, each once and in its own transaction.
 * A session-level advisory lock makes two instances that start together take turns.
 */
export async function migrate(db: Database): Promise<string[]> {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(connection);
    try {
      await sql`create table if not exists schema_migrations (
        name text primary key, applied_at timestamptz not null default now())`.execute(connection);
      const done = await sql<{ name: string }>`select name from schema_migrations`.execute(connection);
      const applied = new Set(done.rows.map((row) => row.name));
      const pending = readdirSync(migrationsDir)
        .filter((file) => file.endsWith('.sql') && !applied.has(file))
        .sort();
      for (const file of pending) {
        const text = readFileSync(path.join(migrationsDir, file), 'utf8');
        await connection.transaction().execute(async (trx) => {
          await sql.raw(text).execute(trx);
          await sql`insert into schema_migrations (name) values (${file})`.execute(trx);
        });
      }
      return pending;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(connection);
    }
  });
}
