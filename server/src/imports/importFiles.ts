import { sql } from 'kysely';
import type { Database } from '../db/database';

/**
 * The size of the pieces an uploaded file is read in. PostgreSQL sends bytea as hex text, which
 * the API thread decodes: the 8.7-MB file of 200,000 rows in one piece held it for ~100 ms
 * (decision 0004), a 1-MB piece holds it for a few ms, so requests are answered in between.
 */
export const FILE_PIECE_BYTES = 1 << 20;

/** An import's uploaded file, read piece by piece in one snapshot; undefined when there is none. */
export function readImportFile(db: Database, importId: number): Promise<Uint8Array | undefined> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const file = await trx
        .selectFrom('import_files')
        .select(sql<number>`octet_length(content)`.as('size'))
        .where('import_id', '=', importId)
        .executeTakeFirst();
      if (!file) return undefined;
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
