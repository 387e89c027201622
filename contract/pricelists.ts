import { z } from 'zod';
import { pricelistTimeStatuses } from './domain';

export const PricelistTimeStatusSchema = z.enum(pricelistTimeStatuses);

/** A price-list row's values in the file format's terms (the article by its number). */
export const PricelistRowValues = z.object({
  articleNumber: z.string(),
  price: z.string(),
  minimumOrderQuantity: z.number().int(),
  deliveryTimeDays: z.number().int().nullable(),
  warrantyQuantity: z.number().int().nullable(),
  warrantyUnit: z.string().nullable(),
  warrantyValidFrom: z.string().nullable(),
  warrantyTerms: z.string().nullable(),
});
export type PricelistRowValues = z.infer<typeof PricelistRowValues>;

export const GeneralPricelist = z.object({ id: z.number().int() });
export type GeneralPricelist = z.infer<typeof GeneralPricelist>;

export const ActivePricelist = z.object({
  id: z.number().int(),
  number: z.string(),
  status: PricelistTimeStatusSchema,
});
export type ActivePricelist = z.infer<typeof ActivePricelist>;

/** One price list of a general price list, as its page lists it. */
export const PricelistOverview = z.object({
  id: z.number().int(),
  number: z.string(),
  status: PricelistTimeStatusSchema,
  /** YYYY-MM-DD. */
  validFrom: z.string(),
  rowCount: z.number().int(),
  /** The latest applied import of the list, not undone. */
  lastImport: z.object({ id: z.number().int(), fileName: z.string(), imported: z.string() }).nullable(),
});
export type PricelistOverview = z.infer<typeof PricelistOverview>;

/** GET pricelists/{organizationId}/{generalPricelistId}: the general price list with its price lists, by valid from. */
export const GeneralPricelistView = z.object({
  id: z.number().int(),
  pricelists: z.array(PricelistOverview),
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
    .optional(),
  sort: z.enum(pricelistRowSorts).default('articleNumber'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  /** The `nextCursor` of the page before; absent for the first page. */
  after: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type PricelistRowsQuery = z.input<typeof PricelistRowsQuery>;

/** A row as the page shows it: the file format's values and the article's name. */
export const PricelistRow = PricelistRowValues.extend({ articleName: z.string() });
export type PricelistRow = z.infer<typeof PricelistRow>;

/** GET pricelists/{organizationId}/{generalPricelistId}/{pricelistId}/rows */
export const PricelistRowsPage = z.object({
  pricelist: PricelistOverview,
  rows: z.array(PricelistRow),
  /** Pass as `after` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type PricelistRowsPage = z.infer<typeof PricelistRowsPage>;
