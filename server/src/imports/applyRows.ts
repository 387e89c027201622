import { sql, type Transaction } from 'kysely';
import type { PricelistRowValues } from '../../../contract';
import type { DB } from '../db/schema';
import type { PriceListChanges } from './excel';

/** Rows per statement: arrays of this size keep each statement well under a few MB. */
const BATCH = 10_000;

/** An article of the file is gone since the validation read the data: validate again. */
export class StaleDataError extends Error {
  override name = 'StaleDataError';
}

/**
 * Writes the validated changes to the price list inside the caller's transaction: deletes the
 * removed rows, inserts the added ones and updates the changed ones. Each batch is one statement
 * over `unnest` arrays (50,000 rows are a handful of statements). Article numbers are resolved to
 * ids here, inside the transaction; a missing one throws StaleDataError (and rolls back).
 */
export async function applyPriceListChanges(
  trx: Transaction<DB>,
  organizationId: number,
  pricelistId: number,
  changes: PriceListChanges,
): Promise<void> {
  const removed = changes.removed.map((row) => row.articleNumber);
  for (let start = 0; start < removed.length; start += BATCH) {
    await sql`
      delete from pricelist_rows r using articles a
      where r.pricelist_id = ${pricelistId} and a.id = r.article_id and a.organization_id = ${organizationId}
        and a.article_number = any(${removed.slice(start, start + BATCH)}::text[])`.execute(trx);
  }
  const upserts = [...changes.added, ...changes.updated.map((update) => update.new)];
  for (let start = 0; start < upserts.length; start += BATCH) {
    const batch = upserts.slice(start, start + BATCH);
    const written = await upsertRows(trx, organizationId, pricelistId, batch);
    if (written !== batch.length) throw new StaleDataError('an article of the file no longer exists');
  }
}

async function upsertRows(
  trx: Transaction<DB>,
  organizationId: number,
  pricelistId: number,
  rows: readonly PricelistRowValues[],
): Promise<number> {
  const column = <K extends keyof PricelistRowValues>(key: K) => rows.map((row) => row[key]);
  const result = await sql`
    insert into pricelist_rows (pricelist_id, article_id, price, minimum_order_quantity, delivery_time_days,
      warranty_quantity, warranty_unit, warranty_valid_from, warranty_terms)
    select ${pricelistId}, a.id, v.price, v.minimum_order_quantity, v.delivery_time_days,
      v.warranty_quantity, v.warranty_unit, v.warranty_valid_from, v.warranty_terms
    from unnest(
      ${column('articleNumber')}::text[], ${column('price')}::numeric[], ${column('minimumOrderQuantity')}::int[],
      ${column('deliveryTimeDays')}::int[], ${column('warrantyQuantity')}::int[], ${column('warrantyUnit')}::text[],
      ${column('warrantyValidFrom')}::text[], ${column('warrantyTerms')}::text[]
    ) as v(article_number, price, minimum_order_quantity, delivery_time_days, warranty_quantity,
      warranty_unit, warranty_valid_from, warranty_terms)
    join articles a on a.organization_id = ${organizationId} and a.article_number = v.article_number
    on conflict (pricelist_id, article_id) do update set
      price = excluded.price,
      minimum_order_quantity = excluded.minimum_order_quantity,
      delivery_time_days = excluded.delivery_time_days,
      warranty_quantity = excluded.warranty_quantity,
      warranty_unit = excluded.warranty_unit,
      warranty_valid_from = excluded.warranty_valid_from,
      warranty_terms = excluded.warranty_terms`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
