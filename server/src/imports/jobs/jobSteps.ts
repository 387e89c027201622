import type { Transaction } from 'kysely';
import { type ImportStatus, ImportSummary } from '#contract';
import type { ChosenMapping, DB } from '../../db/schema';
import type { ReadOptions } from '../../pricelistFile';
import { markMappingUsed, rememberMapping, savedMappingOptions } from '../store/columnMappings';
import { fileCorrectionsOf } from '../store/corrections';
import type { ClaimedJob, JobDeps } from './importQueue';

/**
 * What the job ended with; LEASE_LOST when its result was dropped (deleted, replaced, taken
 * over); VALIDATION_PENDING when the price list changed under it, so it waits to start over;
 * RETRY_LATER when it failed for a reason that may pass and waits out its back-off.
 */
export type JobEnd = ImportStatus | 'LEASE_LOST' | 'RETRY_LATER';

export interface ValidationEnd {
  end: JobEnd;
  workerPeakMemoryMb?: number;
}

export interface ApplyEnd {
  end: JobEnd;
  /** How long the applying transaction took (docs/product.md, "Targets": 50,000 rows under 3 s). */
  applyMs?: number;
}

/**
 * How the apply step reads the file: as its validation did, with the columns its summary names
 * (a saved mapping or a chosen one) and the corrections typed on the summary.
 */
export async function readOptionsOfValidated(deps: JobDeps, job: ClaimedJob): Promise<ReadOptions> {
  const summary = job.validatedSummary ? ImportSummary.safeParse(job.validatedSummary).data : undefined;
  const mapping = summary && summary.type !== 'INVALID_FORMAT' ? summary.columnMapping : undefined;
  const corrections = await fileCorrectionsOf(deps.db, job.id);
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

/**
 * The mapping chosen for this import, if any, and the organisation's saved ones to try otherwise;
 * and the corrections typed on its summary.
 */
export async function columnOptionsOf(deps: JobDeps, job: ClaimedJob) {
  const chosen = job.columnMapping;
  const options: ReadOptions = chosen
    ? { chosen: { sheet: chosen.sheet, columns: chosen.columns } }
    : { saved: await savedMappingOptions(deps.db, job.organizationId) };
  options.corrections = await fileCorrectionsOf(deps.db, job.id);
  return { chosen, options };
}

/**
 * With the validation's result: a chosen mapping that read the file is saved for the
 * organisation's next file with these headers; a saved one that did is marked as used.
 */
export async function keepMapping(
  trx: Transaction<DB>,
  deps: JobDeps,
  job: ClaimedJob,
  chosen: ChosenMapping | null,
  summary: ImportSummary,
) {
  if (summary.type === 'INVALID_FORMAT' || !summary.columnMapping) return;
  const now = deps.clock.now();
  const { source, savedMapping, sheet } = summary.columnMapping;
  if (source === 'SAVED_MAPPING' && savedMapping)
    await markMappingUsed(trx, job.organizationId, savedMapping.id, now);
  const fileSheet = summary.fileSheets?.find((candidate) => candidate.name === sheet);
  if (source === 'REQUEST' && chosen && fileSheet)
    await rememberMapping(
      trx,
      { organizationId: job.organizationId, userId: chosen.chosenBy, now },
      fileSheet,
      chosen,
    );
}
