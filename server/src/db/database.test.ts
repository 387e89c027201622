import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test-support/testApp';
import { useTestApp } from '../../../test-support/useTestApp';
import { openDatabase } from './database';
import { migrate } from './migrate';

describe.each(testDatabaseKinds)('database and demo data on %s', (kind) => {
  const testApp = useTestApp(kind);

  it('loads the demo users, organisations, articles and price lists', async () => {
    const { db } = testApp;
    const users = await db.selectFrom('users').select('username').orderBy('username').execute();
    expect(users.map((u) => u.username)).toEqual([
      'lev.admin',
      'lev.ny',
      'lev2.admin',
      'region.avtal',
      'region.tilldelat',
      'region.utbud',
      'superadmin',
    ]);
    const organizations = await db.selectFrom('organizations').select('name').orderBy('id').execute();
    expect(organizations.map((o) => o.name)).toEqual([
      'Hjälpmedel Demo AB',
      'Annan Leverantör AB',
      'Region Demo',
    ]);
    const articleCount = await db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(articleCount.count).toBe(550);
    const rows = await db
      .selectFrom('pricelist_rows as r')
      .innerJoin('pricelists as p', 'p.id', 'r.pricelist_id')
      .select(['p.number', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('p.number')
      .orderBy('p.number')
      .execute();
    expect(rows).toEqual([
      { number: '2', count: 400 },
      { number: '3', count: 100 },
    ]);
    const texts = await db.selectFrom('dynamic_texts').select('id').orderBy('id').execute();
    expect(texts.map((t) => t.id)).toEqual([1, 2, 3]);
  });

  it('applies no migration twice', async () => {
    expect(await migrate(testApp.db)).toEqual([]);
  });

  it('compresses the import details with lz4 where the server has it (PostgreSQL), else as before', async () => {
    const { rows } = await sql<{ compression: string }>`
      select attcompression as compression from pg_attribute
      where attrelid = 'import_details'::regclass and attname = 'items'`.execute(testApp.db);
    // 'l' is lz4; '' the server's default (pglz): PGlite is built without lz4.
    expect(rows).toEqual([{ compression: kind === 'postgres' ? 'l' : '' }]);
  });

  it('passes bytes through bytea parameters and results exactly', async () => {
    // Every byte value (the zero byte, backslash, quotes) and a large random part.
    const bytes = Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      randomBytes(1 << 20),
    ]);
    const { rows } = await sql<{ back: Uint8Array; size: number; md5: string }>`
      select ${bytes}::bytea as back, octet_length(${bytes}::bytea) as size, md5(${bytes}::bytea) as md5`.execute(
      testApp.db,
    );
    expect(rows[0]!.size).toBe(bytes.length);
    expect(rows[0]!.md5).toBe(createHash('md5').update(bytes).digest('hex'));
    expect(rows[0]!.back).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(rows[0]!.back).equals(bytes)).toBe(true);
    const text = 'Rullstol «Ö» 😀';
    const decoded = await sql<{ text: string }>`
      select convert_from(${new TextEncoder().encode(text)}, 'UTF8') as text`.execute(testApp.db);
    expect(decoded.rows).toEqual([{ text }]);
  });

  it('answers readyz and healthz', async () => {
    expect((await testApp.app.inject('/readyz')).json()).toEqual({ status: 'ok' });
    expect((await testApp.app.inject('/healthz')).statusCode).toBe(200);
  });

  it('hides testability/reset without the flag', async () => {
    const response = await testApp.app.inject('/resources/v1/testability/reset');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Hittades inte.' } });
  });
});

describe.each(testDatabaseKinds)('testability/reset with the flag on %s', (kind) => {
  const testApp = useTestApp(kind, { env: { ENABLE_TESTABILITY: 'true' } });

  it('restores the demo data', async () => {
    await testApp.db.deleteFrom('legacy_import_statuses').execute();
    const response = await testApp.app.inject('/resources/v1/testability/reset');
    expect(response.statusCode).toBe(200);
    const legacy = await testApp.db.selectFrom('legacy_import_statuses').select('unique_id').execute();
    expect(legacy).toHaveLength(3);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a broken idle PostgreSQL connection', () => {
  it('is reported and dropped; the process and the pool carry on', async () => {
    const broken: Error[] = [];
    const database = await openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL,
      poolSize: 2,
      onIdleConnectionError: (error) => broken.push(error),
    });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      const other = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 1 });
      await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(other.db);
      await other.close();
      await expect.poll(() => broken.length).toBe(1);
      const again = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances starting at once', () => {
  it('take turns migrating: every migration is applied exactly once', async () => {
    const schema = `test_concurrent_${Date.now().toString(36)}`;
    const admin = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 1 });
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    const first = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, schema });
    const second = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, schema });
    try {
      const [a, b] = await Promise.all([migrate(first.db), migrate(second.db)]);
      const applied = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(
        first.db,
      );
      expect([...a, ...b].sort()).toEqual(applied.rows.map((row) => row.name));
      expect(applied.rows.length).toBeGreaterThan(0);
    } finally {
      await first.close();
      await second.close();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.close();
    }
  });
});
