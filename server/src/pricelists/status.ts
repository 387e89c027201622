import type { PricelistTimeStatus } from '#contract';
import type { IsoDate } from '../lib/calendar';

export interface DatedPricelist {
  id: number;
  validFrom: IsoDate;
}

/**
 * The time status of each price list of one general price list on `today`: FUTURE when it
 * starts after today, CURRENT for the latest that has started, PAST for the older ones. Two
 * lists starting on the same day: the one created later (higher id) is CURRENT.
 * Answers the lists ordered by valid_from (then id), each with its status.
 */
export function pricelistStatuses<T extends DatedPricelist>(
  pricelists: readonly T[],
  today: IsoDate,
): (T & { status: PricelistTimeStatus })[] {
  const ordered = [...pricelists].sort((a, b) =>
    a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : a.id - b.id,
  );
  const started = ordered.filter((pricelist) => pricelist.validFrom <= today);
  const current = started.at(-1);
  return ordered.map((pricelist) => ({
    ...pricelist,
    status: pricelist.validFrom > today ? 'FUTURE' : pricelist === current ? 'CURRENT' : 'PAST',
  }));
}

/** CURRENT and FUTURE lists may take new rows (an import targets one of them); PAST ones are history. */
export const isActiveStatus = (status: PricelistTimeStatus) => status !== 'PAST';
