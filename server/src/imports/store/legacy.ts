import type { LegacyImportStatus } from '#contract';
import type { Database } from '../../db/database';
import { isoOrNull } from './importViews';

/** The imports a user made in the previous system, newest first (docs/product.md, "Data the shell shows"). */
export async function legacyImportStatuses(db: Database, userId: number): Promise<LegacyImportStatus[]> {
  const rows = await db
    .selectFrom('legacy_import_statuses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('import_start_date', 'desc')
    .orderBy('unique_id')
    .execute();
  return rows.map((row) => ({
    uniqueId: row.unique_id,
    readStatus: row.read_status,
    importStartDate: isoOrNull(row.import_start_date),
    importEndDate: isoOrNull(row.import_end_date),
    fileName: row.file_name,
  }));
}
