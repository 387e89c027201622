import type { PricelistTimeStatus } from '#contract/domain';
import type { TagTone } from '../../ui/Tag';

/** Aktuell is the list in force; Framtida is coming; Historisk is over. */
export const timeStatusTone: Record<PricelistTimeStatus, TagTone> = {
  CURRENT: 'success',
  FUTURE: 'pending',
  PAST: 'neutral',
};
