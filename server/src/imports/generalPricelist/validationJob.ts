/** The validation job of a general price list's import (../kinds.ts, `validate`). */
import type { ImportSummary } from '#contract';
import { timedJob } from '../../metrics/jobMetrics';
import { runPriceListValidationSummary, type WorkerValidationRecord } from '../../pricelistFile';
import { assessRisk } from '../../pricelistFile/riskRules';
import { loadVersionedPricelistSnapshot, pricelistRowsVersion } from '../../pricelists/snapshot';
import {
  type ClaimedJob,
  finishJob,
  type JobDeps,
  type JobFinish,
  lockOwnJob,
  writeFinish,
} from '../jobs/importQueue';
import { columnOptionsOf, type JobEnd, keepMapping, type ValidationEnd } from '../jobs/jobSteps';
import { jobWorkers } from '../jobs/workerLimits';
import { attemptOfValidation } from '../store/attempts';
import { saveDetails } from '../store/details';
import { readImportFile } from '../store/importFiles';
import { freshJob } from '../store/jobLease';
import { sendValidationMail, validationMailPlan } from '../validationMail';
import { inactiveFinishOf, type JobPricelist, pricelistOfJob } from './jobPricelist';

/**
 * Validates the uploaded file against the organisation's articles and the price list as it is
 * now, in a worker thread, and stores the summary with the changes (CONFIRM: VALIDATION_SUCCESS)
 * or every error (INVALID_FORMAT, VALIDATION_ERRORS: VALIDATION_FAIL).
 */
export async function runValidationJob(
  deps: JobDeps,
  job: ClaimedJob,
  workerId: string,
): Promise<ValidationEnd> {
  // The snapshot query runs while the file loads (on PGlite, one connection, they take turns).
  // A job that ends before validating drops it; a failure surfaces where it is awaited.
  const snapshot = loadVersionedPricelistSnapshot(deps.db, job.organizationId, job.pricelistId);
  snapshot.catch(() => {});
  const content = await readImportFile(deps, job.id);
  if (!content) return { end: 'LEASE_LOST' };
  const columns = await columnOptionsOf(deps, job);
  // Read once: it decides whether the file may go in, and the risks name it.
  const pricelist = await pricelistOfJob(deps, job);
  const inactive = inactiveFinishOf(job, 'VALIDATION_FAIL', pricelist);
  if (inactive)
    return { end: (await finishJob(deps, job, workerId, inactive)) ? inactive.status : 'LEASE_LOST' };

  // Only the summary and the details are kept: the rows behind them stay in the worker. The
  // bytes go to the worker as they are (this job does not read them again).
  const outcome = await timedJob(
    deps.jobMetrics,
    'validation',
    runPriceListValidationSummary(
      {
        content,
        fileName: job.fileName,
        snapshot: snapshot.then(({ json }) => json),
        columns: columns.options,
      },
      jobWorkers(deps),
    ),
  );
  const judged = withRisk(deps.config, pricelist, outcome);
  const attempt = await attemptOfValidation(
    deps.db,
    { importId: job.id, fileName: job.fileName, attempt: job.attempt },
    judged,
    outcome.details,
    deps.clock.now(),
  );
  // The first attempt's summary is as it always was; later ones say their number and comparison.
  const summary: ImportSummary =
    attempt.attempt.number > 1 && judged.type !== 'INVALID_FORMAT'
      ? { ...judged, attempt: attempt.attempt }
      : judged;
  const finish: JobFinish = {
    status: summary.type === 'CONFIRM' ? 'VALIDATION_SUCCESS' : 'VALIDATION_FAIL',
    summary,
    validatedRowsVersion: (await snapshot).rowsVersion ?? null,
    saveDetails: async (trx) => {
      await saveDetails(trx, job.id, outcome.details);
      await keepMapping(trx, deps, job, columns.chosen, summary);
      await attempt.record?.(trx);
    },
  };
  const mail = validationMailPlan(deps, job);
  const end = await finishValidation(deps, job, workerId, finish);
  if (mail && end === finish.status) await sendValidationMail(deps, job.id, mail, summary);
  return { end, workerPeakMemoryMb: outcome.workerPeakMemoryMb };
}

/**
 * Writes the validation's result, unless the price list's rows changed while it ran (an import
 * applied or undone meanwhile): then the result would describe a list that no longer is, so
 * nothing is kept and the import waits to be validated again, free for any instance at once.
 */
async function finishValidation(
  deps: JobDeps,
  job: ClaimedJob,
  workerId: string,
  finish: JobFinish,
): Promise<JobEnd> {
  return deps.db.transaction().execute(async (trx): Promise<JobEnd> => {
    if (!(await lockOwnJob(trx, job, workerId))) return 'LEASE_LOST';
    const current = await pricelistRowsVersion(trx, job.pricelistId);
    if (current !== undefined && current !== finish.validatedRowsVersion) {
      await trx
        .updateTable('imports')
        .set({ ...freshJob, updated_at: deps.clock.now() })
        .where('id', '=', job.id)
        .execute();
      return 'VALIDATION_PENDING';
    }
    await writeFinish(trx, deps, job, finish);
    return finish.status;
  });
}

/** A CONFIRM summary with its risks (riskRules.ts), judged against the price list as it is now. */
function withRisk(
  config: JobDeps['config'],
  pricelist: JobPricelist,
  outcome: WorkerValidationRecord,
): ImportSummary {
  const { summary, priceChanges } = outcome;
  if (summary.type !== 'CONFIRM' || !priceChanges || !pricelist) return summary;
  const risk = assessRisk(
    {
      pricelist: { number: pricelist.number, status: pricelist.status },
      storedRows: summary.updated + summary.unchanged + summary.removed,
      removed: summary.removed,
      priceChanges,
    },
    {
      priceChangePercent: config.RISK_PRICE_CHANGE_PERCENT,
      futureRemovalPercent: config.RISK_FUTURE_REMOVAL_PERCENT,
      clearedRows: config.RISK_CLEARED_ROWS,
      clearedPercent: config.RISK_CLEARED_PERCENT,
    },
  );
  return { ...summary, risk };
}
