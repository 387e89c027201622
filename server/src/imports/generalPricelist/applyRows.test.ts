import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricelistRowValues } from '#contract';
import { demoSupplier, pricelistRows, type Supplier } from '../../../../test-support/importFlow';
import { createTestApp, type TestApp, testDatabaseKinds } from '../../../../test-support/testApp';
import { applyPriceListChanges, StaleDataError } from './applyRows';

// The apply job checks the price list is as validated before it writes; these are the guards
// behind that check: a change that no longer fits the rows rolls back as stale data.
describe.each(testDatabaseKinds)('writing validated changes on %s', (kind) => {
  let testApp: TestApp;
  let supplier: Supplier;
  let before: PricelistRowValues[];

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    supplier = await demoSupplier(testApp);
    before = await pricelistRows(testApp, supplier.pricelists.current);
  });
  afterAll(() => testApp?.close());

  const apply = (changes: Parameters<typeof applyPriceListChanges>[3]) =>
    testApp.db
      .transaction()
      .execute((trx) =>
        applyPriceListChanges(trx, supplier.organizationId, supplier.pricelists.current, changes),
      );

  it('writes added, updated and removed rows with every value', async () => {
    const [first, second] = before as [PricelistRowValues, PricelistRowValues];
    const updated = { ...first, price: '777.70', warrantyTerms: 'Ny text', deliveryTimeDays: null };
    const articles = await testApp.db
      .selectFrom('articles')
      .select('article_number')
      .where('organization_id', '=', supplier.organizationId)
      .where(
        'article_number',
        'not in',
        before.map((row) => row.articleNumber),
      )
      .limit(1)
      .execute();
    const added = { ...second, articleNumber: articles[0]!.article_number, price: '12.00' };
    await apply({ added: [added], updated: [{ old: first, new: updated }], removed: [second] });
    const after = await pricelistRows(testApp, supplier.pricelists.current);
    expect(after.find((row) => row.articleNumber === first.articleNumber)).toEqual(updated);
    expect(after.find((row) => row.articleNumber === added.articleNumber)).toEqual(added);
    expect(after.find((row) => row.articleNumber === second.articleNumber)).toBeUndefined();
    before = after;
  });

  it('refuses an added row the price list already has, and writes nothing', async () => {
    const [first, second] = before as [PricelistRowValues, PricelistRowValues];
    const change = apply({ added: [{ ...first, price: '1.00' }], updated: [], removed: [second] });
    await expect(change).rejects.toBeInstanceOf(StaleDataError);
    expect(await pricelistRows(testApp, supplier.pricelists.current)).toEqual(before);
  });

  it('refuses an updated row the price list no longer has, and writes nothing', async () => {
    const [first] = before as [PricelistRowValues];
    const gone = { ...first, articleNumber: 'FINNS-INTE-1' };
    const change = apply({ added: [], updated: [{ old: gone, new: gone }], removed: [first] });
    await expect(change).rejects.toBeInstanceOf(StaleDataError);
    expect(await pricelistRows(testApp, supplier.pricelists.current)).toEqual(before);
  });
});
