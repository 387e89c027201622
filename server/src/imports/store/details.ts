import { sql, type Transaction } from 'kysely';
import {
  type ChangeKind,
  type ColumnMappingUsed,
  fileColumnOf,
  type ImportChangesResponse,
  type ImportErrorsResponse,
  ImportSummary,
  type PricelistRowValues,
  type ValidationError,
  type ValidationRule,
} from '#contract';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import {
  type ChangesExport,
  DETAIL_CHUNK_SIZE,
  type DetailChunks,
  errorChunks,
  type StoredUpdate,
} from '../../pricelistFile';
import { type FileDeps, readImportFile } from './importFiles';

/**
 * The rows behind an import's summary, kept in `import_details` (migration 003) in chunks of
 * DETAIL_CHUNK_SIZE items: a 200,000-row file is 400 database rows, written in a handful of
 * statements, and a page of changes reads one or two chunks. The worker thread serialises the
 * chunks (see changeDetails.ts); here they are only written.
 */
/** Chunks per INSERT: bounds one statement to a few MB. */
const CHUNKS_PER_STATEMENT = 20;

type DetailKind = ChangeKind | 'error';

async function writeChunks(
  trx: Transaction<DB>,
  importId: number,
  kind: DetailKind,
  chunks: readonly Uint8Array[],
) {
  for (let start = 0; start < chunks.length; start += CHUNKS_PER_STATEMENT) {
    await trx
      .insertInto('import_details')
      .values(
        chunks.slice(start, start + CHUNKS_PER_STATEMENT).map((items, i) => ({
          import_id: importId,
          kind,
          chunk: start + i,
          // The UTF-8 bytes go as bytea (binary, on PostgreSQL): no text is made of them here.
          items: sql<string>`convert_from(${items}, 'UTF8')::json`,
        })),
      )
      .execute();
  }
}

export async function deleteDetails(trx: Transaction<DB>, importId: number) {
  await trx.deleteFrom('import_details').where('import_id', '=', importId).execute();
}

const detailKinds = ['added', 'updated', 'removed', 'error'] as const;

/** Replaces what is kept of an import's last validation with `details` (changes or errors). */
export async function saveDetails(trx: Transaction<DB>, importId: number, details: DetailChunks) {
  await deleteDetails(trx, importId);
  for (const kind of detailKinds) await writeChunks(trx, importId, kind, details[kind] ?? []);
}

/** Replaces what is kept of an import's last validation with every error it found. */
export async function saveErrors(trx: Transaction<DB>, importId: number, errors: readonly ValidationError[]) {
  await saveDetails(trx, importId, errorChunks(errors));
}

async function readItems(
  db: Database | Transaction<DB>,
  importId: number,
  kind: DetailKind,
  fromChunk = 0,
  toChunk?: number,
) {
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

/** Every error kept of the import's last validation, in the order found (a transaction's view). */
export async function loadStoredErrors(
  db: Database | Transaction<DB>,
  importId: number,
): Promise<ValidationError[]> {
  return (await readItems(db, importId, 'error')) as ValidationError[];
}

/**
 * What the error export needs: the uploaded file and every validation error, in the order the
 * validation found them. Undefined when the import has no errors (or no file any more).
 */
export async function loadErrorExport(deps: FileDeps, importId: number) {
  const { db } = deps;
  const stored = (await readItems(db, importId, 'error')) as ValidationError[];
  if (stored.length === 0) return undefined;
  const found = await db
    .selectFrom('imports')
    .select('summary')
    .where('id', '=', importId)
    .executeTakeFirst();
  const errors = inFileLanguage(stored, found?.summary ?? null);
  const content = await readImportFile(deps, importId);
  return content && { content, errors };
}

export interface ErrorFilter {
  column?: string | undefined;
  rule?: ValidationRule | undefined;
}

/**
 * One page of every error kept of the import's last validation, in the order found, filtered by
 * column and rule; `total` counts the filtered errors. The stored chunks are filtered in the
 * database, so a page view never carries 100,000 errors to this thread. NO_IMPORT when the
 * organisation has no such import, NO_ERRORS when it has no errors kept.
 */
export async function loadErrorsPage(
  db: Database,
  organizationId: number,
  importId: number,
  filter: ErrorFilter,
  offset: number,
  limit: number,
): Promise<ImportErrorsResponse | 'NO_IMPORT' | 'NO_ERRORS'> {
  const found = await db
    .selectFrom('imports')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('import_details')
            .select('chunk')
            .where('import_id', '=', importId)
            .where('kind', '=', 'error'),
        )
        .as('hasErrors'),
    )
    .select('summary')
    .where('id', '=', importId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!found) return 'NO_IMPORT';
  if (!found.hasErrors) return 'NO_ERRORS';

  const conditions = [sql`d.import_id = ${importId}`, sql`d.kind = 'error'`];
  if (filter.column !== undefined) conditions.push(sql`e.item->>'column' = ${filter.column}`);
  if (filter.rule !== undefined) conditions.push(sql`e.item->>'rule' = ${filter.rule}`);
  const from = sql`import_details d
    cross join lateral json_array_elements(d.items) with ordinality as e(item, n)
    where ${sql.join(conditions, sql` and `)}`;
  const counted = await sql<{ total: string | number }>`select count(*) as total from ${from}`.execute(db);
  const total = Number(counted.rows[0]?.total ?? 0);
  if (offset >= total) return { errors: [], total };
  const page = await sql<{ item: ValidationError }>`
    select e.item from ${from} order by d.chunk, e.n offset ${offset} limit ${limit}`.execute(db);
  return {
    errors: inFileLanguage(
      page.rows.map((row) => row.item),
      found.summary,
    ),
    total,
  };
}

/**
 * Errors as a mapped file names its columns: each with `fileColumn` ("Pris exkl. moms (kolumn
 * C)") where the file's header is not ours. Stored without it; the summary's mapping says it.
 */
export function inFileLanguage(errors: ValidationError[], summary: unknown): ValidationError[] {
  const columns = (summary as { columnMapping?: ColumnMappingUsed } | null)?.columnMapping?.columns;
  if (!columns) return errors;
  return errors.map((error) => {
    const fileColumn = fileColumnOf(columns, error.column);
    return fileColumn === undefined ? error : { ...error, fileColumn };
  });
}

/**
 * What the changes export needs: the risks of the CONFIRM summary and every change, each kind as
 * its stored chunks of JSON text (parsed in the worker, not here). Undefined when the import has
 * no such summary.
 */
export async function loadChangesExport(db: Database, importId: number): Promise<ChangesExport | undefined> {
  const found = await db
    .selectFrom('imports')
    .select('summary')
    .where('id', '=', importId)
    .executeTakeFirst();
  const summary = found?.summary ? ImportSummary.parse(found.summary) : null;
  if (summary?.type !== 'CONFIRM') return undefined;
  const chunks = await db
    .selectFrom('import_details')
    .select(['kind', sql<string>`items::text`.as('json')])
    .where('import_id', '=', importId)
    .where('kind', 'in', ['added', 'updated', 'removed'])
    .orderBy('kind')
    .orderBy('chunk')
    .execute();
  const of = (kind: string) => chunks.filter((chunk) => chunk.kind === kind).map((chunk) => chunk.json);
  return { risk: summary.risk ?? null, added: of('added'), updated: of('updated'), removed: of('removed') };
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

  const firstChunk = Math.floor(offset / DETAIL_CHUNK_SIZE);
  const lastChunk = Math.floor((offset + limit - 1) / DETAIL_CHUNK_SIZE);
  const items = await readItems(db, importId, kind, firstChunk, lastChunk);
  const start = offset - firstChunk * DETAIL_CHUNK_SIZE;
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
