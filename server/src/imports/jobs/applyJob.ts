import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { observeJobSeconds } from '../../operations/jobMetrics';
import type { DetailChunks } from '../../priceListFile';
import { applyPriceListChanges, StaleDataError } from '../store/applyRows';
import { saveDetails } from '../store/details';
import {
  loadPricelistSnapshotWithFingerprint,
  pricelistFingerprint,
  pricelistStatus,
} from '../store/pricelistSnapshot';
import { keepRowsForUndo } from '../store/undo';
import { type ClaimedJob, finishJob, type JobDeps, loadImportFile, lockOwnJob } from './importQueue';
import { inactivePricelistFinish, type JobEnd, validateAgainstDatabase } from './validationJob';

/** Validate-and-apply rounds before giving up on a price list that keeps changing underneath. */
const MAX_ROUNDS = 3;

export interface ApplyEnd {
  end: JobEnd;
  /** How long the applying transaction took (docs/product.md, "Targets": 50,000 rows under 3 s). */
  applyMs?: number;
  /** Validate-and-apply rounds it took (more than 1 when the data changed underneath). */
  rounds?: number;
}

/**
 * Applies a confirmed import. The file is checked again against the data as it is now (articles
 * may be gone, the price list may have become history: IMPORT_FAIL with the summary). Then, in
 * ONE transaction: the import row and the price list are locked, the price list's rows are
 * checked to be exactly those validated against (else validate again), the changes are written
 * and the import becomes IMPORT_SUCCESS. A crash anywhere leaves the price list as it was.
 */
export async function runApplyJob(deps: JobDeps, job: ClaimedJob, workerId: string): Promise<ApplyEnd> {
  const content = await loadImportFile(deps, job.id);
  if (!content) return { end: 'LEASE_LOST' };
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const inactive = await inactivePricelistFinish(deps, job, 'IMPORT_FAIL');
    if (inactive)
      return { end: (await finishJob(deps, job, workerId, inactive)) ? inactive.status : 'LEASE_LOST' };

    const snapshot = loadPricelistSnapshotWithFingerprint(deps.db, job.organizationId, job.pricelistId);
    const outcome = await validateAgainstDatabase(
      deps,
      content,
      job.fileName,
      snapshot.then(({ json }) => json),
    );
    const { fingerprint } = await snapshot;
    if (!('changes' in outcome)) {
      const written = await finishJob(deps, job, workerId, {
        status: 'IMPORT_FAIL',
        summary: outcome.summary,
        saveDetails: (trx) => saveDetails(trx, job.id, outcome.details),
      });
      return { end: written ? 'IMPORT_FAIL' : 'LEASE_LOST' };
    }

    const started = performance.now();
    try {
      const written = await deps.db.transaction().execute(async (trx) => {
        if (!(await lockOwnJob(trx, job, workerId))) return false;
        // Applies to one price list take turns; NO KEY, so uploads that refer to it need not wait.
        await trx
          .selectFrom('pricelists')
          .select('id')
          .where('id', '=', job.pricelistId)
          .forNoKeyUpdate()
          .execute();
        const pricelist = await pricelistStatus(trx, deps.clock, job.generalPricelistId, job.pricelistId);
        if (pricelist?.status === 'PAST' || !pricelist)
          throw new StaleDataError('the price list became history');
        if ((await pricelistFingerprint(trx, job.pricelistId)) !== fingerprint)
          throw new StaleDataError('the price list changed since it was read');
        await keepRowsForUndo(trx, job.id, job.organizationId, job.pricelistId, outcome.changes);
        // With job.id: the ids of the added rows are kept for the undo by the statements that add them.
        await applyPriceListChanges(trx, job.organizationId, job.pricelistId, outcome.changes, job.id);
        const fingerprintAfter = await pricelistFingerprint(trx, job.pricelistId);
        await saveDetailsUnlessKept(trx, job.id, outcome.details);
        const now = deps.clock.now();
        await trx
          .updateTable('imports')
          .set({
            status: 'IMPORT_SUCCESS',
            summary: JSON.stringify(outcome.summary),
            failure_reason: null,
            failure_about_file: false,
            imported_at: now,
            fingerprint_after: fingerprintAfter,
            lease_owner: null,
            lease_expires_at: null,
            updated_at: now,
          })
          .where('id', '=', job.id)
          .execute();
        return true;
      });
      observeJobSeconds(deps.jobMetrics, 'apply', (performance.now() - started) / 1000);
      return {
        end: written ? 'IMPORT_SUCCESS' : 'LEASE_LOST',
        applyMs: performance.now() - started,
        rounds: round,
      };
    } catch (error) {
      if (!(error instanceof StaleDataError)) throw error;
      deps.logger.info(
        { importId: job.id, round, reason: error.message },
        'import data changed; validating again',
      );
    }
  }
  throw new Error(`the price list kept changing during ${MAX_ROUNDS} rounds`);
}

/**
 * Saves the details of the changes written, unless the import keeps exactly these already. They
 * nearly always are the ones its validation saved (the same file against the same rows), and
 * storing them again was the largest cost of the applying transaction on PGlite (~1.4 s for
 * 50,000 added rows, mostly PGlite spelling the bytes as hex, since mended: decision 0025). Each stored
 * chunk is compared by md5 of its text (json keeps the text as written) with the md5 of its
 * UTF-8 bytes here; any difference (another chunk, one more or less) saves them all again.
 */
async function saveDetailsUnlessKept(trx: Transaction<DB>, importId: number, details: DetailChunks) {
  const stored = await sql<{ kind: string; chunk: number; hash: string }>`
    select kind, chunk, md5(items::text) as hash
    from import_details where import_id = ${importId}`.execute(trx);
  const kept = new Map(stored.rows.map((row) => [`${row.kind} ${row.chunk}`, row.hash]));
  const chunks = Object.entries(details).flatMap(([kind, items = []]) =>
    items.map((bytes, chunk) => ({ key: `${kind} ${chunk}`, bytes })),
  );
  const same =
    chunks.length === stored.rows.length &&
    chunks.every(({ key, bytes }) => kept.get(key) === createHash('md5').update(bytes).digest('hex'));
  if (!same) await saveDetails(trx, importId, details);
}
