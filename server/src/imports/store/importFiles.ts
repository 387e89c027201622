import { mkdirSync } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Transaction } from 'kysely';
import type { AppDeps } from '../../appDeps';
import type { Database, DatabaseKind } from '../../db/database';
import type { DB } from '../../db/schema';
import { ApiError } from '../../errors';

/**
 * The size of the pieces an uploaded file is written and read in (fileWriter.ts). PostgreSQL sends bytea as hex text, which
 * the API thread decodes: the 8.7-MB file of 200,000 rows in one piece held it for ~100 ms
 * (decision 0016), a 1-MB piece holds it for a few ms, so requests are answered in between.
 */
export const FILE_PIECE_BYTES = 1 << 20;

/**
 * Where uploaded files go (decision 0010). Embedded PGlite runs on the API thread: storing a
 * 24 MB file as bytea held every request for 5.6 s, so with PGlite the bytes are a file in a
 * folder under DATA_DIR, written and read by Node's thread pool, and the row names it
 * (AppDeps.uploadFolder). PostgreSQL keeps them in the database, where every instance sharing
 * it reads them (uploadFolder null): in pieces of import_file_pieces that the row names the same
 * way (decision 0054), or, for a row from before, in its `content`.
 */
export type FileDeps = Pick<AppDeps, 'db' | 'uploadFolder'>;

/** The folder uploads are kept in with this database (made if missing), or null: in the database. */
export function uploadFolderFor(kind: DatabaseKind, dataDir: string): string | null {
  if (kind !== 'pglite') return null;
  const folder = path.resolve(dataDir, 'uploads');
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** Names made here only: a random UUID (`.tmp` while written), so a name never comes from a request. */
export const isStoredFileName = (name: string) => /^[0-9a-f-]{36}(\.tmp)?$/.test(name);

function storedPath(folder: string | null, name: string): string {
  if (!folder || !isStoredFileName(name)) throw new Error(`no stored file ${name}`);
  return path.join(folder, name);
}

/** Makes the rename durable: the folder's entry is on disk before a row refers to it. */
export async function syncFolder(folder: string) {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Removes stored files no row refers to any more: files on disk, or a file's pieces in the
 * database (a missing one is fine: already removed).
 */
export async function removeStoredFiles({ db, uploadFolder }: FileDeps, names: readonly (string | null)[]) {
  if (!uploadFolder) {
    const named = names.filter((name): name is string => name !== null);
    if (named.length > 0) await db.deleteFrom('import_file_pieces').where('file', 'in', named).execute();
    return;
  }
  for (const name of names) if (name) await rm(storedPath(uploadFolder, name), { force: true });
}

/** What a caller sees when an ended import's file was deleted after its retention time. */
export const FILE_DELETED_MESSAGE =
  'Den uppladdade filen finns inte längre: filer från avslutade inläsningar raderas efter en tid. ' +
  'Sammanfattningen och felen finns kvar att läsa på sidan.';

/**
 * An import's uploaded file, undefined when there is none; 410 (FILE_DELETED_MESSAGE) when its
 * bytes were deleted after the retention time. From the database it is read piece by piece in
 * one snapshot: a new file or a delete committed meanwhile does not cut it short.
 */
export async function readImportFile(
  { db, uploadFolder }: FileDeps,
  importId: number,
): Promise<Uint8Array | undefined> {
  if (!uploadFolder) return readFromDatabase(db, importId);
  const file = await db
    .selectFrom('import_files')
    .select(['stored_file', 'bytes_deleted_at'])
    .where('import_id', '=', importId)
    .executeTakeFirst();
  if (!file) return undefined;
  if (file.bytes_deleted_at) throw new ApiError(410, 'GONE', FILE_DELETED_MESSAGE);
  if (file.stored_file) return readFile(storedPath(uploadFolder, file.stored_file));
  return readStoredContent(db, importId);
}

/**
 * Whether the import has a file to read again, without reading it: false when it has none; 410
 * (FILE_DELETED_MESSAGE) when its bytes were deleted after the retention time, as readImportFile.
 */
export async function importFileKept({ db }: Pick<FileDeps, 'db'>, importId: number): Promise<boolean> {
  const file = await db
    .selectFrom('import_files')
    .select('bytes_deleted_at')
    .where('import_id', '=', importId)
    .executeTakeFirst();
  if (file?.bytes_deleted_at) throw new ApiError(410, 'GONE', FILE_DELETED_MESSAGE);
  return file !== undefined;
}

function readFromDatabase(db: Database, importId: number): Promise<Uint8Array | undefined> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const file = await trx
        .selectFrom('import_files')
        .select(['stored_file', 'bytes_deleted_at'])
        .where('import_id', '=', importId)
        .executeTakeFirst();
      if (!file) return undefined;
      if (file.bytes_deleted_at) throw new ApiError(410, 'GONE', FILE_DELETED_MESSAGE);
      if (file.stored_file) return readPieces(trx, file.stored_file);
      return readStoredContent(trx, importId);
    });
}

/**
 * A file stored in pieces (fileWriter.ts), in one binary COPY: the pieces come as bytes, not as
 * text to decode on the API thread (db/binaryCopy.ts). In the caller's snapshot.
 */
async function readPieces(trx: Transaction<DB>, name: string): Promise<Uint8Array> {
  const { rows } = await sql<{ value: Buffer }>`copy (select bytes from import_file_pieces
    where file = ${sql.lit(name)} order by seq) to stdout (format binary)`.execute(trx);
  return Buffer.concat(rows.map((row) => row.value));
}

/** A file kept in the row itself (PostgreSQL before decision 0054; PGlite before 0010). */
async function readStoredContent(
  db: Database | Transaction<DB>,
  importId: number,
): Promise<Uint8Array | undefined> {
  const file = await db
    .selectFrom('import_files')
    .select(sql<number | null>`octet_length(content)`.as('size'))
    .where('import_id', '=', importId)
    .executeTakeFirst();
  if (!file || file.size === null) return undefined;
  const content = new Uint8Array(file.size);
  for (let offset = 0; offset < file.size; offset += FILE_PIECE_BYTES) {
    // substring counts from 1.
    const { piece } = await db
      .selectFrom('import_files')
      .select(sql<Uint8Array>`substring(content from ${offset + 1} for ${FILE_PIECE_BYTES})`.as('piece'))
      .where('import_id', '=', importId)
      .executeTakeFirstOrThrow();
    content.set(piece, offset);
  }
  return content;
}
