import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { ImportStatus } from '#contract';
import type { AppDeps } from '../../appDeps';
import { runAtStartAndEvery } from '../../lib/jobs/periodic';
import { isStoredFileName, removeStoredFiles } from './importFiles';

type RetentionDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger' | 'uploadFolder'>;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Rows cleared per transaction: each batch is short, so requests and jobs go on in between. */
export const RETENTION_BATCH = 50;
/** How often an instance looks for expired files (and once at start). */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/** A file on disk no row names is removed once this old (a crash between write and commit, a reset). */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Imports that have ended: nothing will read their file again but the error workbook of a failed
 * one. Open imports (VALIDATION_*, IMPORT_PENDING) keep theirs however old: the supplier may still
 * confirm, replace or download.
 */
export const ENDED_STATUSES: readonly ImportStatus[] = [
  'IMPORT_SUCCESS',
  'IMPORT_FAIL',
  'IMPORT_ERROR',
  'IMPORT_ABORTED',
];

/**
 * Deletes the uploaded bytes of imports that ended more than UPLOADED_FILE_RETENTION_DAYS ago
 * (their last change, `updated_at`, is when they ended), in batches of RETENTION_BATCH rows; the
 * import_files row stays with its size and `bytes_deleted_at`. Any number of instances may run it
 * at once (SKIP LOCKED). Returns how many files it deleted.
 */
export async function deleteExpiredImportFiles(deps: RetentionDeps): Promise<number> {
  const { db, clock, config } = deps;
  const cutoff = new Date(clock.now().getTime() - config.UPLOADED_FILE_RETENTION_DAYS * DAY_MS);
  let deleted = 0;
  for (;;) {
    const names = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ import_id: number; stored_file: string | null }>`
        select f.import_id, f.stored_file
        from import_files f join imports i on i.id = f.import_id
        where f.bytes_deleted_at is null
          and i.status in (${sql.join(ENDED_STATUSES)})
          and i.updated_at < ${cutoff}
        limit ${RETENTION_BATCH}
        for update of f skip locked`.execute(trx);
      if (rows.length === 0) return [];
      await trx
        .updateTable('import_files')
        .set({ content: null, stored_file: null, bytes_deleted_at: clock.now() })
        .where(
          'import_id',
          'in',
          rows.map((row) => row.import_id),
        )
        .execute();
      return rows.map((row) => row.stored_file);
    });
    if (names.length === 0) break;
    // After the commit: a rolled-back batch still has its files.
    await removeStoredFiles(deps, names);
    deleted += names.length;
    if (names.length < RETENTION_BATCH) break;
  }
  return deleted;
}

/** What an import whose validation results were dropped says, in place of its summary. */
export const expiredValidationReason = (hours: number) =>
  `Valideringens resultat sparas i ${hours} timmar och har nu tagits bort. Läs in filen igen för att validera den på nytt.`;

/**
 * Validated imports nobody confirmed (VALIDATION_SUCCESS, VALIDATION_FAIL) for
 * UNCONFIRMED_DETAILS_HOURS since their validation ended lose what it kept: their changes or
 * errors and their file's bytes, as a deleted import does. They go to VALIDATION_ERROR with a
 * reason for the supplier (shown like a refused file's): they cannot be confirmed any more, and
 * a new file can replace the old one or the import be deleted. Batches as above; a confirm or a
 * new file at the same moment locks the row first or waits for the batch. Returns how many.
 */
export async function expireUnconfirmedImports(deps: RetentionDeps): Promise<number> {
  const { db, clock, config } = deps;
  const cutoff = new Date(clock.now().getTime() - config.UNCONFIRMED_DETAILS_HOURS * HOUR_MS);
  let expired = 0;
  for (;;) {
    const names = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number; stored_file: string | null }>`
        select i.id, f.stored_file
        from imports i left join import_files f on f.import_id = i.id
        where i.status in ('VALIDATION_SUCCESS', 'VALIDATION_FAIL') and i.updated_at < ${cutoff}
        limit ${RETENTION_BATCH}
        for update of i skip locked`.execute(trx);
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.id);
      const now = clock.now();
      await trx.deleteFrom('import_details').where('import_id', 'in', ids).execute();
      await trx
        .updateTable('import_files')
        .set({ content: null, stored_file: null, bytes_deleted_at: now })
        .where('import_id', 'in', ids)
        .where('bytes_deleted_at', 'is', null)
        .execute();
      await trx
        .updateTable('imports')
        .set({
          status: 'VALIDATION_ERROR',
          summary: null,
          failure_reason: expiredValidationReason(config.UNCONFIRMED_DETAILS_HOURS),
          failure_about_file: true,
          updated_at: now,
        })
        .where('id', 'in', ids)
        .execute();
      return rows.map((row) => row.stored_file);
    });
    if (names.length === 0) break;
    await removeStoredFiles(deps, names);
    expired += names.length;
    if (names.length < RETENTION_BATCH) break;
  }
  return expired;
}

/**
 * Removes stored files that no row names and that are older than an hour: left by a crash between
 * writing a file and committing its row (or removing it after its row let go), or by a reset of
 * the demo data. In the upload folder (PGlite) or as pieces in the database (PostgreSQL).
 */
export async function removeOrphanedImportFiles(
  deps: Pick<AppDeps, 'db' | 'clock' | 'uploadFolder'>,
): Promise<number> {
  const folder = deps.uploadFolder;
  if (!folder) return removeOrphanedPieces(deps);
  const oldEnough = deps.clock.now().getTime() - ORPHAN_AGE_MS;
  const candidates: string[] = [];
  for (const name of await readdir(folder)) {
    if (!isStoredFileName(name)) continue;
    const info = await stat(path.join(folder, name)).catch(() => undefined);
    if (info?.isFile() && info.mtimeMs < oldEnough) candidates.push(name);
  }
  let removed = 0;
  for (let start = 0; start < candidates.length; start += RETENTION_BATCH) {
    const batch = candidates.slice(start, start + RETENTION_BATCH);
    const named = await deps.db
      .selectFrom('import_files')
      .select('stored_file')
      .where('stored_file', 'in', batch)
      .execute();
    const kept = new Set(named.map((row) => row.stored_file));
    const orphans = batch.filter((name) => !kept.has(name));
    await removeStoredFiles(deps, orphans);
    removed += orphans.length;
  }
  return removed;
}

/**
 * The pieces of files no row names, once an hour old: an upload still arriving is younger (its
 * body has a time limit well under an hour, decision 0028). Returns how many files.
 */
async function removeOrphanedPieces({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - ORPHAN_AGE_MS);
  const { rows } = await sql<{ file: string }>`
    delete from import_file_pieces p
    where p.written_at < ${cutoff}
      and not exists (select from import_files f where f.stored_file = p.file)
    returning p.file`.execute(db);
  return new Set(rows.map((row) => row.file)).size;
}

export interface FileRetention {
  stop(): Promise<void>;
}

/** Runs the retention once at start and then every RETENTION_INTERVAL_MS; errors are logged, never thrown. */
export function startFileRetention(deps: RetentionDeps): FileRetention {
  return runAtStartAndEvery(
    RETENTION_INTERVAL_MS,
    async () => {
      const deleted = await deleteExpiredImportFiles(deps);
      const unconfirmed = await expireUnconfirmedImports(deps);
      const orphans = await removeOrphanedImportFiles(deps);
      if (deleted > 0 || unconfirmed > 0 || orphans > 0)
        deps.logger.info(
          { deleted, unconfirmed, orphans },
          'uploaded files past their retention time deleted',
        );
    },
    (error) => deps.logger.error({ err: error }, 'deleting expired uploaded files failed'),
  );
}
