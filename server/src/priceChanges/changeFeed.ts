import { sql, type Transaction } from 'kysely';
import {
  FEED_CURSOR_PATTERN,
  type PriceChangeEntry,
  type PriceChangeFeed,
  type PriceChangeKind,
} from '#contract';
import type { Database } from '../db/database';
import type { DB, LargestPriceChange } from '../db/schema';
import type { IsoDate } from '../lib/calendar';
import { recordPricelistChangedEvent } from './changedEvent';
import { entryHeadingOf, pricelistStatusesOf, selectChanges } from './entries';
import { type EntryCounts, readEntryRows } from './entryRows';
import { reversed } from './largestPriceChanges';

/**
 * The change feed (docs/api-changes.md, decision 0048): one entry per applied import and per
 * undo, numbered in the order they committed, without gaps.
 */

/**
 * Adds the entry of an applied import or an undo. Call it as the LAST statement of the
 * transaction that applies or undoes: it takes the feed's counter row, and holds its lock until
 * the transaction ends, so whoever writes the next entry waits for this commit (or rollback)
 * and a reader never sees a position before a lower one is visible.
 */
export async function recordPriceChange(
  trx: Transaction<DB>,
  change: {
    kind: PriceChangeKind;
    importId: number;
    at: Date;
    /** Who undid it; an applied import is its uploader's. */
    by?: number;
    counts: EntryCounts;
    largestPriceChanges: LargestPriceChange[] | null;
  },
) {
  const { kind, importId, at, by = null, counts } = change;
  const largest = change.largestPriceChanges && JSON.stringify(change.largestPriceChanges);
  const written = await sql<{ position: number }>`
    with head as (
      insert into pricelist_change_head as h (singleton, position) values (true, 1)
      on conflict (singleton) do update set position = h.position + 1
      returning position
    )
    insert into pricelist_changes (position, kind, import_id, organization_id, general_pricelist_id,
      pricelist_id, changed_at, changed_by, added, updated, removed, largest_price_changes)
    select head.position, ${kind}, i.id, i.organization_id, i.general_pricelist_id, i.pricelist_id,
      ${at}, coalesce(${by}::integer, i.imported_by), ${counts.added}, ${counts.updated}, ${counts.removed},
      ${largest}::jsonb
    from head, imports i where i.id = ${importId}
    returning position`.execute(trx);
  const position = Number(written.rows[0]!.position);
  // Under the counter's lock too: a few rows, and the event is never without its entry.
  await recordPricelistChangedEvent(trx, position, at);
  return position;
}

/** What an undo of `importId` changes: its applied entry, read backwards. */
export async function undoEntryOf(
  trx: Transaction<DB>,
  importId: number,
): Promise<{ counts: EntryCounts; largestPriceChanges: LargestPriceChange[] | null }> {
  const applied = await trx
    .selectFrom('pricelist_changes')
    .select(['added', 'updated', 'removed', 'largest_price_changes'])
    .where('import_id', '=', importId)
    .where('kind', '=', 'IMPORT_APPLIED')
    .orderBy('position', 'desc')
    .executeTakeFirst();
  if (!applied) {
    // Every applied import has its entry (migration 025 numbered the older ones); should one not,
    // the counts come from the import's own changes, which the undo's rows are read from anyway.
    const stored = await sql<{ kind: string; count: number }>`
      select kind, sum(json_array_length(items))::integer as count from import_details
      where import_id = ${importId} and kind in ('added', 'updated', 'removed') group by kind`.execute(trx);
    const count = (kind: string) => Number(stored.rows.find((row) => row.kind === kind)?.count ?? 0);
    return {
      counts: { added: count('removed'), updated: count('updated'), removed: count('added') },
      largestPriceChanges: null,
    };
  }
  return {
    counts: { added: applied.removed, updated: applied.updated, removed: applied.added },
    largestPriceChanges: reversed(applied.largest_price_changes),
  };
}

/** The feed's newest position now (0 before the first entry). */
export async function feedHead(db: Database | Transaction<DB>): Promise<number> {
  const head = await db.selectFrom('pricelist_change_head').select('position').executeTakeFirst();
  return head?.position ?? 0;
}

export interface FeedCursor {
  position: number;
  /** Rows of the entry at `position` already read; undefined when the whole entry was. */
  rows?: number;
}

/** The `after` parameter, or undefined when it is not one the feed hands out. */
export function parseFeedCursor(text: string | undefined): FeedCursor | undefined {
  if (text === undefined) return { position: 0 };
  const match = FEED_CURSOR_PATTERN.exec(text);
  if (!match) return undefined;
  const position = Number(match[1]);
  return match[2] === undefined ? { position } : { position, rows: Number(match[2]) };
}

const formatCursor = (cursor: FeedCursor) =>
  cursor.rows === undefined ? String(cursor.position) : `${cursor.position}.${cursor.rows}`;

export interface FeedQuery {
  after: FeedCursor;
  limit: number;
  organizationId?: number | undefined;
  pricelistId?: number | undefined;
}

/**
 * Up to `limit` rows of entries after the cursor, in position order; an entry with no rows counts
 * as one. An entry larger than what is left of the answer is cut, and the cursor says where its
 * next rows begin. Entries only ever come after the ones already visible (see recordPriceChange),
 * so a consumer that goes on from `next` misses nothing and reads nothing twice. Null for a
 * cursor past the newest entry: one the feed never handed out (a restored database, a made-up one).
 */
export async function readChangeFeed(
  db: Database,
  query: FeedQuery,
  today: IsoDate,
): Promise<PriceChangeFeed | null> {
  const { after, limit } = query;
  const head = await feedHead(db);
  if (after.position > head) return null;
  const select = selectChanges(db, query).where(
    'c.position',
    after.rows === undefined ? '>' : '>=',
    after.position,
  );
  const found = await select
    .orderBy('c.position')
    .limit(limit + 1)
    .execute();
  const statuses = await pricelistStatusesOf(db, found, today);

  const entries: PriceChangeEntry[] = [];
  let next = formatCursor(after);
  let budget = limit;
  let more = false;
  for (const entry of found) {
    if (budget <= 0) {
      more = true;
      break;
    }
    const counts = { added: entry.added, updated: entry.updated, removed: entry.removed };
    const total = counts.added + counts.updated + counts.removed;
    const from = entry.position === after.position ? Math.min(after.rows ?? 0, total) : 0;
    if (from > 0 && from === total) {
      // The earlier answer ended exactly at this entry's last row; it counts as one, as an empty entry.
      next = String(entry.position);
      budget -= 1;
      continue;
    }
    const take = Math.min(total - from, budget);
    const rows = await readEntryRows(db, { kind: entry.kind, importId: entry.import_id, counts }, from, take);
    budget -= Math.max(take, 1);
    const done = from + take === total;
    next = formatCursor(
      done ? { position: entry.position } : { position: entry.position, rows: from + take },
    );
    entries.push({
      cursor: next,
      ...entryHeadingOf(entry, statuses),
      rowsFrom: from,
      rows,
    });
    if (!done) {
      more = true;
      break;
    }
  }
  return { entries, next, head: String(head), more };
}
