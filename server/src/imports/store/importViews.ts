import { sql } from 'kysely';
import {
  type Import,
  type ImportStatus,
  ImportSummary,
  type ImportType,
  isPendingStatus,
  type PricelistImport,
} from '#contract';
import type { Database } from '../../db/database';
import { withoutHiddenCharacters } from '../uploadedFile';
import { revalidationMessage } from './revalidation';

/**
 * Statuses of the "Pågående" lists: in progress or waiting for the user (docs/product.md, "API conventions"). The partial
 * index of migration 004 names the same statuses (openImportsIndex.test.ts keeps the two in step).
 */
export const openStatuses: readonly ImportStatus[] = [
  'VALIDATION_PENDING',
  'VALIDATION_SUCCESS',
  'VALIDATION_FAIL',
  'VALIDATION_ERROR',
  'IMPORT_PENDING',
  'IMPORT_FAIL',
  'IMPORT_ERROR',
];

/**
 * A timestamp as the API shows it, ISO 8601 in UTC, written by PostgreSQL: as `toISOString` writes
 * it (both truncate to the millisecond), without parsing a Date per column on the API thread
 * (decision 0015: the lists' JavaScript cost per request).
 */
const isoInSql = <Iso extends string | null>(
  column: 'i.created_at' | 'i.import_started_at' | 'i.imported_at' | 'i.undone_at',
) => sql<Iso>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Imports with what the API shows of them: one query, joined with the user and the price list. */
function selectImports(db: Database, organizationId: number) {
  return db
    .selectFrom('imports as i')
    .innerJoin('users as u', 'u.id', 'i.imported_by')
    .leftJoin('pricelists as p', 'p.id', 'i.pricelist_id')
    .leftJoin('users as undoer', 'undoer.id', 'i.undone_by')
    .select([
      'i.id',
      'i.type',
      'i.status',
      isoInSql<string>('i.created_at').as('created'),
      isoInSql<string | null>('i.import_started_at').as('importStarted'),
      isoInSql<string | null>('i.imported_at').as('imported'),
      'i.file_name',
      'i.imported_by',
      'u.first_name',
      'u.last_name',
      'i.general_pricelist_id',
      'i.pricelist_id',
      'p.number',
      'i.failure_reason',
      'i.failure_about_file',
      isoInSql<string | null>('i.undone_at').as('undoneAt'),
      'undoer.first_name as undoer_first_name',
      'undoer.last_name as undoer_last_name',
    ])
    .where('i.organization_id', '=', organizationId);
}

type ImportRow = Awaited<ReturnType<ReturnType<typeof selectImports>['executeTakeFirstOrThrow']>>;

/** A timestamp column as the API shows it: ISO 8601 in UTC, or null. */
export const isoOrNull = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

function toImport(row: ImportRow): Import {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    created: row.created,
    importStarted: row.importStarted,
    imported: row.imported,
    fileName: row.file_name,
    importedBy: { id: row.imported_by, fullName: `${row.first_name} ${row.last_name}` },
    metadata: {
      parent: row.general_pricelist_id ?? 0,
      id: row.pricelist_id ?? 0,
      ...(row.number === null ? {} : { number: row.number }),
    },
    ...fileFailureReason(row.status, row.failure_reason, row.failure_about_file),
    ...(row.undoneAt === null
      ? {}
      : { undone: { at: row.undoneAt, byFullName: `${row.undoer_first_name} ${row.undoer_last_name}` } }),
  };
}

/** A reason is shown in full up to this length; file names inside it come from the file. */
const MAX_SHOWN_REASON_LENGTH = 500;

/**
 * The reason of a *_ERROR import when it is about the file: the reader's refusals (zip bomb,
 * DOCTYPE, truncated, encrypted…), as the job recorded them (`failure_about_file`). Crashes,
 * deadlines, database errors and given-up jobs are not the supplier's to fix: the page keeps its
 * general text.
 */
export function fileFailureReason(
  status: ImportStatus,
  reason: string | null,
  aboutFile: boolean,
): { failureReason: string } | Record<string, never> {
  if (status !== 'VALIDATION_ERROR' && status !== 'IMPORT_ERROR') return {};
  if (reason === null || !aboutFile) return {};
  const shown = [...withoutHiddenCharacters(reason)];
  return {
    failureReason:
      shown.length > MAX_SHOWN_REASON_LENGTH
        ? `${shown.slice(0, MAX_SHOWN_REASON_LENGTH - 1).join('')}…`
        : shown.join(''),
  };
}

/**
 * `imported=false`: the open imports, newest first. `imported=true`: the confirmed ones
 * (`importStarted` set), most recently started first. Both follow an index on
 * (organization_id, …), so the SPA's 5-second polling stays cheap.
 */
export async function listImports(
  db: Database,
  organizationId: number,
  imported: boolean,
  limit: number,
): Promise<Import[]> {
  const query = imported
    ? selectImports(db, organizationId)
        .where('i.import_started_at', 'is not', null)
        .orderBy('i.import_started_at', 'desc')
    : selectImports(db, organizationId).where('i.status', 'in', openStatuses).orderBy('i.created_at', 'desc');
  const rows = await query.orderBy('i.id', 'desc').limit(limit).execute();
  return rows.map(toImport);
}

/** How many imports of one price list its page shows, newest first. */
export const PRICELIST_HISTORY_LIMIT = 50;

/**
 * The confirmed imports of one price list (applied, failed, aborted or pending; undone ones
 * too), most recently confirmed first, with the counts of their summaries.
 */
export async function pricelistImportHistory(
  db: Database,
  organizationId: number,
  pricelistId: number,
): Promise<PricelistImport[]> {
  const rows = await selectImports(db, organizationId)
    .select('i.summary')
    .where('i.pricelist_id', '=', pricelistId)
    .where('i.import_started_at', 'is not', null)
    .orderBy('i.import_started_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(PRICELIST_HISTORY_LIMIT)
    .execute();
  return rows.map((row) => {
    const summary = ImportSummary.safeParse(row.summary);
    const counts =
      summary.success && summary.data.type === 'CONFIRM'
        ? { added: summary.data.added, updated: summary.data.updated, removed: summary.data.removed }
        : null;
    return { ...toImport(row), counts };
  });
}

/** Whether an applied import, not undone, may be undone now: its kind says (../kinds.ts, `undoable`). */
export type UndoableCheck = (applied: {
  importId: number;
  type: ImportType;
  pricelistId: number;
}) => Promise<boolean>;

/** One import, with whether it may be undone and why it was validated again, if it was. */
export async function findImport(
  db: Database,
  organizationId: number,
  importId: number,
  now: Date,
  undoable: UndoableCheck,
): Promise<Import | undefined> {
  const row = await selectImports(db, organizationId)
    .select(['i.revalidation_cause', 'i.revalidation_change_at'])
    .where('i.id', '=', importId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { revalidation_cause: cause, revalidation_change_at: changedAt } = row;
  return {
    ...toImport(row),
    undoable: await isUndoable(row, undoable),
    ...(cause === null
      ? {}
      : {
          revalidated: {
            cause,
            changedAt: isoOrNull(changedAt),
            message: revalidationMessage(cause, changedAt && new Date(changedAt), now),
          },
        }),
  };
}

/** Whether the import is applied, not undone, and its kind would undo it now. */
async function isUndoable(row: ImportRow, undoable: UndoableCheck): Promise<boolean> {
  if (row.status !== 'IMPORT_SUCCESS' || row.undoneAt !== null || row.pricelist_id === null) return false;
  return undoable({ importId: row.id, type: row.type, pricelistId: row.pricelist_id });
}

/** The summary of an import, or null while a job works on it (or after it was aborted). */
export async function findImportSummary(db: Database, organizationId: number, importId: number) {
  const row = await db
    .selectFrom('imports')
    .select(['status', 'summary'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', importId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (isPendingStatus(row.status) || row.summary === null) return { result: null };
  return { result: ImportSummary.parse(row.summary) };
}
