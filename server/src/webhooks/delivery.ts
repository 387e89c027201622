import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { AppDeps } from '../appDeps';
import { backoffMs, type JobLoop, startJobLoop } from '../lib/jobs/jobLoop';
import { mailRecipientOf } from '../mail/recipients';
import { webhooksPageLink, webhookTurnedOffMail } from '../mail/texts';
import { decryptSecret, secretKeyOf } from './secrets';
import { type AttemptResult, createWebhookSender, type WebhookSender } from './sender';
import { webhookHeaders } from './signature';

/**
 * Delivers the outbox (events/outbox.ts) as a job queue of its own, like the import jobs: any
 * instance claims a due delivery under a lease (claimNextDelivery: organisations in turns, a cap
 * per endpoint), POSTs it, and records the answer. An instance that dies mid-delivery loses its
 * lease and another sends the delivery again with the same `webhook-id`, so the receiver can
 * tell it has it already.
 *
 * A delivery fails without a 2xx answer within WEBHOOKS_TIMEOUT_SECONDS; redirects are not
 * followed. It is tried again after 5 s, 5 min, 30 min, 2 h, 5 h and then every 10 h, the last
 * time WEBHOOKS_RETRY_HOURS after its first attempt, and then marked FAILED. When a delivery is
 * marked FAILED and nothing has got through to its endpoint since its first attempt, the endpoint
 * is turned off and the user who added it gets a mail.
 */

export type DeliveryDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger' | 'mailer' | 'webhookSignal'>;

export interface ClaimedDelivery {
  id: number;
  attempts: number;
  eventId: string;
  endpointId: number;
  organizationId: number;
  url: string;
  secretEncrypted: string;
  body: string;
  firstAttemptAt: Date;
  /** When this attempt was claimed: a failure counts from here (the endpoint's failing_since). */
  attemptStartedAt: Date;
}

/** Waits after the failed attempt `attempt` (1 for the first), as Standard Webhooks' reference schedule. */
const retrySchedule = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];
export const retryDelayMs = (attempt: number) =>
  retrySchedule[attempt - 1] ?? backoffMs(attempt, 10 * 3_600_000, 1, 10 * 3_600_000);

/** A claim lasts the request's timeout and a margin; a crashed instance's delivery is free after it. */
const leaseMsOf = (config: DeliveryDeps['config']) =>
  (config.WEBHOOKS_TIMEOUT_SECONDS + config.JOB_LEASE_SECONDS) * 1000;

/** Any fixed number: every instance takes it to claim, so the cap per endpoint holds exactly. */
const DELIVERY_CLAIM_LOCK = 727_002;

/**
 * Claims the next due delivery under a lease, fairly between organisations (decision 0045), as
 * the import jobs are claimed (imports/jobs/importQueue.ts, decision 0029): first the
 * organisation with the fewest deliveries in flight (claimed under a live lease, on any
 * instance), then the one that has waited longest: since the delivery fell due, or since the
 * organisation's last claim when that is later (webhook_delivery_turns). An endpoint that has
 * WEBHOOKS_MAX_IN_FLIGHT_PER_ENDPOINT deliveries in flight gets no more until one ends, so an
 * endpoint that never answers holds that many of the instances' places, never all of them.
 * Within an organisation, oldest first. Each enabled endpoint below its cap offers its oldest
 * due delivery (one index probe per endpoint, never a sort of the whole backlog), and the claim
 * takes the first of those in the order above. Claims take turns under a transaction-level
 * advisory lock, so two instances never both count an endpoint below its cap and both claim for
 * it; the update checks the delivery is still free and due, as it may have changed meanwhile.
 *
 * `idleOrganizationsOnly` is for an instance's last free place: it goes only to an organisation
 * with nothing in flight anywhere, so endpoints that never answer cannot fill every place and
 * make another organisation's event wait for a timeout (decision 0049).
 */
export async function claimNextDelivery(
  deps: DeliveryDeps,
  workerId: string,
  { idleOrganizationsOnly = false }: { idleOrganizationsOnly?: boolean } = {},
): Promise<ClaimedDelivery | null> {
  const now = deps.clock.now();
  const leaseUntil = new Date(now.getTime() + leaseMsOf(deps.config));
  const maxInFlight = deps.config.WEBHOOKS_MAX_IN_FLIGHT_PER_ENDPOINT;
  const row = await deps.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${DELIVERY_CLAIM_LOCK})`.execute(trx);
    const claimed = await sql<{
      id: number;
      attempts: number;
      event_id: string;
      endpoint_id: number;
      first_attempt_at: Date;
      organization_id: number;
      url: string;
      secret_encrypted: string;
      body: string;
    }>`
      with in_flight as (
        select endpoint_id, count(*) as deliveries from webhook_deliveries
        where lease_expires_at >= ${now} and status = 'PENDING'
        group by endpoint_id
      ), organization_in_flight as (
        select e.organization_id, sum(f.deliveries) as deliveries
        from in_flight f join webhook_endpoints e on e.id = f.endpoint_id
        group by e.organization_id
      ), candidates as (
        -- Each endpoint below its cap offers its oldest due delivery that no live lease holds.
        select d.id, d.next_attempt_at, e.organization_id from webhook_endpoints e
          left join in_flight f on f.endpoint_id = e.id
          cross join lateral (
            select d.id, d.next_attempt_at from webhook_deliveries d
            where d.endpoint_id = e.id and d.status = 'PENDING' and d.next_attempt_at <= ${now}
              and (d.lease_expires_at is null or d.lease_expires_at < ${now})
            order by d.next_attempt_at, d.id
            limit 1
          ) d
        where e.enabled and coalesce(f.deliveries, 0) < ${maxInFlight}
      ), next as (
        select c.id from candidates c
          left join organization_in_flight o on o.organization_id = c.organization_id
          left join webhook_delivery_turns t on t.organization_id = c.organization_id
        ${idleOrganizationsOnly ? sql`where o.deliveries is null` : sql``}
        order by coalesce(o.deliveries, 0), greatest(c.next_attempt_at, t.claimed_at),
          t.claimed_at nulls first, c.next_attempt_at, c.id
        limit 1
      ), claimed as (
        update webhook_deliveries set lease_owner = ${workerId}, lease_expires_at = ${leaseUntil},
          attempts = attempts + 1, first_attempt_at = coalesce(first_attempt_at, ${now}),
          last_attempt_at = ${now}
        where id = (select id from next) and status = 'PENDING' and next_attempt_at <= ${now}
          and (lease_expires_at is null or lease_expires_at < ${now})
        returning id, attempts, event_id, endpoint_id, first_attempt_at
      ), turn as (
        insert into webhook_delivery_turns (organization_id, claimed_at)
        select e.organization_id, ${now} from claimed c join webhook_endpoints e on e.id = c.endpoint_id
        on conflict (organization_id) do update set claimed_at = excluded.claimed_at
      )
      select c.*, e.organization_id, e.url, e.secret_encrypted, v.payload::text as body
      from claimed c
        join webhook_endpoints e on e.id = c.endpoint_id
        join webhook_events v on v.id = c.event_id`.execute(trx);
    return claimed.rows[0];
  });
  if (!row) return null;
  return {
    id: row.id,
    attempts: row.attempts,
    eventId: row.event_id,
    endpointId: row.endpoint_id,
    organizationId: row.organization_id,
    url: row.url,
    secretEncrypted: row.secret_encrypted,
    body: row.body,
    firstAttemptAt: new Date(row.first_attempt_at),
    attemptStartedAt: now,
  };
}

export type DeliveryEnd = 'DELIVERED' | 'RETRY_LATER' | 'FAILED' | 'LEASE_LOST';

/** Sends one claimed delivery and records how it went; its endpoint may be turned off. */
export async function processDelivery(
  deps: DeliveryDeps,
  sender: WebhookSender,
  delivery: ClaimedDelivery,
  workerId: string,
): Promise<DeliveryEnd> {
  let result: AttemptResult;
  try {
    const secret = decryptSecret(secretKeyOf(deps.config), delivery.organizationId, delivery.secretEncrypted);
    // The timestamp is the real time of this attempt: receivers compare it with their clocks.
    const headers = webhookHeaders(secret, delivery.eventId, new Date(), delivery.body);
    result = await sender.post(new URL(delivery.url), headers, delivery.body);
  } catch (error) {
    deps.logger.error({ err: error, deliveryId: delivery.id }, 'webhook delivery could not be sent');
    result = { ok: false, statusCode: null, error: 'Leveransen kunde inte skickas (fel i tjänsten).' };
  }
  const end = await recordAttempt(deps, delivery, workerId, result);
  deps.logger.info(
    {
      deliveryId: delivery.id,
      eventId: delivery.eventId,
      endpointId: delivery.endpointId,
      attempt: delivery.attempts,
      statusCode: result.statusCode,
      end,
    },
    'webhook delivery attempted',
  );
  return end;
}

async function recordAttempt(
  deps: DeliveryDeps,
  delivery: ClaimedDelivery,
  workerId: string,
  result: AttemptResult,
): Promise<DeliveryEnd> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const turnedOff = await db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('id', '=', delivery.id)
      .where('lease_owner', '=', workerId)
      .where('status', '=', 'PENDING')
      .forUpdate()
      .executeTakeFirst();
    if (!held) return { end: 'LEASE_LOST' as const };
    const released = { lease_owner: null, lease_expires_at: null, last_status_code: result.statusCode };
    if (result.ok) {
      await trx
        .updateTable('webhook_deliveries')
        .set({ ...released, status: 'DELIVERED', delivered_at: now, last_error: null })
        .where('id', '=', delivery.id)
        .execute();
      // Only when it was failing: deliveries to one endpoint in parallel need not wait on its row.
      await trx
        .updateTable('webhook_endpoints')
        .set({ failing_since: null })
        .where('id', '=', delivery.endpointId)
        .where('failing_since', 'is not', null)
        .execute();
      return { end: 'DELIVERED' as const };
    }
    const giveUpAt = delivery.firstAttemptAt.getTime() + config.WEBHOOKS_RETRY_HOURS * 3_600_000;
    const failed = now.getTime() >= giveUpAt;
    await trx
      .updateTable('webhook_deliveries')
      .set({
        ...released,
        last_error: result.error,
        ...(failed
          ? { status: 'FAILED' }
          : {
              next_attempt_at: new Date(Math.min(now.getTime() + retryDelayMs(delivery.attempts), giveUpAt)),
            }),
      })
      .where('id', '=', delivery.id)
      .execute();
    const endpoint = await trx
      .updateTable('webhook_endpoints')
      // From when this attempt started, not from now: the run is compared with the delivery's
      // first attempt, which is the claim's time too (a delivery whose only attempts failed is a run).
      .set({ failing_since: sql`coalesce(failing_since, ${delivery.attemptStartedAt})` })
      .where('id', '=', delivery.endpointId)
      .returning(['failing_since', 'enabled', 'url', 'created_by'])
      .executeTakeFirst();
    if (!failed) return { end: 'RETRY_LATER' as const };
    // A run of failures: nothing got through since this delivery was first tried.
    const run =
      endpoint?.failing_since && endpoint.failing_since.getTime() <= delivery.firstAttemptAt.getTime();
    if (!endpoint?.enabled || !run) return { end: 'FAILED' as const };
    await trx
      .updateTable('webhook_endpoints')
      .set({ enabled: false, disabled_reason: 'FAILURES', disabled_at: now })
      .where('id', '=', delivery.endpointId)
      .execute();
    return {
      end: 'FAILED' as const,
      off: { url: endpoint.url, createdBy: endpoint.created_by, failingSince: endpoint.failing_since! },
    };
  });
  if ('off' in turnedOff && turnedOff.off) await mailTurnedOff(deps, turnedOff.off, result);
  return turnedOff.end;
}

async function mailTurnedOff(
  deps: DeliveryDeps,
  off: { url: string; createdBy: number | null; failingSince: Date },
  result: AttemptResult,
) {
  deps.logger.warn({ url: off.url }, 'webhook endpoint turned off after a run of failed deliveries');
  if (off.createdBy === null) return;
  try {
    const recipient = await mailRecipientOf(deps.db, off.createdBy);
    if (!recipient) return;
    await deps.mailer.send(
      webhookTurnedOffMail(recipient, {
        url: off.url,
        failingSince: off.failingSince,
        lastError: result.ok ? null : result.error,
        pageLink: webhooksPageLink(deps.config.publicUrl),
      }),
    );
  } catch (err) {
    deps.logger.error({ err }, 'webhook turned-off mail failed');
  }
}

/** One step of the queue, for tests and the benchmark: claims the next due delivery and sends it. */
export async function deliverNext(
  deps: DeliveryDeps,
  sender: WebhookSender,
  workerId: string,
): Promise<{ deliveryId: number; end: DeliveryEnd } | null> {
  const delivery = await claimNextDelivery(deps, workerId);
  if (!delivery) return null;
  return { deliveryId: delivery.id, end: await processDelivery(deps, sender, delivery, workerId) };
}

/**
 * This instance's delivery loop (lib/jobs/jobLoop.ts): every JOB_POLL_MS, and at once when a
 * change of this instance wrote an event. Deliveries wait mostly on the network, so up to
 * WEBHOOKS_MAX_CONCURRENT run at once.
 */
export function startWebhookDeliveries(deps: DeliveryDeps): JobLoop {
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}:webhooks`;
  const sender = createWebhookSender(deps.config);
  const maxRunning = deps.config.WEBHOOKS_MAX_CONCURRENT;
  const loop = startJobLoop<ClaimedDelivery>({
    workerId,
    queue: {
      // The last free place is kept for an organisation with nothing in flight (decision 0049).
      claim: (id, running) =>
        claimNextDelivery(deps, id, { idleOrganizationsOnly: maxRunning > 1 && running === maxRunning - 1 }),
    },
    run: (delivery) => processDelivery(deps, sender, delivery, workerId),
    signal: deps.webhookSignal,
    pollMs: deps.config.JOB_POLL_MS,
    // A delivery waits on another server: the next one starts beside it at once.
    budgetMs: 0,
    maxRunning,
    logger: deps.logger.child({ jobQueue: 'webhooks' }),
  });
  return {
    async stop() {
      await loop.stop();
      sender.close();
    },
  };
}
