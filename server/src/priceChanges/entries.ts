import { sql } from 'kysely';
import type { PriceChangeEntry, PricelistTimeStatus } from '#contract';
import type { Database } from '../db/database';
import type { IsoDate } from '../lib/calendar';
import { pricelistStatuses } from '../pricelists/status';

/**
 * The feed's entries as the feed, the page "Prisändringar" and its export read them: one query
 * with the names they show, and one shape for an entry's heading.
 */

export interface ChangeFilter {
  /** Only this organisation's (a supplier's own, or the one a region's user chose). */
  organizationId?: number | undefined;
  /** The organisations the caller may see: undefined for every one. */
  visibleOrganizationId?: number | undefined;
  pricelistId?: number | undefined;
  from?: IsoDate | undefined;
  to?: IsoDate | undefined;
}

/** Days are Swedish days: an import at 00:30 in Stockholm belongs to that day. */
const swedishDay = sql<string>`to_char(c.changed_at at time zone 'Europe/Stockholm', 'YYYY-MM-DD')`;

/** The feed's entries with what the page and the export show of them, filtered as asked. */
export function selectChanges(db: Database, query: ChangeFilter) {
  let select = db
    .selectFrom('pricelist_changes as c')
    .innerJoin('imports as i', 'i.id', 'c.import_id')
    .innerJoin('organizations as o', 'o.id', 'c.organization_id')
    .innerJoin('pricelists as p', 'p.id', 'c.pricelist_id')
    .leftJoin('users as u', 'u.id', 'c.changed_by')
    .select([
      'c.position',
      'c.kind',
      'c.import_id',
      'c.changed_at',
      'c.added',
      'c.updated',
      'c.removed',
      'c.largest_price_changes',
      'c.organization_id',
      'c.general_pricelist_id',
      'c.pricelist_id',
      'i.file_name',
      'o.name as organization_name',
      'o.organization_number',
      'p.number',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('changed_by'),
    ]);
  for (const organizationId of [query.organizationId, query.visibleOrganizationId])
    if (organizationId !== undefined) select = select.where('c.organization_id', '=', organizationId);
  if (query.pricelistId !== undefined) select = select.where('c.pricelist_id', '=', query.pricelistId);
  if (query.from) select = select.where(swedishDay, '>=', query.from);
  if (query.to) select = select.where(swedishDay, '<=', query.to);
  return select;
}

export type ChangeRow = Awaited<ReturnType<ReturnType<typeof selectChanges>['execute']>>[number];

/** An entry's heading: what it was, when, by whom, of which supplier and list; not its rows. */
export function entryHeadingOf(
  entry: ChangeRow,
  statuses: ReadonlyMap<number, PricelistTimeStatus>,
): Omit<PriceChangeEntry, 'cursor' | 'rows' | 'rowsFrom'> {
  return {
    kind: entry.kind,
    changedAt: new Date(entry.changed_at).toISOString(),
    changedBy: entry.changed_by,
    organization: {
      id: entry.organization_id,
      name: entry.organization_name,
      organizationNumber: entry.organization_number,
    },
    pricelist: {
      generalPricelistId: entry.general_pricelist_id,
      id: entry.pricelist_id,
      number: entry.number,
      status: statuses.get(entry.pricelist_id) ?? 'PAST',
    },
    import: { id: entry.import_id, fileName: entry.file_name },
    counts: { added: entry.added, updated: entry.updated, removed: entry.removed },
  };
}

/** Today's status of every price list of the general price lists named. */
export async function pricelistStatusesOf(db: Database, entries: readonly ChangeRow[], today: IsoDate) {
  const generalPricelistIds = entries.map((entry) => entry.general_pricelist_id);
  const statuses = new Map<number, PricelistTimeStatus>();
  if (generalPricelistIds.length === 0) return statuses;
  const lists = await db
    .selectFrom('pricelists')
    .select(['id', 'general_pricelist_id', sql<IsoDate>`to_char(valid_from, 'YYYY-MM-DD')`.as('validFrom')])
    .where('general_pricelist_id', 'in', [...new Set(generalPricelistIds)])
    .execute();
  const byGeneral = new Map<number, typeof lists>();
  for (const list of lists)
    byGeneral.set(list.general_pricelist_id, [...(byGeneral.get(list.general_pricelist_id) ?? []), list]);
  for (const group of byGeneral.values())
    for (const { id, status } of pricelistStatuses(group, today)) statuses.set(id, status);
  return statuses;
}
