import { type Expression, type SqlBool, sql } from 'kysely';
import type {
  GeneralPricelistView,
  PricelistOverview,
  PricelistRow,
  PricelistRowSort,
  PricelistRowsPage,
} from '#contract';
import type { Database } from '../db/database';
import type { IsoDate } from '../lib/calendar';
import { latestAppliedImports } from './latestApplied';
import { pricelistsOf } from './queries';
import { selectPricelistRows } from './snapshot';

/**
 * The read-only price-list pages: a general price list with its price lists, and one price
 * list's rows with search, sorting and keyset paging (docs/api-pricelists.md). Keyset, not
 * offset: a page 150,000 rows deep costs what the first does. Each sort follows an index:
 * article number (articles: organization_id, article_number), name (011: organization_id, name,
 * id) and price (011: pricelist_id, price, id); an article has at most one row per price list.
 * Row counts are kept on the price list (011), not counted per request.
 */

/**
 * The general price list `generalPricelistId` of the organisation with its price lists (all of
 * them, or only `onlyPricelistId`); undefined when it is not theirs. Every list is read for the
 * time statuses, but the facts are read only for the lists asked for.
 */
export async function generalPricelistView(
  db: Database,
  organizationId: number,
  generalPricelistId: number,
  today: IsoDate,
  onlyPricelistId?: number,
): Promise<GeneralPricelistView | undefined> {
  const general = await db
    .selectFrom('general_pricelists')
    .select('id')
    .where('id', '=', generalPricelistId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!general) return undefined;
  const dated = (await pricelistsOf(db, general.id, today)).filter(
    (pricelist) => onlyPricelistId === undefined || pricelist.id === onlyPricelistId,
  );
  const overviews = await overviewFacts(
    db,
    dated.map((pricelist) => pricelist.id),
  );
  return {
    id: general.id,
    pricelists: dated.map(({ id, number, validFrom, status }) => ({
      id,
      number,
      validFrom,
      status,
      ...(overviews.get(id) ?? { rowCount: 0, lastImport: null }),
    })),
  };
}

/** Row count (kept on the price list by triggers, migration 011) and latest applied import of each price list. */
async function overviewFacts(db: Database, pricelistIds: number[]) {
  const facts = new Map<number, Pick<PricelistOverview, 'rowCount' | 'lastImport'>>();
  if (pricelistIds.length === 0) return facts;
  const counts = await db
    .selectFrom('pricelists')
    .select(['id', 'row_count'])
    .where('id', 'in', pricelistIds)
    .execute();
  const latest = await latestAppliedImports(db, pricelistIds);
  for (const id of pricelistIds) {
    const last = latest.get(id);
    facts.set(id, {
      rowCount: counts.find((row) => row.id === id)?.row_count ?? 0,
      lastImport: last ? { id: last.importId, fileName: last.fileName, imported: last.imported } : null,
    });
  }
  return facts;
}

export interface RowsRequest {
  search?: string | undefined;
  sort: PricelistRowSort;
  direction: 'asc' | 'desc';
  after?: string | undefined;
  limit: number;
}

/** A cursor: the last row's sort value (as text) and its tie-breaker, as base64url JSON. */
type Cursor = [string, number];

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/**
 * The cursor, or null (the first page) unless it is one the sort could have made: the query
 * would fail on a price that is not a decimal, a tie past its column's integer or a NUL.
 */
function decodeCursor(text: string, sort: PricelistRowSort): Cursor | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [last, tie]: unknown[] = value;
  const { cursorValue, maxTie } = sortColumns[sort];
  return typeof last === 'string' &&
    cursorValue(last) &&
    typeof tie === 'number' &&
    Number.isSafeInteger(tie) &&
    tie >= 0 &&
    tie <= maxTie
    ? [last, tie]
    : null;
}

/** LIKE's own characters in what the user typed are matched as themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Any text PostgreSQL can hold: all but NUL. */
const storableText = (text: string) => !text.includes('\u0000');
/** A finite decimal, as numeric(14, 2) prints and reads it back. */
const decimal = (text: string) => /^-?\d{1,20}(?:\.\d{1,20})?$/.test(text);
const INT4_MAX = 2_147_483_647;

/**
 * The sort column of each sort and, where it is not unique, a tie-breaker that makes the order
 * total. The cursor is compared as one row (value, tie) > (…), which PostgreSQL reads from the
 * index at the cursor; an article number is unique in the organisation and needs no tie (0 in
 * the cursor). What a cursor may hold follows the columns: articles.id is an integer,
 * pricelist_rows.id a bigint.
 */
const sortColumns = {
  articleNumber: { value: sql<string>`a.article_number`, tie: null, cursorValue: storableText, maxTie: 0 },
  articleName: {
    value: sql<string>`a.name`,
    tie: sql<number>`a.id`,
    cursorValue: storableText,
    maxTie: INT4_MAX,
  },
  price: {
    value: sql<string>`r.price`,
    tie: sql<number>`r.id`,
    cursorValue: decimal,
    maxTie: Number.MAX_SAFE_INTEGER,
  },
} as const;

/**
 * One page of a price list's rows; undefined when the price list is not one of the general price
 * list's of the organisation. `after` that cannot be read is the first page again.
 */
export async function pricelistRowsPage(
  db: Database,
  organizationId: number,
  generalPricelistId: number,
  pricelistId: number,
  today: IsoDate,
  request: RowsRequest,
): Promise<PricelistRowsPage | undefined> {
  const view = await generalPricelistView(db, organizationId, generalPricelistId, today, pricelistId);
  const pricelist = view?.pricelists[0];
  if (!pricelist) return undefined;

  const { value, tie } = sortColumns[request.sort];
  const descending = request.direction === 'desc';
  const cursor = request.after ? decodeCursor(request.after, request.sort) : null;
  const search = request.search?.trim();

  // The row's values as the template and the undo read them, with the name and the sort keys.
  let query = selectPricelistRows(db, pricelistId)
    .select([
      'a.name as articleName',
      sql<string>`${value}::text`.as('sortValue'),
      sql<number>`${tie ?? sql`0`}`.as('tie'),
    ])
    .where('a.organization_id', '=', organizationId);
  if (search) {
    const escaped = likeEscaped(search);
    query = query.where(
      sql<SqlBool>`(a.article_number ilike ${`${escaped}%`} or a.name ilike ${`%${escaped}%`})`,
    );
  }
  if (cursor) {
    const [lastValue, lastTie] = cursor;
    const typed: Expression<unknown> =
      request.sort === 'price' ? sql`${lastValue}::numeric` : sql`${lastValue}`;
    const comparison = descending ? sql`<` : sql`>`;
    query = query.where(
      tie === null
        ? sql<SqlBool>`${value} ${comparison} ${typed}`
        : sql<SqlBool>`(${value}, ${tie}) ${comparison} (${typed}, ${lastTie})`,
    );
  }
  const order = descending ? sql`desc` : sql`asc`;
  let ordered = query.orderBy(sql`${value} ${order}`);
  if (tie !== null) ordered = ordered.orderBy(sql`${tie} ${order}`);
  const found = await ordered.limit(request.limit + 1).execute();

  const page = found.slice(0, request.limit);
  const last = page.at(-1);
  return {
    pricelist,
    rows: page.map(({ sortValue: _value, tie: _tie, ...row }): PricelistRow => row),
    nextCursor:
      found.length > request.limit && last ? encodeCursor([last.sortValue, Number(last.tie)]) : null,
  };
}
