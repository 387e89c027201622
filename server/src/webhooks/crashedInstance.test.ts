/**
 * A delivery survives the death of the instance sending it, on PostgreSQL with a real server
 * process: the server claims the delivery and POSTs it to a receiver that never answers; it is
 * killed with SIGKILL mid-request. Once the claim's lease has run out, another instance (this
 * test process) takes the delivery and sends it again, with the same webhook-id, so the receiver
 * can tell it is the same event. Both for a test event, and for a region's pricelist.changed of
 * an import that the killed server applied: the feed entry it points to is there.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRowOf, multipart, priceListWorkbook } from '../../../test-support/pricelistFiles';
import { signInOverHttp, startServerProcess } from '../../../test-support/serverProcess';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test-support/webhookReceiver';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { JobSignal } from '../lib/jobs/jobSignal';
import { createMailer } from '../mail/transport';
import { selectPricelistRows } from '../pricelists/snapshot';
import { type DeliveryDeps, deliverNext } from './delivery';
import { createWebhookSender } from './sender';

const postgresUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// PostgreSQL only (TEST_DATABASE_URL): a second process shares the database.
describe.skipIf(!postgresUrl)('a webhook delivery of a killed instance', () => {
  const name = `hmdb_webhook_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const adminUrl = new URL(postgresUrl ?? 'postgres://skipped');
  const databaseUrl = new URL(postgresUrl ?? 'postgres://skipped');
  databaseUrl.pathname = `/${name}`;
  const env = {
    WEBHOOKS_ALLOW_LOOPBACK: 'true',
    WEBHOOKS_TIMEOUT_SECONDS: '5',
    JOB_LEASE_SECONDS: '1',
    WEBHOOKS_SECRET_KEY: randomBytes(32).toString('base64'),
  };
  let admin: DatabaseHandle;
  let database: DatabaseHandle;
  let server: ChildProcess;
  let receiver: WebhookReceiver;
  let url: string;
  let cookie: string;

  /** The real server on the test's database, polling its queues every 100 ms. */
  const startServer = () =>
    startServerProcess({
      ...env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl.toString(),
      JOB_POLL_MS: '100',
    });

  beforeAll(async () => {
    admin = await openDatabase({ databaseUrl: adminUrl.toString(), poolSize: 1 });
    await sql`create database ${sql.id(name)}`.execute(admin.db);
    receiver = await startWebhookReceiver();
    ({ url, child: server } = await startServer());
    cookie = await signInOverHttp(url);
    database = await openDatabase({ databaseUrl: databaseUrl.toString(), poolSize: 2 });
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await receiver?.close();
    await database?.close();
    if (admin) {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      await admin.close();
    }
  });

  /**
   * Another instance (this process) delivers what the killed one had claimed, once its lease (the
   * timeout 5 s + 1 s) has run out: the request the receiver then gets.
   */
  const deliverAfterLease = async () => {
    const killedAt = Date.now();
    const other: DeliveryDeps = {
      db: database.db,
      clock: systemClock,
      config: loadConfig(env),
      logger: pino({ level: 'silent' }),
      mailer: createMailer(loadConfig(env), pino({ level: 'silent' })),
      webhookSignal: new JobSignal(),
    };
    const sender = createWebhookSender(other.config);
    try {
      // Held by the dead instance's claim until its lease runs out.
      expect(await deliverNext(other, sender, 'instance-b')).toBeNull();
      let step: Awaited<ReturnType<typeof deliverNext>> = null;
      while (!step && Date.now() - killedAt < 20_000) {
        await sleep(200);
        step = await deliverNext(other, sender, 'instance-b');
      }
      expect(step?.end).toBe('DELIVERED');
    } finally {
      sender.close();
    }
    return receiver.next();
  };

  it('is sent again by another instance with the same webhook-id once the lease runs out', async () => {
    const post = (path: string, body?: object) =>
      fetch(`${url}/resources/v1/${path}`, {
        method: 'POST',
        headers: { cookie, origin: url, ...(body && { 'content-type': 'application/json' }) },
        ...(body && { body: JSON.stringify(body) }),
      });
    const created = await post('webhooks', { url: receiver.url, events: ['import.applied'] });
    expect(created.status).toBe(201);
    const { endpoint, secret } = (await created.json()) as { endpoint: { id: number }; secret: string };
    receiver.answers.push('hang');
    expect((await post(`webhooks/${endpoint.id}/test`)).status).toBe(202);

    const cutOff = await receiver.next(30_000);
    server.kill('SIGKILL');

    const again = await deliverAfterLease();
    expect(again.headers['webhook-id']).toBe(cutOff.headers['webhook-id']);
    expect(again.body).toBe(cutOff.body);
    expect(new Webhook(secret).verify(again.body, again.headers as Record<string, string>)).toEqual(
      expect.objectContaining({ type: 'webhook.test' }),
    );
    const delivery = await database.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'attempts', 'last_status_code'])
      .executeTakeFirstOrThrow();
    expect(delivery).toEqual({ status: 'DELIVERED', attempts: 2, last_status_code: 204 });
  }, 120_000);

  it('sends a region the pricelist.changed of an import the killed server applied, and the feed has its entry', async () => {
    // A new server on the same database: the last one was killed above.
    ({ url, child: server } = await startServer());
    // Only the region's endpoint: the supplier's of the test above would get this import's import.applied.
    await database.db.deleteFrom('webhook_endpoints').execute();
    const region = await signInOverHttp(url, 'region.avtal');
    const supplier = await signInOverHttp(url, 'lev.admin');
    const call = (method: 'GET' | 'POST', path: string, cookie: string, body?: object) =>
      fetch(`${url}/resources/v1/${path}`, {
        method,
        headers: { cookie, origin: url, ...(body && { 'content-type': 'application/json' }) },
        ...(body && { body: JSON.stringify(body) }),
      });
    const created = await call('POST', 'webhooks', region, {
      url: receiver.url,
      events: ['pricelist.changed'],
    });
    expect(created.status).toBe(201);
    receiver.answers.push('hang');

    // The supplier's current list with one price raised, uploaded, validated and applied by the server.
    const list = await database.db
      .selectFrom('pricelists as p')
      .innerJoin('general_pricelists as g', 'g.id', 'p.general_pricelist_id')
      .innerJoin('organizations as o', 'o.id', 'g.organization_id')
      .select(['p.id', 'g.id as generalPricelistId', 'o.id as organizationId'])
      .where('o.name', '=', 'Hjälpmedel Demo AB')
      .where('p.number', '=', '2')
      .executeTakeFirstOrThrow();
    const rows = await selectPricelistRows(database.db, list.id).orderBy('a.article_number').execute();
    const file = await priceListWorkbook(
      rows.map((row, index) => ({ ...fileRowOf(row), ...(index === 0 && { price: Number(row.price) + 1 }) })),
    );
    const body = multipart(
      { fileName: 'prisjustering.xlsx', content: file },
      { type: 'GENERAL_PRICELIST', metadata: { parent: list.generalPricelistId, id: list.id } },
    );
    const uploaded = await fetch(`${url}/resources/v1/imports/${list.organizationId}`, {
      method: 'POST',
      headers: { ...body.headers, cookie: supplier, origin: url },
      body: body.payload,
    });
    expect(uploaded.status).toBe(201);
    const importId = ((await uploaded.json()) as { importObject: { id: number } }).importObject.id;
    const importPath = `imports/${list.organizationId}/${importId}`;
    const statusOf = async () =>
      ((await (await call('GET', importPath, supplier)).json()) as { importObject: { status: string } })
        .importObject.status;
    const until = async (status: string) => {
      for (const started = Date.now(); (await statusOf()) !== status; await sleep(100))
        if (Date.now() - started > 30_000) throw new Error(`never ${status}`);
    };
    await until('VALIDATION_SUCCESS');
    expect((await call('POST', `${importPath}/confirm`, supplier)).status).toBe(200);
    await until('IMPORT_SUCCESS');

    const cutOff = await receiver.next(30_000);
    server.kill('SIGKILL');
    const event = JSON.parse(cutOff.body) as {
      type: string;
      data: { importId: number; feed: { cursor: string } };
    };
    expect(event.type).toBe('pricelist.changed');
    expect(event.data.importId).toBe(importId);

    const again = await deliverAfterLease();
    expect(again.headers['webhook-id']).toBe(cutOff.headers['webhook-id']);
    expect(again.body).toBe(cutOff.body);
    // Nothing lost: the entry the event points to is in the feed, for the import applied.
    const entry = await database.db
      .selectFrom('pricelist_changes')
      .select(['import_id', 'kind'])
      .where('position', '=', Number(event.data.feed.cursor))
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ import_id: importId, kind: 'IMPORT_APPLIED' });
  }, 120_000);
});
