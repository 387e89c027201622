import { randomUUID } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { FILE_PIECE_BYTES, type FileDeps, removeStoredFiles, syncFolder } from './importFiles';

/**
 * An upload's bytes go to their store as they arrive (decision 0054), a piece of about
 * FILE_PIECE_BYTES at a time: with PGlite to a file on disk (written by Node's thread pool), with
 * PostgreSQL as rows of import_file_pieces. The API thread never holds the whole file, nor sends
 * it as one 20 MB parameter. One piece is stored while the next arrives; the upload waits for
 * the store when it is slower (backpressure on the socket).
 *
 * The import_files row that names the file is written after the last piece, in the command's
 * transaction: a crash or a refusal before it leaves bytes no row names, which the writer
 * removes (discard) or, after a crash, the retention does once they are an hour old.
 */

/** The columns of import_files that hold a new file, and what else the upload may do with it. */
export interface PreparedImportFile {
  values: { content: null; stored_file: string; size: number; bytes_deleted_at: null };
  /** Up to `length` bytes from `offset` (the format checks at upload read a few kB this way). */
  read(offset: number, length: number): Promise<Uint8Array>;
  /** A committed row names the file now: discard leaves it. */
  keep(): void;
  /** Removes the stored bytes unless kept (the upload was refused, or its transaction failed). */
  discard(): Promise<void>;
}

export interface FileWriter {
  write(chunk: Uint8Array): Promise<void>;
  /** Stores what is left, makes it durable, and gives the row's values. */
  finish(): Promise<PreparedImportFile>;
  /** Removes whatever was written (the upload failed before it was finished). */
  discard(): Promise<void>;
}

/** Where the pieces go: a file on disk, or rows in the database. */
interface PieceStore {
  put(piece: Buffer): Promise<void>;
  /** Flushed and under its final name (disk); nothing to do in the database. */
  seal(): Promise<void>;
  read(offset: number, length: number): Promise<Uint8Array>;
  remove(): Promise<void>;
}

/** Opens a writer for a new file in this database's store. */
export async function openFileWriter(deps: FileDeps): Promise<FileWriter> {
  const name = randomUUID();
  const store = deps.uploadFolder ? await diskStore(deps.uploadFolder, name) : databaseStore(deps, name);
  let chunks: Uint8Array[] = [];
  let buffered = 0;
  let size = 0;
  // At most one piece in flight; its failure is thrown at the next write or at finish.
  let inFlight: Promise<void> = Promise.resolve();
  const flush = async () => {
    await inFlight;
    if (buffered === 0) return;
    const piece = Buffer.concat(chunks, buffered);
    chunks = [];
    buffered = 0;
    inFlight = store.put(piece);
    inFlight.catch(() => {});
  };
  let discarded = false;
  const discard = async () => {
    if (discarded) return;
    discarded = true;
    // A piece still being written must land before the removal, or it would stay behind.
    await inFlight.catch(() => {});
    await store.remove();
  };
  return {
    async write(chunk) {
      chunks.push(chunk);
      buffered += chunk.length;
      size += chunk.length;
      if (buffered >= FILE_PIECE_BYTES) await flush();
    },
    async finish() {
      await flush();
      await inFlight;
      await store.seal();
      let kept = false;
      return {
        values: { content: null, stored_file: name, size, bytes_deleted_at: null },
        read: (offset, length) => store.read(offset, Math.max(0, Math.min(length, size - offset))),
        keep: () => {
          kept = true;
        },
        discard: async () => {
          if (!kept) await discard();
        },
      };
    },
    discard,
  };
}

/**
 * On disk: written under `<name>.tmp`, flushed and renamed when finished, and the folder synced,
 * so a crash never leaves a part of a file under a name a row refers to (decision 0010).
 */
async function diskStore(folder: string, name: string): Promise<PieceStore> {
  const temporary = path.join(folder, `${name}.tmp`);
  const final = path.join(folder, name);
  let handle: FileHandle | undefined = await open(temporary, 'wx');
  let at = 0;
  return {
    async put(piece) {
      for (let done = 0; done < piece.length; ) {
        const { bytesWritten } = await handle!.write(piece, done, piece.length - done, at);
        done += bytesWritten;
        at += bytesWritten;
      }
    },
    async seal() {
      await handle!.sync();
      await handle!.close();
      handle = undefined;
      await rename(temporary, final);
      await syncFolder(folder);
    },
    async read(offset, length) {
      const reader = await open(handle ? temporary : final, 'r');
      try {
        const bytes = Buffer.alloc(length);
        const { bytesRead } = await reader.read(bytes, 0, length, offset);
        return bytes.subarray(0, bytesRead);
      } finally {
        await reader.close();
      }
    },
    async remove() {
      await handle?.close().catch(() => {});
      handle = undefined;
      await rm(temporary, { force: true });
      await rm(final, { force: true });
    },
  };
}

/** In PostgreSQL: one row per piece, each its own short statement (no connection held meanwhile). */
function databaseStore(deps: FileDeps, name: string): PieceStore {
  const { db } = deps;
  /** Where each piece starts in the file, by its seq. */
  const starts: number[] = [];
  let end = 0;
  return {
    async put(piece) {
      const seq = starts.length;
      await db.insertInto('import_file_pieces').values({ file: name, seq, bytes: piece }).execute();
      starts.push(end);
      end += piece.length;
    },
    seal: async () => {},
    async read(offset, length) {
      const out = new Uint8Array(length);
      for (let done = 0; done < length; ) {
        const at = offset + done;
        const seq = starts.findLastIndex((start) => start <= at);
        const pieceEnd = starts[seq + 1] ?? end;
        const count = Math.min(length - done, pieceEnd - at);
        // substring counts from 1.
        const { part } = await db
          .selectFrom('import_file_pieces')
          .select(sql<Uint8Array>`substring(bytes from ${at - starts[seq]! + 1} for ${count})`.as('part'))
          .where('file', '=', name)
          .where('seq', '=', seq)
          .executeTakeFirstOrThrow();
        out.set(part, done);
        done += count;
      }
      return out;
    },
    remove: () => removeStoredFiles(deps, [name]),
  };
}

/**
 * Stores a whole file at once, for the row of an import made without an upload (the benchmark's
 * set-up, tests): the same store and the same values as an upload's.
 */
export async function prepareImportFile(deps: FileDeps, content: Uint8Array): Promise<PreparedImportFile> {
  const writer = await openFileWriter(deps);
  try {
    for (let at = 0; at < content.length; at += FILE_PIECE_BYTES)
      await writer.write(content.subarray(at, at + FILE_PIECE_BYTES));
    return await writer.finish();
  } catch (error) {
    await writer.discard();
    throw error;
  }
}
