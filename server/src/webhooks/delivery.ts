import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { AppDeps } from '../appDeps';
import { backoffMs, type JobLoop, startJobLoop } from '../lib/jobs/jobLoop';
import { mailRecipientOf } from '../mail/recipients';
import { webhooksPageLink, webhookTurnedOffMail } from '../mail/texts';
import { type AddressPolicy, AddressRefused, deliveryAddressProblem, guardedLookup } from './addresses';
import { decryptSecret, secretKeyOf } from './secrets';
import { webhookHeaders } from './signature';

/**
 * Delivers the outbox (events/outbox.ts) as a job queue of its own, like the import jobs: any
 * instance claims a due delivery under a lease with `FOR UPDATE SKIP LOCKED`, POSTs it, and
 * records the answer. An instance that dies mid-delivery loses its lease and another sends the
 * delivery again with the same `webhook-id`, so the receiver can tell it has it already.
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
}

/** Waits after the failed attempt `attempt` (1 for the first), as Standard Webhooks' reference schedule. */
const retrySchedule = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];
export const retryDelayMs = (attempt: number) =>
  retrySchedule[attempt - 1] ?? backoffMs(attempt, 10 * 3_600_000, 1, 10 * 3_600_000);

/** A claim lasts the request's timeout and a margin; a crashed instance's delivery is free after it. */
const leaseMsOf = (config: DeliveryDeps['config']) =>
  (config.WEBHOOKS_TIMEOUT_SECONDS + config.JOB_LEASE_SECONDS) * 1000;

/** The most of an answer's body that is read: only its status matters. */
const ANSWER_BYTES_READ = 1024;

export async function claimNextDelivery(
  deps: DeliveryDeps,
  workerId: string,
): Promise<ClaimedDelivery | null> {
  const now = deps.clock.now();
  const leaseUntil = new Date(now.getTime() + leaseMsOf(deps.config));
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
    with next as (
      select d.id from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id
      where d.status = 'PENDING' and e.enabled and d.next_attempt_at <= ${now}
        and (d.lease_expires_at is null or d.lease_expires_at < ${now})
      order by d.next_attempt_at, d.id
      limit 1
      for update of d skip locked
    ), claimed as (
      update webhook_deliveries set lease_owner = ${workerId}, lease_expires_at = ${leaseUntil},
        attempts = attempts + 1, first_attempt_at = coalesce(first_attempt_at, ${now}),
        last_attempt_at = ${now}
      where id = (select id from next)
      returning id, attempts, event_id, endpoint_id, first_attempt_at
    )
    select c.*, e.organization_id, e.url, e.secret_encrypted, v.payload::text as body
    from claimed c
      join webhook_endpoints e on e.id = c.endpoint_id
      join webhook_events v on v.id = c.event_id`.execute(deps.db);
  const row = claimed.rows[0];
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
  };
}

export type AttemptResult =
  | { ok: true; statusCode: number }
  | { ok: false; statusCode: number | null; error: string };

/** Keep-alive connections per instance; every new connection goes through the guarded lookup. */
export interface WebhookSender {
  post(url: URL, headers: Record<string, string>, body: string): Promise<AttemptResult>;
  close(): void;
}

export function createWebhookSender(config: DeliveryDeps['config']): WebhookSender {
  const policy: AddressPolicy = { allowLoopback: config.WEBHOOKS_ALLOW_LOOPBACK };
  const lookup = guardedLookup(policy);
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 8, lookup }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 8, lookup }),
  };
  const timeoutMs = config.WEBHOOKS_TIMEOUT_SECONDS * 1000;
  return {
    post(url, headers, body) {
      const problem = deliveryAddressProblem(url, policy);
      if (problem) return Promise.resolve({ ok: false, statusCode: null, error: problem });
      const client = url.protocol === 'https:' ? https : http;
      const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
      return new Promise<AttemptResult>((resolve) => {
        const request = client.request(
          url,
          {
            method: 'POST',
            agent,
            lookup,
            signal: AbortSignal.timeout(timeoutMs),
            headers: {
              'content-type': 'application/json',
              'content-length': String(Buffer.byteLength(body)),
              'user-agent': 'Hjalpmedelsdatabasen-Webhooks/1',
              ...headers,
            },
          },
          (response) => {
            const statusCode = response.statusCode ?? 0;
            let read = 0;
            response.on('data', (chunk: Buffer) => {
              read += chunk.length;
              if (read > ANSWER_BYTES_READ) response.destroy();
            });
            const settle = () => resolve(resultOfStatus(statusCode));
            response.on('end', settle);
            response.on('close', settle);
            response.on('error', settle);
          },
        );
        request.on('error', (error) =>
          resolve({ ok: false, statusCode: null, error: reasonOf(error, timeoutMs) }),
        );
        request.end(body);
      });
    },
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

function resultOfStatus(statusCode: number): AttemptResult {
  if (statusCode >= 200 && statusCode < 300) return { ok: true, statusCode };
  if (statusCode >= 300 && statusCode < 400)
    return {
      ok: false,
      statusCode,
      error: `Svarade med en omdirigering (HTTP ${statusCode}), som inte följs.`,
    };
  return { ok: false, statusCode, error: `Svarade HTTP ${statusCode}.` };
}

/** Why an attempt got no answer, in Swedish for the deliveries list. */
function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof AddressRefused) return error.message;
  const { name, code } = error as { name?: string; code?: string };
  if (name === 'TimeoutError' || name === 'AbortError' || code === 'ABORT_ERR')
    return `Inget svar inom ${timeoutMs / 1000} sekunder.`;
  if (code === 'ECONNREFUSED') return 'Mottagaren tog inte emot anslutningen (ECONNREFUSED).';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `Namnet gick inte att slå upp (${code}).`;
  if (code === 'ECONNRESET') return 'Mottagaren stängde anslutningen (ECONNRESET).';
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT'))
    return `TLS-anslutningen misslyckades (${code}).`;
  return `Anslutningen misslyckades${code ? ` (${code})` : ''}.`;
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
      .set({ failing_since: sql`coalesce(failing_since, ${now})` })
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
  const loop = startJobLoop<ClaimedDelivery>({
    workerId,
    queue: { claim: (id) => claimNextDelivery(deps, id) },
    run: (delivery) => processDelivery(deps, sender, delivery, workerId),
    signal: deps.webhookSignal,
    pollMs: deps.config.JOB_POLL_MS,
    // A delivery waits on another server: the next one starts beside it at once.
    budgetMs: 0,
    maxRunning: deps.config.WEBHOOKS_MAX_CONCURRENT,
    logger: deps.logger.child({ jobQueue: 'webhooks' }),
  });
  return {
    async stop() {
      await loop.stop();
      sender.close();
    },
  };
}
