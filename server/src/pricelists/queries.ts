import { sql } from 'kysely';
import type { ActivePricelist, PricelistTimeStatus } from '#contract';
import type { Database } from '../db/database';
import type { IsoDate } from '../lib/calendar';
import { isActiveStatus, pricelistStatuses } from './status';

export interface DatedPricelistRow {
  id: number;
  number: string;
  validFrom: IsoDate;
  status: PricelistTimeStatus;
}

/** The organisation's general price list (an organisation has at most one). */
export async function findGeneralPricelist(db: Database, organizationId: number) {
  return db
    .selectFrom('general_pricelists')
    .select('id')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** Every price list of a general price list with its time status on `today`, by valid_from. */
export async function pricelistsOf(
  db: Database,
  generalPricelistId: number,
  today: IsoDate,
): Promise<DatedPricelistRow[]> {
  const rows = await db
    .selectFrom('pricelists')
    // As text: a date column would come back as a Date at local midnight, shifting it by a day.
    .select(['id', 'number', sql<string>`to_char(valid_from, 'YYYY-MM-DD')`.as('validFrom')])
    .where('general_pricelist_id', '=', generalPricelistId)
    .execute();
  return pricelistStatuses(rows, today);
}

/** The CURRENT and FUTURE price lists of the organisation's general price list; none without one. */
export async function activePricelists(
  db: Database,
  organizationId: number,
  today: IsoDate,
): Promise<ActivePricelist[]> {
  const general = await findGeneralPricelist(db, organizationId);
  if (!general) return [];
  const pricelists = await pricelistsOf(db, general.id, today);
  return pricelists
    .filter((pricelist) => isActiveStatus(pricelist.status))
    .map(({ id, number, status }) => ({ id, number, status }));
}

/**
 * The price list `pricelistId` when it belongs to general price list `generalPricelistId` of the
 * organisation and is CURRENT or FUTURE on `today`; otherwise undefined (an import may not
 * target it: not the organisation's, or history).
 */
export async function findActivePricelist(
  db: Database,
  organizationId: number,
  generalPricelistId: number,
  pricelistId: number,
  today: IsoDate,
): Promise<DatedPricelistRow | undefined> {
  const general = await findGeneralPricelist(db, organizationId);
  if (!general || general.id !== generalPricelistId) return undefined;
  const pricelists = await pricelistsOf(db, general.id, today);
  return pricelists.find((pricelist) => pricelist.id === pricelistId && isActiveStatus(pricelist.status));
}
