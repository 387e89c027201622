import { z } from 'zod';
import { DatabaseId } from './ids';

/**
 * The items of the lists behind the start-page counts (docs/dashboard-counts.md). The SPA only
 * counts them, but each says what it is, for the /v1 dashboard and for people reading responses.
 * Dates are ISO dates (YYYY-MM-DD), instants ISO timestamps.
 */

/** `agreements/getPricelistsFilteredBy/{filter}` */
export const PricelistItem = z
  .object({
    id: DatabaseId,
    number: z.string(),
    validFrom: z.string(),
    agreementId: DatabaseId,
    agreementNumber: z.string(),
    agreementName: z.string(),
  })
  .meta({
    examples: [
      {
        id: 3,
        number: '2',
        validFrom: '2026-12-01',
        agreementId: 1,
        agreementNumber: '2025-101',
        agreementName: 'Rollatorer och gånghjälpmedel',
      },
    ],
  });
export type PricelistItem = z.infer<typeof PricelistItem>;

/** `agreements/getAgreementsChangedByCustomer` and `agreements/getAgreementsToExtend` */
export const AgreementItem = z
  .object({
    id: DatabaseId,
    agreementNumber: z.string(),
    name: z.string(),
    validFrom: z.string(),
    validTo: z.string(),
    supplierName: z.string(),
    customerName: z.string(),
    changedByCustomerAt: z.string().nullable(),
  })
  .meta({
    examples: [
      {
        id: 1,
        agreementNumber: '2025-101',
        name: 'Rollatorer och gånghjälpmedel',
        validFrom: '2025-01-01',
        validTo: '2026-12-31',
        supplierName: 'Hjälpmedel Demo AB',
        customerName: 'Region Demo',
        changedByCustomerAt: '2026-11-24T15:02:00.000Z',
      },
    ],
  });
export type AgreementItem = z.infer<typeof AgreementItem>;

/** `agreements/getPricelistRowsApprovedByCustomer` */
export const PricelistRowItem = z
  .object({
    id: DatabaseId,
    articleId: DatabaseId,
    articleNumber: z.string(),
    articleName: z.string(),
    price: z.string(),
    approvedAt: z.string(),
    pricelistId: DatabaseId,
    pricelistNumber: z.string(),
    agreementId: DatabaseId,
    agreementNumber: z.string(),
  })
  .meta({
    examples: [
      {
        id: 7,
        articleId: 2,
        articleNumber: 'HMD-0002',
        articleName: 'Rollator HMD 2',
        price: '109.50',
        approvedAt: '2026-11-25T10:40:00.000Z',
        pricelistId: 1,
        pricelistNumber: '1',
        agreementId: 1,
        agreementNumber: '2025-101',
      },
    ],
  });
export type PricelistRowItem = z.infer<typeof PricelistRowItem>;

/** `agreements/getArticlesChanged` */
export const ChangedArticleItem = z
  .object({
    id: DatabaseId,
    articleNumber: z.string(),
    name: z.string(),
    supplierName: z.string(),
    changedAt: z.string(),
  })
  .meta({
    examples: [
      {
        id: 2,
        articleNumber: 'HMD-0002',
        name: 'Rollator HMD 2',
        supplierName: 'Hjälpmedel Demo AB',
        changedAt: '2026-11-25T08:12:00.000Z',
      },
    ],
  });
export type ChangedArticleItem = z.infer<typeof ChangedArticleItem>;

/** `assortments/getArticlesDiscontinued` */
export const DiscontinuedArticleItem = z
  .object({
    assortmentId: DatabaseId,
    assortmentName: z.string(),
    articleId: DatabaseId,
    articleNumber: z.string(),
    articleName: z.string(),
    discontinuedAt: z.string(),
  })
  .meta({
    examples: [
      {
        assortmentId: 1,
        assortmentName: 'Regionens sortiment',
        articleId: 5,
        articleNumber: 'HMD-0005',
        articleName: 'Gånghjälpmedel HMD 5',
        discontinuedAt: '2026-11-20',
      },
    ],
  });
export type DiscontinuedArticleItem = z.infer<typeof DiscontinuedArticleItem>;

/** Any one of the count lists: each is a JSON array, ordered and not paged. */
export type DashboardList =
  | PricelistItem[]
  | AgreementItem[]
  | PricelistRowItem[]
  | ChangedArticleItem[]
  | DiscontinuedArticleItem[];
