/**
 * Property: the change feed is the whole story of every price list, over three suppliers: the
 * demo's (Hjälpmedel Demo AB, lev.admin) and two more that anotherSupplier makes (the demo has no
 * other supplier with price lists), each an organisation with a user who imports and a current and
 * a future list the operations act on. Random sequences of applied imports, undos, imports applied
 * at once on lists of two suppliers (on PostgreSQL through two instances, so their commits race for
 * the feed's counter) and confirms that arrive after their list changed (sent back to validation:
 * no entry). A consumer that only follows the feed as a region's user (who reads every supplier),
 * in random page sizes and stopping after a random number of pages (the next read restarts from its
 * last cursor), ends with exactly the lists of the three suppliers the database has (by hash). A
 * second consumer, the region's system that follows only the pricelist.changed webhooks (delivered
 * from both instances) and the Peppol Update catalogues, ends with the same hash.
 * `FEED_PROPERTY_OPERATIONS` sets the length of the sequence (default 10, so that `npm test` stays
 * short); `FEED_PROPERTY_OPERATIONS=200 npx vitest run server/src/priceChanges/feedProperty.test.ts`
 * is the long run.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceChangeFeed, PricelistRowValues, WebhookPricelistChangedEvent } from '#contract';
import { anotherSupplier } from '../../../test-support/anotherSupplier';
import { catalogueRowOf, startCatalogueConsumer } from '../../../test-support/catalogueConsumer';
import {
  api,
  appliedImport,
  editedPricelistFile,
  postConfirm,
  pricelistRows,
  runAllJobs,
  type Supplier,
  validatedImport,
} from '../../../test-support/importFlow';
import {
  secondInstance,
  sessionCookieFor,
  type TestApp,
  testDatabaseKinds,
} from '../../../test-support/testApp';
import { useSupplierApp } from '../../../test-support/useTestApp';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test-support/webhookReceiver';
import { runNextJob } from '../imports/jobs/importJobs';
import { deliverNext } from '../webhooks/delivery';
import { createWebhookSender, type WebhookSender } from '../webhooks/sender';

const operations = Number(process.env.FEED_PROPERTY_OPERATIONS ?? 10);
const supplierCount = 3;

const anOperation = fc.record({
  kind: fc.constantFrom('apply', 'apply', 'applyBoth', 'undo', 'staleConfirm'),
  supplier: fc.nat({ max: supplierCount - 1 }),
  /** The supplier's current list (0) or its future one (1). */
  list: fc.constantFrom(0, 1),
  seed: fc.nat({ max: 10_000 }),
  /** How many rows the consumer reads per answer before this operation (0: it does not read). */
  readLimit: fc.constantFrom(0, 1, 3, 7, 50, 1000),
  /** How many answers it reads before it stops; its next read restarts from its last cursor. */
  readPages: fc.constantFrom(1, 2, Number.POSITIVE_INFINITY),
});
type Operation = typeof anOperation extends fc.Arbitrary<infer T> ? T : never;

/** Each supplier changes a list first, so the webhooks of all three are part of every run. */
const aSequence = fc
  .array(anOperation, { minLength: operations, maxLength: operations })
  .map((sequence) =>
    sequence.map(
      (operation, index): Operation =>
        index < supplierCount
          ? { ...operation, supplier: index, kind: operation.kind === 'undo' ? 'apply' : operation.kind }
          : operation,
    ),
  );

const hashOf = (lists: Map<number, object[]>) =>
  createHash('sha256')
    .update(JSON.stringify([...lists].sort(([a], [b]) => a - b)))
    .digest('hex');

const listsActedOn = (supplier: Supplier) => [supplier.pricelists.current, supplier.pricelists.future];

describe.each(testDatabaseKinds)('a consumer of the feed rebuilds every list (%s)', (kind) => {
  const { testApp, supplier: demo } = useSupplierApp(kind, { env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } });
  let suppliers: Supplier[];
  /** Every list of the three suppliers, the past ones too: what the hashes cover. */
  let everyList: number[];
  /** A region's user: reads every supplier's changes, and its endpoint gets every supplier's events. */
  let regionCookie: string;
  let other: TestApp | undefined;
  let receiver: WebhookReceiver;
  let sender: WebhookSender;
  beforeAll(async () => {
    suppliers = [
      demo,
      await anotherSupplier(testApp, 'Rehab Norr AB'),
      await anotherSupplier(testApp, 'Vårdteknik Syd AB'),
    ];
    everyList = (
      await testApp.db
        .selectFrom('pricelists as p')
        .innerJoin('general_pricelists as g', 'g.id', 'p.general_pricelist_id')
        .select('p.id')
        .where(
          'g.organization_id',
          'in',
          suppliers.map((supplier) => supplier.organizationId),
        )
        .orderBy('p.id')
        .execute()
    ).map((list) => list.id);
    // A past, a current and a future list each.
    expect(everyList).toHaveLength(3 * supplierCount);
    regionCookie = await sessionCookieFor(testApp, 'region.avtal');
    if (kind === 'postgres') other = await secondInstance(testApp);
    receiver = await startWebhookReceiver();
    sender = createWebhookSender(testApp.config);
    const endpoint = await testApp.app.inject({
      method: 'POST',
      url: `${api}/webhooks`,
      headers: { cookie: regionCookie },
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
    `after ${operations} random operations over ${supplierCount} suppliers`,
    async () => {
      await fc.assert(
        fc.asyncProperty(aSequence, async (sequence) => {
          const consumer = await startConsumer(everyList);
          const buyer = await startCatalogueConsumer(testApp, regionCookie, everyList);
          const applied = new Map<number, number[]>(everyList.map((id) => [id, []]));
          for (const operation of sequence) {
            if (operation.readLimit > 0) await consumer.read(operation.readLimit, operation.readPages);
            await run(operation, applied);
          }
          await consumer.read(1000);
          const now = new Map<number, PricelistRowValues[]>();
          for (const id of everyList) now.set(id, await pricelistRows(testApp, id));
          expect(hashOf(consumer.lists())).toBe(hashOf(now));
          if (operations >= supplierCount) expect(consumer.organizations().size).toBe(supplierCount);

          // The region's system: each pricelist.changed event, once per webhook-id, asks for the
          // list's Update catalogue since its cursor. Delivered from both instances at once.
          const instances = [testApp, other ?? testApp];
          await Promise.all(
            instances.map(async (instance, i) => {
              while (await deliverNext(instance, sender, `deliverer-${i}`));
            }),
          );
          const seen = new Set<string>();
          const eventOrganizations = new Set<number>();
          for (const hook of receiver.received.splice(0)) {
            const id = String(hook.headers['webhook-id']);
            if (seen.has(id)) continue;
            seen.add(id);
            const { data } = JSON.parse(hook.body) as WebhookPricelistChangedEvent;
            eventOrganizations.add(data.organization.id);
            await buyer.changed(data);
          }
          expect(eventOrganizations).toEqual(consumer.organizations());
          const catalogueNow = new Map([...now].map(([id, rows]) => [id, rows.map(catalogueRowOf)]));
          expect(hashOf(buyer.lists())).toBe(hashOf(catalogueNow));
        }),
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
          headers: { cookie: regionCookie },
        })
      ).json() as PriceChangeFeed;
    let cursor = (await read('?limit=1')).head;
    const copy = new Map<number, Map<string, PricelistRowValues>>();
    for (const id of lists)
      copy.set(id, new Map((await pricelistRows(testApp, id)).map((row) => [row.articleNumber, row])));
    /** The suppliers whose entries it read. */
    const organizations = new Set<number>();
    return {
      async read(limit: number, pages = Number.POSITIVE_INFINITY) {
        for (let answer = 0; answer < pages; answer++) {
          const page = await read(`?after=${cursor}&limit=${limit}`);
          for (const entry of page.entries) {
            const rows = copy.get(entry.pricelist.id);
            if (!rows)
              throw new Error(`an entry of list ${entry.pricelist.id}, which the consumer does not follow`);
            organizations.add(entry.organization.id);
            for (const row of entry.rows) {
              if (row.after) rows.set(row.articleNumber, row.after);
              else rows.delete(row.articleNumber);
            }
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
      organizations: () => organizations,
    };
  }

  /** A file of the list as it is, a few prices changed, a row removed, an absent article added. */
  async function editedFile(supplier: Supplier, pricelistId: number, seed: number) {
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

  async function run(operation: Operation, applied: Map<number, number[]>) {
    const supplier = suppliers[operation.supplier]!;
    const list = listsActedOn(supplier)[operation.list]!;
    const instance = operation.seed % 2 === 1 && other ? other : testApp;
    if (operation.kind === 'apply') {
      applied
        .get(list)!
        .push(
          await appliedImport(instance, supplier, await editedFile(supplier, list, operation.seed), list),
        );
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
      // Lists of two suppliers confirmed, then applied by the two instances at once.
      const partner =
        suppliers[(operation.supplier + 1 + (Math.floor(operation.seed / 2) % 2)) % supplierCount]!;
      const validated = [];
      for (const owner of [supplier, partner]) {
        const id = listsActedOn(owner)[operation.list]!;
        const file = await editedFile(owner, id, operation.seed);
        validated.push({ owner, list: id, importId: (await validatedImport(testApp, owner, file, id)).id });
      }
      for (const { owner, importId } of validated)
        expect((await postConfirm(testApp, owner, importId)).statusCode).toBe(200);
      await Promise.all([runAllJobs(testApp, 'first'), runAllJobs(other ?? testApp, 'second')]);
      await runAllJobs(testApp);
      for (const { list: id, importId } of validated)
        if ((await statusOf(importId)) === 'IMPORT_SUCCESS') applied.get(id)!.push(importId);
    } else {
      // Validated, then its list changes: sent back to validation, its confirm is refused until
      // the new summary is there. No entry either way.
      const stale = await validatedImport(
        testApp,
        supplier,
        await editedFile(supplier, list, operation.seed),
        list,
      );
      const changing = await validatedImport(
        testApp,
        supplier,
        await editedFile(supplier, list, operation.seed + 1),
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
