import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test-support/testApp';
import type { DatabaseHandle } from './database';

describe.runIf(process.env.TEST_DATABASE_URL)('a binary COPY of a bytea column on PostgreSQL', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database?.close());

  it('gives every value byte for byte, in order, in and out of a transaction', async () => {
    const values = [
      new Uint8Array(0),
      new Uint8Array(Array.from({ length: 256 }, (_, i) => i)),
      new Uint8Array(randomBytes(3 * 1024 * 1024 + 7)),
    ];
    const { db } = database;
    await sql`create table copied (seq integer, bytes bytea)`.execute(db);
    for (const [seq, bytes] of values.entries())
      await sql`insert into copied values (${seq}, ${bytes})`.execute(db);
    const copy = sql<{
      value: Buffer;
    }>`copy (select bytes from copied order by seq) to stdout (format binary)`;
    const outside = await copy.execute(db);
    const inside = await db.transaction().execute((trx) => copy.execute(trx));
    for (const { rows } of [outside, inside]) {
      expect(rows).toHaveLength(values.length);
      expect(rows.map((row, i) => row.value.equals(values[i]!))).toEqual(values.map(() => true));
    }
    // The connection goes on as before.
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });
});
