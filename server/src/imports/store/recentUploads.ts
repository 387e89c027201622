import { webcrypto } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * Files this instance has just stored for validation, kept in memory until its job loop takes
 * them: the job then need not read back from the database the bytes the upload wrote a moment
 * before. Reading an 8.7 MB file back costs PostgreSQL its hex encoding and the API thread
 * 100–250 ms of decoding and garbage collection, at the very moment the validation starts and
 * the file's snapshot loads (docs/product.md, "Targets": the ping's p99 while a large file validates).
 *
 * A kept file is used only when it is the stored file, byte for byte: its SHA-256 (computed as
 * the upload arrived, or off the API thread) must equal the stored content's, which PostgreSQL computes without sending it.
 * Another instance may have replaced the file meanwhile; then the job reads it as before. A file
 * kept on disk (PGlite, importFiles.ts) has a name of its own: the row must still name it. At most
 * KEPT_FILES are kept (at the 25 MB upload limit, 50 MB), the oldest dropped first; a job takes
 * its file out, and a file no job here takes is pushed out by later uploads.
 */
const KEPT_FILES = 2;

interface KeptFile {
  content: Uint8Array;
  sha256: Promise<Uint8Array>;
  storedFile: string | null;
}

/** One per app (AppDeps): each app, and each test app, keeps its own. */
export class RecentUploads {
  private readonly files = new Map<number, KeptFile>();

  /** `digest` is the content's SHA-256 when the upload computed it as the file arrived. */
  remember(importId: number, content: Uint8Array, storedFile: string | null = null, digest?: Uint8Array) {
    this.files.delete(importId);
    // A file on disk is known by its name; only one in the database needs the digest.
    const sha256 = storedFile
      ? Promise.resolve(new Uint8Array())
      : digest
        ? Promise.resolve(digest)
        : webcrypto.subtle.digest('SHA-256', content).then((hashed) => new Uint8Array(hashed));
    // Awaited where the file is taken; failing, it only means reading from the database.
    sha256.catch(() => {});
    this.files.set(importId, { content, sha256, storedFile });
    for (const oldest of this.files.keys()) {
      if (this.files.size <= KEPT_FILES) break;
      this.files.delete(oldest);
    }
  }

  take(importId: number): KeptFile | undefined {
    const kept = this.files.get(importId);
    this.files.delete(importId);
    return kept;
  }

  get size() {
    return this.files.size;
  }
}

/**
 * The import's file as this instance kept it at upload, when it still is the stored file; else
 * undefined (read it from the database).
 */
export async function takeRecentUpload(
  { db, recentUploads }: { db: Database; recentUploads: RecentUploads },
  importId: number,
): Promise<Uint8Array | undefined> {
  const kept = recentUploads.take(importId);
  if (kept?.storedFile) {
    const { rows } = await sql<{ same: boolean }>`
      select stored_file = ${kept.storedFile} as same from import_files where import_id = ${importId}`.execute(
      db,
    );
    return rows[0]?.same === true ? kept.content : undefined;
  }
  const sha256 = await kept?.sha256.catch(() => undefined);
  if (!kept || !sha256) return undefined;
  const { rows } = await sql<{ same: boolean }>`
    select sha256(content) = ${sha256} as same from import_files where import_id = ${importId}`.execute(db);
  return rows[0]?.same === true ? kept.content : undefined;
}
