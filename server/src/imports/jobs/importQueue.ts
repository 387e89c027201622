import { sql, type Transaction } from 'kysely';
import {
  type ImportStatus,
  type ImportSummary,
  type ImportType,
  SUMMARY_ERROR_LIMIT,
  type ValidationError,
} from '#contract';
import type { AppDeps } from '../../appDeps';
import type { ChosenMapping, DB } from '../../db/schema';
import { errorCountsOf } from '../../pricelistFile';
import { released } from '../store/jobLease';
import type { ValidationRequester } from '../validationMail';
import { eventOfStatus, type ImportEventDeps, recordImportEvent } from '../webhookEvents';

/** How long a claim holds without renewal by default (JOB_LEASE_SECONDS); a crashed process's job is free again after it. */
export const LEASE_MS = 20_000;
/** A claim's lease: short, so a crashed instance's job is taken up again within it. */
export const leaseMsOf = (config: JobDeps['config']) => config.JOB_LEASE_SECONDS * 1000;
/** Renewal interval while a job runs: three renewals may fail before the lease runs out. */
export const leaseRenewMsOf = (config: JobDeps['config']) => leaseMsOf(config) / 4;
/**
 * A job claimed this many times without finishing ends in its *_ERROR status: its earlier
 * workers died, or its earlier attempts failed for reasons that may pass (jobRetry.ts).
 */
export const MAX_ATTEMPTS = 3;

export type JobStatus = Extract<ImportStatus, 'VALIDATION_PENDING' | 'IMPORT_PENDING'>;
export type JobDeps = Pick<
  AppDeps,
  | 'db'
  | 'clock'
  | 'config'
  | 'logger'
  | 'mailer'
  | 'workerPool'
  | 'uploadFolder'
  | 'importJobSignal'
  | 'webhookSignal'
  | 'jobMetrics'
>;

/** An import claimed as a job by one worker. */
export interface ClaimedJob {
  id: number;
  status: JobStatus;
  type: ImportType;
  attempts: number;
  organizationId: number;
  generalPricelistId: number;
  pricelistId: number;
  fileName: string;
  /** The mapping chosen for the import (with the upload or on its summary), if any. */
  columnMapping: ChosenMapping | null;
  /** The validation a user asked for, while it is pending (commands.ts, `newAttempt`). */
  attempt: { pending: boolean; by: number | null; requestedAt: Date | null; byApiKey: boolean };
  /** Who asked for it, as a mail of its end addresses them; null when no one is named. */
  requester: ValidationRequester | null;
  /** The number of the import's price list, as the mail names it. */
  pricelistNumber: string | null;
  /** An apply's: the summary its validation left, whose columns the file is read with again. */
  validatedSummary: unknown;
}

/**
 * Claims the next pending import that no live lease holds, fairly between organisations: first
 * the organisation with the fewest jobs running (claimed under a live lease), then the job whose
 * organisation has waited longest: since the job was queued, or since the organisation's last
 * claim when that is later (import_queue_turns). So a backlog of one organisation takes turns
 * with another's first file instead of going before it. Applies and validations are ordered
 * alike. A job waiting out its back-off after a failure that may pass (run_after) is skipped
 * until its time. One statement, with `FOR UPDATE SKIP LOCKED` so that two instances polling at
 * once never take the same row.
 */
export async function claimNextJob(
  { db, clock, config }: JobDeps,
  workerId: string,
): Promise<ClaimedJob | null> {
  const now = clock.now();
  const leaseUntil = new Date(now.getTime() + leaseMsOf(config));
  const result = await sql<{
    id: number;
    status: JobStatus;
    type: ImportType;
    attempts: number;
    organization_id: number;
    general_pricelist_id: number;
    pricelist_id: number;
    file_name: string;
    column_mapping: ChosenMapping | null;
    attempt_pending: boolean;
    attempt_by: number | null;
    attempt_requested_at: Date | null;
    attempt_by_api_key: boolean;
    validated_summary: unknown;
    requester: ClaimedJob['requester'];
    number: string | null;
  }>`
    with running as (
      select organization_id, count(*) as jobs from imports
      where status in ('VALIDATION_PENDING', 'IMPORT_PENDING') and lease_expires_at >= ${now}
      group by organization_id
    ), next as (
      select i.id from imports i
        left join running r on r.organization_id = i.organization_id
        left join import_queue_turns t on t.organization_id = i.organization_id
      where i.status in ('VALIDATION_PENDING', 'IMPORT_PENDING')
        and (i.lease_expires_at is null or i.lease_expires_at < ${now})
        and (i.run_after is null or i.run_after <= ${now})
      order by coalesce(r.jobs, 0), greatest(i.created_at, t.claimed_at), t.claimed_at nulls first,
        i.created_at, i.id
      limit 1
      for update of i skip locked
    ), claimed as (
      update imports set lease_owner = ${workerId}, lease_expires_at = ${leaseUntil},
        attempts = attempts + 1, updated_at = ${now}
      where id = (select id from next)
      returning id, status, type, attempts, organization_id, general_pricelist_id, pricelist_id, file_name,
        column_mapping, attempt_pending, attempt_by, attempt_requested_at, attempt_by_api_key,
        case when status = 'IMPORT_PENDING' then summary end as validated_summary
    ), turn as (
      insert into import_queue_turns (organization_id, claimed_at)
      select organization_id, ${now} from claimed
      on conflict (organization_id) do update set claimed_at = excluded.claimed_at
    )
    -- What the job needs of the import comes with the claim: its helpers read no row again.
    select c.*, p.number,
        case when u.id is not null then json_build_object('email', u.email, 'firstName', u.first_name,
          'username', u.username, 'validationMails', u.validation_mails) end as requester
      from claimed c
      left join users u on u.id = c.attempt_by
      left join pricelists p on p.id = c.pricelist_id`.execute(db);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    type: row.type,
    attempts: row.attempts,
    organizationId: row.organization_id,
    generalPricelistId: row.general_pricelist_id,
    pricelistId: row.pricelist_id,
    fileName: row.file_name,
    columnMapping: row.column_mapping,
    attempt: {
      pending: row.attempt_pending,
      by: row.attempt_by,
      requestedAt: row.attempt_requested_at,
      byApiKey: row.attempt_by_api_key,
    },
    requester: row.requester,
    pricelistNumber: row.number,
    validatedSummary: row.validated_summary,
  };
}

/** Extends the lease while the worker still holds it; false when it has lost it. */
export async function renewLease(
  { db, clock, config }: JobDeps,
  job: ClaimedJob,
  workerId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({ lease_expires_at: new Date(clock.now().getTime() + leaseMsOf(config)) })
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
 * Releases a job whose attempt failed for a reason that may pass, to be claimed again (by any
 * instance) no sooner than `delayMs` from now; the status stays pending. False when this worker
 * no longer holds the job.
 */
export async function retryJobLater(
  { db, clock }: JobDeps,
  job: ClaimedJob,
  workerId: string,
  delayMs: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockOwnJob(trx, job, workerId))) return false;
    const now = clock.now();
    await trx
      .updateTable('imports')
      .set({
        lease_owner: null,
        lease_expires_at: null,
        run_after: new Date(now.getTime() + delayMs),
        updated_at: now,
      })
      .where('id', '=', job.id)
      .execute();
    return true;
  });
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
  /** A validation's: the price list's rows version its summary was computed against. */
  validatedRowsVersion?: string | null;
  /** Writes what is kept beside the summary (changes or errors), in the same transaction. */
  saveDetails?: (trx: Transaction<DB>) => Promise<void>;
}

/**
 * Writes a job's result in one transaction, only while the worker still holds the job (see
 * lockOwnJob), and releases the lease. False when the result was dropped.
 */
export async function finishJob(
  deps: JobDeps,
  job: ClaimedJob,
  workerId: string,
  finish: JobFinish,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await lockOwnJob(trx, job, workerId))) return false;
    await writeFinish(trx, deps, job, finish);
    return true;
  });
}

/**
 * Writes a job's result inside `trx`, whose caller holds the job (lockOwnJob), and releases the
 * lease; the event its end raises goes to the webhook outbox in the same transaction.
 */
export async function writeFinish(
  trx: Transaction<DB>,
  deps: ImportEventDeps,
  job: ClaimedJob,
  finish: JobFinish,
) {
  const { clock } = deps;
  await finish.saveDetails?.(trx);
  await trx
    .updateTable('imports')
    .set({
      status: finish.status,
      summary: finish.summary === null ? null : JSON.stringify(finish.summary),
      failure_reason: finish.failure?.reason ?? null,
      failure_about_file: finish.failure?.aboutFile ?? false,
      ...released,
      updated_at: clock.now(),
      ...(finish.importedAt ? { imported_at: finish.importedAt } : {}),
      ...(finish.validatedRowsVersion === undefined
        ? {}
        : { validated_rows_version: finish.validatedRowsVersion }),
    })
    .where('id', '=', job.id)
    .execute();
  const event = eventOfStatus[finish.status];
  if (event)
    await recordImportEvent(trx, deps, { importId: job.id, organizationId: job.organizationId }, event);
}

/** The VALIDATION_ERRORS summary of a list of errors: their count, the first 100 and the counts by column and rule. */
export function errorSummary(errors: readonly ValidationError[]): ImportSummary {
  return {
    type: 'VALIDATION_ERRORS',
    errorCount: errors.length,
    errors: errors.slice(0, SUMMARY_ERROR_LIMIT),
    errorCounts: errorCountsOf(errors),
  };
}
