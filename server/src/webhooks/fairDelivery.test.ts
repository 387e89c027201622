/**
 * Webhook deliveries are claimed in turns between organisations, and one endpoint holds at most
 * WEBHOOKS_MAX_IN_FLIGHT_PER_ENDPOINT (2) deliveries in flight (decision 0045), and an instance's
 * last free place goes to an organisation with nothing in flight (decision 0049), on each database,
 * with the test clock: what is claimed, in which order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test-support/importFlow';
import { sessionCookieFor, testDatabaseKinds } from '../../../test-support/testApp';
import { useTestApp } from '../../../test-support/useTestApp';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test-support/webhookReceiver';
import { type ClaimedDelivery, claimNextDelivery, deliverNext } from './delivery';
import { createWebhookSender, type WebhookSender } from './sender';

describe.each(testDatabaseKinds)('fair webhook delivery (%s)', (kind) => {
  const testApp = useTestApp(kind, {
    env: { WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOKS_TIMEOUT_SECONDS: '1' },
  });
  let receiver: WebhookReceiver;
  let sender: WebhookSender;
  const cookies: Record<'A' | 'B', string> = { A: '', B: '' };
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    sender = createWebhookSender(testApp.config);
    // Two organisations: Hjälpmedel Demo AB (A) and Annan Leverantör AB (B).
    cookies.A = await sessionCookieFor(testApp, 'lev.admin');
    cookies.B = await sessionCookieFor(testApp, 'lev2.admin');
  });
  afterAll(async () => {
    sender?.close();
    await receiver?.close();
  });

  const call = (organisation: 'A' | 'B', method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    testApp.app.inject({
      method,
      url: `${api}/${url}`,
      headers: { cookie: cookies[organisation] },
      ...(payload && { payload }),
    });
  /** An endpoint of the organisation on the receiver, its deliveries marked with `?from=`. */
  const addEndpoint = async (organisation: 'A' | 'B') => {
    const url = `${receiver.url}?from=${organisation}`;
    const created = await call(organisation, 'POST', 'webhooks', { url, events: ['import.applied'] });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().endpoint.id as number;
  };
  const sendTests = async (organisation: 'A' | 'B', endpointId: number, count: number) => {
    for (let n = 0; n < count; n += 1)
      expect((await call(organisation, 'POST', `webhooks/${endpointId}/test`)).statusCode).toBe(202);
  };
  const endpointOf = async (deliveryId: number | undefined) =>
    deliveryId === undefined
      ? null
      : (
          await testApp.db
            .selectFrom('webhook_deliveries')
            .select('endpoint_id')
            .where('id', '=', deliveryId)
            .executeTakeFirstOrThrow()
        ).endpoint_id;
  const removeAll = async () => {
    for (const organisation of ['A', 'B'] as const)
      for (const endpoint of (await call(organisation, 'GET', 'webhooks')).json().endpoints)
        expect((await call(organisation, 'DELETE', `webhooks/${endpoint.id}`)).statusCode).toBe(204);
  };

  it('holds at most 2 deliveries of one endpoint in flight, and claims another organisation’s at once', async () => {
    const a = await addEndpoint('A');
    await sendTests('A', a, 5);
    // Two instances claim (and hang on a receiver that never answers, say): two of A's, then none.
    const first = await claimNextDelivery(testApp, 'instance-1');
    const second = await claimNextDelivery(testApp, 'instance-2');
    expect([first?.endpointId, second?.endpointId]).toEqual([a, a]);
    expect(await claimNextDelivery(testApp, 'instance-1')).toBeNull();
    // B's event, sent after A's five, is claimed next.
    const b = await addEndpoint('B');
    await sendTests('B', b, 1);
    expect((await claimNextDelivery(testApp, 'instance-2'))?.endpointId).toBe(b);
    expect(await claimNextDelivery(testApp, 'instance-1')).toBeNull();
    // Claims whose leases have run out (their instances died) no longer count as in flight: they
    // are taken up again, oldest first, in turns between the organisations and within the cap.
    testApp.clock.advance(
      (testApp.config.WEBHOOKS_TIMEOUT_SECONDS + testApp.config.JOB_LEASE_SECONDS) * 1000 + 1,
    );
    const again: ClaimedDelivery[] = [];
    let claimed = await claimNextDelivery(testApp, 'instance-3');
    while (claimed) {
      again.push(claimed);
      claimed = await claimNextDelivery(testApp, 'instance-3');
    }
    expect(again.map((delivery) => delivery.endpointId)).toEqual([a, b, a]);
    expect([again[0]!.id, again[0]!.attempts, again[2]!.id]).toEqual([first?.id, 2, second?.id]);
    await removeAll();
  });

  it('keeps an instance’s last free place for an organisation with nothing in flight', async () => {
    const a = await addEndpoint('A');
    const otherA = await addEndpoint('A');
    await sendTests('A', a, 3);
    await sendTests('A', otherA, 3);
    // A has one delivery in flight: the last place is not A's, though A's deliveries are due.
    const firstOfA = await claimNextDelivery(testApp, 'instance-1');
    expect(firstOfA?.endpointId).toBe(a);
    expect(await claimNextDelivery(testApp, 'instance-1', { idleOrganizationsOnly: true })).toBeNull();
    // B, with nothing in flight, gets it at once.
    const b = await addEndpoint('B');
    await sendTests('B', b, 2);
    expect(
      (await claimNextDelivery(testApp, 'instance-1', { idleOrganizationsOnly: true }))?.endpointId,
    ).toBe(b);
    // Now B has one in flight too, and the last place waits for an organisation with none.
    expect(await claimNextDelivery(testApp, 'instance-1', { idleOrganizationsOnly: true })).toBeNull();
    // Any other place is claimed as before: A's turn again.
    expect((await claimNextDelivery(testApp, 'instance-2'))?.organizationId).toBe(firstOfA?.organizationId);
    // The rest are claimed and the endpoints removed, so the next test starts with none due.
    testApp.clock.advance(
      (testApp.config.WEBHOOKS_TIMEOUT_SECONDS + testApp.config.JOB_LEASE_SECONDS) * 1000 + 1,
    );
    while (await claimNextDelivery(testApp, 'instance-3')) testApp.clock.advance(1);
    await removeAll();
  });

  it('takes turns between a backlog of one organisation and the events of another', async () => {
    const a = await addEndpoint('A');
    const b = await addEndpoint('B');
    await sendTests('A', a, 4);
    const order: Array<number | null> = [
      await endpointOf((await deliverNext(testApp, sender, 'w'))?.deliveryId),
    ];
    testApp.clock.advance(1_000);
    await sendTests('B', b, 2);
    testApp.clock.advance(1_000);
    for (
      let step = await deliverNext(testApp, sender, 'w');
      step;
      step = await deliverNext(testApp, sender, 'w')
    ) {
      expect(step.end).toBe('DELIVERED');
      order.push(await endpointOf(step.deliveryId));
      testApp.clock.advance(1);
    }
    // First in, first out, B's would have waited for all of A's. In turns, B's first goes after
    // the one of A's whose turn began before it was sent, then they alternate.
    expect(order).toEqual([a, a, b, a, b, a]);
    expect(receiver.received.map((received) => received.path.replace('/hooks?from=', ''))).toEqual([
      'A',
      'A',
      'B',
      'A',
      'B',
      'A',
    ]);
    await removeAll();
  });
});
