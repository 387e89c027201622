import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { AppDeps } from '../../appDeps';
import type { Database, DatabaseKind } from '../../db/database';
import { ApiError } from '../../errors';

/**
 * The size of the pieces an uploaded file is read in. PostgreSQL sends bytea as hex text, which
 * the API thread decodes: the 8.7-MB file of 200,000 rows in one piece held it for ~100 ms
 * (decision 0016), a 1-MB piece holds it for a few ms, so requests are answered in between.
 */
export const FILE_PIECE_BYTES = 1 << 20;

/**
 * Where uploaded files go (decision 0010). Embedded PGlite runs on the API thread: storing a
 * 24 MB file as bytea held every request for 5.6 s, so with PGlite the bytes are a file in a
 * folder under DATA_DIR, written and read by Node's thread pool, and the row names it
 * (AppDeps.uploadFolder). PostgreSQL keeps them in the row: every instance sharing the
 * database reads them (uploadFolder null).
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

/** The columns of import_files that hold a new file, and how to drop the file if they are not stored. */
export interface PreparedImportFile {
  values: { content: Uint8Array | null; stored_file: string | null; size: number; bytes_deleted_at: null };
  /** Removes the written file again (the transaction that was to refer to it failed). */
  discard(): Promise<void>;
}

/**
 * Prepares an upload for the import_files row, before the transaction that writes the row: on
 * disk, the file is written whole under a temporary name, flushed, and renamed, so a crash
 * never leaves a part of a file under a name a row refers to.
 */
export async function prepareImportFile(deps: FileDeps, content: Uint8Array): Promise<PreparedImportFile> {
  const folder = deps.uploadFolder;
  if (!folder) {
    return {
      values: { content, stored_file: null, size: content.length, bytes_deleted_at: null },
      discard: async () => {},
    };
  }
  const name = randomUUID();
  const temporary = path.join(folder, `${name}.tmp`);
  try {
    await writeFile(temporary, content, { flush: true });
    await rename(temporary, path.join(folder, name));
    await syncFolder(folder);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return {
    values: { content: null, stored_file: name, size: content.length, bytes_deleted_at: null },
    discard: () => removeStoredFiles(deps, [name]),
  };
}

/** Makes the rename durable: the folder's entry is on disk before a row refers to it. */
async function syncFolder(folder: string) {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes files no row refers to any more (a missing one is fine: already removed). */
export async function removeStoredFiles({ uploadFolder }: FileDeps, names: readonly (string | null)[]) {
  for (const name of names) if (name) await rm(storedPath(uploadFolder, name), { force: true });
}

/** What a caller sees when an ended import's file was deleted after its retention time. */
export const FILE_DELETED_MESSAGE =
  'Den uppladdade filen finns inte längre: filer från avslutade inläsningar raderas efter en tid. ' +
  'Sammanfattningen och felen finns kvar att läsa på sidan.';

/**
 * An import's uploaded file, undefined when there is none; 410 (FILE_DELETED_MESSAGE) when its
 * bytes were deleted after the retention time. From the database it is read piece by piece in
 * one snapshot.
 */
export async function readImportFile(
  { db, uploadFolder }: FileDeps,
  importId: number,
): Promise<Uint8Array | undefined> {
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

function readStoredContent(db: Database, importId: number): Promise<Uint8Array | undefined> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const file = await trx
        .selectFrom('import_files')
        .select(sql<number | null>`octet_length(content)`.as('size'))
        .where('import_id', '=', importId)
        .executeTakeFirst();
      if (!file || file.size === null) return undefined;
      const content = new Uint8Array(file.size);
      for (let offset = 0; offset < file.size; offset += FILE_PIECE_BYTES) {
        // substring counts from 1.
        const { piece } = await trx
          .selectFrom('import_files')
          .select(sql<Uint8Array>`substring(content from ${offset + 1} for ${FILE_PIECE_BYTES})`.as('piece'))
          .where('import_id', '=', importId)
          .executeTakeFirstOrThrow();
        content.set(piece, offset);
      }
      return content;
    });
}
