import type { PricelistRowValues } from '#contract';
import { pricelistRowValueFields } from '#contract/domain';
import type { Database } from '../db/database';
import type { CatalogueLineAction } from '../pricelistFile/peppol/writeCatalogue';
import { feedHead } from './changeFeed';
import { readEntryRows } from './entryRows';

/** A row's net change since a cursor: added, updated (to these values) or deleted (as it was). */
export interface NetChange {
  action: CatalogueLineAction;
  values: PricelistRowValues;
}

/**
 * The most changed rows one Update document is made from: beyond it, the whole list (`Replace`)
 * is the smaller answer, and the rows would be held on the API thread.
 */
export const MAX_UPDATE_ROWS = 100_000;

const sameValues = (a: PricelistRowValues, b: PricelistRowValues) =>
  pricelistRowValueFields.every((field) => a[field] === b[field]);

/**
 * What changed in one price list after feed position `after`, row by row: each article's values
 * before its first change and after its last. A row added and removed again is no change, nor is
 * one updated back to where it was. `head` is the feed's newest position when it was read: every
 * entry up to it had committed (decision 0048), so going on from `head` misses nothing. A cursor
 * past `head` was never handed out (`beyondHead`); more than MAX_UPDATE_ROWS rows is `tooMany`.
 */
export async function pricelistChangesSince(
  db: Database,
  pricelistId: number,
  after: number,
): Promise<{ head: number; changes: NetChange[] } | { head: number; tooMany: number; beyondHead?: boolean }> {
  const head = await feedHead(db);
  if (after > head) return { head, tooMany: 0, beyondHead: true };
  const entries = await db
    .selectFrom('pricelist_changes')
    .select(['kind', 'import_id', 'added', 'updated', 'removed'])
    .where('pricelist_id', '=', pricelistId)
    .where('position', '>', after)
    .where('position', '<=', head)
    .orderBy('position')
    .execute();
  const total = entries.reduce((sum, entry) => sum + entry.added + entry.updated + entry.removed, 0);
  if (total > MAX_UPDATE_ROWS) return { head, tooMany: total };
  const first = new Map<string, PricelistRowValues | null>();
  const last = new Map<string, PricelistRowValues | null>();
  for (const entry of entries) {
    const counts = { added: entry.added, updated: entry.updated, removed: entry.removed };
    const total = counts.added + counts.updated + counts.removed;
    const rows = await readEntryRows(db, { kind: entry.kind, importId: entry.import_id, counts }, 0, total);
    for (const row of rows) {
      if (!first.has(row.articleNumber)) first.set(row.articleNumber, row.before);
      last.set(row.articleNumber, row.after);
    }
  }
  const changes: NetChange[] = [];
  for (const [articleNumber, before] of first) {
    const after = last.get(articleNumber) ?? null;
    if (before === null && after !== null) changes.push({ action: 'Add', values: after });
    else if (before !== null && after === null) changes.push({ action: 'Delete', values: before });
    else if (before !== null && after !== null && !sameValues(before, after))
      changes.push({ action: 'Update', values: after });
  }
  changes.sort((a, b) => (a.values.articleNumber < b.values.articleNumber ? -1 : 1));
  return { head, changes };
}
