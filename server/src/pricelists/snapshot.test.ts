import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricelistRowValues } from '#contract';
import { demoSupplier, pricelistRows, type Supplier } from '../../../test-support/importFlow';
import { createTestApp, type TestApp, testDatabaseKinds } from '../../../test-support/testApp';
import { buildPriceListTemplate, defaultWorkerLimits, runPriceListValidation } from '../pricelistFile';
import {
  loadPricelistSnapshot,
  loadVersionedPricelistSnapshot,
  pricelistRowsVersion,
  templateRows,
} from './snapshot';

const terms = 'Gäller "alltid"\tutom vid\nåverkan på ÅÄÖ-delar \\ se avtal';

/** Values the snapshot's JSON must carry unchanged: nulls, exact prices, control characters, å/ä/ö. */
const values: Omit<PricelistRowValues, 'articleNumber'>[] = [
  {
    price: '0.00',
    minimumOrderQuantity: 1,
    deliveryTimeDays: null,
    warrantyQuantity: null,
    warrantyUnit: null,
    warrantyValidFrom: null,
    warrantyTerms: null,
  },
  {
    price: '1234.50',
    minimumOrderQuantity: 5,
    deliveryTimeDays: 10,
    warrantyQuantity: 2,
    warrantyUnit: 'År',
    warrantyValidFrom: 'Leveransdatum',
    warrantyTerms: terms,
  },
  {
    price: '99999.99',
    minimumOrderQuantity: 1000,
    deliveryTimeDays: 0,
    warrantyQuantity: 0,
    warrantyUnit: 'Månader',
    warrantyValidFrom: 'Fakturadatum',
    warrantyTerms: 'Två år på ramen',
  },
];

describe.each(testDatabaseKinds)('the price list snapshot on %s', (kind) => {
  let testApp: TestApp;
  let supplier: Supplier;
  let stored: PricelistRowValues[];

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    supplier = await demoSupplier(testApp);
    const pricelistId = supplier.pricelists.current;
    const articles = await testApp.db
      .selectFrom('articles')
      .select('id')
      .where('organization_id', '=', supplier.organizationId)
      .orderBy('article_number')
      .limit(values.length)
      .execute();
    await testApp.db.deleteFrom('pricelist_rows').where('pricelist_id', '=', pricelistId).execute();
    await testApp.db
      .insertInto('pricelist_rows')
      .values(
        values.map((row, i) => ({
          pricelist_id: pricelistId,
          article_id: articles[i]!.id,
          price: row.price,
          minimum_order_quantity: row.minimumOrderQuantity,
          delivery_time_days: row.deliveryTimeDays,
          warranty_quantity: row.warrantyQuantity,
          warranty_unit: row.warrantyUnit,
          warranty_valid_from: row.warrantyValidFrom,
          warranty_terms: row.warrantyTerms,
        })),
      )
      .execute();
    stored = await pricelistRows(testApp, pricelistId);
  });
  afterAll(() => testApp?.close());

  const snapshot = () =>
    loadVersionedPricelistSnapshot(testApp.db, supplier.organizationId, supplier.pricelists.current);

  it("carries the rows exactly: the price list's own template validates as all unchanged", async () => {
    const template = await templateRows(testApp.db, supplier.organizationId, supplier.pricelists.current);
    const { json, rowsVersion } = await snapshot();
    expect(rowsVersion).toBe(await pricelistRowsVersion(testApp.db, supplier.pricelists.current));
    const outcome = await runPriceListValidation(
      { content: await buildPriceListTemplate(template!.rows), fileName: 'mall.xlsx', snapshot: json },
      defaultWorkerLimits,
    );
    expect(outcome.summary).toEqual({ type: 'CONFIRM', added: 0, updated: 0, removed: 0, unchanged: 3 });
  });

  it('gives back removed rows with the values the database has, also in what is kept', async () => {
    // Handed over while still loading, as the validation job does: the worker reads the file meanwhile.
    const json = loadPricelistSnapshot(testApp.db, supplier.organizationId, supplier.pricelists.current);
    const outcome = await runPriceListValidation(
      { content: await buildPriceListTemplate([]), fileName: 'tom.xlsx', snapshot: json },
      defaultWorkerLimits,
    );
    const byArticle = (rows: PricelistRowValues[]) =>
      [...rows].sort((a, b) => a.articleNumber.localeCompare(b.articleNumber));
    expect(outcome.summary).toEqual({ type: 'CONFIRM', added: 0, updated: 0, removed: 3, unchanged: 0 });
    if (!('changes' in outcome)) throw new Error('expected changes');
    expect(byArticle(outcome.changes.removed)).toEqual(stored);
    expect(byArticle(JSON.parse(new TextDecoder().decode(outcome.details.removed![0]!)))).toEqual(stored);
    expect(stored.map((row) => row.warrantyTerms)).toContain(terms);
  });

  it('reads a price list without rows as empty, so every row of a file is added', async () => {
    await testApp.db
      .deleteFrom('pricelist_rows')
      .where('pricelist_id', '=', supplier.pricelists.future)
      .execute();
    const template = await templateRows(testApp.db, supplier.organizationId, supplier.pricelists.current);
    const outcome = await runPriceListValidation(
      {
        content: await buildPriceListTemplate(template!.rows),
        fileName: 'mall.xlsx',
        snapshot: loadPricelistSnapshot(testApp.db, supplier.organizationId, supplier.pricelists.future),
      },
      defaultWorkerLimits,
    );
    expect(outcome.summary).toEqual({ type: 'CONFIRM', added: 3, updated: 0, removed: 0, unchanged: 0 });
  });

  it('carries a price list larger than one block whole; removed rows come by article number', async () => {
    const pricelistId = supplier.pricelists.future;
    await sql`delete from pricelist_rows where pricelist_id = ${pricelistId}`.execute(testApp.db);
    await sql`insert into articles (organization_id, article_number, name)
      select ${supplier.organizationId}, 'BLOCK-' || lpad(n::text, 5, '0'), 'Artikel ' || n
      from generate_series(1, 45000) as n`.execute(testApp.db);
    // Inserted in descending article order, so the rows' order (by id) is not the articles'.
    await sql`insert into pricelist_rows (pricelist_id, article_id, price, minimum_order_quantity)
      select ${pricelistId}, id, '10.00', 1 from articles
      where organization_id = ${supplier.organizationId} and article_number like 'BLOCK-%'
      order by article_number desc`.execute(testApp.db);
    const json = await loadPricelistSnapshot(testApp.db, supplier.organizationId, pricelistId);
    expect(json.rows.length).toBeGreaterThan(1);
    const outcome = await runPriceListValidation(
      { content: await buildPriceListTemplate([]), fileName: 'tom.xlsx', snapshot: json },
      defaultWorkerLimits,
    );
    expect(outcome.summary).toEqual({ type: 'CONFIRM', added: 0, updated: 0, removed: 45_000, unchanged: 0 });
    if (!('changes' in outcome)) throw new Error('expected changes');
    const removedNumbers = outcome.changes.removed.map((row) => row.articleNumber);
    expect(removedNumbers[0]).toBe('BLOCK-00001');
    expect(removedNumbers.at(-1)).toBe('BLOCK-45000');
    expect(removedNumbers).toEqual(
      Array.from({ length: 45_000 }, (_, i) => `BLOCK-${String(i + 1).padStart(5, '0')}`),
    );
  });
});
