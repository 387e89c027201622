import { sql } from 'kysely';
import type { RecentPriceChange, RecentPriceChanges } from '#contract';
import type { Database } from '../db/database';
import type { IsoDate } from '../lib/calendar';
import { pricelistStatusesOf } from './changeFeed';

export interface RecentQuery {
  /** Only this organisation's (a supplier's own, or the one a region's user chose). */
  organizationId?: number | undefined;
  /** The organisations the caller may see: undefined for every one. */
  visibleOrganizationId?: number | undefined;
  from?: IsoDate | undefined;
  to?: IsoDate | undefined;
  before?: number | undefined;
  limit: number;
}

/** Days are Swedish days: an import at 00:30 in Stockholm belongs to that day. */
const swedishDay = sql<string>`to_char(c.changed_at at time zone 'Europe/Stockholm', 'YYYY-MM-DD')`;

/** The feed's entries with what the page and the export show of them, filtered as asked. */
export function selectChanges(db: Database, query: Omit<RecentQuery, 'before' | 'limit'>) {
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
  if (query.from) select = select.where(swedishDay, '>=', query.from);
  if (query.to) select = select.where(swedishDay, '<=', query.to);
  return select;
}

/**
 * The latest applied imports and undos, newest first, for the page "Prisändringar": each with its
 * counts and largest price changes, never its rows. Paged by position (`before`), so an entry
 * that commits meanwhile never shifts a page.
 */
export async function recentPriceChanges(
  db: Database,
  query: RecentQuery,
  today: IsoDate,
): Promise<RecentPriceChanges> {
  let select = selectChanges(db, query);
  if (query.before !== undefined) select = select.where('c.position', '<', query.before);
  const found = await select
    .orderBy('c.position', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = found.slice(0, query.limit);
  const statuses = await pricelistStatusesOf(
    db,
    page.map((entry) => entry.general_pricelist_id),
    today,
  );
  const changes = page.map(
    (entry): RecentPriceChange => ({
      cursor: String(entry.position),
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
      largestPriceChanges: entry.largest_price_changes,
    }),
  );
  let suppliers = db
    .selectFrom('organizations as o')
    .select(['o.id', 'o.name'])
    .where((where) =>
      where.exists(where.selectFrom('pricelist_changes as c').whereRef('c.organization_id', '=', 'o.id')),
    );
  if (query.visibleOrganizationId !== undefined)
    suppliers = suppliers.where('o.id', '=', query.visibleOrganizationId);
  return {
    changes,
    nextBefore: found.length > query.limit ? String(page.at(-1)!.position) : null,
    suppliers: await suppliers.orderBy('o.name').execute(),
  };
}
