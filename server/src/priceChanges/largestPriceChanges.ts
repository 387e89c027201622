import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DB, LargestPriceChange } from '../db/schema';

/** How many of an entry's price changes the page "Prisändringar" names. */
export const LARGEST_PRICE_CHANGES = 5;

/**
 * The largest price changes among an import's updated rows, as its validation kept them
 * (import_details: each update with the fields it changes, prices as two-decimal text): by the
 * size of the change in kronor (up or down), then by article number; a row whose price stays is
 * not a change of price. Ranked in the database, so no updated row comes to this process.
 */
export async function largestPriceChangesOf(
  db: Database | Transaction<DB>,
  importId: number,
): Promise<LargestPriceChange[]> {
  const found = await sql<LargestPriceChange>`
    select e.item->'values'->>'articleNumber' as "articleNumber", c.change->>'oldValue' as before,
      c.change->>'newValue' as after
    from import_details d
    cross join lateral json_array_elements(d.items) as e(item)
    cross join lateral json_array_elements(e.item->'changes') as c(change)
    where d.import_id = ${importId} and d.kind = 'updated' and c.change->>'field' = 'price'
      and (c.change->>'oldValue')::numeric <> (c.change->>'newValue')::numeric
    order by abs((c.change->>'newValue')::numeric - (c.change->>'oldValue')::numeric) desc,
      e.item->'values'->>'articleNumber' collate "C"
    limit ${LARGEST_PRICE_CHANGES}`.execute(db);
  return found.rows;
}

/** An undo's: the applied entry's, backwards. */
export const reversed = (changes: readonly LargestPriceChange[] | null) =>
  changes?.map((change) => ({ ...change, before: change.after, after: change.before })) ?? null;
