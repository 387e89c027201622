import type { CreateImportRequest } from '#contract';
import type { Clock } from '../../clock';
import type { Database } from '../../db/database';
import { swedishDateOf } from '../../lib/calendar';
import { pricelistsOf } from '../../pricelists/queries';

/**
 * Why a new import may not go into this price list, or undefined when it may: the price list must
 * be one of the organisation's own, CURRENT or FUTURE.
 */
export async function refusalOfPricelist(
  { db, clock }: { db: Database; clock: Clock },
  organizationId: number,
  { parent, id: pricelistId }: CreateImportRequest['metadata'],
): Promise<string | undefined> {
  const general = await db
    .selectFrom('general_pricelists')
    .select('id')
    .where('id', '=', parent)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  const pricelist = general
    ? (await pricelistsOf(db, general.id, swedishDateOf(clock.now()))).find((p) => p.id === pricelistId)
    : undefined;
  if (!pricelist) return 'Prislistan finns inte. Välj ett av organisationens prislistenummer.';
  if (pricelist.status === 'PAST')
    return 'Prislistan är historisk. Välj en aktuell eller framtida prislista.';
  return undefined;
}
