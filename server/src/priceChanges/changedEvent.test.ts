/**
 * `pricelist.changed` end to end on each database: endpoints of the supplier and of a region,
 * added through the API, get the event of an applied import and of its undo, signed, with the
 * feed's cursor that reads the rows; another supplier's endpoint gets nothing.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceChangeFeed, WebhookPricelistChangedEvent } from '#contract';
import { api, appliedImport, editedPricelistFile } from '../../../test-support/importFlow';
import { sessionCookieFor, testDatabaseKinds } from '../../../test-support/testApp';
import { useSupplierApp } from '../../../test-support/useTestApp';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test-support/webhookReceiver';
import { deliverNext } from '../webhooks/delivery';
import { webhookMessages } from '../webhooks/routeParts';
import { createWebhookSender, type WebhookSender } from '../webhooks/sender';

describe.each(testDatabaseKinds)('pricelist.changed (%s)', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind, { env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } });
  let receiver: WebhookReceiver;
  let sender: WebhookSender;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    sender = createWebhookSender(testApp.config);
  });
  afterAll(async () => {
    sender?.close();
    await receiver?.close();
  });

  const call = async (username: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    testApp.app.inject({
      method,
      url: `${api}/${url}`,
      headers: { cookie: await sessionCookieFor(testApp, username) },
      ...(payload && { payload }),
    });
  const addEndpoint = async (username: string, events: string[]) =>
    call(username, 'POST', 'webhooks', { url: `${receiver.url}/${username}`, events });
  const deliverAll = async () => {
    while (await deliverNext(testApp, sender, 'test'));
  };

  it("reaches the supplier's and every region's endpoint, never another supplier's", async () => {
    // A region's user may ask for this event only.
    const refused = await addEndpoint('region.avtal', ['import.applied']);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.errors.events).toBe(webhookMessages.eventNotOffered('import.applied'));
    const secrets = new Map<string, string>();
    for (const username of ['region.avtal', 'lev.admin', 'lev2.admin']) {
      const added = await addEndpoint(username, ['pricelist.changed']);
      expect(added.statusCode, added.body).toBe(201);
      secrets.set(`/hooks/${username}`, added.json().secret);
    }

    const pricelistId = supplier.pricelists.current;
    const file = await editedPricelistFile(testApp, pricelistId, (row) => ({
      ...row,
      price: Number(row.price) + 1,
    }));
    const importId = await appliedImport(testApp, supplier, file, pricelistId);
    await deliverAll();
    const received = [await receiver.next(), await receiver.next()];
    await expect(receiver.next(500)).rejects.toThrow('no webhook arrived');
    expect(received.map((hook) => hook.path).sort()).toEqual(['/hooks/lev.admin', '/hooks/region.avtal']);
    // One event, the same webhook-id at both, each signed with its endpoint's secret.
    expect(received[0]!.headers['webhook-id']).toBe(received[1]!.headers['webhook-id']);
    const events = received.map(
      (hook) =>
        new Webhook(secrets.get(hook.path)!).verify(
          hook.body,
          hook.headers as Record<string, string>,
        ) as WebhookPricelistChangedEvent,
    );
    const event = events[0]!;
    expect(event).toEqual({
      type: 'pricelist.changed',
      timestamp: expect.any(String),
      data: {
        kind: 'IMPORT_APPLIED',
        organization: { id: supplier.organizationId, name: 'Hjälpmedel Demo AB' },
        generalPricelistId: supplier.generalPricelistId,
        pricelist: { id: pricelistId, number: '2' },
        importId,
        counts: { added: 0, updated: expect.any(Number), removed: 0 },
        feed: { cursor: expect.stringMatching(/^\d+$/), after: expect.stringMatching(/^\d+$/) },
      },
    });
    // The cursor it names reads exactly this change from the feed.
    const feed: PriceChangeFeed = (
      await call('region.avtal', 'GET', `pricelists/changes?after=${event.data.feed.after}&limit=1000`)
    ).json();
    expect(feed.entries[0]).toMatchObject({ cursor: event.data.feed.cursor, import: { id: importId } });
    expect(feed.entries[0]!.counts).toEqual(event.data.counts);

    // The undo is a change too, with the counts backwards.
    const undone = await call('lev.admin', 'POST', `imports/${supplier.organizationId}/${importId}/undo`);
    expect(undone.statusCode).toBe(200);
    await deliverAll();
    const undoEvents = [await receiver.next(), await receiver.next()].map((hook) => JSON.parse(hook.body));
    for (const undoEvent of undoEvents)
      expect(undoEvent.data).toMatchObject({ kind: 'IMPORT_UNDONE', importId, counts: event.data.counts });
    await expect(receiver.next(500)).rejects.toThrow('no webhook arrived');
  });

  it("leaves a supplier's import endpoints to those who import", async () => {
    const imports = await addEndpoint('lev.admin', ['import.applied']);
    expect(imports.statusCode).toBe(201);
    const importsId: number = imports.json().endpoint.id;
    // The superadmin reads every list, in the supplier's organisation, and does not import.
    const listed = await call('superadmin', 'GET', 'webhooks');
    const ids = listed.json().endpoints.map((endpoint: { id: number; events: string[] }) => endpoint.events);
    expect(ids.every((events: string[]) => events.join() === 'pricelist.changed')).toBe(true);
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `${api}/webhooks/${importsId}`,
      headers: { cookie: await sessionCookieFor(testApp, 'superadmin') },
    });
    expect(removed.statusCode).toBe(404);
    expect((await call('lev.admin', 'GET', `webhooks/${importsId}/deliveries`)).statusCode).toBe(200);
  });
});
