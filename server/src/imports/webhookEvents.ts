import { sql, type Transaction } from 'kysely';
import type { ImportStatus, WebhookEventType, WebhookImportEvent, WebhookImportResult } from '#contract';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { recordEvent } from '../events/outbox';
import { summaryLink } from './validationMail';

/** The event a job's end raises, by the status it ends in; none for the statuses still in the queue. */
export const eventOfStatus: Partial<Record<ImportStatus, WebhookEventType>> = {
  VALIDATION_SUCCESS: 'import.validated',
  VALIDATION_FAIL: 'import.validated',
  IMPORT_SUCCESS: 'import.applied',
  VALIDATION_ERROR: 'import.failed',
  IMPORT_ERROR: 'import.failed',
  IMPORT_FAIL: 'import.failed',
};

export interface ImportEventDeps {
  clock: { now(): Date };
  config: Pick<Config, 'publicUrl'>;
}

/**
 * Writes an import's event to the webhook outbox inside `trx`, the transaction of the change it
 * reports, after the change (a delete: before it, while the row is still there). Nothing is read
 * or written when no endpoint of the organisation wants the event.
 */
export async function recordImportEvent(
  trx: Transaction<DB>,
  deps: ImportEventDeps,
  target: { importId: number; organizationId: number },
  type: WebhookEventType,
): Promise<string | null> {
  return recordEvent(trx, { organizationId: target.organizationId, type, now: deps.clock.now() }, () =>
    importEventData(trx, deps, target.importId),
  );
}

/** What an import event tells: ids, file name, price list, status and result counts; never rows. */
async function importEventData(
  trx: Transaction<DB>,
  deps: ImportEventDeps,
  importId: number,
): Promise<WebhookImportEvent['data'] | null> {
  const row = await trx
    .selectFrom('imports as i')
    .leftJoin('pricelists as p', 'p.id', 'i.pricelist_id')
    .select([
      'i.organization_id',
      'i.file_name',
      'i.status',
      'i.general_pricelist_id',
      'i.pricelist_id',
      'p.number',
      // Only the counts of the summary, not its errors or changes.
      sql<string | null>`i.summary->>'type'`.as('result_type'),
      sql<string | null>`i.summary->>'added'`.as('added'),
      sql<string | null>`i.summary->>'updated'`.as('updated'),
      sql<string | null>`i.summary->>'removed'`.as('removed'),
      sql<string | null>`i.summary->>'unchanged'`.as('unchanged'),
      sql<string | null>`i.summary->>'errorCount'`.as('error_count'),
    ])
    .where('i.id', '=', importId)
    .executeTakeFirst();
  if (!row || row.general_pricelist_id === null || row.pricelist_id === null) return null;
  return {
    organizationId: row.organization_id,
    importId,
    fileName: row.file_name,
    status: row.status,
    generalPricelistId: row.general_pricelist_id,
    pricelist: { id: row.pricelist_id, number: row.number ?? null },
    result: resultOf(row),
    summaryUrl: summaryLink(deps.config.publicUrl, importId),
  };
}

function resultOf(row: {
  result_type: string | null;
  added: string | null;
  updated: string | null;
  removed: string | null;
  unchanged: string | null;
  error_count: string | null;
}): WebhookImportResult | null {
  if (row.result_type === 'CONFIRM')
    return {
      type: 'CONFIRM',
      added: Number(row.added),
      updated: Number(row.updated),
      removed: Number(row.removed),
      unchanged: Number(row.unchanged),
    };
  if (row.result_type === 'VALIDATION_ERRORS')
    return { type: 'VALIDATION_ERRORS', errorCount: Number(row.error_count) };
  if (row.result_type === 'INVALID_FORMAT') return { type: 'INVALID_FORMAT' };
  return null;
}
