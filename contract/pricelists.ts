import { z } from 'zod';
import { pricelistTimeStatuses } from './domain';
import { DatabaseId } from './ids';

export const PricelistTimeStatusSchema = z.enum(pricelistTimeStatuses);

/** A price-list row's values in the file format's terms (the article by its number). */
export const exampleRowValues = {
  articleNumber: 'HMD-0002',
  price: '109.50',
  minimumOrderQuantity: 2,
  deliveryTimeDays: 6,
  warrantyQuantity: 2,
  warrantyUnit: 'År',
  warrantyValidFrom: 'Leveransdatum',
  warrantyTerms: null,
} as const;

export const PricelistRowValues = z
  .object({
    articleNumber: z.string(),
    price: z.string(),
    minimumOrderQuantity: z.number().int(),
    deliveryTimeDays: z.number().int().nullable(),
    warrantyQuantity: z.number().int().nullable(),
    warrantyUnit: z.string().nullable(),
    warrantyValidFrom: z.string().nullable(),
    warrantyTerms: z.string().nullable(),
  })
  .meta({ examples: [exampleRowValues] });
export type PricelistRowValues = z.infer<typeof PricelistRowValues>;

export const GeneralPricelist = z.object({ id: DatabaseId }).meta({ examples: [{ id: 1 }] });
export type GeneralPricelist = z.infer<typeof GeneralPricelist>;

export const ActivePricelist = z
  .object({
    id: DatabaseId,
    number: z.string(),
    status: PricelistTimeStatusSchema,
  })
  .meta({ examples: [{ id: 2, number: '2', status: 'CURRENT' }] });
export type ActivePricelist = z.infer<typeof ActivePricelist>;

/** One price list of a general price list, as its page lists it. */
export const PricelistOverview = z
  .object({
    id: DatabaseId,
    number: z.string(),
    status: PricelistTimeStatusSchema,
    /** YYYY-MM-DD. */
    validFrom: z.string(),
    rowCount: z.number().int(),
    /** The latest applied import of the list, not undone. */
    lastImport: z.object({ id: DatabaseId, fileName: z.string(), imported: z.string() }).nullable(),
  })
  .meta({
    examples: [
      {
        id: 2,
        number: '2',
        status: 'CURRENT',
        validFrom: '2026-01-01',
        rowCount: 22,
        lastImport: { id: 12, fileName: 'prislista-2026.xlsx', imported: '2026-11-26T09:20:43.517Z' },
      },
    ],
  });
export type PricelistOverview = z.infer<typeof PricelistOverview>;

/** GET pricelists/{organizationId}/{generalPricelistId}: the general price list with its price lists, by valid from. */
export const GeneralPricelistView = z
  .object({
    id: DatabaseId,
    pricelists: z.array(PricelistOverview),
  })
  .meta({
    examples: [
      {
        id: 1,
        pricelists: [
          {
            id: 2,
            number: '2',
            status: 'CURRENT',
            validFrom: '2026-01-01',
            rowCount: 22,
            lastImport: { id: 12, fileName: 'prislista-2026.xlsx', imported: '2026-11-26T09:20:43.517Z' },
          },
          { id: 3, number: '3', status: 'FUTURE', validFrom: '2027-01-01', rowCount: 0, lastImport: null },
        ],
      },
    ],
  });
export type GeneralPricelistView = z.infer<typeof GeneralPricelistView>;

export const pricelistRowSorts = ['articleNumber', 'articleName', 'price'] as const;
export type PricelistRowSort = (typeof pricelistRowSorts)[number];

/** The query of a page of rows: search by article number (from its start) or name (anywhere), one sort, keyset paging. */
export const PricelistRowsQuery = z.object({
  // PostgreSQL's text cannot hold NUL: refused here, not failed in the query.
  search: z
    .string()
    .trim()
    .max(100)
    .refine((value) => !value.includes('\u0000'))
    .optional()
    .meta({ examples: ['Rollator'] }),
  sort: z.enum(pricelistRowSorts).default('articleNumber'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  /** The `nextCursor` of the page before; absent for the first page. */
  after: z
    .string()
    .max(400)
    .optional()
    .meta({ examples: ['WyJITUQtMDAwMiIsMF0'] }),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type PricelistRowsQuery = z.input<typeof PricelistRowsQuery>;

/** A row as the page shows it: the file format's values and the article's name. */
export const PricelistRow = PricelistRowValues.extend({ articleName: z.string() }).meta({
  examples: [{ ...exampleRowValues, articleName: 'Rollator HMD 2' }],
});
export type PricelistRow = z.infer<typeof PricelistRow>;

/** GET pricelists/{organizationId}/{generalPricelistId}/{pricelistId}/rows */
export const PricelistRowsPage = z
  .object({
    pricelist: PricelistOverview,
    rows: z.array(PricelistRow),
    /** Pass as `after` for the next page; null on the last. */
    nextCursor: z.string().nullable(),
  })
  .meta({
    examples: [
      {
        pricelist: {
          id: 2,
          number: '2',
          status: 'CURRENT',
          validFrom: '2026-01-01',
          rowCount: 22,
          lastImport: { id: 12, fileName: 'prislista-2026.xlsx', imported: '2026-11-26T09:20:43.517Z' },
        },
        rows: [{ ...exampleRowValues, articleName: 'Rollator HMD 2' }],
        nextCursor: 'WyJITUQtMDAwMiIsMF0',
      },
    ],
  });
export type PricelistRowsPage = z.infer<typeof PricelistRowsPage>;
