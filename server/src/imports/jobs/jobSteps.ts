/** The steps the validation and the apply jobs share. */
import { type ImportStatus, ImportSummary } from '#contract';
import { type PriceListSnapshotJson, type ReadOptions, runPriceListValidation } from '../../pricelistFile';
import { inactivePricelistError, pricelistStatus } from '../../pricelists/snapshot';
import { fileCorrectionsOf } from '../store/corrections';
import { saveErrors } from '../store/details';
import { type ClaimedJob, errorSummary, type JobDeps, type JobFinish } from './importQueue';
import { jobWorkers } from './workerLimits';

/**
 * What the job ended with; LEASE_LOST when its result was dropped (deleted, replaced, taken
 * over); VALIDATION_PENDING when the price list changed under it, so it waits to start over;
 * RETRY_LATER when it failed for a reason that may pass and waits out its back-off.
 */
export type JobEnd = ImportStatus | 'LEASE_LOST' | 'RETRY_LATER';

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
 * Runs the engine in its worker thread on the file and the data as they are now. The worker
 * reads the file while the snapshot loads. The engine moves the bytes it gets to the worker
 * (they are unusable afterwards), so it gets a copy: a job may validate the same file again.
 */
export function validateAgainstDatabase(
  deps: JobDeps,
  content: Uint8Array,
  fileName: string,
  snapshot: Promise<PriceListSnapshotJson>,
  columns?: ReadOptions,
) {
  return runPriceListValidation(
    { content: new Uint8Array(content), fileName, snapshot, columns },
    jobWorkers(deps),
  );
}

/**
 * How the apply step reads the file: as its validation did, with the columns its summary names
 * (a saved mapping or a chosen one) and the corrections typed on the summary.
 */
export async function readOptionsOfValidated(deps: JobDeps, importId: number): Promise<ReadOptions> {
  const row = await deps.db
    .selectFrom('imports')
    .select('summary')
    .where('id', '=', importId)
    .executeTakeFirst();
  const summary = row?.summary ? ImportSummary.safeParse(row.summary).data : undefined;
  const mapping = summary && summary.type !== 'INVALID_FORMAT' ? summary.columnMapping : undefined;
  const corrections = await fileCorrectionsOf(deps.db, importId);
  return {
    ...(mapping && {
      chosen: {
        sheet: mapping.sheet,
        columns: Object.fromEntries(mapping.columns.map((column) => [column.column, column.fileColumn])),
      },
    }),
    ...(corrections && { corrections }),
  };
}
