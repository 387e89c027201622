import type { PricelistRowValues } from '#contract';
import { pricelistRowValueFields } from '#contract/domain';
import type { Database } from '../db/database';
import type { CatalogueLineAction } from '../pricelistFile/peppol/writeCatalogue';
import { readEntryRows } from './entryRows';

/** A row's net change since a cursor: added, updated (to these values) or deleted (as it was). */
export interface NetChange {
  action: CatalogueLineAction;
  values: PricelistRowValues;
}

const sameValues = (a: PricelistRowValues, b: PricelistRowValues) =>
  pricelistRowValueFields.every((field) => a[field] === b[field]);

/**
 * What changed in one price list after feed position `after`, row by row: each article's values
 * before its first change and after its last. A row added and removed again is no change, nor is
 * one updated back to where it was. `head` is the feed's newest position when it was read: every
 * entry up to it had committed (decision 0048), so going on from `head` misses nothing.
 */
export async function pricelistChangesSince(
  db: Database,
  pricelistId: number,
  after: number,
): Promise<{ head: number; changes: NetChange[] }> {
  const found = await db.selectFrom('pricelist_change_head').select('position').executeTakeFirst();
  const head = Math.max(found?.position ?? 0, after);
  const entries = await db
    .selectFrom('pricelist_changes')
    .select(['kind', 'import_id', 'added', 'updated', 'removed'])
    .where('pricelist_id', '=', pricelistId)
    .where('position', '>', after)
    .where('position', '<=', head)
    .orderBy('position')
    .execute();
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
