import { type Selectable, sql, type Transaction } from 'kysely';
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '#contract';
import type { Database } from '../db/database';
import type { DB, WebhookEndpointsTable } from '../db/schema';

/** The endpoints and deliveries of an organisation, as their page and API show them. */

type EndpointRow = Selectable<WebhookEndpointsTable> & { created_by_name: string | null };

const endpointOf = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  enabled: row.enabled,
  disabledReason: row.disabled_reason,
  created: row.created_at.toISOString(),
  createdBy: row.created_by_name,
});

const endpointQuery = (db: Database, organizationId: number) =>
  db
    .selectFrom('webhook_endpoints as e')
    .leftJoin('users as u', 'u.id', 'e.created_by')
    .selectAll('e')
    // The full name, as every page names a user.
    .select(sql<string | null>`u.first_name || ' ' || u.last_name`.as('created_by_name'))
    .where('e.organization_id', '=', organizationId);

export async function listEndpoints(db: Database, organizationId: number): Promise<WebhookEndpoint[]> {
  const rows = await endpointQuery(db, organizationId).orderBy('e.id').execute();
  return rows.map(endpointOf);
}

export async function findEndpoint(db: Database, organizationId: number, id: number) {
  const row = await endpointQuery(db, organizationId).where('e.id', '=', id).executeTakeFirst();
  return row && endpointOf(row);
}

async function countEndpoints(trx: Transaction<DB>, organizationId: number): Promise<number> {
  const row = await trx
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface NewEndpoint {
  organizationId: number;
  userId: number;
  url: string;
  events: WebhookEventType[];
  secretEncrypted: string;
  now: Date;
}

/**
 * Adds an endpoint unless the organisation has `max` already: null then. The organisation's row
 * is locked first (FOR NO KEY UPDATE, as uploads count their pending validations), so creates at
 * once count one after the other and the cap holds exactly; inserts that only refer to the
 * organisation go on.
 */
export async function insertEndpointUnderCap(
  db: Database,
  values: NewEndpoint,
  max: number,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', values.organizationId)
      .forNoKeyUpdate()
      .execute();
    if ((await countEndpoints(trx, values.organizationId)) >= max) return null;
    return insertEndpoint(trx, values);
  });
}

async function insertEndpoint(trx: Transaction<DB>, values: NewEndpoint): Promise<number> {
  const row = await trx
    .insertInto('webhook_endpoints')
    .values({
      organization_id: values.organizationId,
      url: values.url,
      events: values.events,
      secret_encrypted: values.secretEncrypted,
      created_by: values.userId,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Turns an endpoint on or off by a user; on again, it starts afresh (no failures counted). */
export async function setEndpointEnabled(
  db: Database,
  organizationId: number,
  id: number,
  enabled: boolean,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set(
      enabled
        ? { enabled, disabled_reason: null, disabled_at: null, failing_since: null }
        : { enabled, disabled_reason: 'USER', disabled_at: now },
    )
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes an endpoint and its deliveries (the events stay for other endpoints). */
export async function deleteEndpoint(db: Database, organizationId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** How many deliveries the page and the API show: the latest. */
export const DELIVERIES_SHOWN = 50;

export async function listDeliveries(db: Database, endpointId: number): Promise<WebhookDelivery[]> {
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.event_id',
      'e.type',
      'd.status',
      'd.attempts',
      'd.last_status_code',
      'd.last_error',
      'd.last_attempt_at',
      'd.next_attempt_at',
      'd.created_at',
    ])
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(DELIVERIES_SHOWN)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    eventType: row.type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    lastAttempt: row.last_attempt_at?.toISOString() ?? null,
    nextAttempt: row.status === 'PENDING' ? row.next_attempt_at.toISOString() : null,
    created: row.created_at.toISOString(),
  }));
}
