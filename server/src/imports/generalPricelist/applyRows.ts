import { sql, type Transaction } from 'kysely';
import type { PricelistRowValues } from '#contract';
import type { DB } from '../../db/schema';
import type { PriceListChanges } from '../../pricelistFile';

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
 * ids here, inside the transaction; a missing one throws StaleDataError (and rolls back). With
 * `undoOf` (the import applying them), the ids of the added rows are kept for its undo.
 *
 * The caller has checked that the price list's rows are exactly those validated against, so an
 * added row is new and an updated one exists: a plain INSERT and an UPDATE, not an upsert (its
 * speculative insertion cost ~12 % of writing 50,000 new rows). Should a row appear anyway, the
 * unique key refuses it and the data counts as stale too.
 */
export async function applyPriceListChanges(
  trx: Transaction<DB>,
  organizationId: number,
  pricelistId: number,
  changes: PriceListChanges,
  undoOf?: number,
): Promise<void> {
  const removed = changes.removed.map((row) => row.articleNumber);
  for (let start = 0; start < removed.length; start += BATCH) {
    await sql`
      delete from pricelist_rows r using articles a
      where r.pricelist_id = ${pricelistId} and a.id = r.article_id and a.organization_id = ${organizationId}
        and a.article_number = any(${removed.slice(start, start + BATCH)}::text[])`.execute(trx);
  }
  await inBatches(changes.added, (batch, start) =>
    insertRows(trx, organizationId, pricelistId, batch, undoOf, start / BATCH),
  );
  await inBatches(
    changes.updated.map((update) => update.new),
    (batch) => updateRows(trx, organizationId, pricelistId, batch),
  );
}

/** Writes the rows a batch at a time; each batch must write every one of its rows. */
async function inBatches(
  rows: readonly PricelistRowValues[],
  write: (batch: readonly PricelistRowValues[], start: number) => Promise<number>,
) {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    let written: number;
    try {
      written = await write(batch, start);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new StaleDataError('a row of the file is already in the price list');
      throw error;
    }
    if (written !== batch.length) throw new StaleDataError('an article or row of the file is gone');
  }
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** The rows' values as `unnest` arrays named v(article_number, price, …). */
function valuesOf(rows: readonly PricelistRowValues[]) {
  const column = <K extends keyof PricelistRowValues>(key: K) => rows.map((row) => row[key]);
  return sql`unnest(
      ${column('articleNumber')}::text[], ${column('price')}::numeric[], ${column('minimumOrderQuantity')}::int[],
      ${column('deliveryTimeDays')}::int[], ${column('warrantyQuantity')}::int[], ${column('warrantyUnit')}::text[],
      ${column('warrantyValidFrom')}::text[], ${column('warrantyTerms')}::text[]
    ) as v(article_number, price, minimum_order_quantity, delivery_time_days, warranty_quantity,
      warranty_unit, warranty_valid_from, warranty_terms)`;
}

/**
 * Inserts the rows; with `undoOf`, the same statement keeps their ids for that import's undo, one
 * array per batch in import_undo_added (docs/decisions/0024-added-rows-kept-as-id-arrays.md).
 */
async function insertRows(
  trx: Transaction<DB>,
  organizationId: number,
  pricelistId: number,
  rows: readonly PricelistRowValues[],
  undoOf: number | undefined,
  batch: number,
): Promise<number> {
  const kept =
    undoOf === undefined
      ? sql``
      : sql`, kept as (
          insert into import_undo_added (import_id, batch, row_ids)
          select ${undoOf}, ${batch}, array_agg(id) from added having count(*) > 0
        )`;
  const result = await sql<{ count: number | string }>`
    with added as (
      insert into pricelist_rows (pricelist_id, article_id, price, minimum_order_quantity, delivery_time_days,
        warranty_quantity, warranty_unit, warranty_valid_from, warranty_terms)
      select ${pricelistId}, a.id, v.price, v.minimum_order_quantity, v.delivery_time_days,
        v.warranty_quantity, v.warranty_unit, v.warranty_valid_from, v.warranty_terms
      from ${valuesOf(rows)}
      join articles a on a.organization_id = ${organizationId} and a.article_number = v.article_number
      returning id
    )${kept}
    select count(*) as count from added`.execute(trx);
  return Number(result.rows[0]?.count ?? 0);
}

async function updateRows(
  trx: Transaction<DB>,
  organizationId: number,
  pricelistId: number,
  rows: readonly PricelistRowValues[],
): Promise<number> {
  const result = await sql`
    update pricelist_rows r set
      price = v.price,
      minimum_order_quantity = v.minimum_order_quantity,
      delivery_time_days = v.delivery_time_days,
      warranty_quantity = v.warranty_quantity,
      warranty_unit = v.warranty_unit,
      warranty_valid_from = v.warranty_valid_from,
      warranty_terms = v.warranty_terms
    from ${valuesOf(rows)}
    join articles a on a.organization_id = ${organizationId} and a.article_number = v.article_number
    where r.pricelist_id = ${pricelistId} and r.article_id = a.id`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
