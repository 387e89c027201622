import type { PricelistTimeStatus } from '#contract/domain';
import type { TagTone } from '../../ui/Tag';

export const generalPricelistPath = (organizationId: number, generalPricelistId: number) =>
  `/v1/organization/${organizationId}/generalpricelist/${generalPricelistId}`;

export const pricelistPath = (organizationId: number, generalPricelistId: number, pricelistId: number) =>
  `${generalPricelistPath(organizationId, generalPricelistId)}/pricelist/${pricelistId}`;

/** Aktuell is the list in force; Framtida is coming; Historisk is over. */
export const timeStatusTone: Record<PricelistTimeStatus, TagTone> = {
  CURRENT: 'success',
  FUTURE: 'pending',
  PAST: 'neutral',
};
