/**
 * Property: whatever sequence of imports a price list goes through, undoing them newest first
 * puts it back byte for byte, row ids included, after each step. The imports are random edits of
 * the list as it stands: prices and warranty texts changed, rows removed, articles added.
 * `PROPERTY_RUNS` sets the number of sequences per database (default 4, so that `npm test` stays
 * short); `PROPERTY_RUNS=50 npx vitest run server/src/imports/undoRoundTrip.test.ts` is the
 * longer run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  api,
  appliedImport,
  editedPricelistFile,
  storedPricelist,
} from '../../../../test-support/importFlow';
import { testDatabaseKinds } from '../../../../test-support/testApp';
import { useSupplierApp } from '../../../../test-support/useTestApp';

const runs = Number(process.env.PROPERTY_RUNS ?? 4);

/** One import: which rows (by their place in the list) change and how, and how many are added. */
const anImport = fc.record({
  seed: fc.nat(),
  priceChanges: fc.nat({ max: 5 }),
  textChanges: fc.nat({ max: 3 }),
  removals: fc.nat({ max: 4 }),
  additions: fc.nat({ max: 4 }),
});

type ImportEdit = typeof anImport extends fc.Arbitrary<infer T> ? T : never;

describe.each(testDatabaseKinds)('import then undo, in any sequence (%s)', (kind) => {
  const { testApp, supplier } = useSupplierApp(kind);

  /** A file of the list as it is now, with the import's edits (never a risky one left unacknowledged). */
  async function fileFor(pricelistId: number, edit: ImportEdit) {
    const present = new Set((await storedPricelist(testApp, pricelistId)).map((row) => row.article_id));
    const articles = await testApp.db
      .selectFrom('articles')
      .select(['id', 'article_number'])
      .where('organization_id', '=', supplier.organizationId)
      .orderBy('article_number')
      .execute();
    const absent = articles.filter((article) => !present.has(article.id));
    let index = 0;
    const pick = (count: number, length: number) =>
      new Set(Array.from({ length: count }, (_, i) => (edit.seed + i * 7) % Math.max(length, 1)));
    const rowCount = present.size;
    const repriced = pick(edit.priceChanges, rowCount);
    const retexted = pick(edit.textChanges, rowCount);
    const removed = pick(edit.removals, rowCount);
    const added = [...pick(edit.additions, absent.length)]
      .map((i) => absent[i])
      .filter((a) => a !== undefined);
    return editedPricelistFile(
      testApp,
      pricelistId,
      (row) => {
        const at = index++;
        if (removed.has(at)) return null;
        return {
          ...row,
          ...(repriced.has(at) ? { price: Number(row.price) + 1 + (edit.seed % 50) } : {}),
          ...(retexted.has(at) ? { warrantyTerms: `Villkor ${edit.seed} ${at}` } : {}),
        };
      },
      added.map((article, i) => ({
        articleNumber: article.article_number,
        price: 10 + i,
        minimumOrderQuantity: 1 + (edit.seed % 3),
      })),
    );
  }

  it(
    `leaves the price list as it was after each undo (${runs} sequences)`,
    async () => {
      const pricelistId = supplier.pricelists.future;
      await fc.assert(
        fc.asyncProperty(fc.array(anImport, { minLength: 1, maxLength: 3 }), async (sequence) => {
          const states = [await storedPricelist(testApp, pricelistId)];
          const imports: number[] = [];
          for (const edit of sequence) {
            imports.push(
              await appliedImport(testApp, supplier, await fileFor(pricelistId, edit), pricelistId),
            );
            states.push(await storedPricelist(testApp, pricelistId));
          }
          while (imports.length > 0) {
            const importId = imports.pop()!;
            states.pop();
            const undone = await testApp.app.inject({
              method: 'POST',
              url: `${api}/imports/${supplier.organizationId}/${importId}/undo`,
              headers: { cookie: supplier.cookie },
            });
            expect(undone.statusCode).toBe(200);
            expect(await storedPricelist(testApp, pricelistId)).toEqual(states.at(-1));
          }
        }),
        {
          numRuns: runs,
          examples: [[[{ seed: 3, priceChanges: 2, textChanges: 1, removals: 1, additions: 1 }]]],
        },
      );
    },
    30_000 + runs * 6_000,
  );
});
