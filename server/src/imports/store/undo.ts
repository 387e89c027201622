import type { Transaction } from 'kysely';
import type { ImportType } from '#contract';
import type { DB } from '../../db/schema';
import type { AuthContext } from '../../identity/profile';
import type { CommandOutcome } from '../outcome';

/**
 * Undo of an applied import ("Ångra inläsning"), the part any kind shares: the import locked and
 * checked before its kind puts its rows back (../kinds.ts, `undo`).
 */

export const refused = (message: string): CommandOutcome<never> => ({ kind: 'conflict', message });

/** Texts of the refusals, for the API docs and the tests. */
export const undoRefusals = {
  notApplied: 'Endast en genomförd inläsning kan ångras.',
  alreadyUndone: 'Inläsningen är redan ångrad.',
  notKept: 'Inläsningen kan inte ångras: den gjordes innan det gick att ångra inläsningar.',
  notLatest: 'Endast den senaste inläsningen av prislistan kan ångras.',
  changedSince: 'Prislistan har ändrats sedan inläsningen och kan inte återställas. Ingenting har ändrats.',
  articleGone:
    'Prislistan kan inte återställas: en artikel som fanns i den före inläsningen finns inte längre. Ingenting har ändrats.',
} as const;

/** An applied import, not undone, that kept what its undo needs. */
export interface UndoTarget {
  importId: number;
  type: ImportType;
  pricelistId: number;
  fingerprintAfter: string;
}

/**
 * Locks the import to undo and checks it was applied, is not undone and kept what an undo needs;
 * refused otherwise. The import row is locked first, so a second undo, here or on another
 * instance, finds it undone.
 */
export async function lockUndoTarget(
  trx: Transaction<DB>,
  auth: AuthContext,
  importId: number,
): Promise<CommandOutcome<UndoTarget>> {
  const target = await trx
    .selectFrom('imports')
    .select(['type', 'status', 'pricelist_id', 'imported_at', 'undone_at', 'fingerprint_after'])
    .where('id', '=', importId)
    .where('organization_id', '=', auth.organizationId)
    .forUpdate()
    .executeTakeFirst();
  if (!target) return { kind: 'notFound' };
  if (target.status !== 'IMPORT_SUCCESS' || target.pricelist_id === null || target.imported_at === null)
    return refused(undoRefusals.notApplied);
  if (target.undone_at !== null) return refused(undoRefusals.alreadyUndone);
  if (target.fingerprint_after === null) return refused(undoRefusals.notKept);
  return {
    kind: 'ok',
    value: {
      importId,
      type: target.type,
      pricelistId: target.pricelist_id,
      fingerprintAfter: target.fingerprint_after,
    },
  };
}

/** Thrown inside the undo transaction to roll back what it wrote; the command answers it as a refusal. */
export class UndoRefused extends Error {
  override name = 'UndoRefused';
}
