/** The price list a job's import goes into, and the engine run against it. */
import type { ImportStatus } from '#contract';
import {
  type PriceListSnapshotJson,
  type ReadOptions,
  runPriceListValidationSummary,
} from '../../pricelistFile';
import { inactivePricelistError, pricelistStatus } from '../../pricelists/snapshot';
import { type ClaimedJob, errorSummary, type JobDeps, type JobFinish } from '../jobs/importQueue';
import { jobWorkers } from '../jobs/workerLimits';
import { saveErrors } from '../store/details';

export type JobPricelist = Awaited<ReturnType<typeof pricelistStatus>>;

/** The job's price list as it is now: its number and status (undefined when it is gone). */
export const pricelistOfJob = ({ db, clock }: JobDeps, job: ClaimedJob): Promise<JobPricelist> =>
  pricelistStatus(db, clock, job.generalPricelistId, job.pricelistId);

/** A finish that records why the file cannot go into its price list: the list is no longer active. */
export async function inactivePricelistFinish(
  deps: JobDeps,
  job: ClaimedJob,
  status: ImportStatus,
): Promise<JobFinish | undefined> {
  return inactiveFinishOf(job, status, await pricelistOfJob(deps, job));
}

export function inactiveFinishOf(
  job: ClaimedJob,
  status: ImportStatus,
  pricelist: JobPricelist,
): JobFinish | undefined {
  if (pricelist && pricelist.status !== 'PAST') return undefined;
  const errors = [inactivePricelistError(pricelist?.number ?? String(job.pricelistId), pricelist?.status)];
  return { status, summary: errorSummary(errors), saveDetails: (trx) => saveErrors(trx, job.id, errors) };
}

/**
 * Runs the engine in its worker thread on the file and the data as they are now: its summary and
 * what is kept of it. The worker reads the file while the snapshot loads. The bytes move to the
 * worker and are unusable afterwards.
 */
export function validateAgainstDatabase(
  deps: JobDeps,
  content: Uint8Array,
  fileName: string,
  snapshot: Promise<PriceListSnapshotJson>,
  columns?: ReadOptions,
) {
  return runPriceListValidationSummary({ content, fileName, snapshot, columns }, jobWorkers(deps));
}
