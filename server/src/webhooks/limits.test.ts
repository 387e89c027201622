/**
 * The limits of an organisation's webhooks on each database, as a caller sees them: at most 10
 * endpoints however many creates arrive at once; test events at a rate per endpoint (429 with
 * Retry-After beyond it, in Swedish); and an endpoint whose only delivery ends failed is turned
 * off with a mail, on the real clock (a delivery's attempt takes time, which a frozen clock hides).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test-support/importFlow';
import { sessionCookieFor, testDatabaseKinds } from '../../../test-support/testApp';
import { useMailboxApp } from '../../../test-support/useTestApp';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test-support/webhookReceiver';
import { systemClock } from '../clock';
import { type DeliveryDeps, deliverNext } from './delivery';
import { createWebhookSender } from './sender';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabaseKinds)('webhook limits (%s)', (kind) => {
  const { testApp, mailbox } = useMailboxApp(kind, {
    env: { WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOKS_TIMEOUT_SECONDS: '2' },
  });
  let receiver: WebhookReceiver;
  let cookie: string;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    cookie = await sessionCookieFor(testApp, 'lev.admin');
  });
  afterAll(() => receiver?.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    testApp.app.inject({ method, url: `${api}/${url}`, headers: { cookie }, ...(payload && { payload }) });
  const addEndpoint = async () => {
    const created = await call('POST', 'webhooks', { url: receiver.url, events: ['import.applied'] });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().endpoint.id as number;
  };
  const removeAll = async () => {
    for (const endpoint of (await call('GET', 'webhooks')).json().endpoints)
      expect((await call('DELETE', `webhooks/${endpoint.id}`)).statusCode).toBe(204);
  };

  it('keeps to 10 endpoints when 30 are added at once', async () => {
    // Five first: creates at once that each counted before the others' inserts would all see five.
    for (let n = 0; n < 5; n += 1) await addEndpoint();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        call('POST', 'webhooks', { url: `${receiver.url}?n=${n}`, events: ['import.applied'] }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(25);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().error).toEqual({
      code: 'CONFLICT',
      message: 'Organisationen har redan 10 webhook-mottagare. Ta bort en innan du lägger till en ny.',
    });
    expect((await call('GET', 'webhooks')).json().endpoints).toHaveLength(10);
    // Another organisation has its own 10.
    const other = await sessionCookieFor(testApp, 'lev2.admin');
    const theirs = await testApp.app.inject({
      method: 'POST',
      url: `${api}/webhooks`,
      headers: { cookie: other },
      payload: { url: receiver.url, events: ['import.applied'] },
    });
    expect(theirs.statusCode).toBe(201);
    await removeAll();
  });

  it('sends at most 5 test events a minute to one endpoint, then 429 with Retry-After', async () => {
    const id = await addEndpoint();
    const test = (endpointId = id) => call('POST', `webhooks/${endpointId}/test`);
    // Ten at once: five go, five are refused, whichever order they arrive in.
    const burst = await Promise.all(Array.from({ length: 10 }, () => test()));
    expect(burst.map((answer) => answer.statusCode).sort()).toEqual([
      ...Array(5).fill(202),
      ...Array(5).fill(429),
    ]);
    const refused = burst.find((answer) => answer.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json().error).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Högst 5 testhändelser i minuten till samma mottagare. Försök igen om 60 sekunder.',
    });
    testApp.clock.advance(59_000);
    const later = await test();
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('1');
    expect(later.json().error.message).toBe(
      'Högst 5 testhändelser i minuten till samma mottagare. Försök igen om 1 sekund.',
    );
    // Another endpoint has its own rate.
    expect((await test(await addEndpoint())).statusCode).toBe(202);
    testApp.clock.advance(1_000);
    expect((await test()).statusCode).toBe(202);
    const deliveries = (await call('GET', `webhooks/${id}/deliveries`)).json().deliveries;
    expect(deliveries).toHaveLength(6);
    await removeAll();
  });

  it('turns off an endpoint whose only delivery ends failed, on the real clock, and mails', async () => {
    // The app's clock back at the real time (the test before moved it on), so its event is due now.
    testApp.clock.set(new Date());
    const id = await addEndpoint();
    expect((await call('POST', `webhooks/${id}/test`)).statusCode).toBe(202);
    receiver.fallback = 503;
    // Given up a second after the first attempt: one retry at that second, then FAILED.
    const deps: DeliveryDeps = {
      ...testApp,
      clock: systemClock,
      config: { ...testApp.config, WEBHOOKS_RETRY_HOURS: 1 / 3600 },
    };
    const sender = createWebhookSender(deps.config);
    const ends: string[] = [];
    try {
      const deadline = Date.now() + 15_000;
      while (!ends.includes('FAILED') && Date.now() < deadline) {
        const step = await deliverNext(deps, sender, 'real-clock');
        if (step) ends.push(step.end);
        else await sleep(100);
      }
    } finally {
      sender.close();
      receiver.fallback = 204;
    }
    expect(ends).toEqual(['RETRY_LATER', 'FAILED']);
    const [endpoint] = (await call('GET', 'webhooks')).json().endpoints;
    expect(endpoint).toEqual(expect.objectContaining({ id, enabled: false, disabledReason: 'FAILURES' }));
    const mail = await mailbox.next();
    expect(mail.subject).toBe('En webhook-mottagare har stängts av');
    expect(mail.text).toContain(`Hjälpmedelsdatabasen har stängt av webhook-mottagaren ${receiver.url}`);
    expect(mail.text).toContain('Senaste felet: Svarade HTTP 503.');
    await removeAll();
  });
});
