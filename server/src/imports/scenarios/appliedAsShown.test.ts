/**
 * The import's central promise, as a property: whatever a file holds, the rows in the database
 * after "Läs in" are the rows before, changed by exactly the added, updated and removed rows the
 * changes API listed, and a file with errors changes nothing. Files are written by hand so that
 * their cells hold what a hostile or broken tool could write: Excel's `_xHHHH_` escapes of
 * control characters and of surrogate halves, astral characters, long texts, padded numbers.
 *
 * `PROPERTY_RUNS` sets the number of files per database (default 6, so that `npm test` stays
 * short); `PROPERTY_RUNS=200 npx vitest run server/src/imports/appliedAsShown.test.ts` is the
 * longer run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PricelistRowValues, priceListColumns } from '#contract';
import {
  demoSupplier,
  listedChanges,
  postConfirm,
  pricelistRows,
  request,
  runAllJobs,
  type Supplier,
  uploadImport,
} from '../../../../test-support/importFlow';
import { createTestApp, type TestApp, testDatabaseKinds } from '../../../../test-support/testApp';
import { demoArticleNumber, handMadeXlsx, headers } from '../../../../test-support/workbooks';
import { forbiddenCharacterIn } from '../../pricelistFile/storableText';

const runs = Number(process.env.PROPERTY_RUNS ?? 6);

/** Pieces of cell text: plain, awkward but storable, and refused (controls, surrogate halves). */
const storablePiece = fc.constantFrom(
  'a',
  'Z',
  '7',
  ' ',
  'å',
  'Ö',
  '€',
  '😀',
  '\t',
  '\n',
  '&',
  '<',
  '"',
  '_x000D_',
  '_x0009_',
  '_X000A_',
  '_x005F_x0000_',
  '_x005f_x0001_',
  '_xD83D__xDE00_',
  '_x00E5_',
  '_x',
  '_x12_',
);
const refusedPiece = fc.constantFrom(
  '_x0000_',
  '_x0001_',
  '_x001F_',
  '_xD800_',
  '_xDFFF_',
  '_xFFFE_',
  '_x000B_',
);
const storableText = fc.array(storablePiece, { maxLength: 12 }).map((pieces) => pieces.join(''));
const anyText = fc.oneof(
  { weight: 6, arbitrary: storableText },
  {
    weight: 2,
    arbitrary: fc
      .tuple(storableText, refusedPiece, storableText)
      .map(([before, refused, after]) => before + refused + after),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(storablePiece, fc.integer({ min: 256, max: 3000 })).map(([p, n]) => p.repeat(n)),
  },
);

/** A cell as the sheet's XML writes it: shared or inline text, or a number. */
type Cell = { text: string } | { number: number } | null;

const text = (arbitrary: fc.Arbitrary<string>) => arbitrary.map((value): Cell => ({ text: value }));
const number = (arbitrary: fc.Arbitrary<number>) => arbitrary.map((value): Cell => ({ number: value }));
const maybe = (arbitrary: fc.Arbitrary<Cell>) =>
  fc.oneof({ weight: 3, arbitrary }, { weight: 1, arbitrary: fc.constant(null) });

/**
 * One file row. A careful file's cells are all storable (awkward escapes, padding, astral
 * characters); a hostile file's cells may also hold what must be refused.
 */
const row = (articleNumber: string, hostile: boolean) =>
  fc.record({
    articleNumber: fc.constantFrom<Cell>(
      { text: articleNumber },
      { text: ` ${articleNumber}_x0020_` },
      ...(hostile ? [{ text: `${articleNumber}_x0000_` }] : []),
    ),
    price: fc.oneof(
      number(fc.integer({ min: 0, max: 1_000_000 }).map((cents) => cents / 100)),
      text(fc.constantFrom('12,50', '0', '1 234,5', '_x0031_2', ...(hostile ? ['12_x0000_'] : []))),
    ),
    minimumOrderQuantity: number(fc.integer({ min: hostile ? 0 : 1, max: 5 })),
    deliveryTimeDays: maybe(number(fc.integer({ min: 0, max: 30 }))),
    warrantyQuantity: maybe(number(fc.integer({ min: 0, max: 5 }))),
    warrantyUnit: fc.constantFrom<Cell>(
      { text: 'Dagar' },
      { text: 'år' },
      { text: ' Veckor\t' },
      { text: 'M_x00E5_nader' },
      ...(hostile ? [{ text: 'Månader_x0000_' }] : []),
    ),
    warrantyValidFrom: maybe(
      text(fc.constantFrom('Leveransdatum', 'fakturadatum', ...(hostile ? ['Faktura_x0001_datum'] : []))),
    ),
    warrantyTerms: maybe(text(hostile ? anyText : storableText)),
  });

/** A file of some of the supplier's first 60 articles, in random order, each once. */
const fileRows = fc
  .tuple(
    fc.shuffledSubarray(
      Array.from({ length: 60 }, (_, i) => demoArticleNumber(i + 1)),
      { minLength: 1, maxLength: 25 },
    ),
    fc.boolean(),
  )
  .chain(([articleNumbers, hostile]) => fc.tuple(...articleNumbers.map((number) => row(number, hostile))));

/** A row every rule accepts, with escapes that stand for a literal `_x0000_` and an emoji. */
const carefulRow: Record<string, Cell> = {
  articleNumber: { text: 'HMD-0001' },
  price: { number: 12.5 },
  minimumOrderQuantity: { number: 1 },
  deliveryTimeDays: null,
  warrantyQuantity: null,
  warrantyUnit: { text: 'Dagar' },
  warrantyValidFrom: null,
  warrantyTerms: { text: '_x005F_x0000_ och _xD83D__xDE00_' },
};

const columnLetter = (column: number) => 'ABCDEFGHI'[column]!;
const escapeMarkup = (value: string) => value.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The file: shared strings or inline strings, texts written raw so that their escapes stay escapes. */
function workbookOf(rows: Record<string, Cell>[], inline: boolean): Buffer {
  const sharedStrings: string[] = [];
  const cellXml = (ref: string, cell: Cell) => {
    if (cell === null) return '';
    if ('number' in cell) return `<c r="${ref}"><v>${cell.number}</v></c>`;
    if (inline)
      return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeMarkup(cell.text)}</t></is></c>`;
    sharedStrings.push(cell.text);
    return `<c r="${ref}" t="s"><v>${sharedStrings.length - 1}</v></c>`;
  };
  const keys = priceListColumns.map((column) => column.key);
  const header = headers.map((name, column) => cellXml(`${columnLetter(column)}1`, { text: name })).join('');
  const body = rows
    .map((cells, index) => {
      const r = index + 2;
      const xml = keys
        .map((key, column) => cellXml(`${columnLetter(column)}${r}`, cells[key] ?? null))
        .join('');
      return `<row r="${r}">${xml}</row>`;
    })
    .join('');
  // handMadeXlsx escapes shared strings itself (only &, <, > and ", as here).
  return handMadeXlsx({ sheet: `<row r="1">${header}</row>${body}`, sharedStrings });
}

const byCodeUnits = (a: PricelistRowValues, b: PricelistRowValues) =>
  a.articleNumber < b.articleNumber ? -1 : a.articleNumber > b.articleNumber ? 1 : 0;

describe.each(testDatabaseKinds)('what is applied is what was shown, on %s', (kind) => {
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
    'leaves the rows before, changed by exactly the listed changes, or nothing at all',
    async () => {
      const pricelistId = supplier.pricelists.future;
      let confirmed = 0;
      await fc.assert(
        fc.asyncProperty(fileRows, fc.boolean(), async (rows, inline) => {
          const before = await pricelistRows(testApp, pricelistId);
          const created = await uploadImport(testApp, supplier, workbookOf(rows, inline), { pricelistId });
          expect(created.statusCode).toBe(201);
          const id: number = created.json().importObject.id;
          await runAllJobs(testApp);
          const summary = (await get(`${id}/summary`)).json().result;
          expect(summary?.type).toMatch(/^(CONFIRM|VALIDATION_ERRORS)$/);

          if (summary.type !== 'CONFIRM') {
            // Errors are shown safely: no control character, no broken surrogate, no huge value.
            for (const error of summary.errors) {
              expect(forbiddenCharacterIn(error.value)).toBeNull();
              expect(error.value.length).toBeLessThanOrEqual(301);
            }
            expect(
              (
                await request(
                  testApp,
                  'POST',
                  `imports/${supplier.organizationId}/${id}/confirm`,
                  supplier.cookie,
                )
              ).statusCode,
            ).toBe(409);
            await runAllJobs(testApp);
            expect(await pricelistRows(testApp, pricelistId)).toEqual(before);
            await request(testApp, 'DELETE', `imports/${supplier.organizationId}/${id}`, supplier.cookie);
            return;
          }

          const [added, updated, removed] = await Promise.all([
            listed(id, 'added'),
            listed(id, 'updated'),
            listed(id, 'removed'),
          ]);
          expect([added.length, updated.length, removed.length]).toEqual([
            summary.added,
            summary.updated,
            summary.removed,
          ]);
          const expected = new Map(before.map((values) => [values.articleNumber, values]));
          for (const change of removed) expect(expected.delete(change.articleNumber)).toBe(true);
          for (const change of updated) {
            expect(expected.has(change.articleNumber)).toBe(true);
            expected.set(change.articleNumber, change.values);
          }
          for (const change of added) {
            expect(expected.has(change.articleNumber)).toBe(false);
            expected.set(change.articleNumber, change.values);
          }

          // A risky file is applied only with its risks acknowledged, as "Ja, läs in ändå" does.
          if (summary.risk.warnings.length > 0)
            expect((await postConfirm(testApp, supplier, id, { acknowledge: false })).statusCode).toBe(409);
          expect((await postConfirm(testApp, supplier, id)).statusCode).toBe(200);
          await runAllJobs(testApp);
          expect((await get(`${id}`)).json().importObject.status).toBe('IMPORT_SUCCESS');
          confirmed++;
          const after = await pricelistRows(testApp, pricelistId);
          expect(after.sort(byCodeUnits)).toEqual([...expected.values()].sort(byCodeUnits));
        }),
        // One careful file always runs first, so the applied path is taken whatever the random
        // files are (six hostile ones in a row happen one time in 64).
        { numRuns: runs, examples: [[[carefulRow], false]] },
      );
      // Both paths are taken: some files are applied, not only refused.
      expect(confirmed).toBeGreaterThan(0);
    },
    120_000 + runs * 10_000,
  );
});
