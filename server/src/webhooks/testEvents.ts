import { WEBHOOK_TEST_EVENT } from '#contract';
import type { AppDeps } from '../appDeps';
import { recordEvent } from '../events/outbox';

/** The window of the test-event rate: WEBHOOKS_TEST_EVENTS_PER_MINUTE in any 60 seconds. */
const RATE_WINDOW_MS = 60_000;

export type TestEventOutcome =
  | { kind: 'sent'; eventId: string }
  | { kind: 'off' }
  | { kind: 'tooOften'; max: number; retryAfterSeconds: number };

/**
 * Writes `webhook.test` for one endpoint to the outbox, at most WEBHOOKS_TEST_EVENTS_PER_MINUTE
 * in any 60 seconds per endpoint (decision 0045), so a button or a script cannot queue hundreds
 * of deliveries. The count is of the endpoint's test deliveries in the database, under a lock on
 * the endpoint's row: every instance counts the same, and tests sent at once count one after
 * the other. Beyond the rate, the wait until the oldest counted one leaves the window.
 */
export async function sendTestEvent(
  { db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  organizationId: number,
  endpointId: number,
): Promise<TestEventOutcome> {
  const max = config.WEBHOOKS_TEST_EVENTS_PER_MINUTE;
  return db.transaction().execute(async (trx): Promise<TestEventOutcome> => {
    const now = clock.now();
    const endpoint = await trx
      .selectFrom('webhook_endpoints')
      .select('enabled')
      .where('organization_id', '=', organizationId)
      .where('id', '=', endpointId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!endpoint?.enabled) return { kind: 'off' };
    // The max-th latest test delivery within the window: while there is one, the window is full.
    const filling = await trx
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
      .select('d.created_at')
      .where('d.endpoint_id', '=', endpointId)
      .where('v.type', '=', WEBHOOK_TEST_EVENT)
      .where('d.created_at', '>', new Date(now.getTime() - RATE_WINDOW_MS))
      .orderBy('d.created_at', 'desc')
      .offset(max - 1)
      .limit(1)
      .executeTakeFirst();
    if (filling) {
      const waitMs = filling.created_at.getTime() + RATE_WINDOW_MS - now.getTime();
      return { kind: 'tooOften', max, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    const eventId = await recordEvent(
      trx,
      { organizationId, type: WEBHOOK_TEST_EVENT, now, endpointId },
      async () => ({ organizationId, message: 'Testhändelse från Hjälpmedelsdatabasen.' }),
    );
    return eventId ? { kind: 'sent', eventId } : { kind: 'off' };
  });
}
