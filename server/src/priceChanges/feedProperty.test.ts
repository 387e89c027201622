/**
 * Property: a consumer that only follows the change feed, in random page sizes, reading while
 * imports commit, ends with exactly the price lists the database has (by hash). Random sequences
 * of applied imports, undos, imports applied at once on two lists (on PostgreSQL through two
 * instances, so their commits race for the feed's counter) and confirms that arrive after their
 * list changed (sent back to validation: no entry). `FEED_PROPERTY_OPERATIONS` sets the length of
 * the sequence (default 10, so that `npm test` stays short);
 * `FEED_PROPERTY_OPERATIONS=200 npx vitest run server/src/priceChanges/feedProperty.test.ts` is the
 * long run.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceChangeFeed, PricelistRowValues } from '#contract';
import { catalogueRowOf, startCatalogueConsumer } from '../../../test-support/catalogueConsumer';
import {
  api,
  appliedImport,
  editedPricelistFile,
  postConfirm,
  pricelistRows,
  runAllJobs,
  validatedImport,
} from '../../../test-support/importFlow';
import { secondInstance, type TestApp, testDatabaseKinds } from '../../../test-support/testApp';
import { useSupplierApp } from '../../../test-support/useTestApp';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test-support/webhookReceiver';
import { runNextJob } from '../imports/jobs/importJobs';
import { deliverNext } from '../webhooks/delivery';
import { createWebhookSender, type WebhookSender } from '../webhooks/sender';

const operations = Number(process.env.FEED_PROPERTY_OPERATIONS ?? 10);

const anOperation = fc.record({
  kind: fc.constantFrom('apply', 'apply', 'applyBoth', 'undo', 'staleConfirm'),
  list: fc.constantFrom(0, 1),
  seed: fc.nat({ max: 10_000 }),
  /** How many rows the consumer reads per answer before this operation (0: it does not read). */
  readLimit: fc.constantFrom(0, 1, 3, 7, 50, 1000),
});
type Operation = typeof anOperation extends fc.Arbitrary<infer T> ? T : never;

const hashOf = (lists: Map<number, object[]>) =>
  createHash('sha256')
    .update(JSON.stringify([...lists].sort(([a], [b]) => a - b)))
    .digest('hex');

describe.each(testDatabaseKinds)('a consumer of the feed rebuilds every list (%s)', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind, { env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } });
  let other: TestApp | undefined;
  let receiver: WebhookReceiver;
  let sender: WebhookSender;
  beforeAll(async () => {
    if (kind === 'postgres') other = await secondInstance(testApp);
    receiver = await startWebhookReceiver();
    sender = createWebhookSender(testApp.config);
    const endpoint = await testApp.app.inject({
      method: 'POST',
      url: `${api}/webhooks`,
      headers: { cookie: supplier.cookie },
      payload: { url: receiver.url, events: ['pricelist.changed'] },
    });
    expect(endpoint.statusCode).toBe(201);
  });
  afterAll(async () => {
    sender?.close();
    await receiver?.close();
    await other?.close();
  });

  it(
    `after ${operations} random operations`,
    async () => {
      const lists = [supplier.pricelists.current, supplier.pricelists.future];
      await fc.assert(
        fc.asyncProperty(
          fc.array(anOperation, { minLength: operations, maxLength: operations }),
          async (sequence) => {
            const consumer = await startConsumer(lists);
            const buyer = await startCatalogueConsumer(testApp, supplier, lists);
            const applied = new Map<number, number[]>(lists.map((id) => [id, []]));
            for (const operation of sequence) {
              if (operation.readLimit > 0) await consumer.read(operation.readLimit);
              await run(operation, lists, applied);
            }
            await consumer.read(1000);
            const now = new Map<number, PricelistRowValues[]>();
            for (const id of lists) now.set(id, await pricelistRows(testApp, id));
            expect(hashOf(consumer.lists())).toBe(hashOf(now));

            // The buyer's system: each pricelist.changed event, once per webhook-id, asks for the
            // list's Update catalogue since its cursor. Delivered from both instances at once.
            const instances = [testApp, other ?? testApp];
            await Promise.all(
              instances.map(async (instance, i) => {
                while (await deliverNext(instance, sender, `deliverer-${i}`));
              }),
            );
            const seen = new Set<string>();
            for (const hook of receiver.received.splice(0)) {
              const id = String(hook.headers['webhook-id']);
              if (seen.has(id)) continue;
              seen.add(id);
              await buyer.changed(JSON.parse(hook.body).data.pricelist.id);
            }
            expect(seen.size).toBeGreaterThan(0);
            const catalogueNow = new Map([...now].map(([id, rows]) => [id, rows.map(catalogueRowOf)]));
            expect(hashOf(buyer.lists())).toBe(hashOf(catalogueNow));
          },
        ),
        { numRuns: 1, endOnFailure: true },
      );
    },
    60_000 + operations * 4_000,
  );

  /** A consumer's copy: the lists as they are, and the feed's head read before them. */
  async function startConsumer(lists: number[]) {
    const read = async (query: string) =>
      (
        await testApp.app.inject({
          url: `${api}/pricelists/changes${query}`,
          headers: { cookie: supplier.cookie },
        })
      ).json() as PriceChangeFeed;
    let cursor = (await read('?limit=1')).head;
    const copy = new Map<number, Map<string, PricelistRowValues>>();
    for (const id of lists)
      copy.set(id, new Map((await pricelistRows(testApp, id)).map((row) => [row.articleNumber, row])));
    return {
      async read(limit: number) {
        for (;;) {
          const page = await read(`?after=${cursor}&limit=${limit}`);
          for (const entry of page.entries)
            for (const row of entry.rows) {
              const rows = copy.get(entry.pricelist.id);
              if (!rows) continue;
              if (row.after) rows.set(row.articleNumber, row.after);
              else rows.delete(row.articleNumber);
            }
          cursor = page.next;
          if (!page.more) return;
        }
      },
      lists: () =>
        new Map(
          [...copy].map(([id, rows]) => [
            id,
            [...rows.values()].sort((a, b) => (a.articleNumber < b.articleNumber ? -1 : 1)),
          ]),
        ),
    };
  }

  /** A file of the list as it is, a few prices changed, a row removed, an absent article added. */
  async function editedFile(pricelistId: number, seed: number) {
    const present = new Set((await pricelistRows(testApp, pricelistId)).map((row) => row.articleNumber));
    const absent = (
      await testApp.db
        .selectFrom('articles')
        .select('article_number')
        .where('organization_id', '=', supplier.organizationId)
        .orderBy('article_number')
        .execute()
    )
      .map((article) => article.article_number)
      .filter((number) => !present.has(number));
    let index = 0;
    return editedPricelistFile(
      testApp,
      pricelistId,
      (row) => {
        const at = index++;
        if (at === seed % 7) return null;
        return at % 11 === seed % 11 ? { ...row, price: Number(row.price) + 1 + (seed % 20) } : row;
      },
      absent.length > 0
        ? [{ articleNumber: absent[seed % absent.length]!, price: 10 + (seed % 90), minimumOrderQuantity: 1 }]
        : [],
    );
  }

  async function run(operation: Operation, lists: number[], applied: Map<number, number[]>) {
    const list = lists[operation.list]!;
    const instance = operation.seed % 2 === 1 && other ? other : testApp;
    if (operation.kind === 'apply') {
      applied
        .get(list)!
        .push(await appliedImport(instance, supplier, await editedFile(list, operation.seed), list));
    } else if (operation.kind === 'undo') {
      const importId = applied.get(list)!.pop();
      if (importId === undefined) return;
      const undone = await instance.app.inject({
        method: 'POST',
        url: `${api}/imports/${supplier.organizationId}/${importId}/undo`,
        headers: { cookie: supplier.cookie },
      });
      expect(undone.statusCode).toBe(200);
    } else if (operation.kind === 'applyBoth') {
      // Both lists confirmed, then applied by the two instances at once.
      const validated = [];
      for (const id of lists)
        validated.push(await validatedImport(testApp, supplier, await editedFile(id, operation.seed), id));
      for (const { id: importId } of validated)
        expect((await postConfirm(testApp, supplier, importId)).statusCode).toBe(200);
      await Promise.all([runAllJobs(testApp, 'first'), runAllJobs(other ?? testApp, 'second')]);
      await runAllJobs(testApp);
      for (const [index, { id: importId }] of validated.entries()) {
        const status = await statusOf(importId);
        if (status === 'IMPORT_SUCCESS') applied.get(lists[index]!)!.push(importId);
      }
    } else {
      // Validated, then its list changes: sent back to validation, its confirm is refused until
      // the new summary is there. No entry either way.
      const stale = await validatedImport(testApp, supplier, await editedFile(list, operation.seed), list);
      const changing = await validatedImport(
        testApp,
        supplier,
        await editedFile(list, operation.seed + 1),
        list,
      );
      expect((await postConfirm(testApp, supplier, changing.id)).statusCode).toBe(200);
      expect(await runNextJob(instance, 'apply')).toMatchObject({ end: 'IMPORT_SUCCESS' });
      applied.get(list)!.push(changing.id);
      expect((await postConfirm(testApp, supplier, stale.id)).statusCode).toBe(409);
      await runAllJobs(testApp);
      expect(await statusOf(stale.id)).toBe('VALIDATION_SUCCESS');
    }
  }

  async function statusOf(importId: number) {
    const row = await testApp.db
      .selectFrom('imports')
      .select('status')
      .where('id', '=', importId)
      .executeTakeFirstOrThrow();
    return row.status;
  }
});
