import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../../../test-support/testApp';
import { compiledOnce } from './compiledOnce';
import type { DatabaseHandle } from './database';

describe.each(testDatabaseKinds)('queries compiled once on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await handle.db
      .insertInto('organizations')
      .values([
        { name: 'Första AB', kind: 'SUPPLIER' },
        { name: 'Andra AB', kind: 'SUPPLIER' },
        { name: 'Region Tredje', kind: 'CUSTOMER' },
      ])
      .execute();
  });
  afterAll(() => handle?.close());

  it('answers each run for its own values, as the same query built each time does', async () => {
    const { db } = handle;
    const byKindAndName = compiledOnce(db, 2, (kind: string, name: string) =>
      db
        .selectFrom('organizations')
        .select(['name', 'kind'])
        .where('kind', '=', kind as 'SUPPLIER')
        .where('name', '<>', name)
        .orderBy('name'),
    );
    for (const [kind, name] of [
      ['SUPPLIER', 'Andra AB'],
      ['SUPPLIER', 'Ingen AB'],
      ['CUSTOMER', 'Första AB'],
    ] as const) {
      const built = await db
        .selectFrom('organizations')
        .select(['name', 'kind'])
        .where('kind', '=', kind)
        .where('name', '<>', name)
        .orderBy('name')
        .execute();
      expect((await byKindAndName(kind, name)).rows).toEqual(built);
    }
    expect((await byKindAndName('SUPPLIER', 'Andra AB')).rows).toEqual([
      { name: 'Första AB', kind: 'SUPPLIER' },
    ]);
  });

  it('keeps the constants of the query beside the values', async () => {
    const { db } = handle;
    const renamed = compiledOnce(db, 1, (name: string) =>
      db.updateTable('organizations').set({ name }).where('name', '=', 'Region Tredje'),
    );
    expect(Number((await renamed('Region Fjärde')).numAffectedRows)).toBe(1);
    expect(Number((await renamed('Region Femte')).numAffectedRows)).toBe(0);
    const names = await db.selectFrom('organizations').select('name').orderBy('name').execute();
    expect(names.map((row) => row.name)).toEqual(['Andra AB', 'Första AB', 'Region Fjärde']);
  });

  it('refuses a query that does not pass a placeholder on as a parameter', () => {
    const { db } = handle;
    expect(() =>
      compiledOnce(db, 1, (name: string) =>
        db.selectFrom('organizations').select('id').where('name', '=', name.toUpperCase()),
      ),
    ).toThrow(/placeholder 0 is not a parameter/);
  });
});
