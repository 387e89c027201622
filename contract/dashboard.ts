import { z } from 'zod';

/**
 * The items of the lists behind the start-page counts (docs/dashboard-counts.md). The SPA only
 * counts them, but each says what it is, for the /v1 dashboard and for people reading responses.
 * Dates are ISO dates (YYYY-MM-DD), instants ISO timestamps.
 */

/** `agreements/getPricelistsFilteredBy/{filter}` */
export const PricelistItem = z.object({
  id: z.number().int(),
  number: z.string(),
  validFrom: z.string(),
  agreementId: z.number().int(),
  agreementNumber: z.string(),
  agreementName: z.string(),
});
export type PricelistItem = z.infer<typeof PricelistItem>;

/** `agreements/getAgreementsChangedByCustomer` and `agreements/getAgreementsToExtend` */
export const AgreementItem = z.object({
  id: z.number().int(),
  agreementNumber: z.string(),
  name: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  supplierName: z.string(),
  customerName: z.string(),
  changedByCustomerAt: z.string().nullable(),
});
export type AgreementItem = z.infer<typeof AgreementItem>;

/** `agreements/getPricelistRowsApprovedByCustomer` */
export const PricelistRowItem = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  articleNumber: z.string(),
  articleName: z.string(),
  price: z.string(),
  approvedAt: z.string(),
  pricelistId: z.number().int(),
  pricelistNumber: z.string(),
  agreementId: z.number().int(),
  agreementNumber: z.string(),
});
export type PricelistRowItem = z.infer<typeof PricelistRowItem>;

/** `agreements/getArticlesChanged` */
export const ChangedArticleItem = z.object({
  id: z.number().int(),
  articleNumber: z.string(),
  name: z.string(),
  supplierName: z.string(),
  changedAt: z.string(),
});
export type ChangedArticleItem = z.infer<typeof ChangedArticleItem>;

/** `assortments/getArticlesDiscontinued` */
export const DiscontinuedArticleItem = z.object({
  assortmentId: z.number().int(),
  assortmentName: z.string(),
  articleId: z.number().int(),
  articleNumber: z.string(),
  articleName: z.string(),
  discontinuedAt: z.string(),
});
export type DiscontinuedArticleItem = z.infer<typeof DiscontinuedArticleItem>;

/** Any one of the count lists: each is a JSON array, ordered and not paged. */
export type DashboardList =
  | PricelistItem[]
  | AgreementItem[]
  | PricelistRowItem[]
  | ChangedArticleItem[]
  | DiscontinuedArticleItem[];
