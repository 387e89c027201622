import { sql, type Transaction } from 'kysely';
import { type ImportStatus, type ImportSummary, SUMMARY_ERROR_LIMIT, type ValidationError } from '#contract';
import type { AppDeps } from '../../appDeps';
import type { DB } from '../../db/schema';
import { readImportFile } from '../store/importFiles';
import { takeRecentUpload } from '../store/recentUploads';

/** How long a claim holds without renewal; a job of a crashed process is free again after it. */
export const LEASE_MS = 60_000;
/** Renewal interval while a job runs: three renewals may fail before the lease runs out. */
export const LEASE_RENEW_MS = 15_000;
/** A job claimed this many times without finishing ends in its *_ERROR status. */
export const MAX_ATTEMPTS = 3;

export type JobStatus = Extract<ImportStatus, 'VALIDATION_PENDING' | 'IMPORT_PENDING'>;
export type JobDeps = Pick<
  AppDeps,
  | 'db'
  | 'clock'
  | 'config'
  | 'logger'
  | 'workerPool'
  | 'uploadFolder'
  | 'importJobSignal'
  | 'recentUploads'
  | 'jobMetrics'
>;

/** An import claimed as a job by one worker. */
export interface ClaimedJob {
  id: number;
  status: JobStatus;
  attempts: number;
  organizationId: number;
  generalPricelistId: number;
  pricelistId: number;
  fileName: string;
}

/**
 * Claims the oldest pending import that no live lease holds: one statement, with `FOR UPDATE
 * SKIP LOCKED` so that two instances polling at once never take the same row.
 */
export async function claimNextJob({ db, clock }: JobDeps, workerId: string): Promise<ClaimedJob | null> {
  const now = clock.now();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const result = await sql<{
    id: number;
    status: JobStatus;
    attempts: number;
    organization_id: number;
    general_pricelist_id: number;
    pricelist_id: number;
    file_name: string;
  }>`
    update imports set lease_owner = ${workerId}, lease_expires_at = ${leaseUntil},
      attempts = attempts + 1, updated_at = ${now}
    where id = (
      select id from imports
      where status in ('VALIDATION_PENDING', 'IMPORT_PENDING')
        and (lease_expires_at is null or lease_expires_at < ${now})
      order by created_at, id
      for update skip locked
      limit 1)
    returning id, status, attempts, organization_id, general_pricelist_id, pricelist_id, file_name`.execute(
    db,
  );
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    attempts: row.attempts,
    organizationId: row.organization_id,
    generalPricelistId: row.general_pricelist_id,
    pricelistId: row.pricelist_id,
    fileName: row.file_name,
  };
}

/** Extends the lease while the worker still holds it; false when it has lost it. */
export async function renewLease(
  { db, clock }: JobDeps,
  job: ClaimedJob,
  workerId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({ lease_expires_at: new Date(clock.now().getTime() + LEASE_MS) })
    .where('id', '=', job.id)
    .where('lease_owner', '=', workerId)
    .where('status', '=', job.status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Locks the job's import row inside `trx` and tells whether this worker may still write its
 * result: it holds the lease and the status is the one it claimed. A delete, a new file or
 * another instance that took over after the lease ran out all make this false.
 */
export async function lockOwnJob(trx: Transaction<DB>, job: ClaimedJob, workerId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('imports')
    .select(['status', 'lease_owner'])
    .where('id', '=', job.id)
    .forUpdate()
    .executeTakeFirst();
  return row?.status === job.status && row.lease_owner === workerId;
}

/**
 * The import's uploaded file, or undefined when the import is gone: as this instance kept it at
 * upload when it still is the stored file (store/recentUploads.ts), else read from the database.
 */
export async function loadImportFile(deps: JobDeps, importId: number): Promise<Uint8Array | undefined> {
  return (await takeRecentUpload(deps, importId)) ?? readImportFile(deps, importId);
}

export interface JobFailure {
  reason: string;
  aboutFile: boolean;
}

export interface JobFinish {
  status: ImportStatus;
  summary: ImportSummary | null;
  /** Why a *_ERROR job failed, and whether it is the reader's refusal of the file (shown to the supplier). */
  failure?: JobFailure;
  importedAt?: Date;
  /** Writes what is kept beside the summary (changes or errors), in the same transaction. */
  saveDetails?: (trx: Transaction<DB>) => Promise<void>;
}

/**
 * Writes a job's result in one transaction, only while the worker still holds the job (see
 * lockOwnJob), and releases the lease. False when the result was dropped.
 */
export async function finishJob(
  { db, clock }: JobDeps,
  job: ClaimedJob,
  workerId: string,
  finish: JobFinish,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockOwnJob(trx, job, workerId))) return false;
    await finish.saveDetails?.(trx);
    await trx
      .updateTable('imports')
      .set({
        status: finish.status,
        summary: finish.summary === null ? null : JSON.stringify(finish.summary),
        failure_reason: finish.failure?.reason ?? null,
        failure_about_file: finish.failure?.aboutFile ?? false,
        lease_owner: null,
        lease_expires_at: null,
        updated_at: clock.now(),
        ...(finish.importedAt ? { imported_at: finish.importedAt } : {}),
      })
      .where('id', '=', job.id)
      .execute();
    return true;
  });
}

/** The VALIDATION_ERRORS summary of a list of errors: their count and the first 100. */
export function errorSummary(errors: readonly ValidationError[]): ImportSummary {
  return {
    type: 'VALIDATION_ERRORS',
    errorCount: errors.length,
    errors: errors.slice(0, SUMMARY_ERROR_LIMIT),
  };
}
