import type { Transaction } from 'kysely';
import {
  type ChangeKind,
  type ImportChange,
  type ImportChangesResponse,
  ImportSummary,
  type PricelistRowValueField,
  type PricelistRowValues,
  pricelistRowValueFields,
  type ValidationError,
} from '../../../contract';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import type { PriceListChanges } from './excel';

/**
 * The rows behind an import's summary, kept in `import_details` (migration 003) in chunks of
 * CHUNK_SIZE items: a 200,000-row file is 400 database rows, written in a handful of
 * statements, and a page of changes reads one or two chunks.
 */
export const CHUNK_SIZE = 500;
/** Chunks per INSERT: bounds one statement to a few MB. */
const CHUNKS_PER_STATEMENT = 20;

type DetailKind = ChangeKind | 'error';

async function writeItems(
  trx: Transaction<DB>,
  importId: number,
  kind: DetailKind,
  items: readonly unknown[],
) {
  const chunks: { import_id: number; kind: DetailKind; chunk: number; items: string }[] = [];
  for (let start = 0; start < items.length; start += CHUNK_SIZE) {
    chunks.push({
      import_id: importId,
      kind,
      chunk: start / CHUNK_SIZE,
      items: JSON.stringify(items.slice(start, start + CHUNK_SIZE)),
    });
  }
  for (let start = 0; start < chunks.length; start += CHUNKS_PER_STATEMENT) {
    await trx
      .insertInto('import_details')
      .values(chunks.slice(start, start + CHUNKS_PER_STATEMENT))
      .execute();
  }
}

export async function deleteDetails(trx: Transaction<DB>, importId: number) {
  await trx.deleteFrom('import_details').where('import_id', '=', importId).execute();
}

/** An updated row as kept: the file's values and each field that changes (smaller than both rows). */
interface StoredUpdate {
  values: PricelistRowValues;
  changes: ImportChange['changes'];
}

/** Replaces what is kept of an import's last validation with `changes`. */
export async function saveChanges(trx: Transaction<DB>, importId: number, changes: PriceListChanges) {
  await deleteDetails(trx, importId);
  await writeItems(trx, importId, 'added', changes.added);
  const updates: StoredUpdate[] = changes.updated.map((update) => ({
    values: update.new,
    changes: fieldChanges(update.old, update.new),
  }));
  await writeItems(trx, importId, 'updated', updates);
  await writeItems(trx, importId, 'removed', changes.removed);
}

/** Replaces what is kept of an import's last validation with every error it found. */
export async function saveErrors(trx: Transaction<DB>, importId: number, errors: readonly ValidationError[]) {
  await deleteDetails(trx, importId);
  await writeItems(trx, importId, 'error', errors);
}

async function readItems(db: Database, importId: number, kind: DetailKind, fromChunk = 0, toChunk?: number) {
  let query = db
    .selectFrom('import_details')
    .select('items')
    .where('import_id', '=', importId)
    .where('kind', '=', kind)
    .where('chunk', '>=', fromChunk);
  if (toChunk !== undefined) query = query.where('chunk', '<=', toChunk);
  const rows = await query.orderBy('chunk').execute();
  return rows.flatMap((row) => row.items);
}

/**
 * What the error export needs: the uploaded file and every validation error, in the order the
 * validation found them. Undefined when the import has no errors (or no file any more).
 */
export async function loadErrorExport(db: Database, importId: number) {
  const errors = (await readItems(db, importId, 'error')) as ValidationError[];
  if (errors.length === 0) return undefined;
  const file = await db
    .selectFrom('import_files')
    .select('content')
    .where('import_id', '=', importId)
    .executeTakeFirst();
  return file && { content: file.content, errors };
}

/**
 * One page of the import's changes of one kind, with today's article names; `total` is the
 * kind's count in the CONFIRM summary. Undefined when the organisation has no such import.
 */
export async function loadChangesPage(
  db: Database,
  organizationId: number,
  importId: number,
  kind: ChangeKind,
  offset: number,
  limit: number,
): Promise<ImportChangesResponse | undefined> {
  const found = await db
    .selectFrom('imports')
    .select('summary')
    .where('id', '=', importId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!found) return undefined;
  const summary = found.summary === null ? null : ImportSummary.parse(found.summary);
  if (summary?.type !== 'CONFIRM') return { total: 0, changes: [] };

  const firstChunk = Math.floor(offset / CHUNK_SIZE);
  const lastChunk = Math.floor((offset + limit - 1) / CHUNK_SIZE);
  const items = await readItems(db, importId, kind, firstChunk, lastChunk);
  const start = offset - firstChunk * CHUNK_SIZE;
  const page = items.slice(start, start + limit);
  const rows: StoredUpdate[] =
    kind === 'updated'
      ? (page as StoredUpdate[])
      : (page as PricelistRowValues[]).map((values) => ({ values, changes: [] }));
  const names = await articleNames(
    db,
    organizationId,
    rows.map((row) => row.values.articleNumber),
  );
  return {
    total: summary[kind],
    changes: rows.map((row) => ({
      articleNumber: row.values.articleNumber,
      articleName: names.get(row.values.articleNumber) ?? null,
      values: row.values,
      changes: row.changes,
    })),
  };
}

async function articleNames(db: Database, organizationId: number, articleNumbers: string[]) {
  if (articleNumbers.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('articles')
    .select(['article_number', 'name'])
    .where('organization_id', '=', organizationId)
    .where('article_number', 'in', articleNumbers)
    .execute();
  return new Map(rows.map((row) => [row.article_number, row.name]));
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
