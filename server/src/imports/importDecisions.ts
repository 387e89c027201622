/**
 * What the supplier decides about a validated import: confirm it (the job applies it), delete it,
 * or undo it once applied. Each is one transaction on the locked import.
 */
import { ImportSummary } from '#contract';
import type { AuthContext } from '../identity/profile';
import { recordPriceChange, undoEntryOf } from '../priceChanges/changeFeed';
import { type CommandDeps, conflict, done, lockImport, notFound, ok, storedFileOf } from './commandParts';
import { importKindOf } from './kinds';
import type { CommandOutcome } from './outcome';
import { deleteDetails } from './store/details';
import { removeStoredFiles } from './store/importFiles';
import { freshJob } from './store/jobLease';
import { lockUndoTarget, UndoRefused } from './store/undo';
import { recordImportEvent } from './webhookEvents';

/**
 * Confirms a validated import: IMPORT_PENDING, and the import job applies it. Only from
 * VALIDATION_SUCCESS, and a risky one (riskRules.ts) only with `acknowledgedRiskId` naming the
 * risks of this validation: a script, a double click or an acknowledgement given for an earlier
 * file cannot apply it.
 */
export async function confirmImport(
  deps: CommandDeps,
  auth: AuthContext,
  importId: number,
  acknowledgedRiskId?: string,
): Promise<CommandOutcome> {
  const { db, clock } = deps;
  const outcome = await db.transaction().execute(async (trx): Promise<CommandOutcome> => {
    const current = await lockImport(trx, auth.organizationId, importId);
    if (!current) return notFound;
    if (current.status !== 'VALIDATION_SUCCESS')
      return conflict('Endast en fil som är godkänd i valideringen kan läsas in.');
    const summary = current.summary === null ? null : ImportSummary.parse(current.summary);
    const risk = summary?.type === 'CONFIRM' ? summary.risk : undefined;
    if (risk && risk.warnings.length > 0 && acknowledgedRiskId !== risk.id)
      return {
        kind: 'conflict',
        code: 'RISK_NOT_ACKNOWLEDGED',
        message: `Inläsningen är riskabel och måste bekräftas: ${risk.warnings.join(' ')}`,
      };
    const now = clock.now();
    await trx
      .updateTable('imports')
      .set({
        status: 'IMPORT_PENDING',
        import_started_at: now,
        ...freshJob,
        updated_at: now,
      })
      .where('id', '=', importId)
      .execute();
    return done;
  });
  if (outcome.kind === 'ok') deps.importJobSignal.notify();
  return outcome;
}

/**
 * Deletes an import (docs/product.md, "API conventions"). Never confirmed: removed with its file and results.
 * Confirmed and failed: file and results dropped, IMPORT_ABORTED, so the history stays (deleting
 * an aborted one again changes nothing). IMPORT_SUCCESS, and imports a job is working on: 409.
 */
export async function deleteImport(
  deps: CommandDeps,
  auth: AuthContext,
  importId: number,
): Promise<CommandOutcome> {
  const { db, clock } = deps;
  const removed = await db.transaction().execute(async (trx): Promise<CommandOutcome<string | null>> => {
    const current = await lockImport(trx, auth.organizationId, importId);
    if (!current) return notFound;
    const file = await storedFileOf(trx, importId);
    const recordDeleted = () =>
      recordImportEvent(trx, deps, { importId, organizationId: auth.organizationId }, 'import.deleted');
    switch (current.status) {
      case 'VALIDATION_PENDING':
      case 'IMPORT_PENDING':
        return conflict('Filen bearbetas just nu och kan inte raderas. Försök igen när den är klar.');
      case 'IMPORT_SUCCESS':
        return conflict('En lyckad inläsning kan inte raderas.');
      case 'IMPORT_ABORTED':
        return ok(null);
      case 'IMPORT_FAIL':
      case 'IMPORT_ERROR':
        // Before the change, so that the event tells what was deleted (its status and result).
        await recordDeleted();
        await trx.deleteFrom('import_files').where('import_id', '=', importId).execute();
        await deleteDetails(trx, importId);
        await trx
          .updateTable('imports')
          .set({ status: 'IMPORT_ABORTED', summary: null, updated_at: clock.now() })
          .where('id', '=', importId)
          .execute();
        return ok(file);
      default:
        await recordDeleted();
        await trx.deleteFrom('imports').where('id', '=', importId).execute();
        return ok(file);
    }
  });
  if (removed.kind !== 'ok') return removed;
  deps.webhookSignal.notify();
  // After the commit: a rolled-back delete still has its file.
  await removeStoredFiles(deps, [removed.value]);
  return done;
}

/**
 * Undoes the price list's latest applied import (store/undo.ts, then its kind's `undo`); a refusal
 * changes nothing. The list's imports that wait for a confirm are validated again
 * (store/revalidation.ts).
 */
export async function undoAppliedImport(
  deps: CommandDeps,
  auth: AuthContext,
  importId: number,
): Promise<CommandOutcome> {
  try {
    const outcome = await deps.db.transaction().execute(async (trx) => {
      const now = deps.clock.now();
      const target = await lockUndoTarget(trx, auth, importId);
      if (target.kind !== 'ok') return target;
      const undone = await importKindOf(target.value.type).undo(trx, auth, target.value, now);
      if (undone.kind === 'ok') {
        await recordImportEvent(
          trx,
          deps,
          { importId, organizationId: auth.organizationId },
          'import.undone',
        );
        // Last: the change feed's counter is locked from here to the commit (priceChanges/changeFeed.ts).
        const entry = await undoEntryOf(trx, importId);
        await recordPriceChange(trx, { kind: 'IMPORT_UNDONE', importId, at: now, by: auth.userId, ...entry });
      }
      return undone;
    });
    if (outcome.kind === 'ok') {
      // The price list's imports waiting for a confirm were sent back to validation.
      deps.importJobSignal.notify();
      deps.webhookSignal.notify();
    }
    return outcome;
  } catch (error) {
    if (error instanceof UndoRefused) return conflict(error.message);
    throw error;
  }
}
