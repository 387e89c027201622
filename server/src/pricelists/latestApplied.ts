import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

export interface LatestApplied {
  pricelistId: number;
  importId: number;
  fileName: string;
  /** ISO time it was applied. */
  imported: string;
  /** Whether the apply kept what an undo needs (imports applied before migration 010 did not). */
  undoKept: boolean;
}

/**
 * The latest applied import of each price list that is not undone: the one the price-list page
 * names, the one "Ångra inläsning" is offered for, and the only one an undo accepts. Two applied
 * in the same millisecond are ordered by id. `db` may be a transaction.
 */
export async function latestAppliedImports(
  db: Kysely<DB>,
  pricelistIds: readonly number[],
): Promise<Map<number, LatestApplied>> {
  if (pricelistIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('imports')
    .distinctOn('pricelist_id')
    .select([
      'pricelist_id',
      'id',
      'file_name',
      'fingerprint_after',
      sql<string>`to_char(imported_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('imported'),
    ])
    .where('pricelist_id', 'in', pricelistIds)
    .where('status', '=', 'IMPORT_SUCCESS')
    .where('undone_at', 'is', null)
    .orderBy('pricelist_id')
    .orderBy('imported_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return new Map(
    rows.map((row) => [
      row.pricelist_id!,
      {
        pricelistId: row.pricelist_id!,
        importId: row.id,
        fileName: row.file_name,
        imported: row.imported,
        undoKept: row.fingerprint_after !== null,
      },
    ]),
  );
}
