import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { AuthContext } from '../../identity/profile';
import { latestAppliedImports } from '../../pricelists/latestApplied';
import { pricelistFingerprint } from '../../pricelists/snapshot';
import type { CommandOutcome } from '../outcome';
import { revalidateOpenImports } from '../store/revalidation';
import { refused, UndoRefused, type UndoTarget, undoRefusals } from '../store/undo';
import { type ApplyTarget, listRowOfKeptRow, storedRows } from './applyRows';

/**
 * Undo of an applied import of a price list ("Ångra inläsning"). The apply transaction keeps,
 * beside the changes, the rows it is about to update or remove exactly as they are (ids included;
 * keepRowsForUndo), the ids of the rows it adds (import_undo_added, written by the statements that
 * insert them, applyRows.ts), and the price list's fingerprint right after
 * (imports.fingerprint_after). The undo is one transaction that puts the rows back, and is refused
 * unless the price list is still exactly as the import left it.
 */

/** Before the changes are written: the rows the import updates or removes, as they are now. */
export async function keepRowsForUndo(trx: Transaction<DB>, target: ApplyTarget) {
  const { importId, organizationId, pricelistId } = target;
  await sql`
    insert into import_undo_rows (import_id, kind, row_id, article_id, price, minimum_order_quantity,
      delivery_time_days, warranty_quantity, warranty_unit, warranty_valid_from, warranty_terms)
    select ${importId}, 'previous', r.id, r.article_id, r.price, r.minimum_order_quantity,
      r.delivery_time_days, r.warranty_quantity, r.warranty_unit, r.warranty_valid_from, r.warranty_terms
    from (
      select v."articleNumber" from ${storedRows(importId, 'updated')}
      union all select v."articleNumber" from ${storedRows(importId, 'removed')}
    ) as v
    cross join ${listRowOfKeptRow(organizationId, pricelistId)}`.execute(trx);
}

/**
 * Undoes an applied import (locked and checked by store/undo.ts) in the caller's transaction: the
 * price list gets back exactly the rows it had before (updated rows their old values, removed rows
 * back under their old ids, added rows deleted), and the import records who undid it, when.
 * Refused (nothing changes) unless it is the price list's latest applied import and the rows are
 * still exactly as the import left them.
 */
export async function undoPricelistImport(
  trx: Transaction<DB>,
  auth: AuthContext,
  target: UndoTarget,
  now: Date,
): Promise<CommandOutcome> {
  const { importId, pricelistId } = target;
  // As the apply step: imports and undos of one price list take turns.
  await trx.selectFrom('pricelists').select('id').where('id', '=', pricelistId).forNoKeyUpdate().execute();
  const latest = (await latestAppliedImports(trx, [pricelistId])).get(pricelistId);
  if (latest?.importId !== importId) return refused(undoRefusals.notLatest);
  if ((await pricelistFingerprint(trx, pricelistId)) !== target.fingerprintAfter)
    return refused(undoRefusals.changedSince);

  await sql`
    delete from pricelist_rows r using import_undo_added u
    where u.import_id = ${importId} and r.id = any(u.row_ids)`.execute(trx);
  // Imports applied before migration 014 kept their added rows one by one.
  await sql`
    delete from pricelist_rows r using import_undo_rows u
    where u.import_id = ${importId} and u.kind = 'added' and r.id = u.row_id`.execute(trx);
  await sql`
    update pricelist_rows r set
      price = u.price, minimum_order_quantity = u.minimum_order_quantity,
      delivery_time_days = u.delivery_time_days, warranty_quantity = u.warranty_quantity,
      warranty_unit = u.warranty_unit, warranty_valid_from = u.warranty_valid_from,
      warranty_terms = u.warranty_terms
    from import_undo_rows u
    where u.import_id = ${importId} and u.kind = 'previous' and r.id = u.row_id`.execute(trx);
  try {
    await sql`
      insert into pricelist_rows (id, pricelist_id, article_id, price, minimum_order_quantity,
        delivery_time_days, warranty_quantity, warranty_unit, warranty_valid_from, warranty_terms)
      select u.row_id, ${pricelistId}, u.article_id, u.price, u.minimum_order_quantity,
        u.delivery_time_days, u.warranty_quantity, u.warranty_unit, u.warranty_valid_from, u.warranty_terms
      from import_undo_rows u
      where u.import_id = ${importId} and u.kind = 'previous'
        and not exists (select 1 from pricelist_rows r where r.id = u.row_id)`.execute(trx);
  } catch (error) {
    // 23503: the article of a removed row is gone; the caller's transaction rolls back.
    if ((error as { code?: unknown }).code === '23503') throw new UndoRefused(undoRefusals.articleGone);
    throw error;
  }
  await trx.deleteFrom('import_undo_rows').where('import_id', '=', importId).execute();
  await trx.deleteFrom('import_undo_added').where('import_id', '=', importId).execute();
  await trx
    .updateTable('imports')
    .set({ undone_at: now, undone_by: auth.userId, updated_at: now })
    .where('id', '=', importId)
    .execute();
  await revalidateOpenImports(trx, pricelistId, importId, { cause: 'IMPORT_UNDONE', at: now }, now);
  return { kind: 'ok', value: undefined };
}

/** Whether an applied import is its price list's latest, applied with what an undo needs. */
export async function isUndoablePricelistImport(
  db: Database,
  applied: { importId: number; pricelistId: number },
): Promise<boolean> {
  const latest = (await latestAppliedImports(db, [applied.pricelistId])).get(applied.pricelistId);
  return latest?.importId === applied.importId && latest.undoKept;
}
