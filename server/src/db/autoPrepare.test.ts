import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type AutoPrepareOptions, autoPreparingPool } from './autoPrepare';

describe.runIf(process.env.TEST_DATABASE_URL)('auto-prepared statements on PostgreSQL', () => {
  let db: Kysely<unknown> | undefined;
  afterEach(() => db?.destroy());

  /** One connection, so every statement runs in the session whose prepared statements we read. */
  const open = (options: AutoPrepareOptions) => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: autoPreparingPool(pool, options) }) });
    return db;
  };
  const prepared = async (database: Kysely<unknown>) =>
    (
      await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements order by statement`.execute(database)
    ).rows.map((row) => row.statement);
  const square = (database: Kysely<unknown>, n: number) =>
    sql<{ square: number }>`select ${n}::int * ${n}::int as square`.execute(database);

  it('prepares a statement once it has run `threshold` times, with the same results before and after', async () => {
    const database = open({ threshold: 3, maxStatements: 10, maxTextLength: 1000 });
    for (const n of [2, 3]) expect((await square(database, n)).rows).toEqual([{ square: n * n }]);
    expect(await prepared(database)).toEqual([]);
    for (const n of [4, 5, 6]) expect((await square(database, n)).rows).toEqual([{ square: n * n }]);
    expect(await prepared(database)).toEqual(['select $1::int * $2::int as square']);
  });

  it('never prepares a long text, nor more than `maxStatements` texts', async () => {
    const database = open({ threshold: 1, maxStatements: 2, maxTextLength: 60 });
    const long = sql<{ one: number }>`select 1 as one -- ${sql.raw('x'.repeat(80))}`;
    for (let i = 0; i < 3; i++) expect((await long.execute(database)).rows).toEqual([{ one: 1 }]);
    await square(database, 2);
    await sql`select 2 as two`.execute(database);
    await sql`select 3 as three`.execute(database);
    // The first two short texts reached the cap; the rest ran unnamed.
    expect(await prepared(database)).toEqual(['select $1::int * $2::int as square', 'select 2 as two']);
    expect((await sql<{ three: number }>`select 3 as three`.execute(database)).rows).toEqual([{ three: 3 }]);
  });

  it('keeps the connection usable when a prepared statement fails at execution', async () => {
    const database = open({ threshold: 1, maxStatements: 10, maxTextLength: 1000 });
    const divide = (by: number) => sql<{ q: number }>`select 10 / ${by}::int as q`.execute(database);
    expect((await divide(2)).rows).toEqual([{ q: 5 }]);
    await expect(divide(0)).rejects.toThrow(/division by zero/);
    expect((await divide(5)).rows).toEqual([{ q: 2 }]);
    await database.transaction().execute(async (trx) => {
      expect((await sql<{ q: number }>`select 10 / ${1}::int as q`.execute(trx)).rows).toEqual([{ q: 10 }]);
    });
  });
});
