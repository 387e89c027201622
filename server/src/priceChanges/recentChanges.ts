import type { RecentPriceChange, RecentPriceChanges } from '#contract';
import type { Database } from '../db/database';
import type { IsoDate } from '../lib/calendar';
import { type ChangeFilter, entryHeadingOf, pricelistStatusesOf, selectChanges } from './entries';

export interface RecentQuery extends ChangeFilter {
  before?: number | undefined;
  limit: number;
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
  const statuses = await pricelistStatusesOf(db, page, today);
  const changes = page.map(
    (entry): RecentPriceChange => ({
      cursor: String(entry.position),
      ...entryHeadingOf(entry, statuses),
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
