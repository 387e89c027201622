import type { Kysely, Transaction } from 'kysely';
import {
  CorrectionDraft,
  type CorrectionDraftResponse,
  type LeaveOutAllRows,
  type SetAllCorrection,
  type ValidationError,
} from '#contract';
import { isCorrectableError } from '#contract/domain';
import type { DB } from '../../db/schema';

/**
 * Rounds of corrections being typed, per import and user (`import_correction_drafts`, migration
 * 022; decision 0043). The page saves the whole draft a moment after each change; "Validera igen"
 * deletes the user's, a new file or column mapping every draft of the import (dropCorrections).
 */

const isEmpty = (draft: CorrectionDraft) =>
  draft.corrections.length === 0 &&
  draft.leaveOut.length === 0 &&
  draft.setAll.length === 0 &&
  draft.leaveOutAll.length === 0;

/** Keeps the user's draft (replacing the one before); an empty draft is none. */
export async function saveDraft(
  db: Kysely<DB>,
  at: { importId: number; userId: number; now: Date },
  draft: CorrectionDraft,
) {
  if (isEmpty(draft)) {
    await deleteDraft(db, at.importId, at.userId);
    return;
  }
  const json = JSON.stringify(draft);
  await db
    .insertInto('import_correction_drafts')
    .values({ import_id: at.importId, user_id: at.userId, draft: json, saved_at: at.now })
    .onConflict((oc) => oc.columns(['import_id', 'user_id']).doUpdateSet({ draft: json, saved_at: at.now }))
    .execute();
}

export async function deleteDraft(db: Kysely<DB> | Transaction<DB>, importId: number, userId: number) {
  await db
    .deleteFrom('import_correction_drafts')
    .where('import_id', '=', importId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * The user's draft, with only what still matches an error of the last validation (`errors`): a
 * round saved meanwhile (someone else's) may have fixed a cell or left a row out. What was left
 * aside is counted, so the page can say so.
 */
export async function loadDraft(
  db: Kysely<DB>,
  importId: number,
  userId: number,
  errors: readonly ValidationError[],
): Promise<CorrectionDraftResponse> {
  const row = await db
    .selectFrom('import_correction_drafts')
    .select(['draft', 'saved_at'])
    .where('import_id', '=', importId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const parsed = row && CorrectionDraft.safeParse(row.draft);
  if (!row || !parsed?.success) return { draft: null, dropped: 0 };
  const stored = parsed.data;
  const cells = new Set(
    errors.filter(isCorrectableError).map((error) => `${error.row}\u0000${error.column}`),
  );
  const rows = new Set(errors.map((error) => error.row));
  const hasErrors = (bulk: SetAllCorrection | LeaveOutAllRows) =>
    errors.some((error) => error.column === bulk.column && error.rule === bulk.rule);
  const kept: CorrectionDraft = {
    corrections: stored.corrections.filter((cell) => cells.has(`${cell.row}\u0000${cell.column}`)),
    leaveOut: stored.leaveOut.filter((leftOut) => rows.has(leftOut)),
    setAll: stored.setAll.filter(hasErrors),
    leaveOutAll: stored.leaveOutAll.filter(hasErrors),
  };
  const count = (draft: CorrectionDraft) =>
    draft.corrections.length + draft.leaveOut.length + draft.setAll.length + draft.leaveOutAll.length;
  const dropped = count(stored) - count(kept);
  return {
    draft: isEmpty(kept) ? null : { ...kept, savedAt: row.saved_at.toISOString() },
    dropped,
  };
}
