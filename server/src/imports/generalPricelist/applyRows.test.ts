import { describe, expect, it } from 'vitest';
import type { PricelistRowValues } from '#contract';
import { editedPricelistFile, pricelistRows, validatedImport } from '../../../../test-support/importFlow';
import { testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';
import { applyStoredChanges, type ChangeCounts, StaleDataError } from './applyRows';

// The apply job checks the price list is as validated before it writes; these are the guards
// behind that check: changes that no longer fit the rows roll back as stale data.
describe.each(testDatabaseKinds)('writing the changes a validation kept, on %s', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);
  const current = () => supplier.pricelists.current;

  /** The current price list's first two rows, by article number. */
  const firstTwoRows = async () =>
    (await pricelistRows(testApp, current())) as [PricelistRowValues, PricelistRowValues];

  /** An article of the supplier's that the current price list does not have. */
  async function articleNotListed(): Promise<string> {
    const listed = (await pricelistRows(testApp, current())).map((row) => row.articleNumber);
    const found = await testApp.db
      .selectFrom('articles')
      .select('article_number')
      .where('organization_id', '=', supplier.organizationId)
      .where('article_number', 'not in', listed)
      .orderBy('article_number')
      .executeTakeFirstOrThrow();
    return found.article_number;
  }

  /** Validates the file: its import's id, with the changes kept. */
  async function validated(content: Buffer): Promise<number> {
    const imported = await validatedImport(testApp, supplier, content);
    expect(imported.status).toBe('VALIDATION_SUCCESS');
    return imported.id;
  }

  const apply = (importId: number, counts: ChangeCounts) =>
    testApp.db
      .transaction()
      .execute((trx) =>
        applyStoredChanges(
          trx,
          { importId, organizationId: supplier.organizationId, pricelistId: current() },
          counts,
        ),
      );

  /** The apply throws StaleDataError and the price list stays as it was. */
  async function expectRefusedAsStale(importId: number, counts: ChangeCounts) {
    const before = await pricelistRows(testApp, current());
    await expect(apply(importId, counts)).rejects.toBeInstanceOf(StaleDataError);
    expect(await pricelistRows(testApp, current())).toEqual(before);
  }

  it('writes the added, updated and removed rows with every value, and keeps the added ids', async () => {
    const [first, second] = await firstTwoRows();
    const newArticle = await articleNotListed();
    const content = await editedPricelistFile(
      testApp,
      current(),
      (row) => {
        if (row.articleNumber === second.articleNumber) return null;
        if (row.articleNumber !== first.articleNumber) return row;
        return { ...row, price: 777.7, warrantyTerms: 'Ny text', deliveryTimeDays: null };
      },
      [{ ...second, articleNumber: newArticle, price: 12 }],
    );
    const importId = await validated(content);

    await apply(importId, { added: 1, updated: 1, removed: 1 });
    const after = await pricelistRows(testApp, current());
    expect(after.find((row) => row.articleNumber === first.articleNumber)).toEqual({
      ...first,
      price: '777.70',
      warrantyTerms: 'Ny text',
      deliveryTimeDays: null,
    });
    expect(after.find((row) => row.articleNumber === newArticle)).toEqual({
      ...second,
      articleNumber: newArticle,
      price: '12.00',
    });
    expect(after.find((row) => row.articleNumber === second.articleNumber)).toBeUndefined();
    const kept = await testApp.db
      .selectFrom('import_undo_added')
      .select('row_ids')
      .where('import_id', '=', importId)
      .execute();
    const addedRow = await testApp.db
      .selectFrom('pricelist_rows as r')
      .innerJoin('articles as a', 'a.id', 'r.article_id')
      .select('r.id')
      .where('r.pricelist_id', '=', current())
      .where('a.article_number', '=', newArticle)
      .executeTakeFirstOrThrow();
    expect(kept.map((row) => row.row_ids.map(Number))).toEqual([[Number(addedRow.id)]]);
  });

  it('refuses an added row the price list has by now, and writes nothing', async () => {
    const [first, second] = await firstTwoRows();
    const newArticle = await articleNotListed();
    const content = await editedPricelistFile(
      testApp,
      current(),
      (row) => (row.articleNumber === first.articleNumber ? null : row),
      [{ ...second, articleNumber: newArticle, price: 5 }],
    );
    const importId = await validated(content);
    const article = await testApp.db
      .selectFrom('articles')
      .select('id')
      .where('organization_id', '=', supplier.organizationId)
      .where('article_number', '=', newArticle)
      .executeTakeFirstOrThrow();
    await testApp.db
      .insertInto('pricelist_rows')
      .values({ pricelist_id: current(), article_id: article.id, price: '1.00', minimum_order_quantity: 1 })
      .execute();
    await expectRefusedAsStale(importId, { added: 1, updated: 0, removed: 1 });
  });

  it('refuses an updated row the price list no longer has, and writes nothing', async () => {
    const [first, second] = await firstTwoRows();
    const content = await editedPricelistFile(testApp, current(), (row) => {
      if (row.articleNumber === second.articleNumber) return null;
      return row.articleNumber === first.articleNumber ? { ...row, price: Number(first.price) + 1 } : row;
    });
    const importId = await validated(content);
    await testApp.db
      .deleteFrom('pricelist_rows')
      .where('pricelist_id', '=', current())
      .where('article_id', 'in', (eb) =>
        eb
          .selectFrom('articles')
          .select('id')
          .where('organization_id', '=', supplier.organizationId)
          .where('article_number', '=', first.articleNumber),
      )
      .execute();
    await expectRefusedAsStale(importId, { added: 0, updated: 1, removed: 1 });
  });

  it('refuses changes whose count is not the one confirmed, and writes nothing', async () => {
    const [first] = await firstTwoRows();
    const content = await editedPricelistFile(testApp, current(), (row) =>
      row.articleNumber === first.articleNumber ? null : row,
    );
    const importId = await validated(content);
    await expectRefusedAsStale(importId, { added: 0, updated: 0, removed: 2 });
  });
});
