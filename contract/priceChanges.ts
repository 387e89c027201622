import { z } from 'zod';
import { DatabaseId, DatabaseIdQuery } from './ids';
import { exampleRowValues, PricelistRowValues, PricelistTimeStatusSchema } from './pricelists';

/**
 * The change feed (docs/api-changes.md): every applied import and every undo of a general price
 * list, in the order they committed, with the rows each changed.
 */
export const priceChangeKinds = ['IMPORT_APPLIED', 'IMPORT_UNDONE'] as const;
export type PriceChangeKind = (typeof priceChangeKinds)[number];

export const priceChangeRowKinds = ['ADDED', 'UPDATED', 'REMOVED'] as const;
export type PriceChangeRowKind = (typeof priceChangeRowKinds)[number];

/** The most rows (and entries) one answer of the feed holds. */
export const MAX_FEED_LIMIT = 1000;

/**
 * A place in the feed, as the feed hands it out: `<position>` is after that entry, and
 * `<position>.<rows>` is inside it, after its first `rows` rows. Callers keep it as it is.
 */
export const FEED_CURSOR_PATTERN = /^(0|[1-9]\d{0,15})(?:\.(0|[1-9]\d{0,8}))?$/;

const priceChangeExample = {
  articleNumber: exampleRowValues.articleNumber,
  before: '99.00',
  after: '109.50',
};

const rowExample = {
  articleNumber: exampleRowValues.articleNumber,
  change: 'UPDATED',
  before: { ...exampleRowValues, price: priceChangeExample.before },
  after: { ...exampleRowValues, price: priceChangeExample.after },
} as const;

/** One row an entry changed: the values before (null when added) and after (null when removed). */
export const PriceChangeRow = z
  .object({
    articleNumber: z.string(),
    change: z.enum(priceChangeRowKinds),
    before: PricelistRowValues.nullable(),
    after: PricelistRowValues.nullable(),
  })
  .meta({ examples: [rowExample] });
export type PriceChangeRow = z.infer<typeof PriceChangeRow>;

/** What the feed, the page and the event say of an entry besides its rows. */
const entryHeadingExample = {
  cursor: '42',
  kind: 'IMPORT_APPLIED',
  changedAt: '2026-11-24T09:12:00.000Z',
  changedBy: 'Lena Lindqvist',
  organization: { id: 1, name: 'Hjälpmedel Demo AB', organizationNumber: '5566778899' },
  pricelist: { generalPricelistId: 1, id: 2, number: '2', status: 'CURRENT' },
  import: { id: 17, fileName: 'prislista-november.xlsx' },
  counts: { added: 0, updated: 1, removed: 0 },
} as const;

const entryExample = { ...entryHeadingExample, rowsFrom: 0, rows: [rowExample] } as const;

export const PriceChangeEntry = z
  .object({
    /** The cursor that reads on after this entry (or after its rows in this answer). */
    cursor: z.string(),
    kind: z.enum(priceChangeKinds),
    /** When the import was applied or undone (ISO 8601). */
    changedAt: z.string(),
    /** Who uploaded the applied file, or who undid it. */
    changedBy: z.string().nullable(),
    organization: z.object({
      id: DatabaseId,
      name: z.string(),
      organizationNumber: z.string().nullable(),
    }),
    pricelist: z.object({
      generalPricelistId: DatabaseId,
      id: DatabaseId,
      number: z.string(),
      status: PricelistTimeStatusSchema,
    }),
    import: z.object({ id: DatabaseId, fileName: z.string() }),
    /** The whole entry's rows, by kind, whatever part of them this answer holds. */
    counts: z.object({ added: z.number().int(), updated: z.number().int(), removed: z.number().int() }),
    /** The place of `rows[0]` among the entry's rows: above 0 when an earlier answer had the first ones. */
    rowsFrom: z.number().int(),
    /** Added rows first, then updated, then removed, each in the order the import's changes list them. */
    rows: z.array(PriceChangeRow),
  })
  .meta({ examples: [entryExample] });
export type PriceChangeEntry = z.infer<typeof PriceChangeEntry>;

export const PriceChangeFeed = z
  .object({
    entries: z.array(PriceChangeEntry),
    /** Where the next call goes on (`after`): the last entry's cursor, or the one given if none came. */
    next: z.string(),
    /** The newest entry's cursor when this answer was read, whatever the filters. */
    head: z.string(),
    /** Whether entries (or rows) after `next` were already there: call again at once. */
    more: z.boolean(),
  })
  .meta({ examples: [{ entries: [entryExample], next: '42', head: '42', more: false }] });
export type PriceChangeFeed = z.infer<typeof PriceChangeFeed>;

/** GET pricelists/changes */
export const PriceChangeFeedQuery = z.object({
  /** A cursor the feed handed out (`next`, or an entry's `cursor`); absent: from the beginning. */
  after: z
    .string()
    .regex(FEED_CURSOR_PATTERN)
    .optional()
    .meta({ examples: ['42'] }),
  limit: z.coerce.number().int().min(1).max(MAX_FEED_LIMIT).default(MAX_FEED_LIMIT),
  organizationId: DatabaseIdQuery.optional().meta({ examples: [1] }),
  pricelistId: DatabaseIdQuery.optional().meta({ examples: [2] }),
});
export type PriceChangeFeedQuery = z.input<typeof PriceChangeFeedQuery>;

/** One of an entry's largest price changes: prices as exact text with two decimals. */
export const EntryPriceChange = z
  .object({ articleNumber: z.string(), before: z.string(), after: z.string() })
  .meta({ examples: [priceChangeExample] });

/** An entry as the page "Prisändringar" lists it: no rows, its largest price changes. */
export const RecentPriceChange = PriceChangeEntry.omit({ rows: true, rowsFrom: true })
  .extend({ largestPriceChanges: z.array(EntryPriceChange).nullable() })
  .meta({ examples: [{ ...entryHeadingExample, largestPriceChanges: [priceChangeExample] }] });
export type RecentPriceChange = z.infer<typeof RecentPriceChange>;

/** YYYY-MM-DD, a day in Sweden. */
const isoDay = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);

/** GET pricelists/changes/recent: newest first, by supplier and by days (both ends included). */
export const RecentPriceChangesQuery = z.object({
  organizationId: DatabaseIdQuery.optional().meta({ examples: [1] }),
  from: isoDay.optional().meta({ examples: ['2026-11-01'] }),
  to: isoDay.optional().meta({ examples: ['2026-11-30'] }),
  /** The `nextBefore` of the answer before: the older entries. */
  before: z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .optional()
    .meta({ examples: ['42'] }),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type RecentPriceChangesQuery = z.input<typeof RecentPriceChangesQuery>;

export const RecentPriceChanges = z
  .object({
    changes: z.array(RecentPriceChange),
    /** Pass as `before` for older entries; null when there are none. */
    nextBefore: z.string().nullable(),
    /** The suppliers the caller may choose between: those with changes. */
    suppliers: z.array(z.object({ id: DatabaseId, name: z.string() })),
  })
  .meta({
    examples: [{ changes: [], nextBefore: null, suppliers: [{ id: 1, name: 'Hjälpmedel Demo AB' }] }],
  });
export type RecentPriceChanges = z.infer<typeof RecentPriceChanges>;

/** GET pricelists/changes/export: the same filters as the page, without paging. */
export const PriceChangesExportQuery = RecentPriceChangesQuery.pick({
  organizationId: true,
  from: true,
  to: true,
});
export type PriceChangesExportQuery = z.input<typeof PriceChangesExportQuery>;

/** The most changed rows one export holds: an .xlsx of this many is some 10 MB. */
export const MAX_EXPORTED_PRICE_CHANGES = 100_000;
