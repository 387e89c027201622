import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type DatabaseKind, testDatabaseKinds } from '../../../../test-support/testApp';
import type { DatabaseHandle } from '../../db/database';
import { openStatuses } from './importViews';

// The polled "Pågående" list is only fast while its WHERE matches the partial index of
// migration 004; a status added to one and not the other would silently fall back to a sort.
describe.each(testDatabaseKinds)('the open-imports index on %s', (kind: DatabaseKind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('covers exactly the statuses the pending list asks for', async () => {
    const { rows } = await sql<{ definition: string }>`
      select pg_get_indexdef(indexrelid) as definition from pg_index
      where indexrelid = 'imports_open_idx'::regclass`.execute(database.db);
    const predicate = rows[0]!.definition.split(' WHERE ')[1] ?? '';
    const statuses = [...predicate.matchAll(/'([A-Z_]+)'/g)].map((match) => match[1]);
    expect(statuses.sort()).toEqual([...openStatuses].sort());
  });
});
