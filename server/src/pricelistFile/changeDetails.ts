import type { ImportChange, PricelistRowValueField, PricelistRowValues, ValidationError } from '#contract';
import { pricelistRowValueFields } from '#contract/domain';
import type { DetailChunks } from './types';

/**
 * What an import keeps beside its summary (import_details, migration 003) is written in chunks
 * of this many items: a 200,000-row file is 400 database rows, and a page of changes reads one
 * or two chunks.
 */
export const DETAIL_CHUNK_SIZE = 500;

/** An updated row as kept: the file's values and each field that changes (smaller than both rows). */
export interface StoredUpdate {
  values: PricelistRowValues;
  changes: ImportChange['changes'];
}

/** A field's value as the comparison sees it: prices as exact two-decimal numbers, text trimmed. */
function comparable(field: PricelistRowValueField, value: string | number | null): string | null {
  if (value === null) return null;
  if (field === 'price') return Number(value).toFixed(2);
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** Each field that differs between the price list's row and the file's, with both values. */
export function fieldChanges(
  oldRow: PricelistRowValues,
  newRow: PricelistRowValues,
): ImportChange['changes'] {
  const changes: ImportChange['changes'] = [];
  for (const field of pricelistRowValueFields) {
    const oldValue = comparable(field, oldRow[field]);
    const newValue = comparable(field, newRow[field]);
    if (oldValue !== newValue) changes.push({ field, oldValue, newValue });
  }
  return changes;
}

const utf8 = new TextEncoder();

/**
 * Items as JSON arrays of at most DETAIL_CHUNK_SIZE each, in UTF-8: bytes move from the worker
 * thread without a copy and go to the database as they are, so the thread that answers the API
 * never holds the texts (for 200,000 rows that took it 30 to 100 ms in one piece).
 */
export function chunksOf(items: readonly unknown[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < items.length; start += DETAIL_CHUNK_SIZE) {
    chunks.push(utf8.encode(JSON.stringify(items.slice(start, start + DETAIL_CHUNK_SIZE))));
  }
  return chunks;
}

/** What is kept of a confirmable file: its added, updated and removed rows. */
export const changeChunks = (
  added: readonly PricelistRowValues[],
  updated: readonly { old: PricelistRowValues; new: PricelistRowValues }[],
  removed: readonly PricelistRowValues[],
): DetailChunks => ({
  added: chunksOf(added),
  updated: chunksOf(
    updated.map(
      (update): StoredUpdate => ({ values: update.new, changes: fieldChanges(update.old, update.new) }),
    ),
  ),
  removed: chunksOf(removed),
});

export const errorChunks = (errors: readonly ValidationError[]): DetailChunks => ({
  error: chunksOf(errors),
});
