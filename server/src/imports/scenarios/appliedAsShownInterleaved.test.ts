/**
 * "Applied = shown" when imports of one price list cross: two or three files are validated,
 * then confirmed, applied and undone in a random order, one job at a time. Whenever a job applies
 * an import, the price list right after is the list right before, changed by exactly the added,
 * updated and removed rows the changes API listed when that import was last confirmed. An import
 * whose list changed in between is not applied: it is validated again, and is applied only when
 * its new summary is confirmed.
 *
 * `PROPERTY_RUNS` sets the number of interleavings per database (default 3, so that `npm test`
 * stays short); `PROPERTY_RUNS=100 npx vitest run server/src/imports/appliedAsShownInterleaved.test.ts`
 * is the longer run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricelistRowValues } from '#contract';
import {
  demoSupplier,
  listedChanges,
  postConfirm,
  pricelistRows,
  request,
  type Supplier,
  uploadImport,
} from '../../../../test-support/importFlow';
import { priceListWorkbook } from '../../../../test-support/pricelistFiles';
import { createTestApp, type TestApp, testDatabaseKinds } from '../../../../test-support/testApp';
import { demoArticleNumber } from '../../../../test-support/workbooks';
import { runNextJob } from '../jobs/importJobs';

const runs = Number(process.env.PROPERTY_RUNS ?? 3);

/** A whole price list: some of the first 20 articles, with few enough values that rows repeat. */
const fileRows = fc
  .shuffledSubarray(
    Array.from({ length: 20 }, (_, i) => demoArticleNumber(i + 1)),
    { minLength: 1, maxLength: 12 },
  )
  .chain((numbers) =>
    fc.tuple(
      ...numbers.map((articleNumber) =>
        fc.record({
          articleNumber: fc.constant(articleNumber),
          price: fc.constantFrom<number>(10, 20, 30.5),
          minimumOrderQuantity: fc.constantFrom<number>(1, 2),
        }),
      ),
    ),
  );

type Step = { kind: 'confirm'; which: number } | { kind: 'job' } | { kind: 'undo' };
const step = (files: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.nat(files - 1).map((which): Step => ({ kind: 'confirm', which })) },
    { weight: 3, arbitrary: fc.constant<Step>({ kind: 'job' }) },
    { weight: 1, arbitrary: fc.constant<Step>({ kind: 'undo' }) },
  );
const scenario = fc
  .array(fileRows, { minLength: 2, maxLength: 3 })
  .chain((files) =>
    fc.tuple(fc.constant(files), fc.array(step(files.length), { minLength: 4, maxLength: 12 })),
  );

/** Always run first: two files confirmed before either is applied, so the second's list changes. */
const crossingConfirms: [ScenarioRow[][], Step[]] = [
  [
    [1, 2, 3].map((n) => ({ articleNumber: demoArticleNumber(n), price: 10, minimumOrderQuantity: 1 })),
    [1, 4].map((n) => ({ articleNumber: demoArticleNumber(n), price: 20, minimumOrderQuantity: 2 })),
  ],
  [{ kind: 'confirm', which: 0 }, { kind: 'confirm', which: 1 }, { kind: 'job' }, { kind: 'job' }],
];

interface ScenarioRow {
  articleNumber: string;
  price: number;
  minimumOrderQuantity: number;
}

interface Shown {
  added: PricelistRowValues[];
  updated: PricelistRowValues[];
  removed: string[];
}

const byArticle = (rows: PricelistRowValues[]) =>
  [...rows].sort((a, b) =>
    a.articleNumber < b.articleNumber ? -1 : a.articleNumber > b.articleNumber ? 1 : 0,
  );

describe.each(testDatabaseKinds)('what is applied is what was shown, imports crossing, on %s', (kind) => {
  let testApp: TestApp;
  let supplier: Supplier;
  const get = (url: string) =>
    request(testApp, 'GET', `imports/${supplier.organizationId}/${url}`, supplier.cookie);

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    supplier = await demoSupplier(testApp);
  });
  afterAll(() => testApp?.close());

  const listed = (importId: number, changeKind: 'added' | 'updated' | 'removed') =>
    listedChanges(testApp, supplier, importId, changeKind);

  it(
    'applies each import exactly as its last confirmed summary listed, or not at all',
    async () => {
      const pricelistId = supplier.pricelists.future;
      let applies = 0;
      let revalidations = 0;
      await fc.assert(
        fc.asyncProperty(scenario, async ([files, steps]) => {
          const ids: number[] = [];
          for (const rows of files) {
            const created = await uploadImport(testApp, supplier, await priceListWorkbook(rows), {
              pricelistId,
            });
            expect(created.statusCode).toBe(201);
            ids.push(created.json().importObject.id);
          }
          const shown = new Map<number, Shown>();

          const confirm = async (id: number) => {
            const status = (await get(`${id}`)).json().importObject.status;
            if (status !== 'VALIDATION_SUCCESS') return;
            const [added, updated, removed] = await Promise.all([
              listed(id, 'added'),
              listed(id, 'updated'),
              listed(id, 'removed'),
            ]);
            expect((await postConfirm(testApp, supplier, id)).statusCode).toBe(200);
            shown.set(id, {
              added: added.map((change) => change.values),
              updated: updated.map((change) => change.values),
              removed: removed.map((change) => change.articleNumber),
            });
          };
          const job = async () => {
            const before = await pricelistRows(testApp, pricelistId);
            const result = await runNextJob(testApp, 'test-worker');
            if (!result) return false;
            if (result.claimed === 'IMPORT_PENDING' && result.end === 'VALIDATION_PENDING') revalidations++;
            if (result.end !== 'IMPORT_SUCCESS') return true;
            applies++;
            const { added, updated, removed } = shown.get(result.importId)!;
            const expected = new Map(before.map((row) => [row.articleNumber, row]));
            for (const articleNumber of removed) expect(expected.delete(articleNumber)).toBe(true);
            for (const row of updated) {
              expect(expected.has(row.articleNumber)).toBe(true);
              expected.set(row.articleNumber, row);
            }
            for (const row of added) {
              expect(expected.has(row.articleNumber)).toBe(false);
              expected.set(row.articleNumber, row);
            }
            expect(byArticle(await pricelistRows(testApp, pricelistId))).toEqual(
              byArticle([...expected.values()]),
            );
            return true;
          };
          const undoLatest = async () => {
            for (const id of [...ids].reverse()) {
              if ((await get(`${id}`)).json().importObject.undoable)
                await request(
                  testApp,
                  'POST',
                  `imports/${supplier.organizationId}/${id}/undo`,
                  supplier.cookie,
                );
            }
          };

          // The validations first, so that there is something to confirm.
          while (await job());
          for (const next of steps) {
            if (next.kind === 'confirm') await confirm(ids[next.which]!);
            else if (next.kind === 'job') await job();
            else await undoLatest();
          }
          // Then every import to its end: confirmed again after each new validation.
          for (let round = 0; round < 10; round++) {
            while (await job());
            const statuses = await Promise.all(
              ids.map(async (id) => (await get(`${id}`)).json().importObject.status),
            );
            if (!statuses.includes('VALIDATION_SUCCESS')) break;
            for (const id of ids) await confirm(id);
          }
          for (const id of ids)
            expect((await get(`${id}`)).json().importObject.status).toBe('IMPORT_SUCCESS');
        }),
        { numRuns: runs, examples: [[crossingConfirms]] },
      );
      // Both paths are taken over the runs: imports applied, and imports sent back to validation.
      expect(applies).toBeGreaterThan(0);
      expect(revalidations).toBeGreaterThan(0);
      console.log(`[${kind}] ${applies} applies, ${revalidations} applies sent back to validation`);
    },
    60_000 + runs * 30_000,
  );
});
