/**
 * One organisation's webhooks cannot hold up another's (decisions 0045 and 0049), on PostgreSQL
 * with two instances delivering at once on the real clock: organisation A has 500 events queued
 * for two endpoints on loopback that never answer (each attempt waits out
 * WEBHOOKS_TIMEOUT_SECONDS, 10 s); organisation B's test event must still arrive within 5 s.
 * First in, first out, it waited for all of A's: about ten minutes. With two places per instance
 * (WEBHOOKS_MAX_CONCURRENT), A's two endpoints could fill all four and B's event wait for a
 * timeout, but an instance's last place goes only to an organisation with nothing in flight.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test-support/importFlow';
import { secondInstance, sessionCookieFor, type TestApp } from '../../../test-support/testApp';
import { useTestApp } from '../../../test-support/useTestApp';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test-support/webhookReceiver';
import { systemClock } from '../clock';
import { recordEvent } from '../events/outbox';
import type { JobLoop } from '../lib/jobs/jobLoop';
import { startWebhookDeliveries } from './delivery';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const BACKLOG = 500;

// PostgreSQL only (TEST_DATABASE_URL): two instances share the database.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a webhook endpoint that never answers', () => {
  const testApp = useTestApp('postgres', {
    env: { WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOKS_MAX_CONCURRENT: '2' },
  });
  let second: TestApp;
  let hanging: WebhookReceiver;
  let answering: WebhookReceiver;
  const loops: JobLoop[] = [];

  beforeAll(async () => {
    second = await secondInstance(testApp);
    hanging = await startWebhookReceiver();
    hanging.fallback = 'hang';
    answering = await startWebhookReceiver();
  });
  afterAll(async () => {
    // No new claims; the attempts waiting on the hanging receiver end when it closes.
    const stopped = Promise.all(loops.map((loop) => loop.stop()));
    await hanging?.close();
    await stopped;
    await answering?.close();
    await second?.close();
  });

  const post = async (username: string, url: string, payload?: object) =>
    testApp.app.inject({
      method: 'POST',
      url: `${api}/${url}`,
      headers: { cookie: await sessionCookieFor(testApp, username) },
      ...(payload && { payload }),
    });
  const addEndpoint = async (username: string, url: string) => {
    const created = await post(username, 'webhooks', { url, events: ['import.applied'] });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().endpoint.id as number;
  };
  /** The endpoints' deliveries in flight now: claimed under a live lease, by any instance. */
  const inFlight = async (endpointIds: number[]) =>
    Number(
      (
        await sql<{ count: number }>`select count(*) as count from webhook_deliveries
          where endpoint_id = any(${endpointIds}) and status = 'PENDING' and lease_expires_at > now()`.execute(
          testApp.db,
        )
      ).rows[0]!.count,
    );

  it('delivers another organisation’s event within 5 s', async () => {
    const a = await addEndpoint('lev.admin', hanging.url);
    const otherA = await addEndpoint('lev.admin', `${hanging.url}?other`);
    const b = await addEndpoint('lev2.admin', answering.url);
    const { organization_id: organizationA } = await testApp.db
      .selectFrom('webhook_endpoints')
      .select('organization_id')
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    // A's backlog, as 500 changes would write it to the outbox (the test button has a rate now).
    await testApp.db.transaction().execute(async (trx) => {
      for (let n = 0; n < BACKLOG; n += 1)
        await recordEvent(
          trx,
          {
            organizationId: organizationA,
            type: 'webhook.test',
            now: testApp.clock.now(),
            endpointId: n % 2 === 0 ? a : otherA,
          },
          async () => ({ organizationId: organizationA, n }),
        );
    });
    // Two instances deliver, 2 at once each, on the real clock; A's deliveries in flight are
    // sampled from then until B's event has arrived.
    for (const instance of [testApp, second])
      loops.push(startWebhookDeliveries({ ...instance, clock: systemClock }));
    let arrived = false;
    let mostInFlight = 0;
    let mostInFlightOfA = 0;
    const sampling = (async () => {
      while (!arrived) {
        mostInFlight = Math.max(mostInFlight, await inFlight([a]), await inFlight([otherA]));
        mostInFlightOfA = Math.max(mostInFlightOfA, await inFlight([a, otherA]));
        await sleep(20);
      }
    })();
    try {
      await hanging.next(10_000);
      await hanging.next(10_000);
      const sentAt = Date.now();
      expect((await post('lev2.admin', `webhooks/${b}/test`)).statusCode).toBe(202);
      // A poll with a deadline: next() gives up after 5 s, before any of A's attempts times out.
      const delivered = await answering.next(5_000);
      const waitedMs = delivered.at - sentAt;
      console.info(`organisation B's event arrived ${waitedMs} ms after it was sent`);
      expect(JSON.parse(delivered.body)).toEqual(expect.objectContaining({ type: 'webhook.test' }));
    } finally {
      arrived = true;
      await sampling;
    }
    // Neither of A's endpoints held more than its 2 places, over both instances, and A as a whole
    // never more than one place of each instance while it had deliveries in flight.
    expect(mostInFlight).toBeGreaterThan(0);
    expect(mostInFlight).toBeLessThanOrEqual(testApp.config.WEBHOOKS_MAX_IN_FLIGHT_PER_ENDPOINT);
    expect(mostInFlightOfA).toBeLessThanOrEqual(2);
    const pendingA = await testApp.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('endpoint_id', 'in', [a, otherA])
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    expect(Number(pendingA.count)).toBe(BACKLOG);
  }, 60_000);
});
