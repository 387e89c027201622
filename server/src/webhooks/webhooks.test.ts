/**
 * Webhooks end to end on each database: endpoints managed through the API, events written to the
 * outbox with the change they report, delivered to a real HTTP receiver on loopback, signed as
 * Standard Webhooks has it (checked with the `standardwebhooks` package, an implementation
 * independent of ours), tried again with back-off, and the endpoint turned off after a run of
 * failures, with a mail over real SMTP.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  appliedImport,
  demoSupplier,
  editedPricelistFile,
  request,
  runAllJobs,
  type Supplier,
  uploadImport,
} from '../../../test-support/importFlow';
import { priceListWorkbook } from '../../../test-support/pricelistFiles';
import { sessionCookieFor, testDatabaseKinds } from '../../../test-support/testApp';
import { useMailboxApp } from '../../../test-support/useTestApp';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test-support/webhookReceiver';
import { recordImportEvent } from '../imports/webhookEvents';
import { deliverNext } from './delivery';
import { pruneWebhookDeliveries } from './prune';
import { createWebhookSender, type WebhookSender } from './sender';

const HOUR = 3_600_000;

describe.each(testDatabaseKinds)('webhooks (%s)', (kind) => {
  const { testApp, mailbox } = useMailboxApp(kind, {
    env: { WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOKS_TIMEOUT_SECONDS: '1' },
  });
  let supplier: Supplier;
  let receiver: WebhookReceiver;
  let sender: WebhookSender;

  beforeAll(async () => {
    supplier = await demoSupplier(testApp);
    receiver = await startWebhookReceiver();
    sender = createWebhookSender(testApp.config);
  });
  afterAll(async () => {
    sender?.close();
    await receiver?.close();
  });

  // A new session each call: the tests move the clock by hours, past any session's idle time.
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    cookie?: string,
  ) =>
    testApp.app.inject({
      method,
      url: `${api}/${url}`,
      headers: { cookie: cookie ?? (await sessionCookieFor(testApp, 'lev.admin')) },
      ...(payload && { payload }),
    });
  const addEndpoint = async (url: string, events: string[]) => {
    const created = await call('POST', 'webhooks', { url, events });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { endpoint: { id: number }; secret: string };
  };
  /** Every due delivery, as one instance's loop would send them. */
  const deliverAll = async () => {
    const ends: string[] = [];
    for (
      let step = await deliverNext(testApp, sender, 'test');
      step;
      step = await deliverNext(testApp, sender, 'test')
    )
      ends.push(step.end);
    return ends;
  };
  const removeAll = async () => {
    for (const endpoint of (await call('GET', 'webhooks')).json().endpoints)
      expect((await call('DELETE', `webhooks/${endpoint.id}`)).statusCode).toBe(204);
  };

  it('refuses what is not an https address on the internet, field by field, in Swedish', async () => {
    const refused = async (url: string, events: string[] = ['import.applied']) => {
      const answer = await call('POST', 'webhooks', { url, events });
      expect(answer.statusCode).toBe(400);
      return answer.json().error.errors;
    };
    expect((await refused('')).url).toBe('Ange mottagarens adress.');
    expect((await refused('inte en adress')).url).toMatch(/^Ange en giltig adress som börjar med https:\/\//);
    expect((await refused('ftp://192.0.2.10/x')).url).toMatch(/^Ange en giltig adress/);
    expect((await refused('https://user:pw@127.0.0.1/')).url).toBe(
      'Adressen får inte innehålla användarnamn eller lösenord.',
    );
    for (const internal of [
      '10.1.2.3',
      '192.168.0.1',
      '169.254.169.254',
      '172.16.5.5',
      '100.64.0.1',
      '0.0.0.0',
    ])
      expect((await refused(`https://${internal}/hooks`)).url).toBe(
        `Adressen pekar på ${internal}, som inte är en adress på internet. Webhooks skickas bara till adresser på internet.`,
      );
    expect((await refused('https://[fd00:ec2::254]/')).url).toMatch(/^Adressen pekar på fd00:ec2::254/);
    expect((await refused('https://[::ffff:10.0.0.1]/')).url).toMatch(/^Adressen pekar på ::ffff:a00:1/);
    expect((await refused('https://namnet-finns-inte.invalid/')).url).toBe(
      'Namnet namnet-finns-inte.invalid gick inte att slå upp. Kontrollera adressen.',
    );
    expect((await refused(receiver.url, [])).events).toBe('Välj minst en händelse.');
    expect((await refused(receiver.url, ['import.exploded'])).events).toBe(
      'Händelsen import.exploded finns inte.',
    );
    // Only users who may import, or read every price list, manage them.
    const region = await sessionCookieFor(testApp, 'region.tilldelat');
    expect((await call('GET', 'webhooks', undefined, region)).statusCode).toBe(403);
    expect((await call('GET', 'webhooks', undefined, 'x=y')).statusCode).toBe(401);
  });

  it('keeps the secret encrypted: shown once, never listed, not in the database as it is', async () => {
    const { endpoint, secret } = await addEndpoint(receiver.url, ['import.applied', 'import.validated']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await call('GET', 'webhooks');
    expect(listed.body).not.toContain(secret);
    expect(listed.json().endpoints).toEqual([
      expect.objectContaining({
        id: endpoint.id,
        url: receiver.url,
        events: ['import.validated', 'import.applied'],
        enabled: true,
        // The full name, as the page shows it.
        createdBy: 'Lena Lindqvist',
      }),
    ]);
    const stored = await testApp.db.selectFrom('webhook_endpoints').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(secret.slice('whsec_'.length));
    // Another organisation's admin sees none of it.
    const other = await sessionCookieFor(testApp, 'lev2.admin');
    expect((await call('GET', 'webhooks', undefined, other)).json().endpoints).toEqual([]);
    expect((await call('DELETE', `webhooks/${endpoint.id}`, undefined, other)).statusCode).toBe(404);
    await removeAll();
  });

  it('writes the event with the change, and delivers it signed, to be verified independently', async () => {
    const { endpoint, secret } = await addEndpoint(receiver.url, [
      'import.validated',
      'import.applied',
      'import.undone',
    ]);
    const content = await editedPricelistFile(testApp, supplier.pricelists.current, (row) => ({
      ...row,
      price: Number(row.price ?? 0) + 1,
    }));
    const importId = await appliedImport(testApp, supplier, content);
    // Validated and applied: two events in the outbox, one delivery each, none sent yet.
    const events = await testApp.db
      .selectFrom('webhook_events')
      .select(['id', 'type'])
      .orderBy('created_at')
      .execute();
    expect(events.map((event) => event.type)).toEqual(['import.validated', 'import.applied']);
    expect(await deliverAll()).toEqual(['DELIVERED', 'DELIVERED']);
    const validated = await receiver.next();
    const applied = await receiver.next();
    const verifier = new Webhook(secret);
    const payload = verifier.verify(applied.body, applied.headers as Record<string, string>) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(applied.headers['webhook-id']).toBe(events[1]!.id);
    expect(applied.headers['content-type']).toBe('application/json');
    expect(payload.type).toBe('import.applied');
    expect(payload.data).toEqual({
      organizationId: supplier.organizationId,
      importId,
      fileName: 'prislista.xlsx',
      status: 'IMPORT_SUCCESS',
      generalPricelistId: supplier.generalPricelistId,
      pricelist: { id: supplier.pricelists.current, number: '2' },
      result: { type: 'CONFIRM', added: 0, updated: expect.any(Number), removed: 0, unchanged: 0 },
      summaryUrl: `http://localhost:8080/import/${importId}`,
    });
    expect(JSON.parse(validated.body).data.status).toBe('VALIDATION_SUCCESS');
    // A body changed in transit fails the independent check.
    expect(() =>
      verifier.verify(applied.body.replace('2', '3'), applied.headers as Record<string, string>),
    ).toThrow();

    // The undo, in the browser or by a program, sends its event; a refused undo sends none.
    const undo = () => call('POST', `imports/${supplier.organizationId}/${importId}/undo`);
    expect((await undo()).statusCode).toBe(200);
    expect((await undo()).statusCode).toBe(409);
    expect(await deliverAll()).toEqual(['DELIVERED']);
    expect(JSON.parse((await receiver.next()).body).type).toBe('import.undone');

    // The deliveries, newest first, as the page shows them.
    const deliveries = (await call('GET', `webhooks/${endpoint.id}/deliveries`)).json().deliveries;
    expect(deliveries.map((d: { eventType: string }) => d.eventType)).toEqual([
      'import.undone',
      'import.applied',
      'import.validated',
    ]);
    expect(deliveries[0]).toEqual(
      expect.objectContaining({ status: 'DELIVERED', attempts: 1, lastStatusCode: 204, lastError: null }),
    );
    await removeAll();
  });

  it('writes no event for a change that rolls back, and none when no endpoint wants it', async () => {
    const events = async () => (await testApp.db.selectFrom('webhook_events').select('id').execute()).length;
    const content = await priceListWorkbook([
      { articleNumber: 'FINNS-INTE', price: 1, minimumOrderQuantity: 1 },
    ]);
    const importId = (await uploadImport(testApp, supplier, content)).json().importObject.id;
    await runAllJobs(testApp);
    const before = await events();
    await addEndpoint(receiver.url, ['import.deleted']);
    const target = { importId, organizationId: supplier.organizationId };
    // The event is written inside the change's transaction: when that fails, the event goes too.
    await expect(
      testApp.db.transaction().execute(async (trx) => {
        expect(await recordImportEvent(trx, testApp, target, 'import.deleted')).toMatch(/^msg_[0-9a-f]{32}$/);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await events()).toBe(before);
    // An event no endpoint asked for is not written at all.
    const written = await testApp.db
      .transaction()
      .execute((trx) => recordImportEvent(trx, testApp, target, 'import.applied'));
    expect(written).toBeNull();
    expect(await events()).toBe(before);
    await removeAll();
  });

  it('sends a failed validation and a deleted import, and nothing an endpoint did not ask for', async () => {
    await addEndpoint(receiver.url, ['import.validated', 'import.deleted']);
    const content = await priceListWorkbook([
      { articleNumber: 'FINNS-INTE', price: 1, minimumOrderQuantity: 1 },
    ]);
    const created = await uploadImport(testApp, supplier, content, { fileName: 'fel.xlsx' });
    const importId = created.json().importObject.id;
    await runAllJobs(testApp);
    expect(
      (await request(testApp, 'DELETE', `imports/${supplier.organizationId}/${importId}`, supplier.cookie))
        .statusCode,
    ).toBe(204);
    expect(await deliverAll()).toEqual(['DELIVERED', 'DELIVERED']);
    const [validated, deleted] = [await receiver.next(), await receiver.next()].map((r) =>
      JSON.parse(r.body),
    );
    expect(validated.data).toEqual(
      expect.objectContaining({
        status: 'VALIDATION_FAIL',
        result: { type: 'VALIDATION_ERRORS', errorCount: 1 },
      }),
    );
    // The deleted import as it was when deleted.
    expect(deleted).toEqual(
      expect.objectContaining({
        type: 'import.deleted',
        data: expect.objectContaining({ importId, fileName: 'fel.xlsx', status: 'VALIDATION_FAIL' }),
      }),
    );
    await removeAll();
  });

  it('tries again with back-off under the same webhook-id, through errors and timeouts, until it gets through', async () => {
    const { endpoint } = await addEndpoint(receiver.url, ['import.validated']);
    const tested = await call('POST', `webhooks/${endpoint.id}/test`);
    expect(tested.statusCode).toBe(202);
    const { eventId } = tested.json();
    receiver.answers.push(500, 'hang', 302);
    expect(await deliverAll()).toEqual(['RETRY_LATER']);
    const first = await receiver.next();
    expect(first.headers['webhook-id']).toBe(eventId);
    expect(JSON.parse(first.body)).toEqual(
      expect.objectContaining({
        type: 'webhook.test',
        data: expect.objectContaining({ message: 'Testhändelse från Hjälpmedelsdatabasen.' }),
      }),
    );
    const delivery = async () => {
      const answer = await call('GET', `webhooks/${endpoint.id}/deliveries`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().deliveries[0];
    };
    expect(await delivery()).toEqual(
      expect.objectContaining({
        status: 'PENDING',
        attempts: 1,
        lastStatusCode: 500,
        lastError: 'Svarade HTTP 500.',
      }),
    );
    // Not before its time: 5 s after the first attempt.
    expect(await deliverAll()).toEqual([]);
    testApp.clock.advance(5_000);
    expect(await deliverAll()).toEqual(['RETRY_LATER']);
    expect(await delivery()).toEqual(
      expect.objectContaining({
        attempts: 2,
        lastStatusCode: null,
        lastError: 'Inget svar inom 1 sekunder.',
      }),
    );
    // Then 5 minutes; a redirect is a failure and is not followed.
    testApp.clock.advance(4 * 60_000);
    expect(await deliverAll()).toEqual([]);
    testApp.clock.advance(60_000);
    expect(await deliverAll()).toEqual(['RETRY_LATER']);
    expect((await delivery()).lastError).toBe('Svarade med en omdirigering (HTTP 302), som inte följs.');
    testApp.clock.advance(30 * 60_000);
    expect(await deliverAll()).toEqual(['DELIVERED']);
    const attempts = receiver.received.slice(-4);
    expect(attempts.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId, eventId, eventId]);
    expect(attempts.map((r) => r.path)).toEqual(['/hooks', '/hooks', '/hooks', '/hooks']);
    expect(await delivery()).toEqual(
      expect.objectContaining({ status: 'DELIVERED', attempts: 4, lastStatusCode: 204 }),
    );
    receiver.received.length = 0;
    await removeAll();
  });

  it('turns the endpoint off after 24 hours of failures and mails the user who added it', async () => {
    const { endpoint } = await addEndpoint(receiver.url, ['import.validated']);
    receiver.fallback = 503;
    try {
      expect((await call('POST', `webhooks/${endpoint.id}/test`)).statusCode).toBe(202);
      const ends: string[] = [];
      for (let hour = 0; hour <= 25 && !ends.includes('FAILED'); hour += 1) {
        ends.push(...(await deliverAll()));
        testApp.clock.advance(HOUR);
      }
      // 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then the last at 24 h: eight attempts.
      expect(ends).toEqual([...Array(7).fill('RETRY_LATER'), 'FAILED']);
      const [listed] = (await call('GET', 'webhooks')).json().endpoints;
      expect(listed).toEqual(expect.objectContaining({ enabled: false, disabledReason: 'FAILURES' }));
      const mail = await mailbox.next();
      expect(mail.subject).toBe('En webhook-mottagare har stängts av');
      expect(mail.text).toContain(`Hjälpmedelsdatabasen har stängt av webhook-mottagaren ${receiver.url}`);
      expect(mail.text).toContain('Senaste felet: Svarade HTTP 503.');
      expect(mail.text).toContain('http://localhost:8080/webhooks');
      // Off: no events go to it, and a test is refused until it is turned on again.
      expect((await call('POST', `webhooks/${endpoint.id}/test`)).statusCode).toBe(409);
      const on = await call('PATCH', `webhooks/${endpoint.id}`, { enabled: true });
      expect(on.json()).toEqual(expect.objectContaining({ enabled: true, disabledReason: null }));
    } finally {
      receiver.fallback = 204;
      await removeAll();
    }
  });

  it('refuses at delivery an address that has become internal, without connecting', async () => {
    // As if DNS now answered an internal address, or the row was written around the checks.
    for (const url of ['https://10.0.0.7/hooks', 'https://169.254.169.254/latest/meta-data']) {
      const { endpoint } = await addEndpoint(receiver.url, ['import.validated']);
      await testApp.db.updateTable('webhook_endpoints').set({ url }).where('id', '=', endpoint.id).execute();
      expect((await call('POST', `webhooks/${endpoint.id}/test`)).statusCode).toBe(202);
      const before = receiver.received.length;
      expect(await deliverAll()).toEqual(['RETRY_LATER']);
      expect(receiver.received.length).toBe(before);
      const [last] = (await call('GET', `webhooks/${endpoint.id}/deliveries`)).json().deliveries;
      expect(last.lastError).toMatch(
        /^Adressen (10\.0\.0\.7|169\.254\.169\.254) är inte en adress på internet\./,
      );
      await removeAll();
    }
  });

  it('forgets finished deliveries after 30 days, never a waiting one', async () => {
    const { endpoint } = await addEndpoint(receiver.url, ['import.validated']);
    expect((await call('POST', `webhooks/${endpoint.id}/test`)).statusCode).toBe(202);
    expect(await deliverAll()).toEqual(['DELIVERED']);
    // A second one waits: its endpoint is turned off before it is sent.
    expect((await call('POST', `webhooks/${endpoint.id}/test`)).statusCode).toBe(202);
    expect((await call('PATCH', `webhooks/${endpoint.id}`, { enabled: false })).statusCode).toBe(200);
    expect(await deliverAll()).toEqual([]);
    const statuses = async () =>
      (
        await testApp.db
          .selectFrom('webhook_deliveries')
          .select('status')
          .where('endpoint_id', '=', endpoint.id)
          .execute()
      )
        .map((row) => row.status)
        .sort();
    expect(await statuses()).toEqual(['DELIVERED', 'PENDING']);
    await pruneWebhookDeliveries(testApp.db, new Date(testApp.clock.now().getTime() + 29 * 24 * HOUR));
    expect(await statuses()).toEqual(['DELIVERED', 'PENDING']);
    await pruneWebhookDeliveries(testApp.db, new Date(testApp.clock.now().getTime() + 31 * 24 * HOUR));
    expect(await statuses()).toEqual(['PENDING']);
    await removeAll();
  });
});
