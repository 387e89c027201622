import type { Kysely, Transaction } from 'kysely';
import type { ImportAttempt, ImportSummary, ValidationError } from '#contract';
import type { DB } from '../../db/schema';
import type { DetailChunks } from '../../pricelistFile';
import { type AttemptFacts, compareAttempts, errorKey, MAX_COMPARED_ERRORS } from '../attemptComparison';

/** The attempt a finished validation is: a new one the user asked for, or the latest again. */
export interface AttemptOfValidation {
  /** Written with the result when it is a new attempt. */
  record?: (trx: Transaction<DB>) => Promise<void>;
  /** What the summary says of it. */
  attempt: { number: number; comparison: ImportAttempt['comparison'] };
}

/**
 * The attempt of a validation that just ended, compared with the previous one in the job (not
 * on a page view). A validation that ran again on its own (its price list changed) is the same
 * attempt as before, and keeps its comparison.
 */
export async function attemptOfValidation(
  db: Kysely<DB>,
  /** The import as its job claimed it: who asked for this validation, and whether one did. */
  current: { importId: number; fileName: string; attempt: { pending: boolean; by: number | null } },
  summary: ImportSummary,
  details: DetailChunks,
  now: Date,
): Promise<AttemptOfValidation> {
  const { importId } = current;
  const latest = await db
    .selectFrom('import_attempts')
    .selectAll()
    .where('import_id', '=', importId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!current.attempt.pending && latest)
    return { attempt: { number: latest.number, comparison: latest.comparison } };

  const facts = factsOf((latest?.number ?? 0) + 1, summary, details);
  const comparison = latest ? compareAttempts(factsOfRow(latest), facts) : null;
  const corrections = await db
    .selectFrom('import_corrections')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('import_id', '=', importId)
    .executeTakeFirstOrThrow();
  return {
    attempt: { number: facts.number, comparison },
    record: async (trx) => {
      await trx
        .insertInto('import_attempts')
        .values({
          import_id: importId,
          number: facts.number,
          attempted_at: now,
          attempted_by: current.attempt.by,
          file_name: current.fileName,
          corrections: Number(corrections.count),
          result: facts.result,
          error_count: facts.errorCount,
          counts: facts.counts && JSON.stringify(facts.counts),
          error_keys: facts.errorKeys && JSON.stringify(facts.errorKeys),
          comparison: comparison && JSON.stringify(comparison),
        })
        .onConflict((oc) => oc.columns(['import_id', 'number']).doNothing())
        .execute();
      await trx.updateTable('imports').set({ attempt_pending: false }).where('id', '=', importId).execute();
    },
  };
}

function factsOf(number: number, summary: ImportSummary, details: DetailChunks): AttemptFacts {
  if (summary.type === 'CONFIRM') {
    const { added, updated, removed, unchanged } = summary;
    return {
      number,
      result: 'CONFIRM',
      errorCount: 0,
      counts: { added, updated, removed, unchanged },
      errorKeys: [],
    };
  }
  if (summary.type === 'INVALID_FORMAT')
    return { number, result: 'INVALID_FORMAT', errorCount: 0, counts: null, errorKeys: null };
  const decoder = new TextDecoder();
  const errorKeys =
    summary.errorCount <= MAX_COMPARED_ERRORS
      ? (details.error ?? []).flatMap((chunk) =>
          (JSON.parse(decoder.decode(chunk)) as ValidationError[]).map(errorKey),
        )
      : null;
  return { number, result: 'VALIDATION_ERRORS', errorCount: summary.errorCount, counts: null, errorKeys };
}

function factsOfRow(row: {
  number: number;
  result: ImportSummary['type'];
  error_count: number;
  counts: AttemptFacts['counts'];
  error_keys: string[] | null;
}): AttemptFacts {
  return {
    number: row.number,
    result: row.result,
    errorCount: row.error_count,
    counts: row.counts,
    errorKeys: row.error_keys,
  };
}

/** Every attempt of an import, oldest first, as the summary page lists them. */
export async function listAttempts(db: Kysely<DB>, importId: number): Promise<ImportAttempt[]> {
  const rows = await db
    .selectFrom('import_attempts as a')
    .leftJoin('users as u', 'u.id', 'a.attempted_by')
    .select([
      'a.number',
      'a.attempted_at',
      'a.file_name',
      'a.corrections',
      'a.result',
      'a.error_count',
      'a.counts',
      'a.comparison',
      'u.first_name',
      'u.last_name',
    ])
    .where('a.import_id', '=', importId)
    .orderBy('a.number')
    .execute();
  return rows.map((row) => ({
    number: row.number,
    at: row.attempted_at.toISOString(),
    by: row.first_name === null ? null : `${row.first_name} ${row.last_name}`,
    fileName: row.file_name,
    corrections: row.corrections,
    result: row.result,
    errorCount: row.error_count,
    counts: row.counts,
    comparison: row.comparison,
  }));
}
