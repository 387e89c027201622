import { sql, type Transaction, type Updateable } from 'kysely';
import type { RevalidationCause } from '#contract';
import type { Database } from '../../db/database';
import type { DB, ImportsTable } from '../../db/schema';
import { deleteDetails } from './details';
import { freshJob } from './jobLease';

/**
 * What a confirm applies is what its validation showed. Every statement that writes a price
 * list's rows moves the list's `rows_version` (triggers of migration 015); a validation records
 * the version it read, and the apply step writes nothing unless the version is still that one.
 * When it is not, the import goes back to validation against the list as it is now, with the
 * cause, and must be confirmed again (a new summary, a new risk id).
 */

/** The version of the list the import's summary was computed against (null: not known). */
export async function validatedRowsVersion(db: Database, importId: number): Promise<string | null> {
  const row = await db
    .selectFrom('imports')
    .select(sql<string | null>`validated_rows_version::text`.as('version'))
    .where('id', '=', importId)
    .executeTakeFirst();
  return row?.version ?? null;
}

export interface PricelistChange {
  cause: RevalidationCause;
  /** When the rows last changed, when an import's apply or undo did it. */
  at: Date | null;
}

/**
 * What last changed the price list's rows, as far as the imports tell: the latest apply or undo.
 * Rows changed by anything else (none of the service's own paths) read as PRICELIST_CHANGED.
 */
export async function lastChangeOf(db: Database, pricelistId: number): Promise<PricelistChange> {
  const result = await sql<{ cause: RevalidationCause; at: Date }>`
    select cause, at from (
      select 'IMPORT_APPLIED' as cause, imported_at as at from imports
      where pricelist_id = ${pricelistId} and status = 'IMPORT_SUCCESS' and imported_at is not null
      union all
      select 'IMPORT_UNDONE', undone_at from imports
      where pricelist_id = ${pricelistId} and undone_at is not null
    ) changes
    -- At the same instant, the undo came after the apply it undid.
    order by at desc, cause = 'IMPORT_UNDONE' desc limit 1`.execute(db);
  const last = result.rows[0];
  return last ? { cause: last.cause, at: new Date(last.at) } : { cause: 'PRICELIST_CHANGED', at: null };
}

/**
 * The one way an import goes back to VALIDATION_PENDING, inside `trx`: its summary and details go,
 * and it waits, free for any instance to claim at once. `fields` says why and what else changes
 * (a new attempt, a new file, the price list's change).
 */
export async function backToValidationPending(
  trx: Transaction<DB>,
  importId: number,
  now: Date,
  fields: Updateable<ImportsTable>,
) {
  await deleteDetails(trx, importId);
  await trx
    .updateTable('imports')
    .set({
      status: 'VALIDATION_PENDING',
      summary: null,
      validated_rows_version: null,
      import_started_at: null,
      ...freshJob,
      updated_at: now,
      ...fields,
    })
    .where('id', '=', importId)
    .execute();
}

/** Sends the import back to validation because its price list changed (`change` says how). */
export const sendBackToValidation = (
  trx: Transaction<DB>,
  importId: number,
  change: PricelistChange,
  now: Date,
) =>
  backToValidationPending(trx, importId, now, {
    revalidation_cause: change.cause,
    revalidation_change_at: change.at,
  });

/**
 * Right after a price list's rows changed (an import applied or undone, in the same
 * transaction): its other imports that wait for a confirm are validated again. A validation
 * under way sees the version move when it finishes and starts over; an import already confirmed
 * is caught by its apply step.
 */
export async function revalidateOpenImports(
  trx: Transaction<DB>,
  pricelistId: number,
  changedBy: number,
  change: PricelistChange,
  now: Date,
) {
  const waiting = await trx
    .selectFrom('imports')
    .select('id')
    .where('pricelist_id', '=', pricelistId)
    .where('id', '<>', changedBy)
    .where('status', '=', 'VALIDATION_SUCCESS')
    .execute();
  for (const { id } of waiting) await sendBackToValidation(trx, id, change, now);
}

const stockholmTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  hour: '2-digit',
  minute: '2-digit',
});
const stockholmDay = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  day: 'numeric',
  month: 'long',
});

/** "14:02" today, "20 november 14:02" another day (Swedish time). */
function whenInSweden(at: Date, now: Date): string {
  const time = stockholmTime.format(at);
  return stockholmDay.format(at) === stockholmDay.format(now) ? time : `${stockholmDay.format(at)} ${time}`;
}

/** The sentence the summary shows of an import validated again because its price list changed. */
export function revalidationMessage(cause: RevalidationCause, changedAt: Date | null, now: Date): string {
  const what =
    changedAt === null || cause === 'PRICELIST_CHANGED'
      ? ''
      : cause === 'IMPORT_APPLIED'
        ? ` (en annan inläsning lästes in ${whenInSweden(changedAt, now)})`
        : ` (en inläsning ångrades ${whenInSweden(changedAt, now)})`;
  return `Prislistan har ändrats sedan filen validerades${what}. Granska den nya sammanfattningen.`;
}
