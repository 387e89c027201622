import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The webhook outbox (docs/api-webhooks.md): an event is written in the transaction of the change
 * it reports, with one delivery row per endpoint that wants it. So a change that commits always
 * has its event, a change that rolls back has none, and the delivery jobs (webhooks/delivery.ts)
 * send it later from whichever instance is free. Below the features: imports write events, the
 * webhooks feature delivers them.
 */

export interface OutboxEvent {
  organizationId: number;
  type: string;
  now: Date;
  /** Only this endpoint, whatever it asked for (a test event); else every enabled one that asked for `type`. */
  endpointId?: number;
  /** Also the regions' endpoints that asked for `type` (a supplier's price list changed). */
  alsoRegions?: boolean;
}

/** A Standard Webhooks message id: unique, and the same on every attempt to deliver it. */
export const newEventId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * Writes the event and its deliveries inside `trx`, when an endpoint wants it; `data` is made
 * only then. Returns the event's id, or null when no endpoint wanted it (nothing is written).
 */
export async function recordEvent(
  trx: Transaction<DB>,
  event: OutboxEvent,
  data: () => Promise<object | null>,
): Promise<string | null> {
  let query = trx
    .selectFrom('webhook_endpoints')
    .select('id')
    .where((where) =>
      event.alsoRegions
        ? where.or([
            where('organization_id', '=', event.organizationId),
            where(
              'organization_id',
              'in',
              where.selectFrom('organizations').select('id').where('kind', '=', 'CUSTOMER'),
            ),
          ])
        : where('organization_id', '=', event.organizationId),
    )
    .where('enabled', '=', true);
  query = event.endpointId
    ? query.where('id', '=', event.endpointId)
    : query.where(sql<boolean>`${event.type} = any(events)`);
  const endpoints = await query.execute();
  if (endpoints.length === 0) return null;
  const payloadData = await data();
  if (payloadData === null) return null;
  const id = newEventId();
  const payload = { type: event.type, timestamp: event.now.toISOString(), data: payloadData };
  await trx
    .insertInto('webhook_events')
    .values({
      id,
      organization_id: event.organizationId,
      type: event.type,
      payload: JSON.stringify(payload),
      created_at: event.now,
    })
    .execute();
  await trx
    .insertInto('webhook_deliveries')
    .values(
      endpoints.map((endpoint) => ({
        event_id: id,
        endpoint_id: endpoint.id,
        next_attempt_at: event.now,
        created_at: event.now,
      })),
    )
    .execute();
  return id;
}
