import type { AgreementRowStatus } from '../db/schema';

/** The filters of `agreements/getPricelistsFilteredBy/{filter}` and the row statuses each looks for. */
export const pricelistFilterStatuses = {
  /** No rows at all (handled apart: it looks for the absence of rows). */
  EMPTY_PRICELISTS: [],
  DECLINED: ['DECLINED'],
  /** Edited by the supplier and not yet sent to the customer. */
  NEW_OR_CHANGED: ['CREATED', 'CHANGED'],
  PENDING_APPROVAL: ['PENDING_APPROVAL'],
  PENDING_INACTIVATION: ['PENDING_INACTIVATION'],
} as const satisfies Record<string, readonly AgreementRowStatus[]>;

export type PricelistFilter = keyof typeof pricelistFilterStatuses;

export const isPricelistFilter = (value: string): value is PricelistFilter =>
  Object.hasOwn(pricelistFilterStatuses, value);

/** "Recently" in the information lists: changed or approved within this many days. */
export const RECENT_DAYS = 30;
/** An agreement is to extend when it ends within this many days. */
export const EXTEND_WITHIN_DAYS = 90;

/**
 * Which agreements an organisation sees: a supplier those it supplies, a customer those it buys
 * under. The organisation's kind decides; an organisation is never both.
 */
export type AgreementSide = 'supplier' | 'customer';

export interface AgreementScope {
  organizationId: number;
  side: AgreementSide;
}

// Items: the API's own types (contract/dashboard.ts), which the SPA counts.
export type {
  AgreementItem,
  ChangedArticleItem,
  DiscontinuedArticleItem,
  PricelistItem,
  PricelistRowItem,
} from '#contract';
