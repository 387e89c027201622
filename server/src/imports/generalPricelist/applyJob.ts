/** The apply job of a general price list's import (../kinds.ts, `apply`). */
import { ImportSummary } from '#contract';
import { observeJobSeconds } from '../../metrics/jobMetrics';
import { recordPriceChange } from '../../priceChanges/changeFeed';
import { largestPriceChangesOf } from '../../priceChanges/largestPriceChanges';
import {
  loadVersionedPricelistSnapshot,
  pricelistFingerprint,
  pricelistRowsVersion,
  pricelistStatus,
} from '../../pricelists/snapshot';
import { type ClaimedJob, finishJob, type JobDeps, lockOwnJob } from '../jobs/importQueue';
import { type ApplyEnd, type JobEnd, readOptionsOfValidated } from '../jobs/jobSteps';
import { saveDetails } from '../store/details';
import { readImportFile } from '../store/importFiles';
import { released } from '../store/jobLease';
import {
  lastChangeOf,
  revalidateOpenImports,
  sendBackToValidation,
  validatedRowsVersion,
} from '../store/revalidation';
import { recordImportEvent } from '../webhookEvents';
import { applyStoredChanges, type ChangeCounts, StaleDataError } from './applyRows';
import { inactivePricelistFinish, validateAgainstDatabase } from './jobPricelist';
import { keepRowsForUndo } from './undo';

/**
 * Applies a confirmed import, exactly as its validation showed it. The price list must still be
 * at the rows version the validation recorded (store/revalidation.ts): checked before the work
 * and again inside the applying transaction, with the list locked. If it moved (another import
 * applied or undone since), nothing is written and the import goes back to validation against
 * the list as it is now, to be confirmed again. Otherwise, in ONE transaction, the changes the
 * validation kept (the rows of the changes table) are written as they are, the import becomes
 * IMPORT_SUCCESS and the list's other imports that wait for a confirm are validated again. A
 * crash anywhere leaves the price list as it was.
 */
export async function runApplyJob(deps: JobDeps, job: ClaimedJob, workerId: string): Promise<ApplyEnd> {
  const inactive = await inactivePricelistFinish(deps, job, 'IMPORT_FAIL');
  if (inactive)
    return { end: (await finishJob(deps, job, workerId, inactive)) ? inactive.status : 'LEASE_LOST' };

  const validated = await validatedRowsVersion(deps.db, job.id);
  if (validated === null || (await pricelistRowsVersion(deps.db, job.pricelistId)) !== validated)
    return { end: await backToValidation(deps, job, workerId) };

  const started = performance.now();
  try {
    const end = await deps.db.transaction().execute(async (trx): Promise<JobEnd> => {
      if (!(await lockOwnJob(trx, job, workerId))) return 'LEASE_LOST';
      // Applies and undos of one price list take turns; NO KEY, so uploads that refer to it need not wait.
      await trx
        .selectFrom('pricelists')
        .select('id')
        .where('id', '=', job.pricelistId)
        .forNoKeyUpdate()
        .execute();
      const pricelist = await pricelistStatus(trx, deps.clock, job.generalPricelistId, job.pricelistId);
      if (pricelist?.status === 'PAST' || !pricelist)
        throw new StaleDataError('the price list became history');
      if ((await pricelistRowsVersion(trx, job.pricelistId)) !== validated) {
        await sendBackToValidation(trx, job.id, await lastChangeOf(trx, job.pricelistId), deps.clock.now());
        return 'VALIDATION_PENDING';
      }
      const counts = confirmedCounts(job);
      const target = { importId: job.id, organizationId: job.organizationId, pricelistId: job.pricelistId };
      await keepRowsForUndo(trx, target);
      await applyStoredChanges(trx, target, counts);
      const fingerprintAfter = await pricelistFingerprint(trx, job.pricelistId);
      // The summary stays as confirmed, with the risks the user was shown and acknowledged.
      const now = deps.clock.now();
      await trx
        .updateTable('imports')
        .set({
          status: 'IMPORT_SUCCESS',
          failure_reason: null,
          failure_about_file: false,
          imported_at: now,
          fingerprint_after: fingerprintAfter,
          ...released,
          updated_at: now,
        })
        .where('id', '=', job.id)
        .execute();
      await revalidateOpenImports(trx, job.pricelistId, job.id, { cause: 'IMPORT_APPLIED', at: now }, now);
      await recordImportEvent(
        trx,
        deps,
        { importId: job.id, organizationId: job.organizationId },
        'import.applied',
      );
      // Last: the change feed's counter is locked from here to the commit (priceChanges/changeFeed.ts).
      await recordPriceChange(trx, {
        kind: 'IMPORT_APPLIED',
        importId: job.id,
        at: now,
        counts,
        largestPriceChanges: await largestPriceChangesOf(trx, job.id),
      });
      return 'IMPORT_SUCCESS';
    });
    // This import, or the list's others that waited for a confirm, may wait to be validated again.
    deps.importJobSignal.notify();
    observeJobSeconds(deps.jobMetrics, 'apply', (performance.now() - started) / 1000);
    return { end, applyMs: performance.now() - started };
  } catch (error) {
    if (!(error instanceof StaleDataError)) throw error;
    // The price list became history, or its rows did not take the changes as validated (an
    // article gone): nothing was written.
    deps.logger.info({ importId: job.id, reason: error.message }, 'import data changed');
    const inactiveNow = await inactivePricelistFinish(deps, job, 'IMPORT_FAIL');
    if (inactiveNow)
      return { end: (await finishJob(deps, job, workerId, inactiveNow)) ? inactiveNow.status : 'LEASE_LOST' };
    return { end: await failOrValidateAgain(deps, job, workerId) };
  }
}

/**
 * The counts of the import's confirmed summary (the one its validation left; the job's lock
 * holds it, since a new validation moves the import out of IMPORT_PENDING): what its kept
 * changes must write.
 */
function confirmedCounts(job: ClaimedJob): ChangeCounts {
  const summary = ImportSummary.safeParse(job.validatedSummary).data;
  if (summary?.type !== 'CONFIRM') throw new StaleDataError('the import has no confirmed changes');
  return { added: summary.added, updated: summary.updated, removed: summary.removed };
}

/**
 * After the kept changes no longer fit the data (an article gone since the validation): the file
 * is validated against the data as it is now. Errors end the import as IMPORT_FAIL with them, so
 * the supplier sees which rows; without errors it goes back to validation, to be confirmed again.
 */
async function failOrValidateAgain(deps: JobDeps, job: ClaimedJob, workerId: string): Promise<JobEnd> {
  const content = await readImportFile(deps, job.id);
  if (!content) return 'LEASE_LOST';
  const snapshot = loadVersionedPricelistSnapshot(deps.db, job.organizationId, job.pricelistId);
  const outcome = await validateAgainstDatabase(
    deps,
    content,
    job.fileName,
    snapshot.then(({ json }) => json),
    await readOptionsOfValidated(deps, job),
  );
  if (outcome.summary.type === 'CONFIRM') return backToValidation(deps, job, workerId);
  const written = await finishJob(deps, job, workerId, {
    status: 'IMPORT_FAIL',
    summary: outcome.summary,
    saveDetails: (trx) => saveDetails(trx, job.id, outcome.details),
  });
  return written ? 'IMPORT_FAIL' : 'LEASE_LOST';
}

/** Sends the job's import back to validation, with what changed its price list; nothing else is written. */
async function backToValidation(deps: JobDeps, job: ClaimedJob, workerId: string): Promise<JobEnd> {
  const end = await deps.db.transaction().execute(async (trx): Promise<JobEnd> => {
    if (!(await lockOwnJob(trx, job, workerId))) return 'LEASE_LOST';
    await sendBackToValidation(trx, job.id, await lastChangeOf(trx, job.pricelistId), deps.clock.now());
    return 'VALIDATION_PENDING';
  });
  deps.importJobSignal.notify();
  return end;
}
