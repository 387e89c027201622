import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** An article of the file is gone since the validation read the data: validate again. */
export class StaleDataError extends Error {
  override name = 'StaleDataError';
}

/** The import being applied and the price list it goes into. */
export interface ApplyTarget {
  importId: number;
  organizationId: number;
  pricelistId: number;
}

/** How many rows the confirmed summary said are added, updated and removed. */
export interface ChangeCounts {
  added: number;
  updated: number;
  removed: number;
}

/**
 * The rows of one kind of the import's kept changes (import_details, written by its validation:
 * the rows the changes table showed), as a table v("articleNumber", price, …). The apply reads
 * them in the database: no row of the file passes through this process again.
 */
export function storedRows(importId: number, kind: 'added' | 'updated' | 'removed'): RawBuilder<unknown> {
  // An update is kept as { values, changes }: its row is `values`.
  const rows =
    kind === 'updated'
      ? sql`cross join lateral json_array_elements(d.items) as e(item)
          cross join lateral json_to_record(e.item->'values') as v(${rowColumns})`
      : sql`cross join lateral json_to_recordset(d.items) as v(${rowColumns})`;
  return sql`(select v.* from import_details d ${rows}
    where d.import_id = ${importId} and d.kind = ${kind}) as v`;
}

const rowColumns = sql.raw(`"articleNumber" text, price numeric, "minimumOrderQuantity" integer,
  "deliveryTimeDays" integer, "warrantyQuantity" integer, "warrantyUnit" text,
  "warrantyValidFrom" text, "warrantyTerms" text`);

/*
 * Each kept row looks up its article, and its row of the price list, by their unique indexes:
 * a LATERAL subquery per kept row, fenced by OFFSET 0 so that the planner keeps it so. Without
 * the fence the plan depends on statistics, and PGlite has none (nothing analyses its tables): it
 * once chose to read every kept chunk again for each row of the price list.
 */

/** The id of the article of the kept row v, as a LATERAL subquery `a(id)`. */
const articleOfKeptRow = (organizationId: number) => sql`lateral (
    select a.id from articles a
    where a.organization_id = ${organizationId} and a.article_number = v."articleNumber" offset 0
  ) as a`;

/** The price list's row of the kept row v, every column, as a LATERAL subquery `r`. */
export const listRowOfKeptRow = (organizationId: number, pricelistId: number) => sql`lateral (
    select r.* from articles a join pricelist_rows r on r.article_id = a.id and r.pricelist_id = ${pricelistId}
    where a.organization_id = ${organizationId} and a.article_number = v."articleNumber" offset 0
  ) as r`;

/**
 * Writes the import's kept changes to the price list inside the caller's transaction: deletes
 * the removed rows, inserts the added ones and updates the changed ones, one statement each over
 * the kept chunks, and keeps the ids of the added rows for the undo in the statement that adds
 * them (import_undo_added). Article numbers are resolved to ids here, inside the transaction.
 *
 * The caller has checked that the price list's rows are exactly those validated against, so each
 * statement must touch exactly the rows the summary counted; any other count (an article gone, a
 * row there already) throws StaleDataError and the transaction rolls back. An added row is new and
 * an updated one exists: a plain INSERT and an UPDATE, not an upsert (its speculative insertion
 * cost ~12 % of writing 50,000 new rows).
 */
export async function applyStoredChanges(
  trx: Transaction<DB>,
  target: ApplyTarget,
  expected: ChangeCounts,
): Promise<void> {
  const { importId, organizationId, pricelistId } = target;
  const listRow = listRowOfKeptRow(organizationId, pricelistId);
  const removed = await sql`
    delete from pricelist_rows gone
    using (select r.id from ${storedRows(importId, 'removed')} cross join ${listRow}) as kept
    where gone.id = kept.id`.execute(trx);
  expectCount(removed.numAffectedRows, expected.removed, 'a removed row is gone');

  let added: number;
  try {
    const result = await sql<{ count: number | string }>`
      with added as (
        insert into pricelist_rows (pricelist_id, article_id, price, minimum_order_quantity, delivery_time_days,
          warranty_quantity, warranty_unit, warranty_valid_from, warranty_terms)
        select ${pricelistId}, a.id, v.price, v."minimumOrderQuantity", v."deliveryTimeDays",
          v."warrantyQuantity", v."warrantyUnit", v."warrantyValidFrom", v."warrantyTerms"
        from ${storedRows(importId, 'added')} cross join ${articleOfKeptRow(organizationId)}
        returning id
      ), kept as (
        insert into import_undo_added (import_id, batch, row_ids)
        select ${importId}, 0, array_agg(id) from added having count(*) > 0
      )
      select count(*) as count from added`.execute(trx);
    added = Number(result.rows[0]?.count ?? 0);
  } catch (error) {
    if (isUniqueViolation(error)) throw new StaleDataError('a row of the file is already in the price list');
    throw error;
  }
  expectCount(added, expected.added, 'an article of an added row is gone');

  const updated = await sql`
    update pricelist_rows changed set
      price = kept.price,
      minimum_order_quantity = kept."minimumOrderQuantity",
      delivery_time_days = kept."deliveryTimeDays",
      warranty_quantity = kept."warrantyQuantity",
      warranty_unit = kept."warrantyUnit",
      warranty_valid_from = kept."warrantyValidFrom",
      warranty_terms = kept."warrantyTerms"
    from (select v.*, r.id as row_id from ${storedRows(importId, 'updated')} cross join ${listRow}) as kept
    where changed.id = kept.row_id`.execute(trx);
  expectCount(updated.numAffectedRows, expected.updated, 'an updated row is gone');
}

function expectCount(count: bigint | number | undefined, expected: number, why: string) {
  if (Number(count ?? 0) !== expected) throw new StaleDataError(why);
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
