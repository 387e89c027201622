import { describe, expect, it } from 'vitest';
import { editedPricelistFile, pricelistRows, validatedImport } from '../../../test-support/importFlow';
import { testDatabaseKinds } from '../../../test-support/testApp';
import { useSupplierApp } from '../../../test-support/useTestApp';
import { largestPriceChangesOf, reversed } from './largestPriceChanges';

describe.each(testDatabaseKinds)('the largest price changes of an import, on %s', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);

  it('names at most five, the largest change in kronor first, up or down, and never an unchanged price', async () => {
    const pricelistId = supplier.pricelists.current;
    const rows = await pricelistRows(testApp, pricelistId);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    // Eight listed articles, A to H in article-number order, with these prices before and after.
    const prices: [string, string][] = [
      ['100.00', '101.00'],
      ['100.00', '40.00'],
      ['10.00', '10.00'],
      ['5.5', '75.50'],
      ['1.00', '2.00'],
      ['1.00', '3.00'],
      ['200.00', '180.00'],
      ['300.00', '299.00'],
    ];
    const [a, b, , d, , f, g] = rows.map((row) => row.articleNumber);
    for (const [i, [before]] of prices.entries()) {
      await testApp.db
        .updateTable('pricelist_rows')
        .set({ price: before })
        .where('pricelist_id', '=', pricelistId)
        .where('article_id', 'in', (eb) =>
          eb
            .selectFrom('articles')
            .select('id')
            .where('organization_id', '=', supplier.organizationId)
            .where('article_number', '=', rows[i]!.articleNumber),
        )
        .execute();
    }
    const after = new Map(prices.map(([, price], i) => [rows[i]!.articleNumber, Number(price)]));
    const content = await editedPricelistFile(testApp, pricelistId, (row) => ({
      ...row,
      price: after.get(String(row.articleNumber)) ?? row.price,
    }));
    const validated = await validatedImport(testApp, supplier, content);
    expect(validated.status).toBe('VALIDATION_SUCCESS');

    expect(await largestPriceChangesOf(testApp.db, validated.id)).toEqual([
      { articleNumber: d, before: '5.50', after: '75.50' },
      { articleNumber: b, before: '100.00', after: '40.00' },
      { articleNumber: g, before: '200.00', after: '180.00' },
      { articleNumber: f, before: '1.00', after: '3.00' },
      { articleNumber: a, before: '100.00', after: '101.00' },
    ]);
  });

  it('gives an undo the same changes backwards', () => {
    expect(reversed([{ articleNumber: 'A', before: '1.00', after: '2.00' }])).toEqual([
      { articleNumber: 'A', before: '2.00', after: '1.00' },
    ]);
    expect(reversed(null)).toBeNull();
  });
});
