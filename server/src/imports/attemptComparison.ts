import type { AttemptComparison, ImportSummary, ValidationError } from '#contract';
import type { AttemptCounts } from '../db/schema';

/** Errors kept per attempt for the comparison; a file with more is compared by its counts only. */
export const MAX_COMPARED_ERRORS = 10_000;

/** What an attempt keeps to be compared with the next one. */
export interface AttemptFacts {
  number: number;
  result: ImportSummary['type'];
  errorCount: number;
  counts: AttemptCounts | null;
  /** "row|column|rule" of each error, or null when there were too many to keep. */
  errorKeys: string[] | null;
}

/** An error by its cell and rule: the same mistake in the same place is the same error. */
export const errorKey = (error: ValidationError) =>
  `${error.row}|${error.column}|${error.rule ?? error.message}`;

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');
const count = (n: number) => n.toLocaleString('sv-SE');

/**
 * This attempt against the previous one: errors fixed, new and still there (by cell and rule),
 * and for two CONFIRM results how the counts moved; the sentence the summary shows. Null when
 * either could not be read (INVALID_FORMAT): there is nothing alike to compare.
 */
export function compareAttempts(previous: AttemptFacts, current: AttemptFacts): AttemptComparison | null {
  if (previous.result === 'INVALID_FORMAT' || current.result === 'INVALID_FORMAT') return null;
  let fixed: number;
  let added: number;
  let remaining: number;
  if (previous.errorKeys && current.errorKeys) {
    const before = new Set(previous.errorKeys);
    const now = new Set(current.errorKeys);
    remaining = [...now].filter((key) => before.has(key)).length;
    fixed = before.size - remaining;
    added = now.size - remaining;
  } else {
    // Too many to compare one by one: what the counts say.
    remaining = Math.min(previous.errorCount, current.errorCount);
    fixed = previous.errorCount - remaining;
    added = current.errorCount - remaining;
  }
  const comparison: AttemptComparison = {
    previous: previous.number,
    fixed,
    new: added,
    remaining,
    message: `Försök ${current.number}: ${count(fixed)} fel rättade, ${count(added)} nya fel, ${count(remaining)} kvar.`,
  };
  if (previous.counts && current.counts) {
    const moved = {
      added: current.counts.added - previous.counts.added,
      updated: current.counts.updated - previous.counts.updated,
      removed: current.counts.removed - previous.counts.removed,
    };
    Object.assign(comparison, moved);
    comparison.message = `Försök ${current.number}: ${count(current.counts.added)} tillagda (${signed(moved.added)}), ${count(current.counts.updated)} ändrade (${signed(moved.updated)}), ${count(current.counts.removed)} borttagna (${signed(moved.removed)}) jämfört med försök ${previous.number}.`;
  }
  return comparison;
}
