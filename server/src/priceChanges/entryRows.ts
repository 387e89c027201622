import type { Transaction } from 'kysely';
import type { PriceChangeKind, PriceChangeRow, PricelistRowValueField, PricelistRowValues } from '#contract';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { DETAIL_CHUNK_SIZE, type StoredUpdate } from '../pricelistFile';

/**
 * An entry's rows are the import's own changes (import_details, kept as long as the import is):
 * read forwards for an applied import, backwards for its undo. The undo puts back exactly the rows
 * the import found, so what it added is removed, what it removed is added and each update goes
 * from the import's values back to the earlier ones.
 */

type StoredKind = 'added' | 'updated' | 'removed';

export interface EntryCounts {
  added: number;
  updated: number;
  removed: number;
}

/** The entry's kinds in the order its rows come, each with the stored kind it reads. */
const partsOf = (kind: PriceChangeKind): { stored: StoredKind; count: keyof EntryCounts }[] =>
  kind === 'IMPORT_APPLIED'
    ? [
        { stored: 'added', count: 'added' },
        { stored: 'updated', count: 'updated' },
        { stored: 'removed', count: 'removed' },
      ]
    : [
        { stored: 'removed', count: 'added' },
        { stored: 'updated', count: 'updated' },
        { stored: 'added', count: 'removed' },
      ];

const integerFields: ReadonlySet<PricelistRowValueField> = new Set([
  'minimumOrderQuantity',
  'deliveryTimeDays',
  'warrantyQuantity',
]);

/** The row before an update: the file's values with each changed field's old value put back. */
export function rowBeforeUpdate(update: StoredUpdate): PricelistRowValues {
  const before: Record<string, unknown> = { ...update.values };
  for (const { field, oldValue } of update.changes) {
    before[field] = oldValue !== null && integerFields.has(field) ? Number(oldValue) : oldValue;
  }
  return before as PricelistRowValues;
}

/** One stored item as a row of the entry, read forwards (applied) or backwards (undone). */
export function entryRowOf(kind: PriceChangeKind, stored: StoredKind, item: unknown): PriceChangeRow {
  const forwards = kind === 'IMPORT_APPLIED';
  if (stored === 'updated') {
    const update = item as StoredUpdate;
    const [before, after] = forwards
      ? [rowBeforeUpdate(update), update.values]
      : [update.values, rowBeforeUpdate(update)];
    return { articleNumber: update.values.articleNumber, change: 'UPDATED', before, after };
  }
  const row = item as PricelistRowValues;
  const added = (stored === 'added') === forwards;
  return added
    ? { articleNumber: row.articleNumber, change: 'ADDED', before: null, after: row }
    : { articleNumber: row.articleNumber, change: 'REMOVED', before: row, after: null };
}

/** Rows `from` up to `from + take` of an entry, reading only the chunks they are in. */
export async function readEntryRows(
  db: Database | Transaction<DB>,
  entry: { kind: PriceChangeKind; importId: number; counts: EntryCounts },
  from: number,
  take: number,
): Promise<PriceChangeRow[]> {
  const rows: PriceChangeRow[] = [];
  let partStart = 0;
  for (const part of partsOf(entry.kind)) {
    const count = entry.counts[part.count];
    const start = Math.max(from, partStart) - partStart;
    const end = Math.min(from + take, partStart + count) - partStart;
    partStart += count;
    if (end <= start) continue;
    const firstChunk = Math.floor(start / DETAIL_CHUNK_SIZE);
    const chunks = await db
      .selectFrom('import_details')
      .select('items')
      .where('import_id', '=', entry.importId)
      .where('kind', '=', part.stored)
      .where('chunk', '>=', firstChunk)
      .where('chunk', '<=', Math.floor((end - 1) / DETAIL_CHUNK_SIZE))
      .orderBy('chunk')
      .execute();
    const items = chunks.flatMap((chunk) => chunk.items);
    const offset = firstChunk * DETAIL_CHUNK_SIZE;
    for (const item of items.slice(start - offset, end - offset))
      rows.push(entryRowOf(entry.kind, part.stored, item));
  }
  return rows;
}
