import type { Database } from '../db/database';

/** Days a finished delivery (DELIVERED or FAILED) stays visible on the page and in the API. */
export const DELIVERY_RETENTION_DAYS = 30;

/**
 * Removes finished deliveries older than the retention, and the events no delivery refers to any
 * more. Pending deliveries stay whatever their age: an endpoint turned off keeps them until it is
 * turned on or removed.
 */
export async function pruneWebhookDeliveries(db: Database, now: Date) {
  const before = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 24 * 3_600_000);
  await db
    .deleteFrom('webhook_deliveries')
    .where('status', 'in', ['DELIVERED', 'FAILED'])
    .where('created_at', '<', before)
    .execute();
  await db
    .deleteFrom('webhook_events')
    .where('created_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as d')
            .select('d.id')
            .whereRef('d.event_id', '=', 'webhook_events.id'),
        ),
      ),
    )
    .execute();
}
