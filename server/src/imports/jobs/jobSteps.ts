/**
 * The steps any kind's validation and apply jobs share (the kinds' own steps are theirs:
 * ../kinds.ts): how the file is read, the mapping kept, the details saved.
 */
import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { type ImportStatus, ImportSummary } from '#contract';
import type { ChosenMapping, DB } from '../../db/schema';
import type { DetailChunks, ReadOptions } from '../../pricelistFile';
import { markMappingUsed, rememberMapping, savedMappingOptions } from '../store/columnMappings';
import { fileCorrectionsOf } from '../store/corrections';
import { saveDetails } from '../store/details';
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

/**
 * Saves the details of the changes written, unless the import keeps exactly these already. They
 * nearly always are the ones its validation saved (the same file against the same rows), and
 * storing them again was the largest cost of the applying transaction on PGlite (~1.4 s for
 * 50,000 added rows, mostly PGlite spelling the bytes as hex, since mended: decision 0025). Each stored
 * chunk is compared by md5 of its text (json keeps the text as written) with the md5 of its
 * UTF-8 bytes here; any difference (another chunk, one more or less) saves them all again.
 */
export async function saveDetailsUnlessKept(trx: Transaction<DB>, importId: number, details: DetailChunks) {
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
